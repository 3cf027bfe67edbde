// Every drift kind in words, each from a real drift: a faulty deployment (a proxy in front of the
// replay server that rewrites answers, or the replay server's own fault switch for promises) run
// through runContract, or, for the kinds a contract run cannot meet (request-side), a recorded
// exchange changed and checked. The kinds come from violationKinds: a new one with no way here
// to provoke it fails the table test.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { isObject } from '../model/json-pointer.js';
import { declaredKinds, type PromiseKind, promiseKinds } from '../model/promises/vocabulary.js';
import { type ViolationKind, violationKinds } from '../model/schema-set.js';
import { Specs } from '../model/specs.js';
import { loadRecordings, type Recording } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';
import { type Proxied, startFaultyProxy } from '../test/faulty-proxy.js';
import { targetOf } from './case-inputs.js';
import type { ContractResult } from './contract-case.js';
import { collectDrifts } from './drifts.js';
import type { Drift } from './report-types.js';
import { runContract } from './run.js';

const root = new URL('../../../../specs/', import.meta.url);
const paths = {
  specs: new URL('dist/', root).pathname,
  recordings: new URL('recordings/', root).pathname,
};
const specs = await Specs.load(paths.specs);
const recordings = await loadRecordings(paths.recordings);
const proxy = await startFaultyProxy(specs, recordings);
afterAll(() => proxy.close());

const plain = recordings.filter((r) => !r.lenient?.length && r.response.status === 200);

/** A REST operation with a recorded answer listing two or more objects, and that list's name. */
const list = (() => {
  for (const r of plain) {
    if (!isObject(r.response.body)) continue;
    const m = specs.matchRest(r.request.method, new URL(r.request.url));
    const field = Object.entries(r.response.body).find(
      ([, v]) => Array.isArray(v) && v.length > 1 && v.every(isObject),
    )?.[0];
    if (m && field) return { operation: m.operation.id, field, recording: r };
  }
  throw new Error('no recorded list answer with two items');
})();

/** A JSON-RPC method with a recorded result. */
const method = (() => {
  for (const r of plain) {
    const call = r.request.body;
    if (!isObject(call) || typeof call.method !== 'string') continue;
    if (isObject(r.response.body) && isObject(r.response.body.result)) return call.method;
  }
  throw new Error('no recorded JSON-RPC result');
})();

/** The drifts of a run of one operation against the proxy, its answers rewritten by `fault`. */
async function faulty(operation: string, fault: (x: Proxied) => Proxied | undefined) {
  proxy.fault = (x) => (x.operation === operation ? fault(x) : undefined);
  try {
    const report = await runContract({
      ...paths,
      target: proxy.url,
      only: [operation],
      classes: ['recorded', 'example'],
    });
    return report.drifts;
  } finally {
    proxy.fault = () => undefined;
  }
}

const listItems = (x: Proxied) => (x.body as Record<string, Record<string, unknown>[]>)[list.field];

/** Every string member of every listed item made a value no pattern, format or enum allows. */
function unlisted(x: Proxied) {
  for (const item of listItems(x) ?? [])
    for (const [k, v] of Object.entries(item)) if (typeof v === 'string') item[k] = '~unlisted~';
  return x;
}

/** The drifts of a promise broken by the replay server's own fault switch. */
async function brokenPromise(kind: PromiseKind) {
  // The operations declaring the kind, and for `calls` the methods they are linked to (a relation
  // between calls is asked of both, on one target).
  const only = specs.all.flatMap(({ service, id }) => {
    const target = targetOf(specs, { service, operation: id });
    if (!target || !declaredKinds(target.promises).includes(kind)) return [];
    return [id, ...(kind === 'calls' ? (target.promises.calls ?? []).map((c) => c.with) : [])];
  });
  const replay = await startReplayServer({ specs, recordings, fault: kind });
  try {
    const report = await runContract({ ...paths, target: replay.url, only, maxRequests: 400 });
    return report.drifts;
  } finally {
    await replay.close();
  }
}

