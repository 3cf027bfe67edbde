import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { type Proxied, startFaultyProxy } from '../test/faulty-proxy.js';
import { runContract } from './contract.js';
import type { ContractCase, ContractResult } from './contract-case.js';
import { contractCases } from './contract-cases.js';
import { curlFor } from './curl-for.js';
import type { RunOptions } from './run-options.js';
import { exitCode, verdicts } from './verdicts.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function serve(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const avgTps = { results: [{ timestamp: 1, value: 1.5 }], status: 200, lastRun: 2 };

// Operations and methods of the bundled specs (Data, Metrics, node health, node RPC), counted
// here so that a spec edit that adds one needs no edit of this file.
const loaded = await Specs.load(new URL('../../../../specs/dist/', import.meta.url).pathname);
const specTotal =
  loaded.rest.reduce((n, s) => n + s.operations.length, 0) +
  loaded.rpc.reduce((n, s) => n + s.methods.length, 0);

describe('runContract', () => {
  test('a target with a path prefix is matched by the case path, not marked unmatched', async () => {
    const paths: string[] = [];
    const url = await serve((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(avgTps));
    });
    const cases = contractCases(specs, recordings)
      .filter((c) => c.operation === 'getAvgTps')
      .slice(0, 1);
    const [result] = await runContract(specs, cases, {
      targets: { 'metrics-api': `${url}/prefix` },
      concurrency: 1,
      timeoutMs: 5000,
      maxRetryAfterMs: 5000,
      retries: 0,
    });
    expect(paths[0]?.startsWith('/prefix/v1/')).toBe(true);
    expect(result?.violations).toEqual([]);
    expect(result?.verdict).toBe('conforms');
  });

  test('waits for Retry-After on 429, then validates the real answer', async () => {
    const times: number[] = [];
    const url = await serve((_req, res) => {
      times.push(Date.now());
      if (times.length === 1) {
        res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ message: ['slow down'], statusCode: 429, error: 'Too Many Requests' }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(avgTps));
    });
    const cases = contractCases(specs, recordings)
      .filter((c) => c.operation === 'getAvgTps')
      .slice(0, 1);
    const [result] = await runContract(specs, cases, {
      targets: { 'metrics-api': url },
      concurrency: 1,
      timeoutMs: 5000,
      maxRetryAfterMs: 5000,
      retries: 2,
    });
    expect(result?.ok).toBe(true);
    expect(result?.status).toBe(200);
    expect(times).toHaveLength(2);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(900);
  });

  test('a Retry-After beyond the cap is not waited for: the target is given up on as rate limited', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(429, { 'retry-after': '3600', 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ message: ['slow down'], statusCode: 429, error: 'Too Many Requests' }),
      );
    });
    const cases = contractCases(specs, recordings)
      .filter((c) => c.operation === 'getAvgTps')
      .slice(0, 1);
    const [result] = await runContract(specs, cases, {
      targets: { 'metrics-api': url },
      concurrency: 1,
      timeoutMs: 5000,
      maxRetryAfterMs: 1000,
      retries: 3,
    });
    expect(result?.status).toBe(429);
    expect(result?.requests).toBe(1);
    // A rate limit is not the answer under test: not tested, and the words say why.
    expect(result?.verdict).toBe('not-tested');
    expect(result?.violations).toEqual([]);
    expect(result?.unreachable).toBe(
      'rate limited: HTTP 429 asked to wait 3600 s (Retry-After), more than the 1 s this run waits; the rest were not sent',
    );
  });

  test('never has more requests in flight than the concurrency bound', async () => {
    let inFlight = 0;
    let most = 0;
    const url = await serve((_req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { networkID: '1' } }));
      }, 20);
    });
    const cases = contractCases(specs, recordings)
      .filter((c) => c.service === 'node-rpc')
      .slice(0, 12);
    const results = await runContract(specs, cases, {
      targets: { 'node-rpc': url },
      concurrency: 3,
      timeoutMs: 5000,
      maxRetryAfterMs: 0,
      retries: 0,
    });
    expect(results).toHaveLength(12);
    expect(most).toBe(3);
  });
});

// A faulty deployment: a proxy in front of the in-process replay server that rewrites the
// answers of the operations a fault names. The contract runner (the CLI's own code path)
// must report drift on exactly those operations, and nowhere else.
type Answer = Proxied;
type Fault = (answer: Answer) => Answer | undefined;

// The deployment behind the proxy answers the corpus's older recordings as they were recorded
// (serve --older-answers): the era-marks test holds them to the current shape.
const proxy = await startFaultyProxy(specs, recordings, { olderAnswers: true });
const proxyUrl = proxy.url;
afterAll(() => proxy.close());

const allCases = contractCases(specs, recordings);
const everywhere = (url: string) =>
  Object.fromEntries([...specs.rest, ...specs.rpc].map((s) => [s.name, url]));
