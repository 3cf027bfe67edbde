import { getPointer, isObject } from '../model/json-pointer.js';
import { parseQuery } from '../model/openapi.js';
import { exercisedRules } from '../model/promises/check.js';
import {
  holds,
  type Inputs,
  sent as isSent,
  keeps,
  normalized,
  orderKey,
} from '../model/promises/values.js';
import type { IdentityPromise, MatchPromise, PromiseKind } from '../model/promises/vocabulary.js';
import type { Specs } from '../model/specs.js';
import { answerOf, type CaseTarget, inputsOf, targetOf, withInputs } from './case-inputs.js';
import { resolveSchema } from './case-values.js';
import type { ContractCase, ContractResult } from './contract-case.js';
import type { Expectation } from './expectation.js';

/*
 * The `filter` case class: every filter (and every identity naming a member) an operation
 * promises is sent with a value taken from an answer that already came back, so the rule is
 * really exercised; an order an input drives is asked both ways of a request whose answer
 * held two items with different keys. A value read off an item of the operation's own answer is one that item
 * satisfies (its node id for `nodeIds`, its timestamp for `startTimestamp`, its amount for a
 * minimum), so a conforming answer is not empty; failing that, a value another answer of the
 * same service holds under the member's name (a subnet id, an asset id) is sent, and an empty
 * answer to it conforms but leaves the rule unexercised.
 */

/** One rule an operation declares that a request input drives: a filter or an identity. */
export interface InputRule {
  rule: 'filter' | 'identity';
  promise: MatchPromise | IdentityPromise;
}

/** The filters and member-naming identities an operation or method declares. */
export function inputRules(target: CaseTarget): InputRule[] {
  const p = target.promises;
  return [
    ...(p.filters ?? []).map((f) => ({ rule: 'filter' as const, promise: f })),
    ...(p.identity ?? [])
      .filter((i) => i.member?.length)
      .map((i) => ({ rule: 'identity' as const, promise: i })),
  ];
}

/** How many filter cases an operation may need: one per member of each rule, bounded. */
export function filterSlots(specs: Specs, maxCases: number): number {
  let n = 0;
  for (const { service, id } of specs.all) {
    const target = targetOf(specs, { service, operation: id });
    if (!target) continue;
    const k =
      inputRules(target).reduce((s, r) => s + (r.promise.member?.length ?? 0), 0) +
      2 * (target.promises.order ?? []).filter((o) => o.input || o.when).length;
    n += Math.min(maxCases, k);
  }
  return n;
}

export const isSuccess = (target: CaseTarget, r: ContractResult) =>
  r.status !== undefined &&
  r.status >= 200 &&
  r.status < 300 &&
  r.exchange?.response.body !== undefined &&
  (target.kind === 'rest' || answerOf(target, r) !== undefined);

/** The items of an answer, for filters; the answer itself is the subject of an identity. */
function subjects(target: CaseTarget, rule: InputRule, answer: unknown): unknown[] {
  if (rule.rule === 'identity') return [answer];
  const items = target.promises.items;
  const list = items === undefined ? undefined : getPointer(answer, items);
  return Array.isArray(list) ? list : [];
}

/** Every value found under `key` anywhere in a JSON value (first few). */
function valuesUnder(doc: unknown, key: string, out: unknown[], limit = 4): void {
  if (out.length >= limit) return;
  if (Array.isArray(doc)) for (const x of doc) valuesUnder(x, key, out, limit);
  else if (isObject(doc))
    for (const [k, v] of Object.entries(doc)) {
      if (k === key && v !== null && (typeof v !== 'object' || Array.isArray(v))) out.push(v);
      else valuesUnder(v, key, out, limit);
    }
}

/** The schema of an input, to tell a list from a single value. */
function inputSchema(target: CaseTarget, name: string): Record<string, unknown> {
  if (target.kind === 'rest') {
    const p = target.op.parameters.find((x) => x.name === name);
    return p ? resolveSchema(target.service.doc, { $ref: `#${p.schema}` }) : {};
  }
  const p = target.method.params.find((x) => x.name === name);
  return p ? resolveSchema(target.service.doc, { $ref: `#${p.schema}` }) : {};
}

/** The input values that ask for `member`: as is, normalised, and as a one-item list. */
function candidates(target: CaseTarget, m: MatchPromise | IdentityPromise, member: unknown) {
  const one = Array.isArray(member) ? member[0] : member;
  if (one === undefined || one === null || isObject(one)) return [];
  const forms = [one, normalized(one, m.normalize)].filter(
    (v, i, all) => all.findIndex((w) => String(w) === String(v)) === i,
  );
  const list = inputSchema(target, m.input).type === 'array';
  return forms.map((v) => (list ? [v] : v));
}

