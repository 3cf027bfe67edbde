import { getPointer, isObject, unescapePointer } from '../json-pointer.js';
import { pointerOf, type Violation, violation } from '../schema-set.js';
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
  mediaType,
  orderKey,
  pageBound,
  presentPointers,
  rangeIndex,
  rangeOf,
  sent,
  statusFor,
} from './values.js';
import type {
  AllPromise,
  CountPromise,
  How,
  IdentityPromise,
  MatchPromise,
  OrderPromise,
  PromiseKind,
  Promises,
  RangePromise,
} from './vocabulary.js';

/*
 * Checks one answer against the `x-promises` of its operation or method: is it what the
 * request asked for? Every match, order and bound is read through values.ts, the predicates
 * the replay server keeps too. The cursor needs a sequence of answers: `ListingTracker`
 * follows one through a file for `check` (contract's page chains are paging.ts's);
 * `notFound` says what to answer, not what to check.
 */

/** One answer as the rules see it. */
export type Answer =
  | {
      protocol: 'rest';
      /** The HTTP status. */
      status: number;
      /**
       * The Content-Type the answer was sent with: `''` when it was sent without one,
       * undefined when that is not known (a recording without headers: the rule is skipped).
       */
      contentType?: string | undefined;
      /** The parsed body; undefined when the answer had none. */
      body?: unknown;
    }
  | {
      protocol: 'rpc';
      /** The HTTP status of the exchange that carried the reply. */
      status: number;
      /**
       * The Content-Type the answer was sent with: `''` when it was sent without one,
       * undefined when that is not known (a recording without headers: the rule is skipped).
       */
      contentType?: string | undefined;
      /**
       * This call's JSON-RPC reply (`{jsonrpc, id, result}` or `{…, error}`); undefined when
       * none came. Only a `result` is a success answer: an error keeps no item rule.
       */
      reply?: unknown;
    };

/** Whether one rule was put to the test by an answer (see `exercisedRules`). */
export interface RuleUse {
  kind: PromiseKind;
  /**
   * Which rule: the input it reads for page-size, filter, identity and range (`pageSize`,
   * `validationStatus`, `blockId`, `numToFetch`), the key pointers for order (`/blockNumber`;
   * several joined by a space), the count member for count (`/numFetched`), the boolean
   * member for status (`/healthy`, written `all /healthy` for the all-entries rule), the
   * media type for content-type.
   */
  rule: string;
  exercised: boolean;
}

/** At most this many violations per rule and answer; one more line says how many were left. */
const perRule = 5;

/**
 * The promises this answer breaks, as violations of the promise kinds, each message naming
 * the rule, what was expected and what came: `page-size: 4 items for pageSize=1 (at most 1)`.
 *
 * `inputs` are the request's by parameter name (REST path and query parameters, a repeated
 * one as a list; JSON-RPC named params, by-position ones mapped to their declared names).
 * Only success answers (REST 2xx, a JSON-RPC `result`) are held to the answer rules; status
 * and content-type apply to every answer with a body. An empty list keeps every item rule.
 * Violations are `where` `response.body` (REST) or `response.result` (JSON-RPC) with a
 * pointer into it, `response.status`, or `response.headers` `/content-type`.
 */
export function checkPromises(promises: Promises, inputs: Inputs, answer: Answer): Violation[] {
  return evaluate(promises, inputs, answer, undefined);
}

/**
 * Which of the declared rules this answer put to the test, for reports ("filters
 * exercised"). A rule is exercised when it could have been broken by this answer: page-size
 * when a bound applies and the list has an item; order when a direction is promised and two
 * items carry the key; a filter when its input was sent (and its `when` holds) and the list
 * has an item; identity when its input was sent (and the answer carries the member, when an
 * answer without it passes); count when
 * both members are there; range when the answer is a success and the count input a number;
 * status and all when the member is a boolean; content-type when the type is known and the
 * answer has a body. Error answers exercise only status and content-type. Identities without
 * a member (scopes) and the cursor are not listed: one answer cannot break them.
 */
export function exercisedRules(promises: Promises, inputs: Inputs, answer: Answer): RuleUse[] {
  const uses: RuleUse[] = [];
  evaluate(promises, inputs, answer, uses);
  return uses;
}

/** One answer under judgement: where its violations go, and what every rule reads. */
interface Judging {
  out: Violation[];
  use: (kind: PromiseKind, rule: string, exercised: boolean) => void;
  inputs: Inputs;
  where: string;
  value: unknown;
}

