// The runner's operator controls against real servers on 127.0.0.1: no answer is not tested, a
// silent target is given up on, --header reaches only its service, --max-failures stops the run.
// Servers that must not answer never do (no slow server racing a short timeout).
import { afterEach, describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { closeServers, type Seen, serve } from '../test/cli-run.js';
import { runContract } from './contract.js';
import type { ContractCase } from './contract-case.js';
import { contractCases } from './contract-cases.js';
import { newRunState, parseHeader, parseRate, RateLimits } from './contract-controls.js';
import type { RunOptions } from './run-options.js';
import { exitCode } from './verdicts.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const allCases = contractCases(specs, recordings).filter((c) => !c.skip);
const services = [...specs.rest, ...specs.rpc].map((s) => s.name);

afterEach(closeServers);

const everywhere = (url: string) => Object.fromEntries(services.map((s) => [s, url]));
const options = (targets: Record<string, string>, more: Partial<RunOptions> = {}): RunOptions => ({
  targets,
  concurrency: 1,
  timeoutMs: 500,
  maxRetryAfterMs: 0,
  retries: 0,
  ...more,
});

describe('no answer is not drift', () => {
  test('a target that never answers is given up on after a stretch of silence; a timed-out case is tried twice', async () => {
    const hung = await serve();
    const cases = allCases.slice(0, 40);
    const state = newRunState();
    const results = await runContract(
      specs,
      cases,
      options(everywhere(hung.url), { state, silenceMs: 5000 }),
    );
    expect(results).toHaveLength(40);
    expect(results.filter((r) => r.verdict === 'drift')).toEqual([]);
    expect(results.every((r) => r.verdict === 'not-tested')).toBe(true);
    // The first case timed out twice (one retry); the target was given up on soon after.
    expect(results[0]?.requests).toBe(2);
    expect(results[0]?.unreachable).toBe('no answer within 500 ms (2 tries)');
    const sent = results.filter((r) => (r.requests ?? 0) > 0);
    expect(sent.length).toBeLessThan(40);
    for (const r of sent) expect(r.unreachable).toMatch(/^no answer within 500 ms/);
    const rest = results.filter((r) => (r.requests ?? 0) === 0);
    expect(rest.length).toBeGreaterThan(0);
    for (const r of rest)
      expect(r.unreachable).toMatch(
        /^no answer for \d+ s \(last: no answer within 500 ms\); the rest were not sent$/,
      );
    expect(state.requests).toBe(hung.seen.length);
    expect(exitCode(results)).toBe(2);
  }, 60000);

  test('a reset connection is not tested, with its reason', async () => {
    const reset = await serve((_s, res) => res.socket?.destroy());
    const [result] = await runContract(specs, allCases.slice(0, 1), options(everywhere(reset.url)));
    expect(result?.verdict).toBe('not-tested');
    expect(result?.violations).toEqual([]);
    expect(result?.unreachable).toMatch(/^the connection closed without an answer \(\w+\)$/);
  });

  test('an answer in between keeps a target in the run; a timed-out case is retried once', async () => {
    let n = 0;
    // Every other request is never answered.
    const flaky = await serve((_s, res) => {
      if (n++ % 2 === 1) return;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: ['no'], statusCode: 404, error: 'Not Found' }));
    });
    const cases = allCases.filter((c) => c.service === 'data-api').slice(0, 6);
    // A timeout a loaded machine's 404 never comes near: only the unanswered requests time out.
    const results = await runContract(
      specs,
      cases,
      options(everywhere(flaky.url), { timeoutMs: 2000 }),
    );
    // One at a time: the first request is answered; from then on each case's first request is
    // the unanswered one, and its retry is answered.
    expect(results.filter((r) => r.verdict === 'not-tested')).toEqual([]);
    expect(results.map((r) => r.status)).toEqual(cases.map(() => 404));
    expect(results.map((r) => r.requests)).toEqual(cases.map((_, i) => (i === 0 ? 1 : 2)));
    expect(flaky.seen).toHaveLength(11);
  }, 60000);
});

describe('--header', () => {
  test('reaches its service only, and its value stays out of results, curl lines and recordings', async () => {
    const token = 'gw-secret-0123456789';
    const echo = (s: Seen, res: import('node:http').ServerResponse) => {
      // A server that echoes what it got: the value must still not reach the result.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ jsonrpc: '2.0', id: 1, result: { echoed: s.headers['x-gateway'] } }),
      );
    };
    const node = await serve(echo);
    const data = await serve(echo);
    const headers = [
      parseHeader(`node-rpc=X-Gateway: Bearer \${GW}`, services, { GW: token }),
      parseHeader('X-Trace: trace-literal-42', services, {}),
    ];
    const cases: ContractCase[] = [
      allCases.find((c) => c.service === 'node-rpc') as ContractCase,
      allCases.find((c) => c.service === 'data-api' && c.method === 'GET') as ContractCase,
    ];
    const results = await runContract(
      specs,
      cases,
      options({ 'node-rpc': node.url, 'data-api': data.url }, { headers }),
    );
    expect(node.seen[0]?.headers['x-gateway']).toBe(`Bearer ${token}`);
    expect(node.seen[0]?.headers['x-trace']).toBe('trace-literal-42');
    expect(data.seen[0]?.headers['x-gateway']).toBeUndefined();
    expect(data.seen[0]?.headers['x-trace']).toBe('trace-literal-42');
    const [rpc, rest] = results;
    expect(rpc?.curl).toContain(`-H "X-Gateway: Bearer \${GW}"`);
    expect(rpc?.curl).toContain('-H "X-Trace: [redacted]"');
    expect(rest?.curl).not.toContain('X-Gateway');
    const everything = JSON.stringify(results);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('trace-literal-42');
    expect(everything).toContain('[redacted]');
  });
});

describe('--max-failures', () => {
  test('no case is started once N drifted; the results hold what ran', async () => {
    const empty = await serve((_s, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    const cases = allCases.filter((c) => c.service === 'data-api').slice(0, 30);
    const state = newRunState();
    const results = await runContract(
      specs,
      cases,
      options(everywhere(empty.url), { maxFailures: 5, state }),
    );
    expect(results.filter((r) => r.verdict === 'drift')).toHaveLength(5);
    expect(empty.seen).toHaveLength(results.length);
    expect(results.length).toBeLessThan(30);
    expect(state.stopped).toBe('--max-failures 5 reached');
    expect(exitCode(results)).toBe(1);
  });
});

describe('--rate-limit', () => {
  test('a 429 retry honours Retry-After, waits its turn and is counted as a request', async () => {
    const at: number[] = [];
    const limited = await serve((_s, res) => {
      at.push(performance.now());
      if (at.length === 1) {
        res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ message: ['slow down'], statusCode: 429, error: 'Too Many Requests' }),
        );
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: ['no'], statusCode: 404, error: 'Not Found' }));
    });
    const cases = allCases.filter((c) => c.service === 'data-api').slice(0, 3);
    const state = newRunState();
    const results = await runContract(
      specs,
      cases,
      options(everywhere(limited.url), {
        retries: 2,
        maxRetryAfterMs: 5000,
        concurrency: 3,
        rateLimits: new RateLimits([parseRate('5/s', services)]),
        state,
      }),
    );
    expect(results.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(limited.seen).toHaveLength(4);
    expect(state.requests).toBe(4);
    expect(results.reduce((n, r) => n + (r.requests ?? 0), 0)).toBe(4);
    // The retry came after the server's Retry-After, whatever else went out meanwhile.
    expect((at[3] as number) - (at[0] as number)).toBeGreaterThanOrEqual(900);
  }, 60000);
});