function validCase(target: CaseTarget, c: ContractCase): boolean {
  const url = new URL(c.path, 'http://x');
  if (target.kind === 'rpc')
    return (
      target.service.validateCall(target.method, url.pathname, c.body, { strict: false }).length ===
      0
    );
  const m = target.op.regex.exec(url.pathname);
  const pathParams: Record<string, string> = {};
  target.op.pathParams.forEach((name, i) => {
    pathParams[name] = decodeURIComponent(m?.[i + 1] ?? '');
  });
  return (
    target.service.validateRequest(
      target.op,
      { pathParams, query: parseQuery(url.searchParams), body: c.body },
      { strict: false },
    ).length === 0
  );
}

/** The inputs a `when` needs set so that the rule applies (its first allowed value each). */
function whenInputs(when: MatchPromise['when'], inputs: Inputs): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!when || holds(when, inputs)) return out;
  for (const [name, allowed] of Object.entries(when))
    if (!holds({ [name]: allowed }, inputs)) {
      const v = allowed.find((a) => a !== null);
      out[name] = v === undefined ? undefined : String(v);
    }
  return out;
}

/** A fresh case from a result: its request, without what the run added. */
function requestOf(r: ContractResult): ContractCase {
  const c: ContractCase = {
    service: r.service,
    operation: r.operation,
    source: r.source,
    method: r.method,
    path: r.path,
    nodeSpecific: r.nodeSpecific,
    expect: { status: r.expect.status, ...(r.expect.reply ? { reply: r.expect.reply } : {}) },
  };
  if (r.body !== undefined) c.body = structuredClone(r.body);
  if (r.lenient) c.lenient = r.lenient;
  return c;
}

/**
 * Filter cases from the answers so far: per operation, each rule's input sent with a value
 * read off its own answers (one per member pointer), else off the service's other answers.
 */
export function filterCases(
  specs: Specs,
  results: ContractResult[],
  options: { maxCases: number },
): ContractCase[] {
  const out: ContractCase[] = [];
  const seen = new Set<string>();
  for (const { service, id } of specs.all) {
    const target = targetOf(specs, { service, operation: id });
    if (!target) continue;
    const rules = inputRules(target);
    const orders = (target.promises.order ?? []).filter((o) => o.input || o.when);
    if (rules.length === 0 && orders.length === 0) continue;
    const own = results.filter(
      (r) =>
        r.service === service &&
        r.operation === id &&
        r.verdict === 'conforms' &&
        r.class !== 'negative' &&
        isSuccess(target, r),
    );
    if (own.length === 0) continue;
    const others = results.filter(
      (r) => r.service === service && r.operation !== id && r.verdict === 'conforms',
    );
    let n = 0;
    for (const rule of rules) {
      const m = rule.promise;
      for (const pointer of m.member ?? []) {
        if (n >= options.maxCases) break;
        // From the operation's own answers: an item (or the answer) that holds the member.
        const found: { source: ContractResult; value: unknown; from: string }[] = [];
        for (const r of own) {
          const answer = answerOf(target, r);
          const hit = subjects(target, rule, answer)
            .map((s) => getPointer(s, pointer))
            .find((v) => v !== undefined && v !== null);
          if (hit !== undefined) {
            found.push({ source: r, value: hit, from: `its answer's ${pointer}` });
            break;
          }
        }
        // Else from another answer of the service, under the member's own name.
        if (found.length === 0) {
          const key = pointer.split('/').at(-1) ?? '';
          const values: unknown[] = [];
          for (const r of others) valuesUnder(r.exchange?.response.body, key, values, 1);
          const first = own[0] as ContractResult;
          if (values[0] !== undefined)
            found.push({ source: first, value: values[0], from: `another answer's ${key}` });
        }
        for (const { source, value, from } of found) {
          const base = requestOf(source);
          const inputs = inputsOf(target, base);
          for (const v of candidates(target, m, value)) {
            const c = withInputs(target, base, { ...whenInputs(m.when, inputs), [m.input]: v });
            if (!validCase(target, c)) continue;
            // The request already sent: nothing new to learn from it.
            if (c.path === base.path && JSON.stringify(c.body) === JSON.stringify(base.body)) break;
            const key = `${service} ${c.path} ${JSON.stringify(isObject(c.body) ? { ...c.body, id: 0 } : null)}`;
            if (seen.has(key)) break;
            seen.add(key);
            c.class = 'filter';
            c.source = `filter: ${m.input}=${JSON.stringify(v)} (${rule.rule}, from ${from})`;
            // A value of another answer may name nothing here: the not-found answer conforms too.
            if (from.startsWith('another') && target.promises.notFound) {
              const nf = target.promises.notFound;
              const alt: Expectation | undefined =
                'status' in nf
                  ? { status: nf.status }
                  : 'error' in nf
                    ? { status: 200, reply: 'error', errorCode: nf.error.code }
                    : undefined;
              if (alt) c.expect = { ...c.expect, or: [alt] };
            }
            out.push(c);
            n++;
            break;
          }
        }
      }
    }
    // Then an order an input drives (or that holds only for some inputs) is asked of a request whose
    // answer held two items with different keys: each direction, the `when` inputs set.
    for (const o of orders) {
      const source = own.find((r) => {
        const list = subjects(target, { rule: 'filter', promise: o as never }, answerOf(target, r));
        return new Set(list.map((item) => JSON.stringify(orderKey(o, item)))).size > 1;
      });
      if (!source) continue;
      const base = requestOf(source);
      const inputs = inputsOf(target, base);
      for (const direction of o.input ? ['asc', 'desc'] : [undefined]) {
        if (n >= options.maxCases) break;
        const changes = { ...whenInputs(o.when, inputs) };
        if (o.input) changes[o.input] = direction;
        const c = withInputs(target, base, changes);
        const key = `${service} ${c.path} ${JSON.stringify(isObject(c.body) ? { ...c.body, id: 0 } : null)}`;
        if (seen.has(key) || !validCase(target, c)) continue;
        if (c.path === base.path && JSON.stringify(c.body) === JSON.stringify(base.body)) continue;
        seen.add(key);
        c.class = 'filter';
        const set = Object.entries(changes).map(([k, v]) => `${k}=${v ?? '(absent)'}`);
        c.source = `filter: ${set.join('&')} (order by ${o.key.join(' or ')}, from an answer with two keys)`;
        out.push(c);
        n++;
      }
    }
  }
  return out;
}

