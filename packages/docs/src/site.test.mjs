// Checks of the built site on disk (run `pnpm docs` first): files, spec copies, links, and
// that nothing in the HTML makes the browser load from another host.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultOutDir, defaultSpecsDir } from './build.mjs';
import { SPEC_FILES } from './landing.mjs';
import { healthEndpoints } from './node-reference.mjs';
import { operationsOf, redocAnchor } from './redoc.mjs';
import { findExternalLoads } from './scan.mjs';

const dist = defaultOutDir;
const PAGES = ['index.html', 'data-api.html', 'metrics-api.html', 'node-api.html'];
const read = (file) => readFileSync(join(dist, file), 'utf8');
const spec = (file) => JSON.parse(readFileSync(join(defaultSpecsDir, file), 'utf8'));
const idCache = new Map();
/** The ids of a page of ours, read once. */
function idsOf(file) {
  if (!idCache.has(file)) {
    idCache.set(file, new Set([...read(file).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])));
  }
  return idCache.get(file);
}

beforeAll(() => {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} has no site: run \`pnpm docs\` (node src/build.mjs) before the tests`);
  }
});

describe('built site', () => {
  it('has the four pages and the four spec files', () => {
    for (const page of PAGES) expect(existsSync(join(dist, page)), page).toBe(true);
    for (const { file } of SPEC_FILES)
      expect(existsSync(join(dist, 'specs', file)), file).toBe(true);
  });

  it('ships the bundled specs unchanged and links each of them', () => {
    const index = read('index.html');
    for (const { file } of SPEC_FILES) {
      expect(readFileSync(join(dist, 'specs', file))).toEqual(
        readFileSync(join(defaultSpecsDir, file)),
      );
      expect(index).toContain(`href="specs/${file}"`);
    }
    expect(read('data-api.html')).toContain('"url":"specs/data-api.json"');
    expect(read('metrics-api.html')).toContain('"url":"specs/metrics-api.json"');
  });

  it.each(PAGES)('%s loads nothing from other hosts', (page) => {
    const html = read(page);
    expect(findExternalLoads(html)).toEqual([]);
    expect(html).not.toMatch(
      /fonts\.googleapis\.com|fonts\.gstatic\.com|cdn\.redoc\.ly|cdn\.jsdelivr|unpkg\.com/,
    );
    expect(html).not.toMatch(/<script[^>]+\ssrc=|<link[^>]+rel=["']?stylesheet/i);
  });

  it('resolves every link of our own pages', () => {
    const anchors = {
      'data-api.html': new Set(
        operationsOf(spec('data-api.json')).map((o) => redocAnchor(o.operation)),
      ),
      'metrics-api.html': new Set(
        operationsOf(spec('metrics-api.json')).map((o) => redocAnchor(o.operation)),
      ),
    };
    for (const page of ['index.html', 'node-api.html']) {
      const html = read(page).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
      for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]*)"/g)) {
        if (/^https?:/.test(href)) continue;
        const [file, fragment] = href.split('#');
        const target = file || page;
        expect(existsSync(join(dist, target)), `${page}: ${href}`).toBe(true);
        if (!fragment) continue;
        if (anchors[target]) expect(anchors[target].has(fragment), `${page}: ${href}`).toBe(true);
        else expect(idsOf(target).has(fragment), `${page}: ${href}`).toBe(true);
      }
    }
  });

  it('indexes every operation, method and health endpoint on the landing page', () => {
    const index = read('index.html');
    for (const o of operationsOf(spec('data-api.json'))) {
      expect(index).toContain(`href="data-api.html#${redocAnchor(o.operation)}"`);
    }
    expect(index).toContain('href="metrics-api.html#/metrics/getavgtps"');
    for (const m of spec('node-rpc.json').methods)
      expect(index).toContain(`href="node-api.html#${m.name}"`);
    for (const e of healthEndpoints(spec('node-health.json')))
      expect(index).toContain(`href="node-api.html#${e.anchor}"`);
  });

  it('gives Redoc every operation with curl and TypeScript samples', () => {
    for (const [page, file] of [
      ['data-api.html', 'data-api.json'],
      ['metrics-api.html', 'metrics-api.json'],
    ]) {
      const html = read(page);
      const definition = JSON.parse(html.match(/const __redoc_definition = (\{.*?\});\n/s)[1]);
      const ops = operationsOf(definition);
      expect(ops.map((o) => o.operation.operationId).sort()).toEqual(
        operationsOf(spec(file))
          .map((o) => o.operation.operationId)
          .sort(),
      );
      for (const { operation } of ops) {
        expect(operation['x-codeSamples'].map((s) => s.label).slice(0, 2)).toEqual([
          'curl',
          'TypeScript',
        ]);
      }
      expect(html).toMatch(/"disableTelemetry":true/);
    }
  });
});
