import { getPointer } from '../json-pointer.js';
import type {
  AllPromise,
  Direction,
  How,
  IdentityPromise,
  MatchPromise,
  Normalize,
  OrderPromise,
  PagePromise,
  RangePromise,
  RelationPromise,
  ScopePromise,
  StatusPromise,
  Unit,
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

/** `when` patterns compiled once: they come from the specs, a handful in all. */
const patterns = new Map<string, RegExp>();

function pattern(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    patterns.set(source, re);
  }
  return re;
}

/** Whether a promise's `when` holds for these inputs. */
export function holds(when: When | undefined, inputs: Inputs): boolean {
  if (!when) return true;
  for (const name in when) {
    const allowed = when[name] as When[string];
    const v = inputs[name];
    if (v === undefined) {
      if (!allowed.includes(null)) return false;
      continue;
    }
    const given = String(Array.isArray(v) ? v[0] : v);
    const ok = allowed.some((a) =>
      a === null
        ? false
        : typeof a === 'object'
          ? pattern(a.pattern).test(given)
          : String(a) === given,
    );
    if (!ok) return false;
  }
  return true;
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
  // The common cases without building the list.
  if (v === undefined || v === null) return false;
  if (typeof v === 'string')
    return v.includes(',') ? v.split(',').some((s) => s.trim() !== '') : v.trim() !== '';
  if (!Array.isArray(v)) return true;
  return inputValues(v).length > 0;
}

/** The values an item holds at any of the pointers (those present). */
export function membersOf(item: unknown, pointers: string[]): unknown[] {
  const out: unknown[] = [];
  for (const p of pointers) {
    const v = getPointer(item, p);
    if (v !== undefined && v !== null) out.push(v);
  }
  return out;
}

/** The first of the pointers at which an item holds a value (`presentPointers(…)[0]`, no list). */
export function firstPresent(item: unknown, pointers: string[]): string | undefined {
  for (const p of pointers) {
    const v = getPointer(item, p);
    if (v !== undefined && v !== null) return p;
  }
  return undefined;
}

/** The pointers at which an item holds a value (in the order given), as `membersOf` reads them. */
export function presentPointers(item: unknown, pointers: string[]): string[] {
  const out: string[] = [];
  for (const p of pointers) {
    const v = getPointer(item, p);
    if (v !== undefined && v !== null) out.push(p);
  }
  return out;
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
  if (typeof v === 'bigint') return v;
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
  return matchWanted(how, member, wantedValues(input, norm), norm);
}

/** An input's values as a match compares them (`inputValues`, normalised). */
export function wantedValues(input: unknown, norm: Normalize | undefined): unknown[] {
  const values = inputValues(input);
  for (let i = 0; i < values.length; i++) values[i] = normalized(values[i], norm);
  return values;
}

/** `matchOne` with the input's values read already (`wantedValues`): once for many members. */
function matchWanted(how: How, member: unknown, wanted: unknown[], norm?: Normalize): boolean {
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
  return keepsWanted(m, subject, wantedValues(input, m.normalize));
}

