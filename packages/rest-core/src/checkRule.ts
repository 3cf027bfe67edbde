import type { ParameterRule } from './parameterRules.js';
import type { SchemaRule } from './spec.js';

/** [path of the offending member, its value, the rule it breaks, what is wrong in words] */
export type RuleFailure = [path: string, value: unknown, rule: ParameterRule, text: string];

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** JSON has no NaN or Infinity, so a number is finite; an integer is a number without a fraction. */
const is = (v: unknown, type: string) =>
  type === 'integer'
    ? Number.isInteger(v)
    : type === 'number'
      ? Number.isFinite(v)
      : kind(v) === type;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** A member's path: `addresses[0]`, `startIndex.utxo` (`.utxo` below a nameless top). */
const member = (at: string, k: string | number) =>
  typeof k === 'number' ? `${at}[${k}]` : `${at}.${k}`;

// The keywords of one value, in the order they are checked; each answers the words of a failure
// in the REST clients' terms (`is not one of hex, hexc, hexnc`). Lengths count code points, as
// JSON Schema does.
type Keyword = (v: never, x: never) => string | false;
const keywords: Partial<Record<ParameterRule, Keyword>> = {
  const: (v: unknown, x: unknown) => !same(v, x) && `is not ${JSON.stringify(x)}`,
  enum: (v: unknown, x: unknown[]) => !x.some((o) => same(o, v)) && `is not one of ${x.join(', ')}`,
  minimum: (v: unknown, x: number) => typeof v === 'number' && v < x && `is below the minimum ${x}`,
  maximum: (v: unknown, x: number) => typeof v === 'number' && v > x && `is above the maximum ${x}`,
  minLength: (v: unknown, x: number) =>
    typeof v === 'string' && [...v].length < x && `is shorter than ${x} characters`,
  maxLength: (v: unknown, x: number) =>
    typeof v === 'string' && [...v].length > x && `is longer than ${x} characters`,
  pattern: (v: unknown, x: string) =>
    typeof v === 'string' && !new RegExp(x, 'u').test(v) && `does not match ${x}`,
  minItems: (v: unknown, x: number) =>
    Array.isArray(v) && v.length < x && `has fewer than ${x} items`,
  maxItems: (v: unknown, x: number) =>
    Array.isArray(v) && v.length > x && `has more than ${x} items`,
};

/**
 * Where `v` breaks a oneOf/anyOf. The alternatives the value could have meant are those it does
 * not fail by its type or by a tag (its own `const`, or one of its own members'): when one is left, its own failure is the
 * answer (`height: "abc" does not match ^[0-9]+$`), the closest one; when several are, the union's
 * rule with each one's words; when none is, the type (`is not of type integer or string`), or
 * the union's rule when the value has a type but no alternative's tag.
 */
function union(u: 'oneOf' | 'anyOf', alternatives: readonly SchemaRule[], v: unknown, at: string) {
  const failures = alternatives.map((a) => checkRule(a, v, at));
  const matches = failures.filter((f) => !f).length;
  if (u === 'oneOf' ? matches === 1 : matches) return;
  if (matches) return [at, v, u, 'matches more than one of its alternatives'] as RuleFailure;
  const all = failures as RuleFailure[];
  const byType = all.filter(([path, , rule]) => rule === 'type' && path === at);
  // A tag: a const of the value itself or of one of its own members (`eventType`), not deeper.
  const near = all.filter(
    ([path, , rule]) =>
      !(rule === 'type' && path === at) &&
      !(rule === 'const' && !/[.[].*[.[]/.test(path.slice(at.length))),
  );
  if (near.length === 1) return near[0];
  if (byType.length === all.length) {
    const types = new Set(alternatives.flatMap((a) => [a.type ?? []].flat()));
    return [at, v, 'type', `is not of type ${[...types].join(' or ')}`] as RuleFailure;
  }
  const words = (near.length ? near : all.filter((f) => !byType.includes(f))).map(
    ([path, , , text]) => (path === at ? text : `${path} ${text}`),
  );
  return [at, v, u, `matches none of its alternatives: ${words.join('; ')}`] as RuleFailure;
}

/** Where an object breaks its members' rules: tags first, then unknown, missing and other members. */
function members(r: SchemaRule, v: Record<string, unknown>, at: string): RuleFailure | undefined {
  const properties = r.properties ?? {};
  const names = Object.keys(properties);
  const check = (tags: boolean) => {
    for (const k of names) {
      const rule = properties[k] as SchemaRule;
      const f =
        'const' in rule === tags && v[k] !== undefined && checkRule(rule, v[k], member(at, k));
      if (f) return f;
    }
  };
  const extra = r.additionalProperties;
  let f = check(true);
  for (const k in v) {
    if (f || v[k] === undefined || names.includes(k) || extra === undefined) continue;
    f = extra
      ? checkRule(extra, v[k], member(at, k))
      : [member(at, k), v[k], 'unknown', `is not a member (expected one of ${names.join(', ')})`];
  }
  for (const k of r.required ?? []) {
    if (!f && v[k] === undefined) f = [member(at, k), undefined, 'required', 'is required'];
  }
  return f || check(false);
}

/**
 * The first rule of `r` that `v` breaks, with the path of the offending member (`numToFetch`,
 * `addresses[0]`, `startIndex.utxo`), or undefined when `v` keeps them all. Hand-written: a JSON
 * Schema validator (ajv) weighs many times more and compiles code at run time, which a strict
 * Content-Security-Policy forbids; these are the keywords the specs' parameters use, and the
 * generators refuse a schema with any other.
 */
export function checkRule(r: SchemaRule, v: unknown, at: string): RuleFailure | undefined {
  const types = r.type === undefined ? [] : [r.type].flat();
  if (types.length && !types.some((t) => is(v, t))) {
    return [at, v, 'type', `is not of type ${types.join(' or ')}`];
  }
  for (const k in keywords) {
    const x = r[k as keyof SchemaRule];
    const words =
      x !== undefined && (keywords[k as ParameterRule] as Keyword)(v as never, x as never);
    if (words) return [at, v, k as ParameterRule, words];
  }
  for (const part of r.allOf ?? []) {
    const f = checkRule(part, v, at);
    if (f) return f;
  }
  const f =
    (r.oneOf && union('oneOf', r.oneOf, v, at)) || (r.anyOf && union('anyOf', r.anyOf, v, at));
  if (f) return f;
  if (Array.isArray(v)) {
    for (let i = 0; r.items && i < v.length; i++) {
      const g = checkRule(r.items, v[i], member(at, i));
      if (g) return g;
    }
  } else if (kind(v) === 'object') {
    return members(r, v as Record<string, unknown>, at);
  }
}
