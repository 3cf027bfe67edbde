// Proves the tester on promises: for each rule kind a faulty deployment (a proxy on 127.0.0.1
// in front of the replay server) breaks that rule on the operations the specs say keep it,
// every answer still schema-valid, and `contract` must report drift of that kind for each of
// them. Which operations, and how each rule is broken, is read off the specs' x-promises.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getPointer, isObject } from '../model/json-pointer.js';
import {
  compare,
  directionOf,
  entryCount,
  holds,
  type Inputs,
  keeps,
  orderKey,
  pageBound,
  sent,
} from '../model/promises/values.js';
import type { MatchPromise, PromiseKind, Promises } from '../model/promises/vocabulary.js';
import type { ViolationKind } from '../model/schema-set.js';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';
import { type CaseTarget, inputsOf, targetOf } from './case-inputs.js';
import { restInputs, rpcInputs } from './case-values.js';
import type { ContractResult } from './contract-case.js';
import { contractCases } from './contract-cases.js';
import { parseClasses, runPlan } from './contract-plan.js';
import type { RunOptions } from './run-options.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const base = contractCases(specs, recordings);

/** One request as the proxy saw it, and the replay server's answer, to be broken in place. */
interface Exchange {
  target: CaseTarget;
  path: string;
  call?: Record<string, unknown>;
  inputs: Inputs;
  status: number;
  body: unknown;
  contentType: string;
}

/** Breaks one rule on an answer when it can; true when it did (the answer is changed in place). */
type Breaker = (x: Exchange) => boolean | Promise<boolean>;

let replayUrl = '';
let breaker: Breaker = () => false;
/** Requests whose answer was broken, as `operation path params`. */
const broken = new Set<string>();
const keyOf = (operation: string, path: string, call: unknown) =>
  `${operation} ${path} ${JSON.stringify(isObject(call) ? (call.params ?? null) : null)}`;

let proxy: Server;
let proxyUrl = '';
let closeReplay: () => Promise<void>;

beforeAll(async () => {
  const replay = await startReplayServer({ specs, recordings });
  replayUrl = replay.url;
  closeReplay = () => replay.close();
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const parsed = text ? JSON.parse(text) : undefined;
    const call = isObject(parsed) && parsed.jsonrpc === '2.0' ? parsed : undefined;
    const upstream = await fetch(`${replayUrl}${req.url}`, {
      method: req.method ?? 'GET',
      headers: { 'content-type': 'application/json' },
      ...(text ? { body: text } : {}),
    });
    const answer = await upstream.text();
    const path = req.url ?? '/';
    const url = new URL(path, 'http://x');
    const operation = call
      ? String(call.method)
      : specs.matchRest(req.method ?? 'GET', url)?.operation.id;
    const service = call
      ? specs.matchRpc(String(call.method))?.service.name
      : specs.matchRest(req.method ?? 'GET', url)?.service.name;
    const target = operation && service ? targetOf(specs, { service, operation }) : undefined;
    const x: Exchange = {
      target: target as CaseTarget,
      path,
      ...(call ? { call } : {}),
      inputs: target
        ? inputsOf(target, {
            service: service as string,
            operation: operation as string,
            source: '',
            method: req.method ?? 'GET',
            path,
            body: call,
            nodeSpecific: false,
            expect: { status: 200 },
          })
        : {},
      status: upstream.status,
      body: answer ? JSON.parse(answer) : undefined,
      contentType: upstream.headers.get('content-type') ?? 'application/json',
    };
    if (target && (await breaker(x))) broken.add(keyOf(operation as string, path, call));
    res.writeHead(x.status, { 'content-type': x.contentType });
    res.end(x.body === undefined ? '' : JSON.stringify(x.body));
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy.closeAllConnections();
  proxy.close();
  await closeReplay();
});

// ---- reading and writing an answer the way x-promises points into it -------------------

const success = (x: Exchange) =>
  x.status >= 200 &&
  x.status < 300 &&
  (x.target.kind === 'rest' || (isObject(x.body) && 'result' in x.body));
const answerOf = (x: Exchange): unknown =>
  x.target.kind === 'rest' ? x.body : isObject(x.body) ? x.body.result : undefined;

