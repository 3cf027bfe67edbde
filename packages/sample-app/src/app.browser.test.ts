// app.test.ts in a real Chromium: the file bundled with esbuild as a browser app bundles it (the
// published packages' browser builds, the fake with its data), `vitest` resolved to Vitest's own
// expect (browser-vitest.ts), opened from disk; every test of the file must pass there too, with
// no request leaving the page. The bundle's size is measured and shown.
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
// The docs package unpacks and starts the npm-shipped Chromium; one launcher for the repository.
const chromium = new URL('../../docs/src/chromium.mjs', import.meta.url).href;
const testNames = [
  ...readFileSync(join(here, 'app.test.ts'), 'utf8').matchAll(/\btest\('([^']+)'/g),
].map((m) => m[1] as string);

let context: BrowserContext;
let page: Page;
const requests: string[] = [];
let results: { name: string; error?: string }[];

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents: `import { runCollected } from './browser-vitest.ts';\nimport './app.test.ts';\nglobalThis.runTests = runCollected;\n`,
      resolveDir: here,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    minify: true,
    write: false,
    alias: { vitest: join(here, 'browser-vitest.ts') },
    // The conformance package's Node-only ajv loader reads import.meta; the fake provides ajv.
    logLevel: 'error',
  });
  const code = bundle.outputFiles[0]?.text ?? '';
  console.log(
    `sample app tests, browser bundle: ${code.length} B minified, ${gzipSync(code, { level: 9 }).length} B gzipped`,
  );
  const dir = await mkdtemp(join(tmpdir(), 'sample-app-'));
  const file = join(dir, 'index.html');
  await writeFile(
    file,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>sample app tests</title></head><body><script>${code.replaceAll('</script', '<\\/script')}</script></body></html>`,
  );
  const { launchContext } = await import(chromium);
  context = await launchContext(await mkdtemp(join(tmpdir(), 'sample-app-browser-')));
  page = await context.newPage();
  page.on('request', (r: { url(): string }) => requests.push(r.url()));
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  results = await page.evaluate(() =>
    (globalThis as unknown as { runTests: () => Promise<typeof results> }).runTests(),
  );
});
afterAll(() => context?.close());

describe('app.test.ts in Chromium', () => {
  test('runs every test of the file', () => {
    expect(testNames.length).toBeGreaterThanOrEqual(4);
    expect(results.map((r) => r.name.split(' > ').at(-1))).toEqual(testNames);
  });

  test.each(testNames)('%s passes', (name) => {
    const result = results.find((r) => r.name.endsWith(name));
    expect(result?.error).toBeUndefined();
  });

  test('no request leaves the page', () => {
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
  });
});
