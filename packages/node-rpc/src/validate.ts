// A separate entry point, as in the REST clients: the result schemas below stay out of the
// bundle of anyone not importing it.
import { createValidatorWith } from '@avalanche-api/rest-core';
import { ResponseValidationError } from './errors.js';
import { resultSchemas, schemas } from './generated/results.js';

export type {
  CreateValidatorParameters,
  CreateValidatorReturnType,
  ValidationMode,
} from '@avalanche-api/rest-core';

/**
 * Makes the hook that `validate` takes. `strict` throws a ResponseValidationError when a result
 * does not have the shape the spec promises; `warn` reports it and returns the result anyway.
 * The GET health endpoints (`client.health.get`) are not checked.
 *
 * @example
 * const client = createNodeClient({ validate: createValidator('strict') });
 */
export const createValidator = /* @__PURE__ */ createValidatorWith(
  schemas,
  resultSchemas,
  ResponseValidationError,
);

export { ResponseValidationError };
