import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { contractCases, parseTargets, retryAfterMs, runContract } from './contract.js';
import { loadRecordings } from './recordings.js';
import { Specs } from './specs.js';

const root = new URL('../../../specs/', import.meta.url);
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

describe('retryAfterMs', () => {
  test.each([
    ['3', 3000],
    ['0', 0],
    ['Wed, 21 Oct 2015 07:28:05 GMT', 5000],
    ['soon', undefined],
    [null, undefined],
  ])('%s', (header, want) => {
    expect(retryAfterMs(header, Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(want);
  });
});

describe('runContract', () => {
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

  test('a Retry-After beyond the cap is reported, not waited for', async () => {
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

describe('parseTargets', () => {
  test('one URL for every service, or name=url pairs', () => {
    expect(parseTargets('http://127.0.0.1:9650/', specs)).toMatchObject({
      'node-rpc': 'http://127.0.0.1:9650',
      'data-api': 'http://127.0.0.1:9650',
    });
    expect(parseTargets('node-rpc=http://127.0.0.1:9650', specs)).toEqual({
      'node-rpc': 'http://127.0.0.1:9650',
    });
    expect(parseTargets('live', specs)).toMatchObject({
      'data-api': 'https://data-api.avax.network',
      'metrics-api': 'https://metrics.avax.network',
    });
  });

  test.each([
    ['nope', /--target: "nope" is not a URL/],
    ['chain=http://x', /unknown service "chain"/],
  ])('%s is refused with the rule', (value, message) => {
    expect(() => parseTargets(value, specs)).toThrow(message);
  });
});