function setPointer(doc: unknown, pointer: string, value: unknown): void {
  const tokens = pointer.slice(1).split('/');
  const last = tokens.pop() as string;
  const parent = getPointer(doc, tokens.length ? `/${tokens.join('/')}` : '');
  if (isObject(parent) || Array.isArray(parent)) (parent as Record<string, unknown>)[last] = value;
}

function itemsOf(x: Exchange): unknown[] | undefined {
  const at = x.target.promises.items;
  const list = at === undefined ? undefined : getPointer(answerOf(x), at);
  return Array.isArray(list) ? list : undefined;
}

function setItems(x: Exchange, list: unknown[]): void {
  const at = x.target.promises.items as string;
  setPointer(answerOf(x), at, list);
  // Counts of the list follow it, so that only the rule under test is broken.
  for (const c of x.target.promises.counts ?? [])
    if (c.of === at) {
      const was = getPointer(answerOf(x), c.count);
      setPointer(answerOf(x), c.count, typeof was === 'string' ? String(list.length) : list.length);
    }
}

/** Another value of the same shape: a number or decimal string one up, else two characters swapped. */
function other(v: unknown): unknown {
  if (typeof v === 'number') return v + 1;
  if (typeof v !== 'string') return v;
  if (/^\d+$/.test(v)) return String(BigInt(v) + 1n);
  const chars = [...v];
  for (let i = chars.length - 1; i > 1; i--)
    if (chars[i] !== chars[i - 1]) {
      [chars[i], chars[i - 1]] = [chars[i - 1] as string, chars[i] as string];
      return chars.join('');
    }
  return v;
}

/** Whether the (changed) answer still validates against its operation's or method's schema. */
function schemaValid(x: Exchange): boolean {
  const violations =
    x.target.kind === 'rest'
      ? x.target.service.validateResponse(x.target.op, x.status, x.body, { strict: true })
      : x.target.service.validateReply(x.target.method, x.call?.id, x.body, { strict: true });
  return !violations.some((v) => schemaKinds.has(v.kind));
}

/** Whether an item breaks a filter for the value sent. */
const breaksFilter = (f: MatchPromise, item: unknown, value: unknown) => {
  const kept = keeps(f, item, value);
  return kept === false || (kept === undefined && f.absent !== 'pass');
};

/** A listing: the request without its cursor, so that all its pages share one key. */
function listing(x: Exchange, cursor: string): string {
  const url = new URL(x.path, 'http://x');
  url.searchParams.delete(cursor);
  const params = isObject(x.call?.params) ? { ...x.call.params, [cursor]: undefined } : null;
  return `${url.pathname}${url.search} ${JSON.stringify(params)}`;
}

/** Everything the replay server answered per operation: items another answer may borrow. */
const pool = new Map<string, unknown[]>();
const firstPages = new Map<string, unknown[]>();
const firstTokens = new Map<string, string>();
/** Cursors the proxy made up on a last page, each answered with that page emptied. */
const emptyPages = new Map<string, unknown>();

interface Breaking {
  kind: ViolationKind;
  declared: PromiseKind;
  breaker: Breaker;
  /** The operations whose promises this breaker must reach (not only some of them). */
  covers?: (p: Promises) => boolean;
}

