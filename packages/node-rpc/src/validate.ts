import { parameterError } from './errors.js';
import { type MethodEntry, type Rule, rules } from './generated/table.js';

/** [parameter path, offending value, rule] */
type Failure = [string, unknown, string];

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords of one value, each with its test; a failure names the keyword and its value. */
const keywords: Record<string, (v: unknown, x: never) => boolean> = {
  type: (v, x: string) =>
    x === 'integer'
      ? Number.isInteger(v)
      : x === 'array'
        ? Array.isArray(v)
        : x === 'object'
          ? isObject(v)
          : x === 'null'
            ? v === null
            : typeof v === x,
  enum: (v, x: unknown[]) => x.includes(v),
  minimum: (v, x: number) => typeof v !== 'number' || v >= x,
  maximum: (v, x: number) => typeof v !== 'number' || v <= x,
};

/**
 * Checks `v` against rule `i`; returns the first broken rule as `keyword value`, with the
 * path of the offending member (`numToFetch`, `addresses[0]`, `startIndex.utxo`).
 */
export function check(i: number, v: unknown, at: string): Failure | undefined {
  const r: Rule = rules[i] ?? {};
  const alternatives = r.oneOf ?? r.anyOf;
  if (alternatives) {
    const failures = alternatives.map((a) => check(a, v, at));
    // Report the alternative the value has the type of: "maximum 1024", not "type string".
    if (!failures.includes(undefined))
      return failures.find((f) => !f?.[2].startsWith('type')) ?? failures[0];
  }
  for (const k in keywords) {
    const x = r[k as keyof Rule];
    if (x !== undefined && !keywords[k]?.(v, x as never))
      return [at, v, `${k} ${k === 'type' ? x : JSON.stringify(x)}`];
  }
  if (Array.isArray(v)) {
    for (let k = 0; r.items !== undefined && k < v.length; k++) {
      const f = check(r.items, v[k], `${at}[${k}]`);
      if (f) return f;
    }
  } else if (isObject(v)) {
    for (const k of r.required ?? []) {
      if (v[k] === undefined) return [`${at}.${k}`, undefined, 'required'];
    }
    for (const k in r.properties) {
      const f = v[k] === undefined ? undefined : check(r.properties[k] ?? -1, v[k], `${at}.${k}`);
      if (f) return f;
    }
  }
}

/**
 * Checks a method's params against the spec and returns them as they go on the wire: an
 * object by name, or an array by position (`{}` or `[]` when left out).
 */
export function prepare(method: string, [, flags, list]: MethodEntry, params: unknown): unknown {
  const byPosition = flags & 1;
  const given = params ?? (byPosition ? [] : {});
  const values = given as Record<string | number, unknown>;
  if (byPosition ? !Array.isArray(given) : !isObject(given)) {
    throw parameterError(method, 'params', given, byPosition ? 'type array' : 'type object');
  }
  for (const [k, [name, required, rule]] of list.entries()) {
    const v = values[byPosition ? k : name];
    const g =
      v === undefined ? (required ? [name, v, 'required'] : undefined) : check(rule, v, name);
    if (g) throw parameterError(method, ...(g as Failure));
  }
  return given;
}
