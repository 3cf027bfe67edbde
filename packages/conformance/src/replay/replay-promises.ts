import { canonical, getPointer, isObject } from '../model/json-pointer.js';
import {
  asNumber,
  compare,
  directionOf,
  entryCount,
  failingEntries,
  holds,
  type Inputs,
  inputValues,
  keeps,
  membersOf,
  orderKey,
  pageBound,
  rangeIndex,
  rangeOf,
  sent,
  statusFor,
} from '../model/promises/values.js';
import type {
  MatchPromise,
  NotFound,
  PromiseKind,
  Promises,
} from '../model/promises/vocabulary.js';
import { keepMembers } from './replay-members.js';

/*
 * The replay server keeps what an operation's or method's `x-promises` declare, on the stored
 * answer it picked: filters, order, page bound, cursor, range, counts, status tied to body.
 * Nothing here knows an operation by name; every rule reads its annotation and the shared
 * predicates (promises/values.ts). A rule named by a fault is broken instead, keeping the
 * answer schema-valid (replay-faults.ts names the switches).
 */

/** What the answer is made from, besides the picked answer itself. */
export interface KeepContext {
  /** Operation or method id, written into the cursors this server hands out. */
  id: string;
  /** More stored lists for the same request, best first: their items join the picked one's. */
  pool?: unknown[][];
  /** Items of other stored answers, for a filter fault with nothing of its own to add back. */
  others?: () => unknown[];
  /** Every stored success answer of the operation, for the page size the service chooses. */
  stored?: () => unknown[];
  /** The rule kinds to break on this answer (x-replay-fault). */
  faults?: ReadonlySet<PromiseKind>;
  /** The values an input's schema lists (`enum`), so a broken identity stays one of them. */
  choices?: (input: string) => readonly unknown[] | undefined;
  /** Whether a changed success answer still validates (a broken rule keeps the shape). */
  valid?: (body: unknown) => boolean;
}

export interface Kept {
  body: unknown;
  /** The HTTP status the body asks for (status promise), when it names one. */
  status?: number;
  /** The fault kinds that were applied (others had nothing to break on this answer). */
  broken: PromiseKind[];
}

export type KeepResult = Kept | { error: string };

/** `value` at `pointer` inside a copy of `doc` (only the objects on the path are copied). */
export function withPointer(doc: unknown, pointer: string, value: unknown): unknown {
  if (pointer === '') return value;
  const [head, ...rest] = pointer.slice(1).split('/');
  const key = (head as string).replaceAll('~1', '/').replaceAll('~0', '~');
  const inner = rest.length ? `/${rest.join('/')}` : '';
  if (Array.isArray(doc)) {
    const copy = [...doc];
    copy[Number(key)] = withPointer(doc[Number(key)], inner, value);
    return copy;
  }
  const base = isObject(doc) ? doc : {};
  const copy: Record<string, unknown> = { ...base };
  if (value === undefined && inner === '') delete copy[key];
  else copy[key] = withPointer(base[key], inner, value);
  return copy;
}

// ---------------------------------------------------------------------------------------
// Cursors this server hands out.

const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base64url without padding, as Node's Buffer writes it, with what browsers have too. */
const toBase64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const fromBase64url = (token: string) =>
  new TextDecoder().decode(
    Uint8Array.from(atob(token.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0)),
  );

/** A string cursor: where the next page starts, bound to the operation. */
export function encodeToken(id: string, offset: number): string {
  return toBase64url(JSON.stringify({ o: id, n: offset }));
}