const breakers: Record<string, Breaking> = {
  'page-size: one item more than the page may hold': {
    kind: 'page-size',
    declared: 'page-size',
    breaker: (x) => {
      const { page } = x.target.promises;
      const list = itemsOf(x);
      if (!page || !success(x) || !list?.length) return false;
      const bound = pageBound(page, x.inputs);
      if (bound === undefined || bound > 200 || list.length > bound) return false;
      setItems(x, [...list, ...Array.from({ length: bound + 1 - list.length }, () => list[0])]);
      return true;
    },
  },
  'paging: every page hands out the first cursor again': {
    kind: 'paging',
    declared: 'paging',
    breaker: (x) => {
      const { cursor } = x.target.promises;
      if (!cursor || !success(x)) return false;
      const token = getPointer(answerOf(x), cursor.next);
      if (token === undefined || token === null || token === '') return false;
      // One listing: the request but its cursor.
      const key = listing(x, cursor.input);
      const first = firstTokens.get(key);
      if (x.inputs[cursor.input] === undefined) {
        firstTokens.set(key, JSON.stringify(token));
        return false;
      }
      if (first === undefined) return false;
      setPointer(answerOf(x), cursor.next, JSON.parse(first));
      return true;
    },
  },
  // Every cursor: by `distinct` where the spec names it, else the whole items repeat.
  'paging: a next page repeats the first page': {
    kind: 'paging',
    declared: 'paging',
    covers: (p) => Boolean(p.cursor && !p.cursor.distinct),
    breaker: (x) => {
      const { cursor } = x.target.promises;
      const list = itemsOf(x);
      if (!cursor || !success(x) || !list) return false;
      const key = listing(x, cursor.input);
      if (x.inputs[cursor.input] === undefined) {
        firstPages.set(key, structuredClone(list));
        return false;
      }
      const first = firstPages.get(key);
      if (!first?.length) return false;
      setItems(x, structuredClone(first));
      return true;
    },
  },
  // A cursor that promises `more`: the last page hands one out anyway, and following it gives
  // an empty page (the proxy answers the token it made up with the last page emptied).
  'paging: the last page hands out a cursor to an empty page': {
    kind: 'paging',
    declared: 'paging',
    covers: (p) => Boolean(p.cursor?.more),
    breaker: (x) => {
      const { cursor } = x.target.promises;
      if (!cursor?.more) return false;
      const sentToken = x.inputs[cursor.input];
      const empty = typeof sentToken === 'string' ? emptyPages.get(sentToken) : undefined;
      if (empty !== undefined) {
        x.status = 200;
        x.body = empty;
        return true;
      }
      const list = itemsOf(x);
      const next = getPointer(answerOf(x), cursor.next);
      if (!success(x) || !list?.length || (next !== undefined && next !== null)) return false;
      const token = `proxy-end-${emptyPages.size + 1}`;
      const original = x.body;
      x.body = structuredClone(original);
      setItems(x, []);
      emptyPages.set(token, x.body);
      x.body = original;
      setPointer(answerOf(x), cursor.next, token);
      return true;
    },
  },
  'order: the items in the other direction': {
    kind: 'order',
    declared: 'order',
    breaker: (x) => {
      const list = itemsOf(x);
      if (!success(x) || !list || list.length < 2) return false;
      for (const o of x.target.promises.order ?? []) {
        const direction = directionOf(o, x.inputs);
        if (!direction) continue;
        const keys = list.map((item) => orderKey(o, item));
        if (keys.some((k) => k === undefined)) continue;
        if (new Set(keys.map((k) => JSON.stringify(k))).size < 2) continue;
        const sign = direction === 'asc' ? -1 : 1;
        setItems(
          x,
          [...list].sort((a, b) => sign * compare(orderKey(o, a), orderKey(o, b))),
        );
        return true;
      }
      return false;
    },
  },
  'filter: an item that does not match the filter sent': {
    kind: 'filter',
    declared: 'filter',
    breaker: async (x) => {
      const list = itemsOf(x);
      if (!success(x) || !list) return false;
      for (const f of x.target.promises.filters ?? []) {
        const value = x.inputs[f.input];
        if (!sent(value) || !holds(f.when, x.inputs)) continue;
        // The same request without the filter: what a deployment ignoring it answers.
        let loose: unknown[] = [];
        if (x.target.kind === 'rest') {
          const url = new URL(x.path, 'http://x');
          url.searchParams.delete(f.input);
          const r = await fetch(`${replayUrl}${url.pathname}${url.search}`);
          const body = r.ok ? await r.json() : undefined;
          const at = x.target.promises.items as string;
          const got = getPointer(body, at);
          if (Array.isArray(got)) loose = got;
        }
        const op = x.target.kind === 'rest' ? x.target.op.id : x.target.method.id;
        const stray = [...loose, ...(pool.get(op) ?? [])].find((item) =>
          breaksFilter(f, item, value),
        );
        if (stray === undefined) continue;
        setItems(x, [structuredClone(stray), ...list.slice(1)]);
        return true;
      }
      return false;
    },
  },
  'identity: the answer names another thing than asked': {
    kind: 'identity',
    declared: 'identity',
    breaker: (x) => {
      if (!success(x)) return false;
      const answer = answerOf(x);
      const inputs =
        x.target.kind === 'rest'
          ? restInputs(x.target.service, x.target.op)
          : rpcInputs(x.target.service, x.target.method);
      for (const id of x.target.promises.identity ?? []) {
        const value = x.inputs[id.input];
        if (!id.member || !sent(value) || !holds(id.when, x.inputs)) continue;
        if (keeps(id, answer, value) !== true) continue;
        // Another value the schema allows: one up or two characters swapped, else another of
        // the input's listed values (a network or currency member is an enum).
        const domain = inputs.find((i) => i.name === id.input)?.domain ?? [];
        for (const m of id.member) {
          const v = getPointer(answer, m);
          if (v === undefined || v === null) continue;
          const candidates = [other(v), ...domain.filter((d) => String(d) !== String(v))];
          const fits = candidates.find((c) => {
            setPointer(answer, m, c);
            return schemaValid(x);
          });
          setPointer(answer, m, fits ?? v);
        }
        if (keeps(id, answer, value) === false) return true;
      }
      return false;
    },
  },
  'count: a count one more than the entries': {
    kind: 'count',
    declared: 'count',
    breaker: (x) => {
      if (!success(x)) return false;
      const answer = answerOf(x);
      for (const c of x.target.promises.counts ?? []) {
        if (!holds(c.when, x.inputs)) continue;
        const n = entryCount(getPointer(answer, c.of));
        const was = getPointer(answer, c.count);
        if (n === undefined || was === undefined) continue;
        setPointer(answer, c.count, typeof was === 'string' ? String(n + 1) : n + 1);
        return true;
      }
      return false;
    },
  },
  'range: the items one index past where they were asked from': {
    kind: 'range',
    declared: 'range',
    breaker: (x) => {
      const { range } = x.target.promises;
      const list = itemsOf(x);
      if (!range || !success(x) || !list?.length || x.inputs[range.start] === undefined)
        return false;
      for (const item of list) setPointer(item, range.index, other(getPointer(item, range.index)));
      return true;
    },
  },
  'status: the status the body does not stand for': {
    kind: 'status',
    declared: 'status',
    breaker: (x) => {
      const { status, all } = x.target.promises;
      const answer = answerOf(x);
      if (status && x.target.kind === 'rest') {
        const flag = getPointer(answer, status.member);
        if (typeof flag !== 'boolean') return false;
        x.status = flag ? status.false : status.true;
        return true;
      }
      if (all && success(x)) {
        const flag = getPointer(answer, all.flag);
        if (typeof flag !== 'boolean') return false;
        setPointer(answer, all.flag, !flag);
        return true;
      }
      return false;
    },
  },
  'content-type: JSON served as text/plain': {
    kind: 'content-type',
    declared: 'content-type',
    breaker: (x) => {
      if (!x.target.promises.contentType || x.body === undefined) return false;
      x.contentType = 'text/plain; charset=utf-8';
      return true;
    },
  },
};