const runOptions = (url: string): RunOptions => ({
  targets: everywhere(url),
  concurrency: 4,
  timeoutMs: 20000,
  maxRetryAfterMs: 0,
  retries: 0,
  // The proxy forwards to the replay server, which answers marked recordings as they are.
  replaysCorpus: true,
});

async function runWith(f: Fault, cases: ContractCase[] = allCases) {
  proxy.fault = f;
  try {
    const results = await runContract(specs, cases, runOptions(proxyUrl));
    const drifting = new Set(results.filter((r) => r.verdict === 'drift').map((r) => r.operation));
    return { results, drifting, code: exitCode(results) };
  } finally {
    proxy.fault = () => undefined;
  }
}

const operationsOf = (...services: string[]) =>
  new Set(allCases.filter((c) => services.includes(c.service) && !c.skip).map((c) => c.operation));
const kindsOf = (results: ContractResult[], operation: string) =>
  new Set(
    results
      .filter((r) => r.operation === operation)
      .flatMap((r) => r.violations.map((v) => v.kind)),
  );
const errorBody = (status: number, error: string) => ({
  message: [`${error} (injected)`],
  statusCode: status,
  error,
});
const onOperation =
  (operation: string, change: (a: Answer) => void): Fault =>
  (a) => {
    if (a.operation !== operation) return undefined;
    change(a);
    return a;
  };
const rpcResult = (a: Answer) => (a.body as { result: Record<string, unknown> }).result;

