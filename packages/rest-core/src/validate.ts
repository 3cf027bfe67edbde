// What a client's `./validate` entry point exports. That entry point is separate so the schemas
// stay out of the bundle of anyone not importing it; nothing in the rest of this package imports
// this file, so checkSchema stays out as well.

import { parameterMessage } from './checkParameters.js';
import { checkSchema } from './checkSchema.js';
import { compileSchemas } from './compileSchema.js';
import type { ResponseValidator } from './createOperations.js';
import { ParameterError, ResponseValidationError } from './errors.js';
import type { StructuralSchema } from './spec.js';

const MODES = ['off', 'warn', 'strict'] as const;

export type ValidationMode = (typeof MODES)[number];

export type CreateValidatorParameters = {
  /** `strict` (the default) throws, `warn` reports and returns the body, `off` checks nothing. */
  mode?: ValidationMode;
  /** Where `warn` reports each body that does not match, once (default: one `console.warn`). */
  onIssue?: (error: ResponseValidationError) => void;
  /** How many issues the message lists before `… and N more` (default 10); `issues` holds them all. */
  maxIssues?: number;
};

export type CreateValidatorReturnType = ResponseValidator;

/**
 * Makes the hook that a client's `validate` option takes, the same in every client. `strict`
 * throws a ResponseValidationError when a success body does not have the shape the spec promises;
 * `warn` reports it and returns the body anyway. Takes the mode, or the parameters (with `mode`),
 * or both.
 */
export type CreateValidator = (
  mode?: ValidationMode | CreateValidatorParameters,
  parameters?: CreateValidatorParameters,
) => CreateValidatorReturnType;

/**
 * The message of a body that does not match: its one issue on the same line, or a count and up to
 * `max` issues one per line, then how many more there are.
 */
export function mismatchMessage(operationId: string, issues: string[], max = 10): string {
  const head = `the ${operationId} answer does not match the spec`;
  if (issues.length === 1) return `${head}: ${issues[0]}`;
  const more = issues.length - max;
  return [
    `${head} (${issues.length} issues):`,
    ...issues.slice(0, max).map((issue) => `  ${issue}`),
    ...(more > 0 ? [`  … and ${more} more`] : []),
  ].join('\n');
}

/** The default `onIssue`: one line of warning per body, naming the class as a thrown error would. */
const warn = (error: ResponseValidationError) =>
  console.warn(`${error.name}: ${error.message}\n  (${error.url})`);

/**
 * A client's `createValidator`, over its generated `schemas` (components reachable from a success
 * response) and `responseSchemas` (one per operationId); its errors carry `client`.
 */
export function createValidatorWith(
  schemas: Readonly<Record<string, StructuralSchema>>,
  responseSchemas: Readonly<Record<string, StructuralSchema>>,
  client: string,
): CreateValidator {
  // Compiled once per client package, on the first validator made; each schema on its first body.
  let compiled: ReturnType<typeof compileSchemas> | undefined;
  return (mode, parameters) => {
    const {
      mode: chosen = 'strict',
      onIssue = warn,
      maxIssues = 10,
    } = typeof mode === 'object'
      ? { ...mode, ...parameters }
      : { ...parameters, ...(mode && { mode }) };
    if (!MODES.includes(chosen))
      throw new ParameterError(
        parameterMessage('mode', chosen, `is not one of ${MODES.join(', ')}`, 'createValidator'),
        { client, operation: 'createValidator', parameter: 'mode', value: chosen, rule: 'enum' },
      );
    return ({ operationId, url, body }) => {
      if (chosen === 'off') return;
      const schema = responseSchemas[operationId];
      compiled ??= compileSchemas(schemas);
      // The quick yes/no first; the walk that says where and why only for a body that fails.
      if (compiled(schema)(body)) return;
      const issues = checkSchema(body, schema, schemas);
      if (!issues.length) return;
      const error = new ResponseValidationError(mismatchMessage(operationId, issues, maxIssues), {
        client,
        details: url,
        operationId,
        url,
        issues,
      });
      if (chosen === 'strict') throw error;
      onIssue(error);
    };
  };
}