/** Feeds the pool of items per operation (for filters to borrow from), never breaking anything. */
function pooled(inner: Breaker): Breaker {
  return async (x) => {
    const list = itemsOf(x);
    if (list && success(x)) {
      const op = x.target.kind === 'rest' ? x.target.op.id : x.target.method.id;
      pool.set(op, [...(pool.get(op) ?? []), ...structuredClone(list)].slice(-200));
    }
    return inner(x);
  };
}

const schemaKinds = new Set<string>([
  'undeclared-property',
  'missing-required',
  'wrong-type',
  'undeclared-value',
  'invalid',
]);

/** The operations and methods whose promises declare a rule of this kind. */
function declaring(kind: PromiseKind): Set<string> {
  const out = new Set<string>();
  for (const { service, id } of specs.all) {
    const target = targetOf(specs, { service, operation: id });
    if (!target) continue;
    const p = target.promises;
    const declares =
      kind === 'status'
        ? Boolean(p.status || p.all)
        : kind === 'identity'
          ? Boolean(p.identity?.some((i) => i.member))
          : kind === 'paging'
            ? Boolean(p.cursor)
            : kind === 'page-size'
              ? Boolean(p.page)
              : kind === 'order'
                ? Boolean(p.order?.length)
                : kind === 'filter'
                  ? Boolean(p.filters?.length)
                  : kind === 'count'
                    ? Boolean(p.counts?.length)
                    : kind === 'range'
                      ? Boolean(p.range)
                      : Boolean(p.contentType);
    if (declares) out.add(id);
  }
  return out;
}

