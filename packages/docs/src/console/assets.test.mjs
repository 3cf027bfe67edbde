// The console's weight on a page: an inline loader under 1 KB gzip that loads nothing by itself;
// the bundles come on first use, each within its budget.
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { consoleAssets } from './assets.mjs';
import { SERVICES } from './operations.mjs';

const gz = (text) => gzipSync(text).length;
const { head, files } = consoleAssets({ relRoot: '../' });

it('the loader is inline, under 1 KB gzip, and loads nothing until a console opens', () => {
  expect(head).toMatch(/^<script>[\s\S]*<\/script>$/);
  expect(head).not.toMatch(/<script[^>]*\ssrc=/);
  expect(head).toContain('"../"');
  expect(gz(head)).toBeLessThanOrEqual(1024);
});

it('writes console.js and one validators bundle per service, within their budgets', () => {
  const names = files.map((f) => f.name);
  expect(names).toEqual([
    'console/console.js',
    ...Object.keys(SERVICES).map((s) => `console/validators-${s}.js`),
  ]);
  // Measured 18 KB (console) and 66 KB (the Data API's validators) with esbuild 0.28.
  expect(gz(files[0].content)).toBeLessThanOrEqual(32 * 1024);
  for (const f of files.slice(1)) {
    expect(gz(f.content)).toBeLessThanOrEqual(96 * 1024);
    const service = f.name.replace(/^console\/validators-|\.js$/g, '');
    expect(f.content).toContain(`AvalancheConsole.register("${service}"`);
  }
});

it('no bundle carries the ajv compiler: every validator the consoles use is precompiled', () => {
  // ajv's Ajv2020 class embeds the draft 2020-12 meta-schema, which has this id.
  for (const f of files)
    expect(f.content).not.toContain('https://json-schema.org/draft/2020-12/schema');
});