/** The drifts of a recorded exchange changed by `change`, checked as the tester checks one. */
function changed(recording: Recording, change: (r: Recording) => void): Drift[] {
  const copy = structuredClone(recording);
  change(copy);
  const check = specs.checkExchange(copy, { strict: true });
  const url = new URL(copy.request.url);
  const result: ContractResult = {
    service: check.service ?? '?',
    operation: check.operation || '?',
    source: copy.file,
    method: copy.request.method,
    path: `${url.pathname}${url.search}`,
    nodeSpecific: false,
    expect: { status: recording.response.status },
    url: copy.request.url,
    status: copy.response.status,
    verdict: 'drift',
    ok: false,
    violations: check.errors,
    got: `HTTP ${copy.response.status}`,
    curl: '',
    exchange: copy,
  };
  return collectDrifts([result]);
}

/** A server on 127.0.0.1 answering every request with a body that is not JSON. */
async function notJson() {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('oops, not JSON');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const report = await runContract({
      ...paths,
      target: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      only: [list.operation],
      classes: ['recorded'],
    });
    return report.drifts;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** A recorded request to an operation with a rule across inputs (x-avalanche-rules). */
const ruled = (() => {
  for (const r of recordings) {
    if (r.request.url.includes('/ext/')) continue;
    const op = specs.matchRest(r.request.method, new URL(r.request.url))?.operation;
    if (op?.rules.some((x) => x.rule === 'exactlyOne' || x.rule === 'atLeastOne'))
      return { recording: r, rules: op.rules };
  }
  throw new Error('no recording of an operation with an exactlyOne or atLeastOne rule');
})();

/** The request with every input a rule names left out. */
function withoutRuledInputs(r: Recording) {
  const url = new URL(r.request.url);
  for (const rule of ruled.rules)
    for (const f of rule.fields) {
      url.searchParams.delete(f);
      if (isObject(r.request.body)) delete r.request.body[f];
    }
  r.request.url = url.href;
}

/** Every string anywhere in the answer made a value no pattern, format or enum allows. */
function unlistedDeep(value: unknown): unknown {
  if (typeof value === 'string') return '~unlisted~';
  if (Array.isArray(value)) return value.map(unlistedDeep);
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unlistedDeep(v)]));
  return value;
}

/** A REST operation whose recorded answer, its strings changed, breaks an enum or a const. */
const enumerated = (() => {
  for (const r of plain) {
    if (r.request.url.includes('/ext/')) continue;
    const copy = { ...r, response: { ...r.response, body: unlistedDeep(r.response.body) } };
    const check = specs.checkExchange(copy, { strict: true });
    if (check.operation && check.errors.some((e) => e.kind === 'undeclared-value'))
      return check.operation;
  }
  throw new Error('no recorded answer with a listed value');
})();