async function contractAgainstProxy(operations: Set<string>): Promise<ContractResult[]> {
  const run: RunOptions = {
    targets: Object.fromEntries([...specs.rest, ...specs.rpc].map((s) => [s.name, proxyUrl])),
    concurrency: 4,
    timeoutMs: 20000,
    maxRetryAfterMs: 0,
    retries: 0,
    replaysCorpus: true,
  };
  const { results } = await runPlan(specs, base, run, {
    classes: parseClasses(undefined),
    seed: 1,
    maxCases: 12,
    maxRequests: 2000,
    maxPages: 4,
    only: (c) => operations.has(c.operation),
  });
  return results;
}

describe('contract reports every broken promise, each answer schema-valid', () => {
  test.each(Object.entries(breakers))(
    '%s',
    async (_name, { kind, declared, breaker: b, covers }) => {
      const operations = declaring(declared);
      expect(operations.size).toBeGreaterThan(0);
      broken.clear();
      pool.clear();
      firstPages.clear();
      firstTokens.clear();
      emptyPages.clear();
      breaker = pooled(b);
      let results: ContractResult[];
      try {
        results = await contractAgainstProxy(operations);
      } finally {
        breaker = () => false;
      }
      const brokenOps = new Set([...broken].map((k) => k.split(' ')[0] as string));
      expect(brokenOps.size).toBeGreaterThan(0);
      if (covers) {
        const must = specs.all
          .filter((o) => {
            const p = targetOf(specs, { service: o.service, operation: o.id })?.promises;
            return p !== undefined && covers(p);
          })
          .map((o) => o.id);
        expect(must.length).toBeGreaterThan(0);
        expect(must.filter((op) => !brokenOps.has(op))).toEqual([]);
      }
      const keyOfResult = (r: ContractResult) => keyOf(r.operation, r.path, r.body);
      const hit = results.filter((r) => broken.has(keyOfResult(r)));
      // Every broken answer is still schema-valid: only the rule is off.
      expect(
        hit.flatMap((r) =>
          r.violations
            .filter((v) => schemaKinds.has(v.kind))
            .map((v) => `${r.operation} ${v.message}`),
        ),
      ).toEqual([]);
      // Every operation broken is reported with drift of that kind.
      const caught = new Set(
        results.filter((r) => r.violations.some((v) => v.kind === kind)).map((r) => r.operation),
      );
      expect([...brokenOps].filter((op) => !caught.has(op))).toEqual([]);
    },
    // Up to 2,000 requests through a proxy, each answer judged: CPU work that two busy cores
    // shared with another test file have taken a minute over.
    300_000,
  );
});

describe("the replay server's own fault switch (startReplayServer's fault) is caught too", () => {
  test.each([...new Set(Object.values(breakers).map((b) => b.declared))])(
    '%s',
    async (kind) => {
      const operations = declaring(kind);
      const replay = await startReplayServer({ specs, recordings, fault: kind });
      try {
        const { results } = await runPlan(
          specs,
          base,
          {
            targets: Object.fromEntries(
              [...specs.rest, ...specs.rpc].map((s) => [s.name, replay.url]),
            ),
            concurrency: 4,
            timeoutMs: 20000,
            maxRetryAfterMs: 0,
            retries: 0,
            replaysCorpus: true,
          },
          {
            classes: parseClasses(undefined),
            seed: 1,
            maxCases: 12,
            maxRequests: 2000,
            maxPages: 4,
            only: (c) => operations.has(c.operation),
          },
        );
        const caught = new Set(
          results.filter((r) => r.violations.some((v) => v.kind === kind)).map((r) => r.operation),
        );
        expect(caught.size).toBeGreaterThan(0);
        expect([...caught].filter((op) => !operations.has(op))).toEqual([]);
        expect(
          results.flatMap((r) =>
            r.violations
              .filter((v) => schemaKinds.has(v.kind))
              .map((v) => `${r.operation} ${v.message}`),
          ),
        ).toEqual([]);
      } finally {
        await replay.close();
      }
    },
    // Up to 2,000 requests through a proxy, each answer judged: CPU work that two busy cores
    // shared with another test file have taken a minute over.
    300_000,
  );
});
