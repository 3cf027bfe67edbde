import { show } from './checkParameters.js';
import { ParameterError } from './errors.js';

/**
 * Refuses a `validate` setting that is neither `'off'` nor a validator: in JavaScript a user tries
 * `validate: 'strict'`, which would otherwise validate nothing without a word. `operation` is the
 * factory that was called (`createDataCore`); the message reads as any ParameterError's.
 */
export function checkValidateOption(validate: unknown, client: string, operation: string): void {
  // A falsy value is no validation, as undefined is.
  if (validate && validate !== 'off' && typeof validate !== 'function')
    throw new ParameterError(
      `validate: ${show(validate)} is not a validator; pass createValidator('strict') from ${client}/validate (${operation})`,
      { client, operation, parameter: 'validate', value: validate, rule: 'type' },
    );
}
