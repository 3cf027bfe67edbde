// What a client's `./validate` entry point exports. That entry point is separate so the schemas
// stay out of the bundle of anyone not importing it; nothing in the rest of this package imports
// this file, so checkSchema stays out as well.
import { checkSchema } from './checkSchema.js';
import { compileSchemas } from './compileSchema.js';
import type { ResponseValidator } from './createOperations.js';
import type { ResponseValidationError, ResponseValidationErrorClass } from './errors.js';
import type { StructuralSchema } from './spec.js';

export type ValidationMode = 'off' | 'warn' | 'strict';

export type CreateValidatorParameters = {
  /** Where `warn` reports (default `console.warn`). */
  onWarning?: (error: ResponseValidationError) => void;
};

export type CreateValidatorReturnType = ResponseValidator;

/**
 * Makes the hook that a client's `validate` option takes. `strict` throws a
 * ResponseValidationError when a success body does not have the shape the spec promises; `warn`
 * reports it and returns the body anyway.
 */
export type CreateValidator = (
  mode?: ValidationMode,
  parameters?: CreateValidatorParameters,
) => CreateValidatorReturnType;

/**
 * A client's `createValidator`, over its generated `schemas` (components reachable from a success
 * response) and `responseSchemas` (one per operationId), throwing its ResponseValidationError.
 */
export function createValidatorWith(
  schemas: Readonly<Record<string, StructuralSchema>>,
  responseSchemas: Readonly<Record<string, StructuralSchema>>,
  ResponseValidationError: ResponseValidationErrorClass,
): CreateValidator {
  // Compiled once per client package, on the first validator made; each schema on its first body.
  let compiled: ReturnType<typeof compileSchemas> | undefined;
  return (
    mode = 'strict',
    {
      onWarning = (error) => console.warn(error.message, error.details),
    }: CreateValidatorParameters = {},
  ) =>
    ({ operationId, url, body }) => {
      if (mode === 'off') return;
      const schema = responseSchemas[operationId];
      compiled ??= compileSchemas(schemas);
      // The quick yes/no first; the walk that says where and why only for a body that fails.
      if (compiled(schema)(body)) return;
      const issues = checkSchema(body, schema, schemas);
      if (!issues.length) return;
      const error = new ResponseValidationError(
        `the ${operationId} answer does not match the spec: ${issues[0]}`,
        { details: issues.slice(0, 20).join('\n'), operationId, url, issues },
      );
      if (mode === 'strict') throw error;
      onWarning(error);
    };
}
