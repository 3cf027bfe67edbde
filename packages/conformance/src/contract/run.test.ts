// runContract as a library call against the in-process replay server: one report every format
// renders without touching it, settings told as values (never a header value or key), and bad
// settings as a typed error naming the value.
import { afterAll, describe, expect, test } from 'vitest';
import { deref, getPointer, isObject } from '../model/json-pointer.js';
import { declaredKinds } from '../model/promises/vocabulary.js';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { startFaultyProxy } from '../test/faulty-proxy.js';
import { excerpt } from './drifts.js';
import { contractFormats } from './formats/index.js';
import type { ContractReport } from './report-types.js';
import { ContractSettingsError, reportExitCode, runContract } from './run.js';

const root = new URL('../../../../specs/', import.meta.url);
const paths = {
  specs: new URL('dist/', root).pathname,
  recordings: new URL('recordings/', root).pathname,
};
const specs = await Specs.load(paths.specs);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe('runContract against the replay server', () => {
  const token = 'token-value-0123456789';
  let report: ContractReport;

  test('one report: every operation of the specs, counts that add up, settings as values', async () => {
    report = await runContract({
      ...paths,
      headers: ['X-Gateway-Token: $GATEWAY_TOKEN'],
      env: { GATEWAY_TOKEN: token },
      seed: 7,
    });
    const ids = specs.all.map((o) => `${o.service} ${o.id}`).sort();
    expect(report.operations.map((o) => `${o.service} ${o.operation}`).sort()).toEqual(ids);
    expect(report.summary.operations.total).toBe(ids.length);
    expect(report.summary.cases.total).toBe(report.results.length);
    const { conforms, drift, notTested, skipped } = report.summary.cases;
    expect(conforms + drift + notTested + skipped).toBe(report.results.length);
    expect(report.summary.operations.drift).toBe(0);
    expect(reportExitCode(report)).toBe(0);
    expect(report.replayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Date.parse(report.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(report.settings).toMatchObject({
      target: 'replay',
      seed: 7,
      headers: ['X-Gateway-Token'],
      apiKey: false,
    });
    // Each spec family's version, read from its document.
    for (const s of [...specs.rest, ...specs.rpc])
      expect(report.specVersions[s.name.split('-')[0] as string]).toContain(
        (s.doc as { info: { version: string } }).info.version,
      );
    expect(JSON.stringify(report)).not.toContain(token);
  }, 180_000);

  test('every format is a pure function of the report', () => {
    deepFreeze(report);
    expect(Object.keys(contractFormats)).toEqual(expect.arrayContaining(['text', 'json', 'junit']));
    for (const render of Object.values(contractFormats))
      expect(render(report)).toBe(render(report));
    expect(JSON.parse(contractFormats.json?.(report) ?? '')).toEqual(report);
    const junit = contractFormats.junit?.(report) ?? '';
    expect([...junit.matchAll(/<testcase /g)].length).toBe(report.results.length);
    const text = contractFormats.text?.(report) ?? '';
    const { conforms, total } = report.summary.operations;
    expect(text.split('\n').at(-1)).toMatch(
      new RegExp(`^contract: ${conforms}/${total} operations and methods conform, 0 drift`),
    );
    expect(text).toContain(`target: replay server ${report.replayUrl};`);
  });
});

/** The inputs a result's request carried, read off its URL and body. */
function sentNames(r: ContractReport['results'][number]): string[] {
  const rpc = specs.rpc.find((s) => s.name === r.service)?.getMethod(r.operation);
  if (rpc) {
    const params = isObject(r.body) ? r.body.params : undefined;
    if (Array.isArray(params)) return rpc.params.slice(0, params.length).map((p) => p.name);
    return isObject(params) ? Object.keys(params) : [];
  }
  const op = specs.rest.find((s) => s.name === r.service)?.getOperation(r.operation);
  const url = new URL(r.url);
  return [
    ...(op?.pathParams ?? []),
    ...url.searchParams.keys(),
    ...(isObject(r.body) ? Object.keys(r.body) : []),
  ];
}

describe('coverage in the report, read against the specs', () => {
  let report: ContractReport;
  test('every operation; statuses and errors declared, seen and never seen', async () => {
    report = await runContract({ ...paths, maxCases: 4 });
    const cover = new Map(
      report.coverage.perOperation.map((o) => [`${o.service} ${o.operation}`, o]),
    );
    expect([...cover.keys()].sort()).toEqual(specs.all.map((o) => `${o.service} ${o.id}`).sort());
    expect(report.coverage.operations.total).toBe(specs.all.length);
    for (const service of specs.rest)
      for (const op of service.operations) {
        const c = cover.get(`${service.name} ${op.id}`);
        const declared = Object.keys(op.node.responses as object);
        expect(c?.statuses.declared).toEqual(declared);
        const seen = new Set(
          report.results
            .filter((r) => r.service === service.name && r.operation === op.id && r.status)
            .map((r) => String(r.status)),
        );
        expect(new Set(c?.statuses.seen)).toEqual(seen);
        // Here every declared status is a number: never seen is exactly the declared not seen.
        if (declared.every((k) => /^\d+$/.test(k)))
          expect(c?.statuses.neverSeen).toEqual(declared.filter((k) => !seen.has(k)));
      }
    for (const service of specs.rpc)
      for (const method of service.methods) {
        const c = cover.get(`${service.name} ${method.id}`);
        const codes = (method.node.errors as unknown[] | undefined)?.map((e) =>
          String(deref(service.doc, e, '').node.code),
        );
        expect(new Set(c?.errors?.declared)).toEqual(new Set(codes ?? []));
        expect(c?.statuses.declared).toEqual(['200']);
      }
    // The replay states the release its spec describes; the methods that release lacks are
    // covered as such.
    expect(report.nodeVersion).toMatch(/read from info\.getNodeVersion/);
    expect(report.coverage.perOperation.filter((o) => o.absentFrom).length).toBeGreaterThan(0);
  }, 180_000);

  test('parameters sent are those the requests carried; promises are each told once', () => {
    for (const c of report.coverage.perOperation) {
      // A method the judged release does not serve covers only its refusal.
      if (c.absentFrom) {
        expect(c.parameters.declared).toEqual([]);
        expect(Object.values(c.promises).flat()).toEqual([]);
        expect(c.statuses.seen).toEqual(['200']);
        continue;
      }
      const sent = new Set(
        report.results
          .filter((r) => r.service === c.service && r.operation === c.operation && r.requests)
          .flatMap(sentNames),
      );
      expect(c.parameters.sent).toEqual(c.parameters.declared.filter((n) => sent.has(n)));
      expect([...c.parameters.sent, ...c.parameters.neverSent].sort()).toEqual(
        [...c.parameters.declared].sort(),
      );
      const { checked, vacuous, neverExercised } = c.promises;
      const all = [...checked, ...vacuous, ...neverExercised];
      expect(new Set(all).size).toBe(all.length);
      const target =
        specs.rest.find((s) => s.name === c.service)?.getOperation(c.operation) ??
        specs.rpc.find((s) => s.name === c.service)?.getMethod(c.operation);
      const kinds = declaredKinds(target?.promises ?? {});
      expect(all.filter((k) => !k.includes(':')).sort()).toEqual([...kinds].sort());
      for (const e of c.enums) expect(e.values).toEqual(expect.arrayContaining(e.sent));
    }
  });
});

const recordings = await loadRecordings(paths.recordings);
const proxy = await startFaultyProxy(specs, recordings);
afterAll(() => proxy.close());

describe('drift keys', () => {
  // A list operation with a recorded answer of two or more items (none era-marked): every item's
  // first member is made an object.
  const list = (() => {
    for (const r of recordings) {
      if (r.lenient?.length || r.response.status !== 200 || !isObject(r.response.body)) continue;
      const m = specs.matchRest(r.request.method, new URL(r.request.url));
      const field = Object.entries(r.response.body).find(
        ([, v]) => Array.isArray(v) && v.length > 1 && v.every(isObject),
      )?.[0];
      if (m && field) return { operation: m.operation.id, field };
    }
    throw new Error('no recorded list answer with two items');
  })();
  proxy.fault = (x) => {
    if (x.operation !== list.operation || !isObject(x.body)) return undefined;
    const items = getPointer(x.body, `/${list.field}`);
    if (!Array.isArray(items)) return undefined;
    for (const item of items) {
      const first = Object.keys(item)[0];
      if (first) item[first] = { broken: true };
    }
    return x;
  };

  test(`one key per problem whatever the item, the same in two runs (${list.operation})`, async () => {
    const keysOf = async (seed: number) => {
      const report = await runContract({
        ...paths,
        target: proxy.url,
        only: [list.operation],
        seed,
      });
      expect(reportExitCode(report)).toBe(1);
      for (const d of report.drifts) {
        expect(d.key).toBe(`${d.service} ${d.operation} ${d.kind} ${d.path}`);
        expect(d.path).not.toMatch(/\/\d+(\/|$)/);
        expect(new TextEncoder().encode(d.example.response).length).toBeLessThanOrEqual(2048);
        expect(d.example.curl).toMatch(/^curl -sS /);
        // Each case's violations name the drift they belong to.
        const cases = report.results.filter((r) => r.violations.some((v) => v.key === d.key));
        expect(cases.length).toBe(d.cases);
      }
      return report.drifts.map((d) => d.key).sort();
    };
    const first = await keysOf(1);
    expect(first.some((k) => k.includes(` response.body/${list.field}/*/`))).toBe(true);
    expect(await keysOf(2)).toEqual(first);
  }, 180_000);

  test('a status the spec does not declare is met as undeclared, its drift keyed by it', async () => {
    const before = proxy.fault;
    proxy.fault = (x) => (x.operation === list.operation ? { ...x, status: 418 } : undefined);
    try {
      const report = await runContract({
        ...paths,
        target: proxy.url,
        only: [list.operation],
        classes: ['recorded', 'example'],
      });
      const c = report.coverage.perOperation.find((o) => o.operation === list.operation);
      expect(c?.statuses.seen).toEqual(['418']);
      expect(c?.statuses.undeclared).toEqual(['418']);
      expect(report.drifts.map((d) => d.key)).toContain(
        `${c?.service} ${list.operation} unexpected-status response.status=418`,
      );
    } finally {
      proxy.fault = before;
    }
  }, 180_000);

  test('an excerpt keeps to its byte budget and cuts on a character', () => {
    const text = 'é'.repeat(3000);
    const cut = excerpt(text, 2048);
    expect(new TextEncoder().encode(cut).length).toBeLessThanOrEqual(2048);
    expect(cut).toMatch(/^é+\n… \(\d+ more bytes\)$/);
    expect(excerpt('short', 2048)).toBe('short');
  });
});

describe('settings runContract cannot use', () => {
  test.each([
    [{ only: ['noSuchOperation'] }, /--only: noSuchOperation names no operation/],
    [{ target: 'data-api=not a url' }, /--target: "not a url" is not a URL/],
    [{ headers: ['X-Trace literal'] }, /--header: "X-Trac…" is not 'Name: value'/],
    [{ rateLimits: ['1/s', '2/s'] }, /--rate-limit: more than one global rate/],
    [{ nodeVersion: 'banana' }, /--node-version: .*banana/],
  ])('%j throws a ContractSettingsError naming it', async (settings, message) => {
    const run = runContract({ ...paths, ...settings });
    await expect(run).rejects.toBeInstanceOf(ContractSettingsError);
    await expect(run).rejects.toThrow(message);
  });
});
