import { checkRule, type RuleFailure } from '@avalanche-api/rest-core';
import type { ParamEntry } from './entries.js';
import { parameterError } from './errors.js';

/**
 * Checks a method's params (an object, or an array when `byPosition`) against the spec's rules
 * with rest-core's checkRule, the REST clients' checker: a position the method does not have,
 * then each param in spec order, missing or breaking its schema. The first broken rule is a
 * ParameterError naming the parameter (`startIndex.utxo`, `addresses[0]`), its value and the rule.
 */
export function checkParams(
  method: string,
  list: readonly ParamEntry[],
  values: Record<string | number, unknown>,
  byPosition: number,
): void {
  // By position, a value past the last param (the EVM's servers refuse too many arguments). By
  // name, an undeclared member is left alone, as the node's JSON decoding ignores it (recordings
  // send index.getIndex an `encoding` it does not read); the types refuse it at compile time.
  const at = list.length;
  if (byPosition && at in values) {
    throw parameterError(method, `params[${at}]`, values[at], 'unknown', 'is not a parameter');
  }
  // A plain loop: this runs on every call.
  for (let k = 0; k < list.length; k++) {
    const [name, required, rule] = list[k] as ParamEntry;
    const v = values[byPosition ? k : name];
    const g: RuleFailure | undefined =
      v !== undefined
        ? checkRule(rule, v, name)
        : required
          ? [name, v, 'required', 'is required']
          : undefined;
    if (g) throw parameterError(method, ...g);
  }
}