/** `keeps` with the input's values read already (`wantedValues`): once for a list's items. */
export function keepsWanted(
  m: MatchPromise | IdentityPromise,
  subject: unknown,
  wanted: unknown[],
): boolean | undefined {
  const how = m.match ?? 'equal';
  let present = false;
  for (const p of m.member ?? []) {
    const v = getPointer(subject, p);
    if (v === undefined || v === null) continue;
    present = true;
    if (matchWanted(how, v, wanted, m.normalize)) return true;
  }
  return present ? false : undefined;
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
  // `membersOf(item, o.key)[0]` without the list (read for every item of a page).
  for (const p of o.key) {
    const v = getPointer(item, p);
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
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

/*
 * Counts, ranges, status and content type: the same single reading for the checker and the
 * replay server (which keeps counts right after cutting a list, and answers a range).
 */

/** How many entries an array or a map (object) holds; undefined for anything else. */
export function entryCount(v: unknown): number | undefined {
  if (Array.isArray(v)) return v.length;
  if (typeof v === 'object' && v !== null) return Object.keys(v).length;
  return undefined;
}

/** The entries of an array or map as [key, value] pairs (array keys are the indexes). */
export function entriesOf(v: unknown): [string, unknown][] {
  if (Array.isArray(v)) return v.map((e, i) => [String(i), e]);
  if (typeof v === 'object' && v !== null) return Object.entries(v);
  return [];
}

/** An input as a whole number (a number or a decimal string); undefined otherwise. */
export function wholeInput(v: unknown): bigint | undefined {
  const n = asNumber(Array.isArray(v) ? v[0] : v);
  return typeof n === 'bigint' ? n : undefined;
}

/**
 * What a range promise asks of a success answer for these inputs: the first index, how
 * many items at most (`count`, capped by `max`), and whether an error was due instead
 * (`count` above `max`). Unknown members are undefined (not sent, or not whole numbers).
 */
export function rangeOf(
  range: RangePromise,
  inputs: Inputs,
): { start?: bigint; count?: bigint; errorDue: boolean } {
  const start = wholeInput(inputs[range.start]);
  const count = wholeInput(inputs[range.count]);
  const errorDue = count !== undefined && range.max !== undefined && count > BigInt(range.max);
  const out: { start?: bigint; count?: bigint; errorDue: boolean } = { errorDue };
  if (start !== undefined) out.start = start;
  if (count !== undefined) out.count = count;
  return out;
}

/** The index the `i`-th item of a range answer must carry. */
export function rangeIndex(start: bigint, i: number): bigint {
  return start + BigInt(i);
}

/** The HTTP status a status promise ties to this value of its member; undefined when not a boolean. */
export function statusFor(status: StatusPromise, flag: unknown): number | undefined {
  if (flag === true) return status.true;
  if (flag === false) return status.false;
  return undefined;
}

/** The keys of the entries at `all.each` that carry the `failing` member (not null). */
export function failingEntries(all: AllPromise, answer: unknown): string[] {
  const out: string[] = [];
  for (const [key, entry] of entriesOf(getPointer(answer, all.each))) {
    const v = getPointer(entry, all.failing);
    if (v !== undefined && v !== null) out.push(key);
  }
  return out;
}

/** Media types read so far: an answer's header is one of a few values, read per exchange. */
const mediaTypes = new Map<string, string>();

/** A Content-Type header's media type: parameters dropped, case-folded (`''` when none). */
export function mediaType(header: string): string {
  let type = mediaTypes.get(header);
  if (type === undefined) {
    type = (header.split(';')[0] ?? '').trim().toLowerCase();
    if (mediaTypes.size >= 1024) mediaTypes.clear();
    mediaTypes.set(header, type);
  }
  return type;
}

/*
 * Scope, units and relations: the readings the checker and the replay server share.
 */

/** The value a scope promise asks its member to restate: the input's first value, or the default. */
export function scopeWanted(s: ScopePromise, inputs: Inputs): unknown {
  if (!holds(s.when, inputs)) return undefined;
  const v = inputs[s.input];
  if (sent(v)) return inputValues(v)[0];
  return s.default;
}

/** Whether a member restates the wanted scope: equal (normalised), or in one `same` group with it. */
export function scopeKeeps(s: ScopePromise, wanted: unknown, member: unknown): boolean {
  const w = normalized(wanted, s.normalize);
  const m = normalized(member, s.normalize);
  if (w === m) return true;
  const one = (v: unknown) => String(normalized(v, s.normalize));
  return (s.same ?? []).some((group) => {
    const g = group.map(one);
    return g.includes(String(w)) && g.includes(String(m));
  });
}

/** Inclusive bounds of each unit: seconds below 10^10 (a millisecond time after April 1970 is above). */
const unitBounds: Record<Unit, readonly [number, number]> = {
  'unix-seconds': [0, 9_999_999_999],
  fraction: [0, 1],
  percent: [0, 100],
};

/** Whether a value is in the unit's range; undefined when it is no number (nothing to judge). */
export function inUnit(unit: Unit, v: unknown): boolean | undefined {
  const n = asNumber(v);
  if (n === undefined) return undefined;
  const [low, high] = unitBounds[unit];
  const x = Number(n);
  return x >= low && x <= high;
}

/** A value of the same type in the next unit up (seconds → milliseconds, fraction → percent…): out of range. */
export function outOfUnit(unit: Unit, v: unknown): unknown {
  const n = Number(asNumber(v) ?? 0);
  const bad =
    unit === 'unix-seconds'
      ? Math.max(n, 1) * 1000
      : unit === 'fraction'
        ? n * 100 + 2
        : n * 1000 + 101;
  const whole = Number.isInteger(n) ? Math.round(bad) : bad;
  return typeof v === 'string' ? String(whole) : whole;
}

/** Whether `a` relates to `b` as the relation says (numbers and decimal strings numerically). */
export function relates(is: RelationPromise['is'], a: unknown, b: unknown): boolean {
  const c = compare(a, b);
  return is === 'equal' ? c === 0 : is === 'atLeast' ? c >= 0 : c <= 0;
}
