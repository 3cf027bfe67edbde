import type { ParameterRule } from '@avalanche-api/rest-core';
import { isObject } from './call.js';
import type { ParamEntry, Rule } from './entries.js';
import { parameterError } from './errors.js';

/** [parameter path, offending value, rule, what is wrong in words] */
type Failure = [string, unknown, ParameterRule, string];

/**
 * Keywords of one value: each tests the value against the keyword's `x` and, for a failure,
 * answers the words the REST clients use (`is not one of hex, hexc, hexnc`).
 */
const keywords: Record<string, (v: unknown, x: never) => string | false> = {
  type: (v, x: string) =>
    !(x === 'integer'
      ? Number.isInteger(v)
      : (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v) === x) &&
    `is not of type ${x}`,
  enum: (v, x: unknown[]) => !x.includes(v) && `is not one of ${x.join(', ')}`,
  minimum: (v, x: number) => typeof v === 'number' && v < x && `is below the minimum ${x}`,
  maximum: (v, x: number) => typeof v === 'number' && v > x && `is above the maximum ${x}`,
};

const missing = (at: string): Failure => [at, undefined, 'required', 'is required'];

/**
 * Checks `v` against rule `r`; returns the first broken rule, with the path of the offending
 * member (`numToFetch`, `addresses[0]`, `startIndex.utxo`).
 */
export function check(r: Rule, v: unknown, at: string): Failure | undefined {
  const alternatives = r.oneOf ?? r.anyOf;
  if (alternatives) {
    const failures = alternatives.map((a) => check(a, v, at));
    // Report the alternative the value has the type of: "maximum 1024", not "type string".
    if (!failures.includes(undefined))
      return failures.find((f) => f?.[2] !== 'type') ?? failures[0];
  }
  for (const k in keywords) {
    const x = r[k as keyof Rule];
    const words = x !== undefined && (keywords[k] as (typeof keywords)[string])(v, x as never);
    if (words) return [at, v, k as ParameterRule, words];
  }
  if (Array.isArray(v)) {
    for (let k = 0; r.items && k < v.length; k++) {
      const f = check(r.items, v[k], `${at}[${k}]`);
      if (f) return f;
    }
  } else if (isObject(v)) {
    for (const k of r.required ?? []) {
      if (v[k] === undefined) return missing(`${at}.${k}`);
    }
    for (const k in r.properties) {
      const f = v[k] !== undefined && check(r.properties[k] as Rule, v[k], `${at}.${k}`);
      if (f) return f;
    }
  }
}

/**
 * Checks a method's params (an object, or an array when `byPosition`) against the spec's rules;
 * the first broken one is a ParameterError naming the parameter, its value and the rule.
 */
export function checkParams(
  method: string,
  list: readonly ParamEntry[],
  values: Record<string | number, unknown>,
  byPosition: number,
): void {
  // A plain loop: this runs on every call.
  for (let k = 0; k < list.length; k++) {
    const [name, required, rule] = list[k] as ParamEntry;
    const v = values[byPosition ? k : name];
    const g = v === undefined ? required && missing(name) : check(rule, v, name);
    if (g) throw parameterError(method, ...g);
  }
}
