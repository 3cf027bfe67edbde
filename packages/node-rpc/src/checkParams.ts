import { checkRule, type RuleFailure } from '@avalanche-api/rest-core';
import type { ParamEntry } from './entries.js';
import { parameterError } from './errors.js';

/**
 * Checks a method's params (an object, or an array when `byPosition`) against the spec's rules
 * with rest-core's checkRule, the REST clients' checker: a name or position the method does not
 * have, a missing required one, then each param in spec order. The first broken rule is a
 * ParameterError naming the parameter (`startIndex.utxo`, `addresses[0]`), its value and the rule.
 */
export function checkParams(
  method: string,
  list: readonly ParamEntry[],
  values: Record<string | number, unknown>,
  byPosition: number,
): void {
  for (const k in values) {
    // By position, an index past the list; by name, a name not in it.
    if (values[k] !== undefined && !(byPosition ? +k < list.length : list.some((p) => p[0] === k)))
      throw parameterError(
        method,
        byPosition ? `params[${k}]` : k,
        values[k],
        'unknown',
        'is not a parameter',
      );
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
