// Checks of the built site on disk (run `pnpm docs` first): files, spec copies, links, and
// that nothing in the HTML makes the browser load from another host.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultOutDir, defaultSpecsDir } from './build.mjs';
import { CHANGES_PAGE } from './changes.mjs';
import { GUIDE_PAGE } from './guide.mjs';
import { FAVICON_FILE, FAVICON_SVG } from './html.mjs';
import { SPEC_FILES } from './landing.mjs';
import { healthEndpoints } from './node-reference.mjs';
import { operationsOf, REDOC_SCRIPT, redocAnchor } from './redoc.mjs';
import { findExternalLoads } from './scan.mjs';

const dist = defaultOutDir;
const PAGES = [
  'index.html',
  'data-api.html',
  'metrics-api.html',
  'node-api.html',
  GUIDE_PAGE,
  CHANGES_PAGE,
];
const REST_PAGES = ['data-api.html', 'metrics-api.html'];
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
  it('has the six pages and the four spec files', () => {
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
    expect(html).not.toMatch(/<link[^>]+rel=["']?stylesheet/i);
    // The only script a page loads is the site's own copy of Redoc's.
    const sources = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]*)"/gi)].map((m) => m[1]);
    expect(sources).toEqual(REST_PAGES.includes(page) ? [REDOC_SCRIPT] : []);
    expect(html).not.toMatch(/type="module"/);
  });

  it.each(PAGES)('%s links the favicon, which exists', (page) => {
    expect(read(page)).toContain(`<link rel="icon" href="${FAVICON_FILE}" type="image/svg+xml">`);
    expect(read(FAVICON_FILE)).toBe(FAVICON_SVG);
    expect(FAVICON_SVG).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('ships Redoc once: the REST pages share one script and stay small', () => {
    const script = read(REDOC_SCRIPT);
    expect(script).toMatch(/^\/\*\*[\s\S]*@license MIT[\s\S]*\*\*\/\nvar RedocBundle=/);
    expect(script).not.toMatch(/cdn\.redoc\.ly|\bexport\s*\{/);
    for (const page of REST_PAGES) {
      const size = Buffer.byteLength(read(page));
      // Each page was 2.6-2.7 MB with Redoc inlined; now the script is loaded, not repeated.
      expect(size, page).toBeLessThan(600 * 1024);
      expect(read(page)).not.toContain(script.slice(200, 400));
    }
  });

  it("links the client guide from the landing page and from every page's top bar", () => {
    expect(read('index.html')).toMatch(new RegExp(`<p class="lede">[^]*href="${GUIDE_PAGE}"`));
    for (const page of PAGES) expect(read(page)).toContain(`<a href="${GUIDE_PAGE}"`);
    expect(read(GUIDE_PAGE)).toMatch(/<h1 id="[^"]+">Using the clients<\/h1>/);
  });

  it("shows the guide's generated options and errors tables, and not their markers", () => {
    const guide = read(GUIDE_PAGE);
    expect(guide).toMatch(/<th>Option<\/th>/);
    expect(guide).toContain('<code>ResponseValidationError</code>');
    expect(guide).not.toMatch(/:begin|:end|&lt;!--/);
  });

  it('opens the only operation of the Metrics page when no route is asked for', () => {
    expect(read('metrics-api.html')).toContain(
      `if (!location.hash) history.replaceState(null, '', "#/metrics/getavgtps");`,
    );
    expect(read('data-api.html')).not.toContain('history.replaceState');
  });

  it('names the api key variable GLACIER_API_KEY everywhere', () => {
    for (const page of PAGES) expect(read(page), page).not.toMatch(/AVALANCHE_API_KEY/);
    expect(read('data-api.html')).toContain('process.env.GLACIER_API_KEY');
    expect(read('index.html')).toContain('process.env.GLACIER_API_KEY');
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
    for (const page of ['index.html', 'node-api.html', GUIDE_PAGE, CHANGES_PAGE]) {
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

  it('gives Redoc every operation with TypeScript samples first, then curl', () => {
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
        const labels = operation['x-codeSamples'].map((s) => s.label);
        expect(labels[0]).toBe('TypeScript');
        expect(labels.at(-1)).toBe('curl');
      }
      expect(html).toMatch(/"disableTelemetry":true/);
      // Redoc shows the tabs in the order of this option: TypeScript first.
      const options = JSON.parse(html.match(/const __redoc_options = (\{.*?\});\n/s)[1]);
      expect(options.codeSamples.languages[0].label).toBe('TypeScript');
    }
  });
});
