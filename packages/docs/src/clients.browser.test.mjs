// The data client as a browser app ships it (the one-call bundle the size tests measure), run in
// Chromium against a node:http server on 127.0.0.1: the transport's browser-only paths hold there
// (an opaque redirect refused while a key is attached, a lent abort signal that still cuts a
// request off at its timeout and is lent again to the next call).
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchContext } from './chromium.mjs';

const KEY = 'browser-key-0123456789';
const clientDir = dirname(fileURLToPath(import.meta.resolve('@avalanche-api/data-client')));

// What the page runs: one call site per path of the transport, each result reduced to plain data.
const APP = `
import { createDataCore, listValidators, RedirectError, TimeoutError } from '@avalanche-api/data-client';
const fields = (e) => ({ name: e.name, timeout: e instanceof TimeoutError, redirect: e instanceof RedirectError, status: e.status, timeoutMs: e.timeoutMs, rule: e.rule, message: e.message });
const attempt = (p) => p.then((page) => ({ count: page.validators.length }), fields);
window.run = async (origin) => {
  const core = createDataCore({ baseUrl: origin, apiKey: ${JSON.stringify(KEY)}, timeoutMs: 400, retry: false });
  const ok = [];
  for (let i = 0; i < 20; i++) ok.push(await attempt(listValidators(core, { network: 'mainnet' })));
  const timeout = await attempt(listValidators(core, { network: 'fuji' }));
  const afterTimeout = await attempt(listValidators(core, { network: 'mainnet' }));
  const redirect = await attempt(listValidators(core, { network: 'testnet' }));
  const parameter = await attempt(listValidators(core, { network: 'nope' }));
  return { ok, timeout, afterTimeout, redirect, parameter };
};
`;

let server;
let origin;
let context;
let userDataDir;
/** Every request the server saw: path, the key header, and whether its socket was closed early. */
const seen = [];

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: APP, resolveDir: clientDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  server = createServer((req, res) => {
    const entry = { path: req.url, key: req.headers['x-glacier-api-key'], closedEarly: false };
    seen.push(entry);
    res.on('close', () => {
      entry.closedEarly = !res.writableFinished;
    });
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>client</title><script type="module" src="/app.js"></script>');
    } else if (req.url === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
    } else if (req.url === '/v1/networks/mainnet/validators') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ validators: [{ nodeId: 'NodeID-1' }, { nodeId: 'NodeID-2' }] }));
    } else if (req.url === '/v1/networks/fuji/validators') {
      // Never answers: only the client's timeout ends this one.
    } else if (req.url === '/v1/networks/testnet/validators') {
      res.writeHead(302, { location: `${origin}/elsewhere` });
      res.end();
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message":"not here"}');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${server.address().port}`;
  userDataDir = await mkdtemp(join(tmpdir(), 'clients-chromium-'));
  context = await launchContext(userDataDir);
});

afterAll(async () => {
  await context?.close();
  server?.closeAllConnections();
  server?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

describe('data client in Chromium', () => {
  it('answers, times out, refuses a redirect with its key, and checks parameters', async () => {
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('request', (r) => {
      if (!r.url().startsWith(`${origin}/`)) problems.push(`request to another host: ${r.url()}`);
    });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => typeof window.run === 'function');
    const result = await page.evaluate((o) => window.run(o), origin);
    expect(problems).toEqual([]);

    // Twenty calls in a row, each through a signal lent again, each answered.
    expect(result.ok).toEqual(Array.from({ length: 20 }, () => ({ count: 2 })));
    expect(seen.filter((r) => r.path === '/v1/networks/mainnet/validators')).toHaveLength(21);
    expect(seen.filter((r) => r.path.startsWith('/v1/')).every((r) => r.key === KEY)).toBe(true);

    // The timeout rejects with TimeoutError and the browser drops the request.
    expect(result.timeout).toMatchObject({ name: 'TimeoutError', timeout: true, timeoutMs: 400 });
    await expect
      .poll(() => seen.find((r) => r.path === '/v1/networks/fuji/validators')?.closedEarly)
      .toBe(true);
    expect(result.afterTimeout).toEqual({ count: 2 });

    // With the key attached, a redirect is not followed: the browser hands back an opaque one.
    expect(result.redirect).toMatchObject({ name: 'RedirectError', redirect: true, status: 0 });
    expect(result.redirect.message).not.toContain(KEY);
    expect(seen.some((r) => r.path === '/elsewhere')).toBe(false);

    // A parameter outside the spec's enum never leaves the page.
    expect(result.parameter).toMatchObject({ name: 'ParameterError', rule: 'enum' });
    expect(seen.some((r) => r.path.includes('nope'))).toBe(false);
  });
});