/** How to provoke each kind, and what its words must say beside the general rules below. */
const provoke: Record<ViolationKind, { drifts: () => Promise<Drift[]> | Drift[]; want: RegExp[] }> =
  {
    'undeclared-property': {
      drifts: () =>
        faulty(list.operation, (x) => ({ ...x, body: { ...(x.body as object), surprise: false } })),
      want: [
        /the spec declares no member "surprise" in the object at response\.body$/,
        /^the server sent "surprise": false$/,
      ],
    },
    'missing-required': {
      drifts: () => faulty(list.operation, (x) => ({ ...x, body: {} })),
      want: [
        /^the spec requires a member "\w+" in the object at response\.body$/,
        /has no "\w+" \(it is empty\)$/,
      ],
    },
    'wrong-type': {
      drifts: () =>
        faulty(list.operation, (x) => ({
          ...x,
          body: { ...(x.body as object), [list.field]: 'oops' },
        })),
      want: [
        new RegExp(`at response\\.body/${list.field} as an array`),
        /^the server sent "oops", a string$/,
      ],
    },
    'undeclared-value': {
      drifts: () => faulty(enumerated, (x) => ({ ...x, body: unlistedDeep(x.body) })),
      want: [
        /^the spec allows at response\.body\/\S+\/\*\/\S+ only what it lists: /,
        /"~unlisted~" there, a value the spec does not list$/,
      ],
    },
    invalid: {
      drifts: () => faulty(list.operation, unlisted),
      want: [
        /^the spec says the value at response\.body\/\S+\/\*\/\S+ must /,
        /^the server sent "~unlisted~" there$/,
      ],
    },
    'undeclared-status': {
      drifts: () =>
        changed(list.recording, (r) => {
          r.response.status = 418;
        }),
      want: [
        new RegExp(`^the spec declares no HTTP 418 answer for ${list.operation}$`),
        /^the server answered HTTP 418$/,
      ],
    },
    rule: {
      drifts: () => changed(ruled.recording, withoutRuledInputs),
      want: [/^the spec says: (exactly|at least) one of /, /^the request was (GET|POST) \//],
    },
    unmatched: {
      drifts: () =>
        changed(list.recording, (r) => {
          r.request.url = new URL('/v1/no/such/path', r.request.url).href;
        }),
      want: [
        /^the spec says: no operation matches GET \/v1\/no\/such\/path$/,
        /^the request was GET \/v1\/no\/such\/path$/,
      ],
    },
    protocol: {
      drifts: async () => [
        ...(await notJson()),
        ...(await faulty(method, (x) => ({
          ...x,
          body: { ...(x.body as object), jsonrpc: '1.0' },
        }))),
      ],
      want: [
        /^(every answer the specs describe is JSON|JSON-RPC 2\.0 says response\.body\/jsonrpc must be "2\.0")$/,
        /^the server sent (a body that is not JSON \(text\/plain\): "oops, not JSON"|"1\.0" there)$/,
      ],
    },
    'unexpected-status': {
      drifts: () => faulty(list.operation, (x) => ({ ...x, status: 418 })),
      want: [
        /^for this request \(the recording \S+\) the spec expects HTTP 200$/,
        /^the server answered HTTP 418$/,
      ],
    },
    'unexpected-error': {
      drifts: () =>
        faulty(method, (x) => ({
          ...x,
          body: {
            jsonrpc: '2.0',
            id: (x.call as { id: unknown }).id,
            error: { code: -32000, message: 'boom' },
          },
        })),
      want: [
        /^for this request \(.+\) the spec expects HTTP 200 with a result$/,
        /^the server answered HTTP 200 with error -32000 "boom"$/,
      ],
    },
    ...(Object.fromEntries(
      promiseKinds.map((kind) => [
        kind,
        {
          drifts: () => brokenPromise(kind),
          want: [
            new RegExp(`^the spec promises \\(x-promises ${kind}\\) that `),
            /^the server's answer at response\.\S+: (?!\w+: )/,
          ],
        },
      ]),
    ) as Record<PromiseKind, { drifts: () => Promise<Drift[]>; want: RegExp[] }>),
  };

describe('every drift kind reads as what the spec says and what the server answered', () => {
  test.each(violationKinds.map((k) => [k]))(
    '%s',
    async (kind) => {
      const how = provoke[kind];
      expect(how, `no way to provoke ${kind} in drift-words.test.ts`).toBeDefined();
      const drifts = (await how.drifts()).filter((d) => d.kind === kind);
      expect(drifts.length, `no ${kind} drift came of its fault`).toBeGreaterThan(0);
      const [expected, got] = how.want as [RegExp, RegExp];
      for (const d of drifts) {
        expect(d.expected).toMatch(expected);
        expect(d.got).toMatch(got);
        // Where: the operation is the drift's own, and the pointer of an answer part is named.
        expect(d.key.startsWith(`${d.service} ${d.operation} ${kind} `)).toBe(true);
        const pointer = d.path;
        if (
          !pointer.includes('=') &&
          /^response\.(body|result)\//.test(pointer) &&
          kind !== 'undeclared-property' &&
          kind !== 'missing-required'
        )
          expect(`${d.expected} ${d.got}`).toContain(pointer);
        // The words of the old report ("expected: is not declared by the spec / got: false") are gone.
        expect(d.expected).not.toMatch(/^(is|must) /);
      }
    },
    120_000,
  );
});