describe('runContract against a faulty deployment', () => {
  test('the clean replay server conforms on every operation and method, exit 0', async () => {
    const { results, drifting, code } = await runWith(() => undefined);
    expect([...drifting]).toEqual([]);
    const perOp = verdicts(results);
    expect(perOp).toHaveLength(specTotal);
    expect(perOp.every((v) => v.verdict === 'conforms')).toBe(true);
    expect(code).toBe(0);
  }, 60000);

  test.each<[string, Fault, () => Set<string>, string[]]>([
    [
      'error-only REST: every Data and Metrics request 404 with the error body',
      (a) =>
        a.service === 'data-api' || a.service === 'metrics-api'
          ? { ...a, status: 404, body: errorBody(404, 'Not Found') }
          : undefined,
      () => operationsOf('data-api', 'metrics-api'),
      ['unexpected-status'],
    ],
    [
      'error-only JSON-RPC: every call answers -32000',
      (a) =>
        a.service === 'node-rpc'
          ? {
              ...a,
              body: {
                jsonrpc: '2.0',
                id: (a.body as { id: unknown }).id,
                error: { code: -32000, message: 'injected failure', data: null },
              },
            }
          : undefined,
      () => operationsOf('node-rpc'),
      ['unexpected-error'],
    ],
    [
      'a 500 with the error body on getBlock',
      onOperation('getBlock', (a) => {
        a.status = 500;
        a.body = errorBody(500, 'Internal Server Error');
      }),
      () => new Set(['getBlock']),
      ['unexpected-status'],
    ],
    [
      '-32601 on info.getNodeVersion',
      onOperation('info.getNodeVersion', (a) => {
        a.body = {
          jsonrpc: '2.0',
          id: (a.body as { id: unknown }).id,
          error: { code: -32601, message: 'the method info.getNodeVersion does not exist' },
        };
      }),
      () => new Set(['info.getNodeVersion']),
      ['unexpected-error'],
    ],
    [
      'a missing required member (info.getNetworkID without networkID)',
      onOperation('info.getNetworkID', (a) => {
        delete rpcResult(a).networkID;
      }),
      () => new Set(['info.getNetworkID']),
      ['missing-required'],
    ],
    [
      'a wrong type (getAvgTps value as a string)',
      onOperation('getAvgTps', (a) => {
        const body = a.body as { results: { value: unknown }[] };
        for (const r of body.results) r.value = String(r.value);
      }),
      () => new Set(['getAvgTps']),
      ['wrong-type'],
    ],
    [
      'an undeclared member (info.getNodeID)',
      onOperation('info.getNodeID', (a) => {
        rpcResult(a).surprise = true;
      }),
      () => new Set(['info.getNodeID']),
      ['undeclared-property'],
    ],
    [
      'a mismatched JSON-RPC id (info.getNetworkName)',
      onOperation('info.getNetworkName', (a) => {
        (a.body as { id: unknown }).id = 'not-the-request-id';
      }),
      () => new Set(['info.getNetworkName']),
      ['protocol'],
    ],
    [
      'a wrong success status (getChainIdsForAddresses 201 where 200 is recorded)',
      onOperation('getChainIdsForAddresses', (a) => {
        a.status = 201;
      }),
      () => new Set(['getChainIdsForAddresses']),
      ['unexpected-status'],
    ],
    [
      'a wrong success status (aggregateSignatures 200 where the spec example says 201)',
      onOperation('aggregateSignatures', (a) => {
        a.status = 200;
      }),
      () => new Set(['aggregateSignatures']),
      ['unexpected-status'],
    ],
  ])(
    '%s',
    async (_name, f, want, kinds) => {
      const { results, drifting, code } = await runWith(f);
      const expected = want();
      expect(expected.size).toBeGreaterThan(0);
      expect([...drifting].sort()).toEqual([...expected].sort());
      for (const op of expected) for (const k of kinds) expect(kindsOf(results, op)).toContain(k);
      expect(code).toBe(1);
    },
    60000,
  );

  test('era marks excuse a trimmed recording only against the replay server', async () => {
    const marked = allCases.filter((c) => c.lenient?.some((p) => p.startsWith('response')));
    expect(marked.length).toBeGreaterThan(0);
    const { drifting } = await runWith(() => undefined, marked);
    expect([...drifting]).toEqual([]);
    // Any other target is held to the current shape: the same answers drift there.
    const strict = await runContract(specs, marked, {
      ...runOptions(proxyUrl),
      replaysCorpus: false,
    });
    const kinds = strict.flatMap((r) => r.violations.map((v) => v.kind));
    expect(strict.some((r) => r.verdict === 'drift')).toBe(true);
    expect(kinds).toContain('missing-required');
  }, 60000);

  test('a connection dropped without an answer is not tested with its reason, never drift', async () => {
    const { results, drifting, code } = await runWith(
      onOperation('getLatestBlocks', (a) => {
        a.drop = true;
      }),
    );
    expect([...drifting]).toEqual([]);
    const dropped = results.filter((r) => r.operation === 'getLatestBlocks' && !r.skip);
    expect(dropped.length).toBeGreaterThan(0);
    for (const r of dropped) {
      expect(r.verdict).toBe('not-tested');
      expect(r.violations).toEqual([]);
      expect(r.unreachable).toMatch(/^the connection closed without an answer \(\w+\)$/);
    }
    // The other operations answered in between: the target was not given up on.
    expect(results.filter((r) => r.verdict === 'conforms').length).toBeGreaterThan(100);
    expect(code).toBe(2);
  }, 60000);

  test('a drift entry says expected vs got and carries a curl line', async () => {
    const { results } = await runWith(
      onOperation('getBlock', (a) => {
        a.status = 500;
        a.body = errorBody(500, 'Internal Server Error');
      }),
      allCases.filter((c) => c.operation === 'getBlock'),
    );
    const [r] = results;
    expect(r?.got).toBe('HTTP 500');
    expect(r?.violations).toContainEqual({
      kind: 'unexpected-status',
      where: 'response.status',
      path: '',
      message: 'expected 200, got 500',
    });
    expect(r?.curl).toMatch(
      /^curl -sS 'http:\/\/127\.0\.0\.1:\d+\/v1\/chains\/[^']+\/blocks\/[^']+'$/,
    );
  }, 60000);

  test('a case expecting an error code drifts on a result or on another code', async () => {
    const base = allCases.find((c) => c.operation === 'info.getNetworkName' && !c.skip);
    if (!base) throw new Error('no info.getNetworkName case');
    const expectsError: ContractCase = {
      ...base,
      expect: { status: 200, reply: 'error', errorCode: -32601 },
    };
    const onResult = await runContract(specs, [expectsError], runOptions(proxy.replayUrl));
    expect(onResult[0]?.violations.map((v) => v.message)).toContain(
      'expected error -32601, got a result',
    );
    const { results } = await runWith(
      onOperation('info.getNetworkName', (a) => {
        a.body = {
          jsonrpc: '2.0',
          id: (a.body as { id: unknown }).id,
          error: { code: -32000, message: 'boom', data: null },
        };
      }),
      [expectsError],
    );
    expect(results[0]?.violations.map((v) => v.message)).toContain(
      'expected error -32601, got error -32000 "boom"',
    );
  }, 60000);
});

describe('unreachable targets', () => {
  test('a closed port is not tested (exit 2), never drift', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    const results = await runContract(specs, allCases, runOptions(url));
    expect(results.filter((r) => r.verdict === 'drift')).toEqual([]);
    expect(results.every((r) => r.verdict === 'not-tested' || r.verdict === 'skipped')).toBe(true);
    expect(exitCode(results)).toBe(2);
  }, 60000);

  test('everything skipped is not a pass', () => {
    const c = { ...(allCases[0] as ContractCase), skip: 'left out' };
    const r: ContractResult = {
      ...c,
      url: 'http://127.0.0.1:1',
      verdict: 'skipped',
      ok: false,
      violations: [],
      curl: curlFor(c, 'http://127.0.0.1:1'),
    };
    expect(exitCode([r])).toBe(2);
  });
});
