// The fake in a real Chromium, as a browser test of an app would bundle it: the built
// `@avalanche-api/conformance/fake` and the data client in one esbuild bundle, opened from disk.
// The page pages a listing to its end, keeps a filter, waits out a 429 and sees a drift through the
// client's validator, with no request leaving the page; the bundle's size is measured and held
// to a budget.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserContext, openFromDisk } from '../test/report-pages.js';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
// The specs and recordings are most of it (about 1.2 MB of JSON before gzip); the budget moves
// with them, not with one call.
const GZIP_BUDGET = 320 * 1024;

const app = `
import { createFakeFetch } from '@avalanche-api/conformance/fake';
import { createDataClient, paginate } from '@avalanche-api/data-client';
import { createValidator } from '@avalanche-api/data-client/validate';

globalThis.checks = async () => {
  const fake = createFakeFetch();
  const client = createDataClient({ fetch: fake, retry: { attempts: 2, baseDelayMs: 1 } });
  let pages = 0;
  for await (const page of paginate(client.listValidators, { network: 'mainnet', pageSize: 1 })) pages++;
  const filtered = await client.listValidators({ network: 'mainnet', validationStatus: 'completed' });
  fake.reset();
  fake.use({ kind: 'rate-limited', operation: 'listBlockchains', retryAfterSeconds: 1, times: 1 });
  await client.listBlockchains({ network: 'mainnet' });
  const afterWait = fake.requestsFor('listBlockchains').length;
  fake.use({ kind: 'drift', operation: 'listValidators', breaks: 'wrong-type' });
  const strict = createDataClient({ fetch: fake, validate: createValidator('strict') });
  const drift = await strict.listValidators({ network: 'mainnet' }).then(() => 'none', (e) => e.name);
  return {
    pages,
    filtered: filtered.validators.map((v) => v.validationStatus),
    afterWait,
    drift,
  };
};
`;

let context: BrowserContext;
let gzipBytes: number;
let results: { pages: number; filtered: string[]; afterWait: number; drift: string };
let requests: string[];

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'fake-browser-'));
  const bundle = await build({
    stdin: { contents: app, resolveDir: packageDir, loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    minify: true,
    write: false,
    // schema-set's Node-only ajv loader reads import.meta; the fake provides ajv instead.
    logLevel: 'error',
  });
  const code = bundle.outputFiles[0]?.text ?? '';
  gzipBytes = gzipSync(code, { level: 9 }).length;
  console.log(
    `fake + data client, browser bundle: ${code.length} B minified, ${gzipBytes} B gzipped`,
  );
  const file = join(dir, 'index.html');
  await writeFile(
    file,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fake</title></head><body><script>${code.replaceAll('</script', '<\\/script')}</script></body></html>`,
  );
  context = await browserContext();
  const opened = await openFromDisk(context, file);
  requests = opened.requests;
  results = await opened.page.evaluate(() =>
    (globalThis as unknown as { checks: () => Promise<typeof results> }).checks(),
  );
}, 300_000);
afterAll(() => context?.close());

describe('the fake in Chromium', () => {
  test('a listing paged to its end, a filter kept', () => {
    expect(results.pages).toBeGreaterThan(1);
    expect(results.filtered.length).toBeGreaterThan(0);
    expect(new Set(results.filtered)).toEqual(new Set(['completed']));
  });

  test('a 429 waited out (two requests), a drift caught by the validator', () => {
    expect(results.afterWait).toBe(2);
    expect(results.drift).toBe('ResponseValidationError');
  });

  test('no request leaves the page', () => {
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
  });

  test(`the bundle stays within ${GZIP_BUDGET / 1024} KiB gzipped`, () => {
    expect(gzipBytes).toBeLessThanOrEqual(GZIP_BUDGET);
  });
});