/** A successful answer's list, for the rules about its items. */
interface ListJudging extends Judging {
  items: unknown[] | undefined;
  itemsAt: string;
  itemLabel: (i: number, member?: string) => string;
}

function evaluate(
  p: Promises,
  inputs: Inputs,
  answer: Answer,
  uses: RuleUse[] | undefined,
): Violation[] {
  const out: Violation[] = [];
  const use = (kind: PromiseKind, rule: string, exercised: boolean) =>
    uses?.push({ kind, rule, exercised });
  const rest = answer.protocol === 'rest';
  const where = rest ? 'response.body' : 'response.result';
  const hasBody = rest ? answer.body !== undefined : answer.reply !== undefined;
  const success = rest
    ? answer.status >= 200 && answer.status < 300 && answer.body !== undefined
    : isObject(answer.reply) && 'result' in answer.reply;
  const value = rest ? answer.body : isObject(answer.reply) ? answer.reply.result : undefined;
  const judging: Judging = { out, use, inputs, where, value };

  if (p.contentType) {
    const known = answer.contentType !== undefined && hasBody;
    use('content-type', p.contentType, known);
    const got = mediaType(answer.contentType ?? '');
    if (known && got !== mediaType(p.contentType))
      out.push(
        violation(
          'content-type',
          'response.headers',
          '/content-type',
          `content-type: ${got === '' ? 'none sent' : got}, expected ${p.contentType}`,
        ),
      );
  }
  // The status a body member picks: REST only (JSON-RPC rides on HTTP 200 whatever it says).
  if (p.status && rest) {
    const flag = getPointer(answer.body, p.status.member);
    const want = statusFor(p.status, flag);
    use('status', p.status.member, want !== undefined);
    if (want !== undefined && want !== answer.status)
      out.push(
        violation(
          'status',
          'response.status',
          '',
          `status: HTTP ${answer.status} with ${label(p.status.member)} ${flag} (expected ${want})`,
        ),
      );
  }
  // Error answers of the health endpoints (503) carry the same body, so `all` reads any body.
  if (p.all && (rest ? hasBody : success)) checkAll(p.all, judging);
  if (!success) {
    if (uses) listUnexercised(p, use);
    return out;
  }

  const itemsAt = p.items ?? '';
  const rawItems = p.items === undefined ? undefined : getPointer(value, p.items);
  // A null or absent list is an empty one (getContainerRange answers null for nothing).
  const items =
    p.items === undefined
      ? undefined
      : Array.isArray(rawItems)
        ? rawItems
        : rawItems == null
          ? []
          : undefined;
  const itemLabel = (i: number, member = '') => label(`${itemsAt}${pointerOf(i)}${member}`);
  // Written out, not spread: a spread of this object took ~3 µs an exchange (V8's slow path).
  const listed: ListJudging = { out, use, inputs, where, value, items, itemsAt, itemLabel };

  if (p.page) {
    const bound = items ? pageBound(p.page, inputs) : undefined;
    use('page-size', p.page.input, bound !== undefined && (items?.length ?? 0) > 0);
    if (items && bound !== undefined && items.length > bound) {
      const given = inputs[p.page.input];
      const asked =
        given === undefined
          ? `with ${p.page.input} absent (default ${bound})`
          : bound === p.page.default && String(first(given)) !== String(bound)
            ? `for ${showInput(p.page.input, given)} (outside 1..${p.page.max ?? '∞'}: default ${bound})`
            : `for ${showInput(p.page.input, given)} (at most ${bound})`;
      out.push(violation('page-size', where, itemsAt, `page-size: ${items.length} items ${asked}`));
    }
  }

  for (const o of p.order ?? []) checkOrder(o, listed);
  for (const f of p.filters ?? []) checkFilter(f, listed);
  for (const id of p.identity ?? []) checkIdentity(id, judging);
  for (const c of p.counts ?? []) checkCount(c, judging);
  if (p.range) checkRange(p.range, listed);
  return out;
}