export function decodeToken(token: string, id: string): number | undefined {
  try {
    const { o, n } = JSON.parse(fromBase64url(token));
    return o === id && Number.isInteger(n) && n >= 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A resume point written into a member of an object cursor (an id of the last item, which
 * the replay server cannot compute from opaque stored items). It keeps to the base-58
 * alphabet, so a member declared as an id still validates.
 */
function memberToken(offset: number): string {
  let n = offset;
  let digits = '';
  do {
    digits = base58[n % 58] + digits;
    n = Math.floor(n / 58);
  } while (n > 0);
  return `Rpage${digits}`;
}

function readMemberToken(v: unknown): number | undefined {
  const m = typeof v === 'string' ? /^Rpage([1-9A-HJ-NP-Za-km-z]{1,6})$/.exec(v) : null;
  if (!m) return undefined;
  return [...(m[1] as string)].reduce((n, ch) => n * 58 + base58.indexOf(ch), 0);
}

/**
 * The cursor for `offset`, shaped like the stored one: a string token, or the stored object
 * with its members that name no input value (the address it is for stays) set to a token.
 */
function makeCursor(id: string, stored: unknown, offset: number, inputs: Inputs): unknown {
  if (!isObject(stored)) return encodeToken(id, offset);
  const named = new Set(Object.values(inputs).flatMap(inputValues).map(String));
  const out: Record<string, unknown> = { ...stored };
  const keys = Object.keys(out).filter((k) => typeof out[k] === 'string' && !named.has(out[k]));
  const target = keys.length ? keys : Object.keys(out).filter((k) => typeof out[k] === 'string');
  for (const k of target.slice(-1)) out[k] = memberToken(offset);
  return out;
}

/** Where a sent cursor resumes; an object cursor this server did not hand out is past the end. */
function readCursor(id: string, cursor: unknown, total: number): number | { error: string } {
  if (typeof cursor === 'string') {
    const n = decodeToken(cursor, id);
    return n ?? { error: `${JSON.stringify(cursor)} is not a token this server issued for ${id}` };
  }
  if (isObject(cursor)) {
    for (const v of Object.values(cursor)) {
      const n = readMemberToken(v);
      if (n !== undefined) return n;
    }
  }
  return total;
}

// ---------------------------------------------------------------------------------------
// Keeping the rules.

const itemKey = (p: Promises, item: unknown) =>
  p.cursor?.distinct ? canonical(membersOf(item, p.cursor.distinct)) : canonical(item);

/** Whether an item keeps every filter the inputs send (an absent member per `absent`). */
export function passesFilters(filters: MatchPromise[], inputs: Inputs, item: unknown): boolean {
  return filters.every((f) => {
    // Left out, an input with a default filters by it; items without the member pass then.
    const byDefault = !sent(inputs[f.input]) && f.default !== undefined;
    const value = byDefault ? f.default : inputs[f.input];
    if (!sent(value) || !holds(f.when, inputs)) return true;
    return keeps(f, item, value) ?? (byDefault || f.absent === 'pass');
  });
}

/** Sorts by every order promise that names a direction for these inputs, the first primary. */
function sortItems(p: Promises, inputs: Inputs, items: unknown[]): unknown[] {
  let out = items;
  for (const o of [...(p.order ?? [])].reverse()) {
    const dir = directionOf(o, inputs);
    if (!dir) continue;
    const sign = dir === 'asc' ? 1 : -1;
    // Array.prototype.sort is stable: items with equal keys keep their stored order. Items
    // without the key promise nothing about their place: they go last.
    const keyed = out.filter((item) => orderKey(o, item) !== undefined);
    const unkeyed = out.filter((item) => orderKey(o, item) === undefined);
    keyed.sort((a, b) => sign * compare(orderKey(o, a), orderKey(o, b)));
    out = [...keyed, ...unkeyed];
  }
  return out;
}

const promisesDirection = (p: Promises, inputs: Inputs) =>
  (p.order ?? []).some((o) => directionOf(o, inputs) !== undefined);

/** The stored number type kept: a decimal string stays a string. */
const sameType = (like: unknown, n: number | bigint) =>
  typeof like === 'string' ? String(n) : Number(n);

/**
 * The picked answer made to keep every promise for these inputs (or break the ones the
 * context's faults name). An error is a request the promises refuse (a cursor this server
 * never issued, a range outside its bounds): the caller answers it in its protocol.
 */
export function keepPromises(
  p: Promises,
  inputs: Inputs,
  stored: unknown,
  ctx: KeepContext,
): KeepResult {
  const faults = ctx.faults ?? new Set<PromiseKind>();
  const broken: PromiseKind[] = [];
  let body = stored;
  const list = p.items === undefined ? undefined : getPointer(body, p.items);
  if (p.items !== undefined && Array.isArray(list)) {
    const paged = pageItems(p, inputs, body, list, ctx, faults, broken);
    if ('error' in paged) return paged;
    body = paged.body;
  }
  for (const c of p.counts ?? []) {
    if (!holds(c.when, inputs)) continue;
    const like = getPointer(body, c.count);
    const n = entryCount(getPointer(body, c.of));
    if (n === undefined || like === undefined) continue;
    const count = faults.has('count') ? n + 1 : n;
    if (count !== n) broken.push('count');
    body = withPointer(body, c.count, sameType(like, count));
  }
  body = keepMembers(p, inputs, body, ctx.choices, faults, broken, ctx.valid);
  if (faults.has('identity')) {
    const altered = breakIdentity(p, inputs, body, ctx.choices, ctx.stored);
    if (altered !== undefined) {
      body = altered;
      broken.push('identity');
    }
  }
  let status: number | undefined;
  if (p.all && typeof getPointer(body, p.all.flag) === 'boolean')
    body = withPointer(body, p.all.flag, failingEntries(p.all, body).length === 0);
  if (p.status) {
    const flag = getPointer(body, p.status.member);
    status = statusFor(p.status, flag);
    if (status !== undefined && faults.has('status')) {
      status = statusFor(p.status, !flag);
      broken.push('status');
    }
  }
  return { body, ...(status === undefined ? {} : { status }), broken: [...new Set(broken)] };
}

function pageItems(
  p: Promises,
  inputs: Inputs,
  body: unknown,
  stored: unknown[],
  ctx: KeepContext,
  faults: ReadonlySet<PromiseKind>,
  broken: PromiseKind[],
): { body: unknown } | { error: string } {
  const itemsAt = p.items as string;
  // The picked list first, then the pooled ones' items it lacks.
  const seen = new Set<string>();
  const joined: unknown[] = [];
  for (const item of [stored, ...(ctx.pool ?? [])].flat()) {
    const key = itemKey(p, item);
    if (seen.has(key)) continue;
    seen.add(key);
    joined.push(item);
  }
  const filters = p.filters ?? [];
  const all: unknown[] = [];
  const dropped: unknown[] = [];
  for (const item of joined) (passesFilters(filters, inputs, item) ? all : dropped).push(item);
  const sorted = sortItems(p, inputs, all);

  if (p.range) return pageRange(p, inputs, body, sorted, faults, broken);

  let offset = 0;
  const cursorSent = p.cursor ? inputs[p.cursor.input] : undefined;
  if (p.cursor && cursorSent !== undefined) {
    const at = readCursor(ctx.id, cursorSent, sorted.length);
    if (typeof at !== 'number') return { error: `${p.cursor.input}: ${at.error}` };
    offset = Math.min(at, sorted.length);
  }
  const bound = (p.page && pageBound(p.page, inputs)) ?? servicePage(p, ctx) ?? sorted.length;
  let page = sorted.slice(offset, offset + bound);
  const end = offset + page.length;

  if (faults.has('filter')) {
    const stray =
      dropped[0] ??
      ctx.others?.().find((item) => !passesFilters(filters, inputs, item)) ??
      undefined;
    const replacement = stray ?? alteredToMiss(filters, inputs, page.at(-1), ctx.others?.() ?? []);
    if (replacement !== undefined) {
      // In place of the page's last item, so the page keeps its size and order.
      page = sortItems(p, inputs, [...page.slice(0, Math.max(0, page.length - 1)), replacement]);
      broken.push('filter');
    }
  }
  if (faults.has('order') && promisesDirection(p, inputs) && page.length > 1) {
    const reversed = [...page].reverse();
    if (canonical(sortItems(p, inputs, reversed)) !== canonical(reversed)) {
      page = reversed;
      broken.push('order');
    }
  }
  if (faults.has('page-size') && p.page && bound >= 1 && page.length > 0) {
    // One more than the bound: the items after the page, then stored ones repeated in place
    // (next to themselves, so the order still holds).
    const base = [...page, ...sorted.slice(end, offset + bound + 1)];
    const want = bound + 1;
    const grown = base.flatMap((item, i) =>
      Array<unknown>(Math.floor(want / base.length) + (i < want % base.length ? 1 : 0)).fill(item),
    );
    page = sortItems(p, inputs, grown);
    broken.push('page-size');
  }

  let out = withPointer(body, itemsAt, page);
  if (p.cursor) {
    const storedNext = getPointer(body, p.cursor.next);
    let next: unknown;
    if (end < sorted.length) next = makeCursor(ctx.id, storedNext, end, inputs);
    else if (isObject(storedNext))
      next = page.length === 0 && isObject(cursorSent) ? cursorSent : storedNext;
    if (faults.has('paging')) {
      // A last page of a cursor that promises `more` hands out one to the empty end; else the
      // cursor of this very page: following it serves the same page and cursor again.
      const again =
        p.cursor.more && end >= sorted.length && page.length > 0 && !isObject(storedNext)
          ? encodeToken(ctx.id, end)
          : cursorSent !== undefined
            ? cursorSent
            : end < sorted.length
              ? makeCursor(ctx.id, storedNext, offset, inputs)
              : undefined;
      if (again !== undefined) {
        next = again;
        broken.push('paging');
      }
    }
    out = withPointer(out, p.cursor.next, next);
  }
  return { body: out };
}

/**
 * The page size of a list whose service chooses it (a cursor, no page input, or one sent
 * without a bound): the size of the smallest stored page that handed out a cursor, so the
 * replay server pages as the service was seen to; undefined when no stored page did.
 */
function servicePage(p: Promises, ctx: KeepContext): number | undefined {
  const { cursor, items } = p;
  if (!cursor || items === undefined) return undefined;
  const sizes = (ctx.stored?.() ?? []).flatMap((body) => {
    const list = getPointer(body, items);
    const next = getPointer(body, cursor.next);
    const handedOut = next !== undefined && next !== null && next !== '';
    return Array.isArray(list) && list.length > 0 && handedOut ? [list.length] : [];
  });
  return sizes.length ? Math.min(...sizes) : undefined;
}

/** A range over the items' `index` member: the node's bounds, errors and contiguous indices. */
function pageRange(
  p: Promises,
  inputs: Inputs,
  body: unknown,
  sorted: unknown[],
  faults: ReadonlySet<PromiseKind>,
  broken: PromiseKind[],
): { body: unknown } | { error: string } {
  const range = p.range as NonNullable<Promises['range']>;
  const { start = 0n, count = 0n, errorDue } = rangeOf(range, inputs);
  // The node's own bounds and wording (AvalancheGo's indexer): the range rule's errors.
  if (count < 1n || errorDue)
    return {
      error:
        range.max === undefined
          ? `${range.count} must be at least 1 but is ${count}`
          : `${range.count} must be in [1,${range.max}] but is ${count}`,
    };
  const indexOf = (item: unknown) => asNumber(getPointer(item, range.index));
  const byIndex = sorted
    .filter((item) => typeof indexOf(item) === 'bigint')
    .sort((a, b) => compare(indexOf(a), indexOf(b)));
  if (byIndex.length === 0) return { error: 'no containers have been accepted' };
  const last = indexOf(byIndex.at(-1)) as bigint;
  if (start > last) return { error: `start index (${start}) > last accepted index (${last})` };
  let page: unknown[] = [];
  for (const item of byIndex) {
    const at = indexOf(item) as bigint;
    const want = rangeIndex(start, page.length);
    if (at < want) continue;
    if (at !== want || BigInt(page.length) >= count) break;
    page.push(item);
  }
  if (faults.has('range') && page.length > 0) {
    // The container at `start` left out (the next stored one takes its place when there is one).
    const after = byIndex.find((item) => compare(indexOf(item), indexOf(page.at(-1))) > 0);
    page = [...page.slice(1), ...(after === undefined ? [] : [after])];
    if (page.length > 0) broken.push('range');
  }
  return { body: withPointer(body, p.items as string, page) };
}

/**
 * The item with a filtered member changed so that it misses the sent filter: to a value
 * another stored item holds there (so it stays a value the schema allows), else to another
 * number, decimal or hex of the same form. Undefined when no change misses.
 */
function alteredToMiss(
  filters: MatchPromise[],
  inputs: Inputs,
  item: unknown,
  others: unknown[],
): unknown {
  if (item === undefined) return undefined;
  for (const f of filters) {
    if (!sent(inputs[f.input]) || !holds(f.when, inputs)) continue;
    for (const pointer of f.member) {
      const current = getPointer(item, pointer);
      if (current === undefined || current === null) continue;
      const seen = others
        .map((o) => getPointer(o, pointer))
        .filter((v) => typeof v === typeof current);
      const formed =
        typeof current === 'number' || /^(\d+|0x[0-9a-fA-F]+)$/.test(String(current))
          ? [otherValue(current)]
          : [];
      for (const v of [...seen, ...formed]) {
        const altered = withPointer(item, pointer, v);
        if (!passesFilters([f], inputs, altered)) return altered;
      }
    }
  }
  return undefined;
}

/** Another value of the same kind: a number or decimal one up, a hex or base-58 digit changed. */
export function otherValue(v: unknown): unknown {
  if (typeof v === 'number') return v + 1;
  if (typeof v === 'boolean') return !v;
  if (typeof v !== 'string' || v === '') return undefined;
  if (/^\d+$/.test(v)) return String(BigInt(v) + 1n);
  const last = v.at(-1) as string;
  const head = v.slice(0, -1);
  if (/^0x[0-9a-fA-F]+$/.test(v)) {
    const d = Number.parseInt(last, 16) ^ 1;
    const digit = d.toString(16);
    return head + (last === last.toUpperCase() ? digit.toUpperCase() : digit);
  }
  const i = base58.indexOf(last);
  if (i >= 0) return head + base58[(i + 1) % base58.length];
  return head + (last === 'a' ? 'b' : 'a');
}

/**
 * The answer with every identity member that matches its input changed to another value: another
 * of the values the input's schema lists where it lists some (a network, a currency), so the
 * answer stays schema-valid, else another value of the same form.
 */
function breakIdentity(
  p: Promises,
  inputs: Inputs,
  body: unknown,
  choices?: KeepContext['choices'],
  stored?: KeepContext['stored'],
): unknown {
  let out = body;
  let changed = false;
  for (const e of p.identity ?? []) {
    const value = inputs[e.input];
    if (!e.member || !sent(value) || !holds(e.when, inputs)) continue;
    for (const pointer of e.member) {
      const v = getPointer(out, pointer);
      if (v === undefined || v === null) continue;
      if (keeps({ ...e, member: [pointer] }, out, value) !== true) continue;
      // Another value the member holds in the stored answers, else one the input's schema
      // lists that has the member's form (a word for a word, an id for an id), else a value of
      // the same form.
      const shape = (x: unknown) => (typeof x === 'string' ? x.replace(/[a-z]+/g, 'a') : typeof x);
      const misses = (c: unknown) =>
        c !== v &&
        typeof c === typeof v &&
        keeps({ ...e, member: [pointer] }, withPointer(out, pointer, c), value) !== true;
      const seen = (stored?.() ?? []).map((b) => getPointer(b, pointer));
      const listed = (choices?.(e.input) ?? []).filter((c) => shape(c) === shape(v));
      const other = [...seen, ...listed].find(misses) ?? otherValue(v);
      if (other === undefined) continue;
      out = withPointer(out, pointer, other);
      changed = true;
    }
  }
  return changed ? out : undefined;
}

/**
 * Whether a stored answer is the thing the inputs name, by the identity entries that point
 * into the answer: `true` when every such member present matches, `false` when one does not,
 * `undefined` when no entry applies (the stored request's inputs decide then).
 */
export function identityMatches(p: Promises, inputs: Inputs, answer: unknown): boolean | undefined {
  let verdict: boolean | undefined;
  for (const e of p.identity ?? []) {
    const value = inputs[e.input];
    if (!e.member || !sent(value) || !holds(e.when, inputs)) continue;
    const kept = keeps(e, answer, value);
    // An answer without the member breaks the identity unless the promise says `pass`.
    if (kept === false || (kept === undefined && e.absent !== 'pass')) return false;
    if (kept === true) verdict = true;
  }
  return verdict;
}

/** The inputs the identity entries that point into the answer decide for these inputs. */
export function memberDecided(p: Promises, inputs: Inputs, answer: unknown): Set<string> {
  const out = new Set<string>();
  for (const e of p.identity ?? []) {
    const value = inputs[e.input];
    if (!e.member || !sent(value) || !holds(e.when, inputs)) continue;
    if (keeps(e, answer, value) !== undefined) out.add(e.input);
  }
  return out;
}

/**
 * The identity inputs a filter on the same input decides for a stored list: every stored
 * item matches it (by number or by hash alike), so the list answers that input whatever
 * it was stored for.
 */
export function filterDecided(p: Promises, inputs: Inputs, answer: unknown): Set<string> {
  const out = new Set<string>();
  const list = p.items === undefined ? undefined : getPointer(answer, p.items);
  if (!Array.isArray(list) || list.length === 0) return out;
  for (const f of p.filters ?? []) {
    const value = inputs[f.input];
    if (!sent(value) || !holds(f.when, inputs)) continue;
    if (list.every((item) => keeps(f, item, value) === true)) out.add(f.input);
  }
  return out;
}

/** The `notFound` answer with `{input}` placeholders filled (a list input gives its first). */
export function fillNotFound(nf: NotFound, inputs: Inputs): NotFound {
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string')
      return v.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
        const value = inputs[name];
        if (value === undefined) return whole;
        const one = Array.isArray(value) ? value[0] : value;
        return typeof one === 'string' ? one : JSON.stringify(one);
      });
    if (Array.isArray(v)) return v.map(fill);
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(nf) as NotFound;
}
