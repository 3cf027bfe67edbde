import { getPointer, isObject, unescapePointer } from '../json-pointer.js';
import { pointerOf, type Violation, violation } from '../schema-set.js';
import {
  asNumber,
  compare,
  directionOf,
  entryCount,
  failingEntries,
  firstPresent,
  holds,
  type Inputs,
  inputValues,
  inUnit,
  keeps,
  keepsWanted,
  mediaType,
  orderKey,
  pageBound,
  presentPointers,
  rangeIndex,
  rangeOf,
  relates,
  scopeKeeps,
  scopeWanted,
  sent,
  statusFor,
  wantedValues,
} from './values.js';
import type {
  AllPromise,
  CountPromise,
  Direction,
  How,
  IdentityPromise,
  MatchPromise,
  OrderPromise,
  PagePromise,
  PromiseKind,
  Promises,
  RangePromise,
  RelationPromise,
  ScopePromise,
  UnitsPromise,
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

/**
 * One answer under judgement: where its violations go, and what every rule reads. One object
 * per answer, made only when a rule needs it; `uses` is set when the rules exercised are
 * wanted (`exercisedRules`), and nothing is built for them otherwise.
 */
interface Judging {
  out: Violation[];
  uses: RuleUse[] | undefined;
  inputs: Inputs;
  where: string;
  value: unknown;
  /** A success answer's list, for the rules about its items (set before they run). */
  items: unknown[] | undefined;
  itemsAt: string;
}

function use(uses: RuleUse[] | undefined, kind: PromiseKind, rule: string, exercised: boolean) {
  uses?.push({ kind, rule, exercised });
}

/** `items[3].blockNumber`: an item (and a member of it) named in a message. */
function itemLabel(j: Judging, i: number, member = ''): string {
  return label(`${j.itemsAt}${pointerOf(i)}${member}`);
}

/**
 * The rules that read more than the status and the content type: the only ones that read the
 * request's inputs, so that a caller may leave them out where none is promised.
 */
export const readsInputs = (p: Promises): boolean =>
  p.page !== undefined ||
  p.all !== undefined ||
  p.order !== undefined ||
  p.filters !== undefined ||
  p.identity !== undefined ||
  p.counts !== undefined ||
  p.range !== undefined ||
  p.scope !== undefined ||
  p.units !== undefined ||
  p.relations !== undefined;

function evaluate(
  p: Promises,
  inputs: Inputs,
  answer: Answer,
  uses: RuleUse[] | undefined,
): Violation[] {
  const out: Violation[] = [];
  const rest = answer.protocol === 'rest';
  const where = rest ? 'response.body' : 'response.result';
  const hasBody = rest ? answer.body !== undefined : answer.reply !== undefined;
  const success = rest
    ? answer.status >= 200 && answer.status < 300 && answer.body !== undefined
    : isObject(answer.reply) && 'result' in answer.reply;
  const value = rest ? answer.body : isObject(answer.reply) ? answer.reply.result : undefined;

  if (p.contentType) {
    const known = answer.contentType !== undefined && hasBody;
    use(uses, 'content-type', p.contentType, known);
    const got = known ? mediaType(answer.contentType ?? '') : '';
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
    use(uses, 'status', p.status.member, want !== undefined);
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
  if (p.errorBody && rest && answer.status >= 400 && answer.body !== undefined)
    checkErrorBody(p.errorBody, answer.status, answer.body, out, uses);
  // Written out, not spread: a spread of this object took ~3 µs an exchange (V8's slow path).
  const j: Judging | undefined = readsInputs(p)
    ? { out, uses, inputs, where, value, items: undefined, itemsAt: p.items ?? '' }
    : undefined;
  // Error answers of the health endpoints (503) carry the same body, so `all` reads any body.
  if (p.all && j && (rest ? hasBody : success)) checkAll(p.all, j);
  if (!success) {
    if (uses) listUnexercised(p, uses);
    return out;
  }

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

  if (!j) return out;
  j.items = items;
  if (p.page) checkPage(p.page, j);
  if (p.order) for (const o of p.order) checkOrder(o, j);
  if (p.filters) for (const f of p.filters) checkFilter(f, j);
  if (p.identity) for (const id of p.identity) checkIdentity(id, j);
  if (p.counts) for (const c of p.counts) checkCount(c, j);
  if (p.range) checkRange(p.range, j);
  if (p.scope) for (const sc of p.scope) checkScope(sc, j);
  if (p.units) for (const u of p.units) checkUnits(u, j);
  if (p.relations) for (const r of p.relations) checkRelation(r, j);
  return out;
}

/** `errorBody`: an error answer's body restates its status, and names it. */
function checkErrorBody(
  e: NonNullable<Promises['errorBody']>,
  status: number,
  body: unknown,
  out: Violation[],
  uses: RuleUse[] | undefined,
) {
  const restated = getPointer(body, e.status);
  use(uses, 'status', `error ${e.status}`, restated !== undefined);
  if (restated !== undefined && compare(restated, status) !== 0)
    out.push(
      violation(
        'status',
        'response.body',
        e.status,
        `status: ${label(e.status)} ${fmt(restated)} in an answer sent with HTTP ${status}, expected ${status}`,
      ),
    );
  const want = e.names?.[String(status)];
  const named = e.name === undefined ? undefined : getPointer(body, e.name);
  if (e.name !== undefined && want !== undefined && named !== undefined && named !== want)
    out.push(
      violation(
        'status',
        'response.body',
        e.name,
        `status: ${label(e.name)} ${fmt(named)} in an answer sent with HTTP ${status}, expected ${fmt(want)}`,
      ),
    );
}

/** `page`: a page holds at most the asked (or default) number of items. */
function checkPage(page: PagePromise, j: Judging) {
  const { out, inputs, where, items, itemsAt } = j;
  const bound = items ? pageBound(page, inputs) : undefined;
  use(j.uses, 'page-size', page.input, bound !== undefined && (items?.length ?? 0) > 0);
  if (items && bound !== undefined && items.length > bound) {
    const given = inputs[page.input];
    const asked =
      given === undefined
        ? `with ${page.input} absent (default ${bound})`
        : bound === page.default && String(first(given)) !== String(bound)
          ? `for ${showInput(page.input, given)} (outside 1..${page.max ?? '∞'}: default ${bound})`
          : `for ${showInput(page.input, given)} (at most ${bound})`;
    out.push(violation('page-size', where, itemsAt, `page-size: ${items.length} items ${asked}`));
  }
}

/** `all`: the flag is true exactly when no entry of the map has the failing member. */
function checkAll(all: AllPromise, j: Judging) {
  const { out, where, value } = j;
  const flag = getPointer(value, all.flag);
  const entries = entryCount(getPointer(value, all.each));
  const applies = typeof flag === 'boolean' && entries !== undefined;
  if (j.uses) use(j.uses, 'status', `all ${all.flag}`, applies);
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
function checkOrder(o: OrderPromise, j: Judging) {
  const { inputs, items } = j;
  const direction = directionOf(o, inputs);
  const list = items ?? [];
  if (j.uses) {
    let keyed = 0;
    for (let i = 0; i < list.length && keyed < 2; i++)
      if (orderKey(o, list[i]) !== undefined) keyed++;
    use(j.uses, 'order', o.key.join(' '), direction !== undefined && keyed >= 2);
  }
  if (!direction) return;
  // Each keyed item against the keyed one before it; the messages only for what is out of order.
  let capped: Capped | undefined;
  let prevKey: unknown;
  let keyedBefore = false;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    const key = orderKey(o, item);
    if (key === undefined) continue;
    const prev = prevKey;
    const ordered = !keyedBefore || orderedPair(direction, prev, key);
    prevKey = key;
    keyedBefore = true;
    if (ordered) continue;
    capped ??= new Capped(j, 'order', 'items out of order');
    const member = firstPresent(item, o.key) ?? '';
    capped.push(
      `${j.itemsAt}${pointerOf(i)}${member}`,
      `order: ${itemLabel(j, i, member)} ${fmt(key)} after ${fmt(prev)}, expected ${direction === 'asc' ? 'ascending' : 'descending'} ${orderWhy(o, inputs, direction)}`,
    );
  }
  capped?.done();
}

function orderedPair(direction: Direction, prev: unknown, cur: unknown): boolean {
  const c = compare(prev, cur);
  return direction === 'asc' ? c <= 0 : c >= 0;
}

/** Why the order was expected: promised, asked, or the default. */
function orderWhy(o: OrderPromise, inputs: Inputs, direction: Direction): string {
  if (o.direction !== undefined) return `(${o.direction})`;
  if (o.input !== undefined && inputs[o.input] !== undefined)
    return `(${showInput(o.input, inputs[o.input])})`;
  return `(${o.input} absent: default ${direction})`;
}

/** A filter: every listed item matches the input it was asked by. */
function checkFilter(f: MatchPromise, j: Judging) {
  const { inputs, items } = j;
  // Left out, an input with a default filters by it: items without the member pass.
  const byDefault = !sent(inputs[f.input]) && f.default !== undefined;
  const given = byDefault ? f.default : inputs[f.input];
  const applies = sent(given) && holds(f.when, inputs);
  use(
    j.uses,
    'filter',
    byDefault ? `${f.input} (default)` : f.input,
    applies && items !== undefined && items.length > 0,
  );
  if (!applies || !items) return;
  // The input's values are read once for all the items (not once an item).
  const wanted = wantedValues(given, f.normalize);
  let capped: Capped | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const kept = keepsWanted(f, item, wanted);
    if (kept === true || (kept === undefined && (f.absent === 'pass' || byDefault))) continue;
    capped ??= new Capped(j, 'filter', `items break ${f.input}`);
    const asked = byDefault
      ? `${expected(f.match, given)} (${f.input} absent: default ${fmt(f.default)})`
      : `${expected(f.match, given)} (${showInput(f.input, given)})`;
    const member = firstPresent(item, f.member);
    if (kept === undefined || member === undefined)
      capped.push(
        `${j.itemsAt}${pointerOf(i)}`,
        `filter: ${itemLabel(j, i)} has no ${f.member.map(label).join(' or ')}, expected ${asked}`,
      );
    else
      capped.push(
        `${j.itemsAt}${pointerOf(i)}${member}`,
        `filter: ${itemLabel(j, i, member)} is ${fmt(getPointer(item, member))}, expected ${asked}`,
      );
  }
  capped?.done();
}

/** `identity`: the answer's member matches the input that named the thing asked for. */
function checkIdentity(id: IdentityPromise, j: Judging) {
  const { out, inputs, where, value } = j;
  if (!id.member) return;
  const given = inputs[id.input];
  const applies = sent(given) && holds(id.when, inputs);
  const present = applies ? presentPointers(value, id.member) : [];
  use(j.uses, 'identity', id.input, applies && (present.length > 0 || id.absent !== 'pass'));
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

/** Where a rule about members reads: the answer itself, or each item of its list. */
function subjectsOf(each: boolean | undefined, j: Judging): [string, unknown][] {
  if (!each) return [['', j.value]];
  return (j.items ?? []).map((item, i) => [`${j.itemsAt}${pointerOf(i)}`, item]);
}

/** `scope`: the answer (or each item) restates the request's scope, or its default. */
function checkScope(sc: ScopePromise, j: Judging) {
  const wanted = scopeWanted(sc, j.inputs);
  const subjects = wanted === undefined ? [] : subjectsOf(sc.each, j);
  const given = sent(j.inputs[sc.input])
    ? showInput(sc.input, j.inputs[sc.input])
    : `${sc.input} absent: default ${fmt(sc.default)}`;
  let exercised = false;
  let capped: Capped | undefined;
  for (const [at, subject] of subjects) {
    const member = firstPresent(subject, sc.member);
    if (member === undefined) {
      if (sc.absent === 'pass') continue;
      exercised = true;
      capped ??= new Capped(j, 'scope', `members off ${sc.input}`);
      capped.push(
        at,
        `scope: ${label(at)} has no ${sc.member.map(label).join(' or ')}, expected ${fmt(wanted)} (${given})`,
      );
      continue;
    }
    exercised = true;
    const got = getPointer(subject, member);
    if (scopeKeeps(sc, wanted, got)) continue;
    capped ??= new Capped(j, 'scope', `members off ${sc.input}`);
    capped.push(
      `${at}${member}`,
      `scope: ${label(`${at}${member}`)} is ${fmt(got)}, expected ${fmt(wanted)} (${given})`,
    );
  }
  use(j.uses, 'scope', sc.input, exercised);
  capped?.done();
}

/** `units`: each member holds a value in its unit's range. */
function checkUnits(u: UnitsPromise, j: Judging) {
  let exercised = false;
  let capped: Capped | undefined;
  for (const [at, subject] of subjectsOf(u.each, j))
    for (const member of presentPointers(subject, u.member)) {
      const v = getPointer(subject, member);
      const ok = inUnit(u.unit, v);
      if (ok === undefined) continue;
      exercised = true;
      if (ok) continue;
      capped ??= new Capped(j, 'units', `members out of ${u.unit}`);
      capped.push(
        `${at}${member}`,
        `units: ${label(`${at}${member}`)} is ${fmt(v)}, expected ${unitWords[u.unit]}`,
      );
    }
  use(j.uses, 'units', u.member.join(' '), exercised);
  capped?.done();
}

const unitWords = {
  'unix-seconds': 'Unix time in seconds (below 10^10)',
  fraction: 'a fraction from 0 to 1',
  percent: 'a percentage from 0 to 100',
} as const;

const relationWords = { atLeast: 'at least', atMost: 'at most', equal: 'equal to' } as const;

/** `relations`: a member against another member (or a value) of the same answer or item. */
function checkRelation(r: RelationPromise, j: Judging) {
  const of = r.of ?? 'answer';
  const pairs: [string, unknown, string, unknown][] = [];
  if (of === 'items') {
    const a = getPointer(j.value, r.member);
    for (const [at, item] of subjectsOf(true, j))
      pairs.push([
        '',
        a,
        `${at}${r.than ?? ''}`,
        r.than === undefined ? r.value : getPointer(item, r.than),
      ]);
  } else
    for (const [at, subject] of subjectsOf(of === 'item', j)) {
      if (r.if && compare(getPointer(subject, r.if.member), r.if.equals) !== 0) continue;
      if (r.if && getPointer(subject, r.if.member) === undefined) continue;
      const b = r.than === undefined ? r.value : getPointer(subject, r.than);
      pairs.push([at, getPointer(subject, r.member), `${at}${r.than ?? ''}`, b]);
    }
  let exercised = false;
  let capped: Capped | undefined;
  for (const [at, a, bAt, b] of pairs) {
    if (a === undefined || a === null || b === undefined || b === null) continue;
    exercised = true;
    if (relates(r.is, a, b)) continue;
    capped ??= new Capped(j, 'relation', `members off ${label(r.member)}`);
    const other = r.than === undefined ? fmt(r.value) : `${label(bAt)} ${fmt(b)}`;
    const cond = r.if ? ` where ${label(`${at}${r.if.member}`)} is ${fmt(r.if.equals)}` : '';
    capped.push(
      `${at}${r.member}`,
      `relation: ${label(`${at}${r.member}`)} ${fmt(a)}, expected ${relationWords[r.is]} ${other}${cond}`,
    );
  }
  use(j.uses, 'relation', r.member, exercised);
  capped?.done();
}

/** `counts`: a count member says how many entries the other member holds. */
function checkCount(c: CountPromise, j: Judging) {
  const { out, inputs, where, value } = j;
  const count = getPointer(value, c.count);
  const n = asNumber(count);
  const of = entryCount(getPointer(value, c.of));
  const applies = holds(c.when, inputs) && n !== undefined && of !== undefined;
  use(j.uses, 'count', c.count, applies);
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
function checkRange(r: RangePromise, j: Judging) {
  const { out, inputs, where, items, itemsAt } = j;
  const { start, count, errorDue } = rangeOf(r, inputs);
  use(j.uses, 'range', r.count, count !== undefined);
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
    let capped: Capped | undefined;
    for (let i = 0; i < list.length; i++) {
      const got = getPointer(list[i], r.index);
      const want = rangeIndex(start, i);
      if (got === undefined || compare(got, want) === 0) continue;
      capped ??= new Capped(j, 'range', 'items off their index');
      capped.push(
        `${itemsAt}${pointerOf(i)}${r.index}`,
        `range: ${itemLabel(j, i, r.index)} ${fmt(got)}, expected ${fmt(typeof got === 'string' ? String(want) : want)} (${r.start} ${start})`,
      );
    }
    capped?.done();
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

  /** Listings held open now, and the items they remember (what a long capture costs). */
  get held(): { listings: number; items: number } {
    let listings = 0;
    let items = 0;
    for (const list of this.#listings.values())
      for (const l of list) {
        listings++;
        items += l.seen.size;
      }
    return { listings, items };
  }

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
    const next = getPointer(value, cursor.next);
    const handsOut = next !== undefined && next !== null && next !== '';
    // The cursor this page hands out, as the listings key it (read once: used twice below).
    const nextToken = handsOut ? stable(next) : undefined;
    // A first page breaks no cursor rule (they compare pages), and one that hands out no
    // cursor starts no listing a later page could follow: nothing to find, open or record.
    if (sentToken === undefined && !handsOut) return [];
    // Built once, for finding the listing and for opening one.
    const key = listingKey(operation, cursor.input, inputs);
    const followed = this.#listingOf(key, sentToken);
    // The same page asked for again (a retry, a reload) is no next page.
    if (followed === 'again') return [];
    if (followed === undefined) {
      if (nextToken === undefined) return [];
      // A page no listing leads to (a first page, or one whose cursor was never seen) that
      // hands out a cursor an open listing handed out already: a first page asked again (a
      // reload, a poll). The page that cursor leads to follows the listing that handed it out
      // first, so a listing opened here could never be followed: nothing to open or record.
      if (this.#handedOutBy(key, nextToken)) return [];
    }
    const listing = followed ?? this.#open(key);
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
    if (nextToken !== undefined) {
      const before = listing.tokens.get(nextToken);
      if (before !== undefined)
        out.push(
          violation(
            'paging',
            where,
            cursor.next,
            `paging: ${label(cursor.next)} ${fmt(next)} on page ${page} was handed out on page ${before} already, expected a new cursor`,
          ),
        );
      else listing.tokens.set(nextToken, page);
    }
    // Items are remembered only for the page a cursor leads on from: without one, no later
    // page of this listing can follow (each page hands out at most the one cursor).
    const maxSeen = handsOut ? (this.limits.maxSeen ?? 100_000) : 0;
    repeatedItems(listing, page, cursor.distinct, items, { itemsAt, where, out, maxSeen });
    return out;
  }

  /** The listing whose token these inputs send; `again` when that token was followed before. */
  #listingOf(key: string, sentToken: unknown): Listing | 'again' | undefined {
    if (sentToken === undefined) return undefined;
    const token = stable(sentToken);
    const listing = this.#handedOutBy(key, token);
    if (!listing) return undefined;
    if (listing.used.has(token)) return 'again';
    listing.used.add(token);
    return listing;
  }

  /** The first open listing under `key` that handed out `token`. */
  #handedOutBy(key: string, token: string): Listing | undefined {
    return this.#listings.get(key)?.find((l) => l.tokens.has(token));
  }

  #open(key: string): Listing {
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

/**
 * A listing is one operation asked with the same inputs but its cursor: `stable` of the
 * inputs without it, written out (no copy of the inputs an answer).
 */
function listingKey(operation: string, cursorInput: string, inputs: Inputs): string {
  const names = Object.keys(inputs).sort();
  let key = `${operation} {`;
  let first = true;
  for (const name of names) {
    if (name === cursorInput) continue;
    key += `${first ? '' : ','}${JSON.stringify(name)}:${stable(inputs[name])}`;
    first = false;
  }
  return `${key}}`;
}

/** Items of this page already on an earlier page of the listing: by `distinct`, else whole. */
function repeatedItems(
  listing: Listing,
  page: number,
  distinct: string[] | undefined,
  items: unknown[],
  at: { itemsAt: string; where: string; out: Violation[]; maxSeen: number },
): void {
  const { maxSeen } = at;
  let capped: Capped | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const member = distinct ? firstPresent(item, distinct) : '';
    if (member === undefined) continue;
    const id = stable(getPointer(item, member));
    const earlier = listing.seen.get(id);
    if (earlier === undefined) {
      if (listing.seen.size < maxSeen) listing.seen.set(id, page);
      continue;
    }
    if (earlier >= page) continue;
    capped ??= new Capped(at, 'paging', 'items of earlier pages');
    const path = `${at.itemsAt}${pointerOf(i)}${member}`;
    capped.push(
      path,
      distinct
        ? `paging: ${label(path)} ${fmt(getPointer(item, member))} on page ${page} was on page ${earlier} already, expected no item on two pages`
        : `paging: ${label(path)} on page ${page} is the same item as one on page ${earlier}, expected no item on two pages`,
    );
  }
  capped?.done();
}

/** JSON with object keys sorted, so equal values give equal keys. */
function stable(v: unknown): string {
  if (typeof v !== 'object' || v === null) return JSON.stringify(v) ?? 'undefined';
  // Written out (no arrays mapped and joined): read for every item of a followed listing.
  let out: string;
  if (Array.isArray(v)) {
    out = '[';
    // A hole reads as nothing, as `map` and `join` had it.
    for (let i = 0; i < v.length; i++) out += `${i > 0 ? ',' : ''}${i in v ? stable(v[i]) : ''}`;
    return `${out}]`;
  }
  out = '{';
  const keys = Object.keys(v).sort();
  const record = v as Record<string, unknown>;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    out += `${i > 0 ? ',' : ''}${JSON.stringify(k)}:${stable(record[k])}`;
  }
  return `${out}}`;
}

/** The answer rules an error answer leaves untested, listed as not exercised. */
function listUnexercised(p: Promises, uses: RuleUse[]): void {
  if (p.page) use(uses, 'page-size', p.page.input, false);
  for (const o of p.order ?? []) use(uses, 'order', o.key.join(' '), false);
  for (const f of p.filters ?? []) use(uses, 'filter', f.input, false);
  for (const id of p.identity ?? []) if (id.member) use(uses, 'identity', id.input, false);
  for (const c of p.counts ?? []) use(uses, 'count', c.count, false);
  if (p.range) use(uses, 'range', p.range.count, false);
  for (const sc of p.scope ?? []) use(uses, 'scope', sc.input, false);
  for (const u of p.units ?? []) use(uses, 'units', u.member.join(' '), false);
  for (const r of p.relations ?? []) use(uses, 'relation', r.member, false);
}

/**
 * Pushes violations of one rule until `perRule`, then counts the rest into one line (at the
 * list's pointer). Made at a rule's first violation: a kept rule builds nothing.
 */
class Capped {
  #n = 0;

  constructor(
    private readonly at: { out: Violation[]; where: string; itemsAt: string },
    private readonly kind: PromiseKind,
    private readonly what: string,
  ) {}

  push(path: string, message: string): void {
    if (this.#n++ < perRule) this.at.out.push(violation(this.kind, this.at.where, path, message));
  }

  done(): void {
    const { out, where, itemsAt } = this.at;
    if (this.#n > perRule)
      out.push(
        violation(
          this.kind,
          where,
          itemsAt,
          `${this.kind}: and ${this.#n - perRule} more ${this.what}`,
        ),
      );
  }
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
  // Copied by loops, not spread and entries (once an exchange).
  const inputs: Inputs = {};
  for (const name of Object.keys(pathParams)) inputs[name] = pathParams[name];
  for (const name of Object.keys(query)) {
    const values = query[name] as string[];
    inputs[name] = values.length === 1 ? values[0] : values;
  }
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
  for (const k of Object.keys(headers)) if (k.toLowerCase() === wanted) return headers[k];
  return undefined;
}
