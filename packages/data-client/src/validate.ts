// Shared by the client packages (kept byte-identical; see src/internal/README.md).
// A separate entry point: the schemas below stay out of the bundle of anyone not importing it.
import { ResponseValidationError } from './errors.js';
import { responseSchemas, schemas } from './generated/schemas.js';
import { checkSchema } from './internal/checkSchema.js';
import type { ResponseValidator } from './internal/createOperations.js';

export type ValidationMode = 'off' | 'warn' | 'strict';

export type CreateValidatorParameters = {
  /** Where `warn` reports (default `console.warn`). */
  onWarning?: (error: ResponseValidationError) => void;
};

export type CreateValidatorReturnType = ResponseValidator;

/**
 * Makes the hook that `validate` takes. `strict` throws a ResponseValidationError when a success
 * body does not have the shape the spec promises; `warn` reports it and returns the body anyway.
 *
 * @example
 * const client = createDataClient({ validate: createValidator('strict') }); // or createMetricsClient
 */
export function createValidator(
  mode: ValidationMode = 'strict',
  {
    onWarning = (error) => console.warn(error.message, error.details),
  }: CreateValidatorParameters = {},
): CreateValidatorReturnType {
  return ({ operationId, url, body }) => {
    if (mode === 'off') return;
    const issues = checkSchema(body, responseSchemas[operationId], schemas);
    if (!issues.length) return;
    const error = new ResponseValidationError(operationId, url, issues);
    if (mode === 'strict') throw error;
    onWarning(error);
  };
}

export { ResponseValidationError };