/** `all`: the flag is true exactly when no entry of the map has the failing member. */
function checkAll(all: AllPromise, j: Judging) {
  const { out, use, where, value } = j;
  const flag = getPointer(value, all.flag);
  const entries = entryCount(getPointer(value, all.each));
  const applies = typeof flag === 'boolean' && entries !== undefined;
  use('status', `all ${all.flag}`, applies);
  if (applies) {
    const failing = failingEntries(all, value);
    // Kept: no message to build.
    if (flag === (failing.length === 0)) return;
    const what = `${article(label(all.failing))} ${label(all.failing)}`;
    const each = label(all.each);
    if (flag && failing.length > 0) {
      const names = failing.slice(0, 3).map((k) => `${each}.${k}`);
      const more = failing.length > 3 ? ` (and ${failing.length - 3} more)` : '';
      out.push(
        violation(
          'status',
          where,
          all.flag,
          `status: ${label(all.flag)} true while ${names.join(', ')}${more} ${failing.length > 1 ? 'have' : 'has'} ${what}`,
        ),
      );
    }
    if (!flag && failing.length === 0)
      out.push(
        violation(
          'status',
          where,
          all.flag,
          `status: ${label(all.flag)} false while no entry of ${each} has ${what}`,
        ),
      );
  }
}

/** `order`: the listed items are sorted by the key, in the asked or default direction. */
function checkOrder(o: OrderPromise, j: ListJudging) {
  const { out, use, inputs, where, items, itemsAt, itemLabel } = j;
  const direction = directionOf(o, inputs);
  const rule = o.key.join(' ');
  const keyed = (items ?? [])
    .map((item, i) => ({ i, item, key: orderKey(o, item) }))
    .filter((k) => k.key !== undefined);
  use('order', rule, direction !== undefined && keyed.length >= 2);
  if (!direction) return;
  const why =
    o.direction !== undefined
      ? `(${o.direction})`
      : o.input !== undefined && inputs[o.input] !== undefined
        ? `(${showInput(o.input, inputs[o.input])})`
        : `(${o.input} absent: default ${direction})`;
  const capped = cap(out, 'order', where, itemsAt, 'items out of order');
  for (let k = 1; k < keyed.length; k++) {
    const prev = keyed[k - 1] as (typeof keyed)[number];
    const cur = keyed[k] as (typeof keyed)[number];
    const c = compare(prev.key, cur.key);
    if (direction === 'asc' ? c <= 0 : c >= 0) continue;
    const member = presentPointers(cur.item, o.key)[0] ?? '';
    capped(
      `${itemsAt}${pointerOf(cur.i)}${member}`,
      `order: ${itemLabel(cur.i, member)} ${fmt(cur.key)} after ${fmt(prev.key)}, expected ${direction === 'asc' ? 'ascending' : 'descending'} ${why}`,
    );
  }
  capped.done();
}

/** A filter: every listed item matches the input it was asked by. */
function checkFilter(f: MatchPromise, j: ListJudging) {
  const { out, use, inputs, where, items, itemsAt, itemLabel } = j;
  const given = inputs[f.input];
  const applies = sent(given) && holds(f.when, inputs);
  use('filter', f.input, applies && items !== undefined && items.length > 0);
  if (!applies || !items) return;
  const capped = cap(out, 'filter', where, itemsAt, `items break ${f.input}`);
  const asked = `${expected(f.match, given)} (${showInput(f.input, given)})`;
  items.forEach((item, i) => {
    const kept = keeps(f, item, given);
    if (kept === true || (kept === undefined && f.absent === 'pass')) return;
    const member = presentPointers(item, f.member)[0];
    if (kept === undefined || member === undefined)
      capped(
        `${itemsAt}${pointerOf(i)}`,
        `filter: ${itemLabel(i)} has no ${f.member.map(label).join(' or ')}, expected ${asked}`,
      );
    else
      capped(
        `${itemsAt}${pointerOf(i)}${member}`,
        `filter: ${itemLabel(i, member)} is ${fmt(getPointer(item, member))}, expected ${asked}`,
      );
  });
  capped.done();
}

/** `identity`: the answer's member matches the input that named the thing asked for. */
function checkIdentity(id: IdentityPromise, j: Judging) {
  const { out, use, inputs, where, value } = j;
  if (!id.member) return;
  const given = inputs[id.input];
  const applies = sent(given) && holds(id.when, inputs);
  const present = applies ? presentPointers(value, id.member) : [];
  use('identity', id.input, applies && (present.length > 0 || id.absent !== 'pass'));
  if (!applies) return;
  if (present.length === 0) {
    // An answer that does not echo the input breaks it, unless the promise says `pass`.
    if (id.absent !== 'pass')
      out.push(
        violation(
          'identity',
          where,
          id.member[0] as string,
          `identity: the answer has no ${id.member.map(label).join(' or ')}, expected it to match ${showInput(id.input, given)}`,
        ),
      );
    return;
  }
  if (keeps(id, value, given) !== false) return;
  const got = present.map((m) => `${label(m)} ${fmt(getPointer(value, m))}`);
  const how = id.match && id.match !== 'equal' ? ` (${id.match})` : '';
  out.push(
    violation(
      'identity',
      where,
      present[0] as string,
      `identity: ${got.join(' and ')} ${present.length > 1 ? 'do' : 'does'} not match ${showInput(id.input, given)}${how}`,
    ),
  );
}