export type FilterState = 'exercised' | 'vacuous' | 'not sent';

export interface FilterCoverage {
  input: string;
  rule: 'filter' | 'identity';
  /** exercised: sent and met by at least one item (or the answer); vacuous: sent, met by none. */
  state: FilterState;
  /** Success answers to a request that sent the input. */
  sent: number;
  /** Of those, the answers where an item (or the answer itself) met it. */
  met: number;
}

/** Per operation with filters or identities: which were exercised, vacuous or never sent. */
export function filterCoverage(
  specs: Specs,
  results: ContractResult[],
): Map<string, FilterCoverage[]> {
  const out = new Map<string, FilterCoverage[]>();
  for (const { service, id } of specs.all) {
    const target = targetOf(specs, { service, operation: id });
    if (!target) continue;
    const rules = inputRules(target);
    if (rules.length === 0) continue;
    const answered = results.filter(
      (r) => r.service === service && r.operation === id && isSuccess(target, r),
    );
    const list: FilterCoverage[] = [];
    for (const rule of rules) {
      const m = rule.promise;
      let sent = 0;
      let met = 0;
      for (const r of answered) {
        const inputs = inputsOf(target, r);
        const value = inputs[m.input];
        if (!isSent(value) || !holds(m.when, inputs)) continue;
        sent++;
        if (subjects(target, rule, answerOf(target, r)).some((s) => keeps(m, s, value) === true))
          met++;
      }
      list.push({
        input: m.input,
        rule: rule.rule,
        state: met > 0 ? 'exercised' : sent > 0 ? 'vacuous' : 'not sent',
        sent,
        met,
      });
    }
    out.set(`${service} ${id}`, list);
  }
  return out;
}

/**
 * Per operation: the rule kinds at least one answer put to the test (`exercisedRules`), the
 * cursor's when a page chain reached a second page.
 */
export function exercisedKinds(
  specs: Specs,
  results: ContractResult[],
): Map<string, Set<PromiseKind>> {
  const out = new Map<string, Set<PromiseKind>>();
  const add = (key: string, kind: PromiseKind) =>
    out.set(key, (out.get(key) ?? new Set<PromiseKind>()).add(kind));
  for (const r of results) {
    if (!r.exchange) continue;
    const key = `${r.service} ${r.operation}`;
    if (r.class === 'page' && !r.source.startsWith('page 1:')) add(key, 'paging');
    // Matched by the case's own path, as the run checked it.
    const exchange = {
      ...r.exchange,
      request: { ...r.exchange.request, url: new URL(r.path, r.url).href },
    };
    for (const s of specs.promiseSubjects(exchange))
      for (const use of exercisedRules(s.promises, s.inputs, s.answer))
        if (use.exercised) add(key, use.kind);
  }
  return out;
}
