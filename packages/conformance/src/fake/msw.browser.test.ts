// The MSW handlers in a browser's service worker, as an app that mocks with MSW runs them: a page
// served from 127.0.0.1 registers MSW's own worker script, starts `setupWorker` with the handlers
// of `@avalanche-api/conformance/msw`, and then the clients call the real services' URLs with the
// browser's own fetch (no `fetch` option). The worker hands each request to the page, the fake's
// engine answers it; nothing goes out to the network.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserContext } from '../test/report-pages.js';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

const app = `
import { setupWorker } from 'msw/browser';
import { createHandlers } from '@avalanche-api/conformance/msw';
import { createDataClient, paginate } from '@avalanche-api/data-client';
import { createNodeClient } from '@avalanche-api/node-rpc';

globalThis.checks = async () => {
  const { handlers, fake } = createHandlers();
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'error',
    quiet: true,
  });
  const data = createDataClient({ retry: { attempts: 2, baseDelayMs: 1 } });
  let pages = 0;
  for await (const page of paginate(data.listValidators, { network: 'mainnet', pageSize: 1 })) pages++;
  const filtered = await data.listValidators({ network: 'mainnet', validationStatus: 'completed' });
  const node = createNodeClient();
  const version = await node.info.getNodeVersion();
  fake.use({ kind: 'rate-limited', operation: 'listBlockchains', retryAfterSeconds: 1, times: 1 });
  await data.listBlockchains({ network: 'mainnet' });
  const unsupported = await node.platform
    .getMaxStakeAmount({ nodeID: 'NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD', startTime: '1', endTime: '2' })
    .then(() => 'answered', (e) => e.name);
  return {
    controlled: navigator.serviceWorker.controller !== null,
    pages,
    filtered: filtered.validators.map((v) => v.validationStatus),
    version: version.version,
    blockchainCalls: fake.requestsFor('listBlockchains').map((r) => r.url),
    unsupported,
    received: fake.requests.length,
  };
};
`;

type Results = {
  controlled: boolean;
  pages: number;
  filtered: string[];
  version: string;
  blockchainCalls: string[];
  unsupported: string;
  received: number;
};

let server: Server;
let context: BrowserContext;
let results: Results;
/** Requests that would have left the machine: aborted, and noted. */
const outside: string[] = [];

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: app, resolveDir: packageDir, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'error',
  });
  const files: Record<string, [string, string]> = {
    '/': [
      'text/html',
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>msw</title></head><body><script type="module" src="/app.js"></script></body></html>',
    ],
    '/app.js': ['text/javascript', bundle.outputFiles[0]?.text ?? ''],
    // MSW's own worker script, from the installed package, served at the page's origin as a
    // service worker must be.
    '/mockServiceWorker.js': [
      'text/javascript',
      await readFile(
        createRequire(`${packageDir}package.json`).resolve('msw/mockServiceWorker.js'),
        'utf8',
      ),
    ],
  };
  server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context = await browserContext();
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`)) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await page.waitForFunction(() => 'checks' in globalThis);
  results = await page.evaluate(() =>
    (globalThis as unknown as { checks: () => Promise<Results> }).checks(),
  );
}, 300_000);
afterAll(async () => {
  await context?.close();
  server?.close();
});

describe('the MSW handlers in the browser’s service worker', () => {
  test('the worker controls the page', () => {
    expect(results.controlled).toBe(true);
  });

  test('the clients, on their default URLs, get the fake’s answers: pages, filters, JSON-RPC', () => {
    expect(results.pages).toBeGreaterThan(1);
    expect(new Set(results.filtered)).toEqual(new Set(['completed']));
    expect(results.version).toMatch(/^avalanchego\//);
    expect(results.received).toBeGreaterThan(results.pages);
  });

  test('a scenario set on the fake behind the handlers: a 429 waited out, then answered', () => {
    expect(results.blockchainCalls).toHaveLength(2);
    expect(results.blockchainCalls[0]).toMatch(/^https:\/\/data-api\.avax\.network\//);
  });

  test('a method the described release does not serve is refused as the node refuses it', () => {
    expect(results.unsupported).toBe('UnsupportedError');
  });

  test('no request leaves the machine', () => {
    expect(outside).toEqual([]);
  });
});
