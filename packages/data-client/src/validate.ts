// A separate entry point: the schemas below stay out of the bundle of anyone not importing it.
import { createValidatorWith } from '@avalanche-api/rest-core';
import { ResponseValidationError } from './errors.js';
import { responseSchemas, schemas } from './generated/schemas.js';

export type {
  CreateValidatorParameters,
  CreateValidatorReturnType,
  ValidationMode,
} from '@avalanche-api/rest-core';

/**
 * Makes the hook that `validate` takes. `strict` throws a ResponseValidationError when a success
 * body does not have the shape the spec promises; `warn` reports it and returns the body anyway.
 *
 * @example
 * const client = createDataClient({ validate: createValidator('strict') });
 */
export const createValidator = /* @__PURE__ */ createValidatorWith(
  schemas,
  responseSchemas,
  ResponseValidationError,
);

export { ResponseValidationError };
