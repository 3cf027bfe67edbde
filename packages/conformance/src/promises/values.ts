import { getPointer } from '../json-pointer.js';
import type {
  Direction,
  How,
  IdentityPromise,
  MatchPromise,
  Normalize,
  OrderPromise,
  PagePromise,
  When,
} from './vocabulary.js';

/*
 * The predicates behind the `x-promises` vocabulary, shared by the checker (is the promise
 * kept?) and the replay server (keep it): one reading of every match, order and bound.
 */

/**
 * A request's inputs by parameter name: REST path parameters and query parameters (a
 * repeated one as a list), JSON-RPC named params.
 */
export type Inputs = Record<string, unknown>;

/** Whether a promise's `when` holds for these inputs. */
export function holds(when: When | undefined, inputs: Inputs): boolean {
  if (!when) return true;
  return Object.entries(when).every(([name, allowed]) => {
    const v = inputs[name];
    if (v === undefined) return allowed.includes(null);
    return allowed.some((a) => a !== null && String(a) === String(Array.isArray(v) ? v[0] : v));
  });
}

/** The input's values one by one: a list's items, a comma-separated string's parts. */
export function inputValues(v: unknown): unknown[] {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v.flatMap(inputValues);
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  return [v];
}

/**
 * Whether an input was sent with at least one value: an absent input, an empty list or an
 * empty string sends none, so no filter or identity applies (the node reads `nodeIDs: []`
 * as "all peers").
 */
export function sent(v: unknown): boolean {
  return inputValues(v).length > 0;
}

/** The values an item holds at any of the pointers (those present). */
export function membersOf(item: unknown, pointers: string[]): unknown[] {
  return pointers.map((p) => getPointer(item, p)).filter((v) => v !== undefined && v !== null);
}

/** A value as compared: case-folded, chain prefix dropped, or as a number. */
export function normalized(v: unknown, how: Normalize | undefined): unknown {
  if (how === 'number') return asNumber(v) ?? v;
  if (typeof v !== 'string') return typeof v === 'number' ? String(v) : v;
  if (how === 'lower') return v.toLowerCase();
  if (how === 'address') return v.replace(/^[A-Za-z]-/, '');
  return v;
}

/** An exact number for a number or a decimal string; undefined for anything else. */
export function asNumber(v: unknown): bigint | number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return Number.isInteger(v) ? BigInt(v) : v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return BigInt(v.trim());
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** -1, 0 or 1; numbers (and decimal strings) numerically, anything else as strings. */
export function compare(a: unknown, b: unknown): number {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) {
    // bigint and number compare exactly with < and >.
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const s = String(a);
  const t = String(b);
  return s < t ? -1 : s > t ? 1 : 0;
}

/** Whether one member value matches the input under `how`. */
export function matchOne(how: How, member: unknown, input: unknown, norm?: Normalize): boolean {
  const wanted = inputValues(input).map((v) => normalized(v, norm));
  switch (how) {
    case 'equal':
    case 'oneOf': {
      const m = normalized(member, norm);
      return wanted.some((w) => w === m);
    }
    case 'contains': {
      const m = String(normalized(member, norm));
      return wanted.some((w) => m.includes(String(w)));
    }
    case 'intersects': {
      const ms = (Array.isArray(member) ? member : [member]).map((v) => normalized(v, norm));
      return ms.some((m) => wanted.includes(m));
    }
    case 'atLeast':
      return wanted.every((w) => compare(member, w) >= 0);
    case 'atMost':
      return wanted.every((w) => compare(member, w) <= 0);
  }
}

/**
 * Whether an item (filters) or the answer (identity) keeps a match promise for this input:
 * any member present matches. `undefined` when no member is present (the caller decides
 * what an absent member means).
 */
export function keeps(
  m: MatchPromise | IdentityPromise,
  subject: unknown,
  input: unknown,
): boolean | undefined {
  const present = membersOf(subject, m.member ?? []);
  if (present.length === 0) return undefined;
  const how = m.match ?? 'equal';
  return present.some((v) => matchOne(how, v, input, m.normalize));
}

/** The direction an order promise promises for these inputs; undefined when none. */
export function directionOf(o: OrderPromise, inputs: Inputs): Direction | undefined {
  if (!holds(o.when, inputs)) return undefined;
  if (o.direction) return o.direction;
  const v = o.input === undefined ? undefined : inputs[o.input];
  const first = Array.isArray(v) ? v[0] : v;
  if (first === 'asc' || first === 'desc') return first;
  return first === undefined ? o.default : undefined;
}

/** The order key of an item: the first of the key's members present. */
export function orderKey(o: OrderPromise, item: unknown): unknown {
  return membersOf(item, o.key)[0];
}

/** The most items a page may hold for these inputs; undefined when nothing is promised. */
export function pageBound(page: PagePromise, inputs: Inputs): number | undefined {
  const raw = inputs[page.input];
  const v = Array.isArray(raw) ? raw[0] : raw;
  const n = v === undefined ? undefined : Number(v);
  if (n !== undefined && Number.isInteger(n) && n >= 1 && (page.max === undefined || n <= page.max))
    return n;
  return page.default;
}