/** `counts`: a count member says how many entries the other member holds. */
function checkCount(c: CountPromise, j: Judging) {
  const { out, use, inputs, where, value } = j;
  const count = getPointer(value, c.count);
  const n = asNumber(count);
  const of = entryCount(getPointer(value, c.of));
  const applies = holds(c.when, inputs) && n !== undefined && of !== undefined;
  use('count', c.count, applies);
  if (applies && compare(n, of) !== 0)
    out.push(
      violation(
        'count',
        where,
        c.count,
        `count: ${label(c.count)} ${fmt(count)} but ${label(c.of)} has ${of}`,
      ),
    );
}

/**
 * `range`: a result holds at most the asked count, indexed from the asked start. Rules 1-3, 5
 * and 6 of index.getContainerRange; rule 4 (a start past the last accepted index is an error)
 * needs the node's last index, which one answer does not tell.
 */
function checkRange(r: RangePromise, j: ListJudging) {
  const { out, use, inputs, where, items, itemsAt, itemLabel } = j;
  const { start, count, errorDue } = rangeOf(r, inputs);
  use('range', r.count, count !== undefined);
  const list = items ?? [];
  if (errorDue)
    out.push(
      violation(
        'range',
        where,
        '',
        `range: ${showInput(r.count, inputs[r.count])} answered with a result, expected an error (at most ${r.max})`,
      ),
    );
  else if (count === 0n && list.length > 0)
    out.push(
      violation(
        'range',
        where,
        itemsAt,
        `range: ${list.length} items for ${showInput(r.count, inputs[r.count])}, expected none or an error`,
      ),
    );
  else if (count !== undefined && BigInt(list.length) > count)
    out.push(
      violation(
        'range',
        where,
        itemsAt,
        `range: ${list.length} items for ${showInput(r.count, inputs[r.count])} (at most ${count})`,
      ),
    );
  if (start !== undefined) {
    const capped = cap(out, 'range', where, itemsAt, 'items off their index');
    list.forEach((item, i) => {
      const got = getPointer(item, r.index);
      const want = rangeIndex(start, i);
      if (got === undefined || compare(got, want) === 0) return;
      capped(
        `${itemsAt}${pointerOf(i)}${r.index}`,
        `range: ${itemLabel(i, r.index)} ${fmt(got)}, expected ${fmt(typeof got === 'string' ? String(want) : want)} (${r.start} ${start})`,
      );
    });
    capped.done();
  }
}

/**
 * Follows listings through a sequence of answers (a HAR log, a folder of recordings, in
 * order), for the cursor rule one answer alone cannot break. An answer whose cursor input is
 * a token an earlier answer of the same listing (same operation, same other inputs) handed
 * out is that listing's next page; an answer without the cursor input starts a listing. A
 * token handed out twice, or an item already on an earlier page (the same by `distinct`, or
 * the same whole item where the cursor names no `distinct`), is a `paging` violation; so is,
 * where the cursor promises `more`, a page with no items reached by a handed-out token. A
 * page with no items ends a listing: its cursor is not read; a page asked for again (the same
 * token sent twice) is not read either.
 *
 * Memory stays bounded over captures of any length: only the `maxOpen` most recent listings
 * of each operation and inputs, and of `maxKeys` such combinations, are followed; a token of
 * a listing dropped before is read as the start of a new one; a listing remembers at most
 * `maxSeen` items (later ones are not compared).
 */
export class ListingTracker {
  readonly #listings = new Map<string, Listing[]>();

  constructor(readonly limits: { maxOpen?: number; maxKeys?: number; maxSeen?: number } = {}) {}

