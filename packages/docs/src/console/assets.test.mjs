// The console's weight on a page: an inline loader under 1 KB gzip that loads nothing by itself;
// the bundles come on first use, each within its budget.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { consoleAssets } from './assets.mjs';
import { SERVICES } from './operations.mjs';

const gz = (text) => gzipSync(text).length;
const specsDir = dirname(
  createRequire(import.meta.url).resolve('@avalanche-api/specs/dist/data-api.json'),
);
/** How many operations (REST) or methods (JSON-RPC) a bundled spec holds. */
function operationCount(doc) {
  const spec = JSON.parse(readFileSync(join(specsDir, `${doc}.json`), 'utf8'));
  if (spec.methods) return spec.methods.length;
  return Object.values(spec.paths).flatMap((item) =>
    Object.values(item).filter((op) => op?.operationId),
  ).length;
}
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
  // console.js is the same for every spec: 22 KB measured with esbuild 0.28, verdicts
  // included. A validators bundle holds its spec and each operation's precompiled
  // validators, loaded when a reader first opens a console of that service, so its budget
  // follows the spec: 16 KB and 2.5 KB per operation or method (measured: 185 KB for the Data
  // API's 80 operations, 122 KB for the node's 95 methods, 47 KB for the Metrics API's 57).
  expect(gz(files[0].content)).toBeLessThanOrEqual(32 * 1024);
  for (const f of files.slice(1)) {
    const service = f.name.replace(/^console\/validators-|\.js$/g, '');
    const count = operationCount(SERVICES[service].doc);
    expect(count, service).toBeGreaterThan(0);
    expect(gz(f.content), service).toBeLessThanOrEqual(16 * 1024 + 2560 * count);
    expect(f.content).toContain(`AvalancheConsole.register("${service}"`);
  }
});

it('no bundle carries the ajv compiler: every validator the consoles use is precompiled', () => {
  // ajv's Ajv2020 class embeds the draft 2020-12 meta-schema, which has this id.
  for (const f of files)
    expect(f.content).not.toContain('https://json-schema.org/draft/2020-12/schema');
});