  /** The cursor violations of this answer, given the answers observed before it. */
  observe(operation: string, promises: Promises, inputs: Inputs, answer: Answer): Violation[] {
    const cursor = promises.cursor;
    const rest = answer.protocol === 'rest';
    const success = rest
      ? answer.status >= 200 && answer.status < 300
      : isObject(answer.reply) && 'result' in answer.reply;
    if (!cursor || !success) return [];
    const value = rest ? answer.body : (answer.reply as { result: unknown }).result;
    const sentToken = inputs[cursor.input];
    const followed = this.#listingOf(operation, cursor.input, inputs);
    // The same page asked for again (a retry, a reload) is no next page.
    if (followed === 'again') return [];
    const listing = followed ?? this.#open(operation, cursor.input, inputs);
    const page = ++listing.pages;
    const where = rest ? 'response.body' : 'response.result';
    const out: Violation[] = [];
    const itemsAt = promises.items ?? '';
    const raw = promises.items === undefined ? undefined : getPointer(value, promises.items);
    const items = Array.isArray(raw) ? raw : [];
    if (items.length === 0) {
      if (cursor.more && followed !== undefined && raw !== undefined)
        out.push(
          violation(
            'paging',
            where,
            itemsAt,
            `paging: page ${page} (${showInput(cursor.input, sentToken)}, handed out on page ${listing.tokens.get(stable(sentToken))}) has no items, expected ${label(cursor.next)} only when more data exists`,
          ),
        );
      return out;
    }
    const next = getPointer(value, cursor.next);
    if (next !== undefined && next !== null && next !== '') {
      const token = stable(next);
      const before = listing.tokens.get(token);
      if (before !== undefined)
        out.push(
          violation(
            'paging',
            where,
            cursor.next,
            `paging: ${label(cursor.next)} ${fmt(next)} on page ${page} was handed out on page ${before} already, expected a new cursor`,
          ),
        );
      else listing.tokens.set(token, page);
    }
    const maxSeen = this.limits.maxSeen ?? 100_000;
    repeatedItems(listing, page, cursor.distinct, items, { itemsAt, where, out, maxSeen });
    return out;
  }

  /** The listing whose token these inputs send; `again` when that token was followed before. */
  #listingOf(operation: string, input: string, inputs: Inputs): Listing | 'again' | undefined {
    const sentToken = inputs[input];
    if (sentToken === undefined) return undefined;
    const token = stable(sentToken);
    const listing = this.#listings
      .get(listingKey(operation, input, inputs))
      ?.find((l) => l.tokens.has(token));
    if (!listing) return undefined;
    if (listing.used.has(token)) return 'again';
    listing.used.add(token);
    return listing;
  }

  #open(operation: string, input: string, inputs: Inputs): Listing {
    const key = listingKey(operation, input, inputs);
    const listings = this.#listings.get(key) ?? [];
    if (!this.#listings.has(key)) {
      this.#listings.set(key, listings);
      const maxKeys = this.limits.maxKeys ?? 4096;
      if (this.#listings.size > maxKeys)
        this.#listings.delete(this.#listings.keys().next().value as string);
    }
    const listing: Listing = { tokens: new Map(), used: new Set(), seen: new Map(), pages: 0 };
    listings.push(listing);
    if (listings.length > (this.limits.maxOpen ?? 64)) listings.shift();
    return listing;
  }
}

/** One listing followed: the tokens it handed out (by page), those followed, items seen. */
interface Listing {
  tokens: Map<string, number>;
  used: Set<string>;
  seen: Map<string, number>;
  pages: number;
}

/** A listing is one operation asked with the same inputs but its cursor. */
const listingKey = (operation: string, cursorInput: string, inputs: Inputs) =>
  `${operation} ${stable(Object.fromEntries(Object.entries(inputs).filter(([name]) => name !== cursorInput)))}`;

/** Items of this page already on an earlier page of the listing: by `distinct`, else whole. */
function repeatedItems(
  listing: Listing,
  page: number,
  distinct: string[] | undefined,
  items: unknown[],
  at: { itemsAt: string; where: string; out: Violation[]; maxSeen: number },
): void {
  const { itemsAt, where, out, maxSeen } = at;
  const capped = cap(out, 'paging', where, itemsAt, 'items of earlier pages');
  items.forEach((item, i) => {
    const member = distinct ? presentPointers(item, distinct)[0] : '';
    if (member === undefined) return;
    const path = `${itemsAt}${pointerOf(i)}${member}`;
    const id = stable(getPointer(item, member));
    const earlier = listing.seen.get(id);
    if (earlier !== undefined && earlier < page)
      capped(
        path,
        distinct
          ? `paging: ${label(path)} ${fmt(getPointer(item, member))} on page ${page} was on page ${earlier} already, expected no item on two pages`
          : `paging: ${label(path)} on page ${page} is the same item as one on page ${earlier}, expected no item on two pages`,
      );
    else if (earlier === undefined && listing.seen.size < maxSeen) listing.seen.set(id, page);
  });
  capped.done();
}

/** JSON with object keys sorted, so equal values give equal keys. */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}

/** The answer rules an error answer leaves untested, listed as not exercised. */
function listUnexercised(
  p: Promises,
  use: (kind: PromiseKind, rule: string, exercised: boolean) => void,
): void {
  if (p.page) use('page-size', p.page.input, false);
  for (const o of p.order ?? []) use('order', o.key.join(' '), false);
  for (const f of p.filters ?? []) use('filter', f.input, false);
  for (const id of p.identity ?? []) if (id.member) use('identity', id.input, false);
  for (const c of p.counts ?? []) use('count', c.count, false);
  if (p.range) use('range', p.range.count, false);
}

/** Pushes violations of one rule until `perRule`, then counts the rest into one line. */
function cap(out: Violation[], kind: PromiseKind, where: string, path: string, what: string) {
  let n = 0;
  const push = (at: string, message: string) => {
    if (n++ < perRule) out.push(violation(kind, where, at, message));
  };
  return Object.assign(push, {
    done: () => {
      if (n > perRule)
        out.push(violation(kind, where, path, `${kind}: and ${n - perRule} more ${what}`));
    },
  });
}

/** `/blocks/3/blockNumber` as `blocks[3].blockNumber`. */
function label(pointer: string): string {
  if (pointer === '') return 'the answer';
  return pointer
    .slice(1)
    .split('/')
    .map(unescapePointer)
    .map((t, i) => (/^\d+$/.test(t) ? `[${t}]` : i === 0 ? t : `.${t}`))
    .join('');
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

function first(v: unknown): unknown {
  return Array.isArray(v) ? v[0] : v;
}

/** A value as shown in a message: strings quoted, long ones cut. */
function fmt(v: unknown): string {
  const s = typeof v === 'bigint' ? String(v) : JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 80 ? `${s.slice(0, 76)}…${s.slice(-3)}` : s;
}

/** An input as it was sent: `pageSize=1`, `nodeIds=a,b`. */
function showInput(name: string, v: unknown): string {
  const shown = Array.isArray(v)
    ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(',')
    : typeof v === 'string'
      ? v
      : JSON.stringify(v);
  return `${name}=${shown}`;
}

/**
 * What a match asks of a member, in words: `"active"`, `one of "a", "b"`, `at least 5`; a
 * long list is counted (the input beside it shows it whole).
 */
function expected(how: How, input: unknown): string {
  const values = inputValues(input);
  const quoted = values.map(fmt);
  const list =
    values.length === 1
      ? (quoted[0] as string)
      : values.length <= 3
        ? `one of ${quoted.join(', ')}`
        : `one of the ${values.length} sent`;
  switch (how) {
    case 'equal':
    case 'oneOf':
      return list;
    case 'contains':
      return `containing ${list}`;
    case 'intersects':
      return `a list holding ${list}`;
    case 'atLeast':
      return `at least ${values.map(String).join(' and ')}`;
    case 'atMost':
      return `at most ${values.map(String).join(' and ')}`;
  }
}

/** A REST request's inputs: path parameters, and query parameters (repeated ones as a list). */
export function restInputs(
  pathParams: Record<string, string>,
  query: Record<string, string[]>,
): Inputs {
  const inputs: Inputs = { ...pathParams };
  for (const [name, values] of Object.entries(query))
    inputs[name] = values.length === 1 ? values[0] : values;
  return inputs;
}

/** A JSON-RPC call's inputs: named params, or by-position ones under their declared names. */
export function rpcInputs(paramNames: string[], params: unknown): Inputs {
  if (Array.isArray(params)) {
    const inputs: Inputs = {};
    params.forEach((v, i) => {
      const name = paramNames[i];
      if (name !== undefined && v !== undefined && v !== null) inputs[name] = v;
    });
    return inputs;
  }
  return isObject(params) ? { ...params } : {};
}

/** A header's value by case-insensitive name; undefined when it was not recorded. */
export function headerValue(
  headers: Record<string, string> | undefined,
  name: string,
): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === wanted) return v;
  return undefined;
}
