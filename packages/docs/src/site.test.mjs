// Checks of the built site on disk (run `pnpm docs` first): files, spec copies, links, and
// that nothing in the HTML makes the browser load from another host.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundledSpecs, defaultOutDir, defaultSpecsDir } from './build.mjs';
import { CHANGES_PAGE } from './changes.mjs';
import { CONFORMANCE_PAGE } from './conformance.mjs';
import { documentParameterNames, errorExamplesFor } from './errors.mjs';
import { API_KEYS_ANCHOR, GUIDE_PAGE, TESTING_PAGE } from './guide.mjs';
import { FAVICON_FILE, FAVICON_SVG, SEARCH_INDEX_SCRIPT, SEARCH_SCRIPT } from './html.mjs';
import { SPEC_FILES } from './landing.mjs';
import { healthEndpoints } from './node-reference.mjs';
import { listOperations, operationsOf, SERVICE_PAGES } from './operations.mjs';
import { findExternalLoads } from './scan.mjs';

const dist = defaultOutDir;
/** Every page of the built site: the fixed ones and a reference page per group of calls. */
const PAGES = existsSync(dist) ? readdirSync(dist).filter((f) => f.endsWith('.html')) : [];
const FIXED_PAGES = [
  'index.html',
  'data-api.html',
  'metrics-api.html',
  'node-api.html',
  GUIDE_PAGE,
  TESTING_PAGE,
  CHANGES_PAGE,
  CONFORMANCE_PAGE,
];
const texts = new Map();
/** A file of the built site, read once. */
const read = (file) => {
  if (!texts.has(file)) texts.set(file, readFileSync(join(dist, file), 'utf8'));
  return texts.get(file);
};
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
  it('has the fixed pages, a page per group of calls, and the four spec files', () => {
    for (const page of FIXED_PAGES) expect(existsSync(join(dist, page)), page).toBe(true);
    const callPages = new Set(listOperations(bundledSpecs()).map((c) => c.page));
    for (const page of callPages) expect(existsSync(join(dist, page)), page).toBe(true);
    expect(PAGES.length).toBeGreaterThan(FIXED_PAGES.length + callPages.size - 1);
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
    expect(read('data-api.html')).toContain('href="specs/data-api.json"');
    expect(read('metrics-api.html')).toContain('href="specs/metrics-api.json"');
  });

  it.each(PAGES)('%s loads nothing from other hosts', (page) => {
    const html = read(page);
    expect(findExternalLoads(html)).toEqual([]);
    expect(html).not.toMatch(
      /fonts\.googleapis\.com|fonts\.gstatic\.com|cdn\.redoc\.ly|cdn\.jsdelivr|unpkg\.com/,
    );
    expect(html).not.toMatch(/<link[^>]+rel=["']?stylesheet/i);
    // A page loads no script file: search.js is added when the reader first searches.
    const sources = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]*)"/gi)].map((m) => m[1]);
    expect(sources).toEqual([]);
    expect(html).toContain(`s.src=${JSON.stringify(SEARCH_SCRIPT)}`);
    expect(html).not.toMatch(/type="module"|redoc/i);
  });

  it.each(PAGES)('%s links the favicon, which exists', (page) => {
    expect(read(page)).toContain(`<link rel="icon" href="${FAVICON_FILE}" type="image/svg+xml">`);
    expect(read(FAVICON_FILE)).toBe(FAVICON_SVG);
    expect(FAVICON_SVG).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('ships search.js as a classic script that loads the index beside it', () => {
    const script = read(SEARCH_SCRIPT);
    expect(script).not.toMatch(/\bexport\s*\{|\bimport\s*\(|import\.meta/);
    expect(script).toContain('search-index.js');
    const index = read(SEARCH_INDEX_SCRIPT);
    expect(index).toMatch(/^__docsSearchLoaded\(\{/);
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

  it('renders every call once, with its console mount point, on the page the list names', () => {
    const specs = bundledSpecs();
    const calls = listOperations(specs);
    expect(calls.length).toBe(
      operationsOf(specs.data).length +
        operationsOf(specs.metrics).length +
        specs.openrpc.methods.length +
        healthEndpoints(specs.health).length,
    );
    for (const c of calls) {
      expect(idsOf(c.page).has(c.anchor), `${c.page}#${c.anchor}`).toBe(true);
      const at = read(c.page).indexOf(`<section class="method" id="${c.anchor}">`);
      const section = read(c.page).slice(at, read(c.page).indexOf('</section>', at));
      const mount = `<div class="try" data-service="${c.service}" data-op="${c.op}"></div>`;
      expect(section, c.op).toContain(mount);
      for (const p of c.params) {
        expect(idsOf(c.page).has(`${c.anchor}/params/${p.name}`), `${c.op} ${p.name}`).toBe(true);
      }
    }
  });

  it('shows a contract run with a verdict and one row per operation of the specs', () => {
    const specs = bundledSpecs();
    const page = read(CONFORMANCE_PAGE);
    expect(page).toMatch(/Verdict: <span class="badge v-(conforms|drift|not-tested)">/);
    const table = page.slice(page.indexOf('<h2 id="operations">'), page.indexOf('<h2 id="drift">'));
    expect([...table.matchAll(/<tr><td>/g)]).toHaveLength(listOperations(specs).length);
  });

  it('names the api key variable GLACIER_API_KEY everywhere', () => {
    for (const page of PAGES) expect(read(page), page).not.toMatch(/AVALANCHE_API_KEY/);
    const dataPages = PAGES.filter((p) => p.startsWith('data-api-'));
    expect(dataPages.length).toBeGreaterThan(0);
    for (const page of dataPages) expect(read(page), page).toContain('process.env.GLACIER_API_KEY');
    expect(read('index.html')).toContain('process.env.GLACIER_API_KEY');
  });

  it('resolves every link of our own pages', () => {
    for (const page of PAGES) {
      const html = read(page).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
      for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]*)"/g)) {
        if (/^(https?|mailto):/.test(href)) continue;
        const [file, fragment] = href.split('#');
        const target = file || page;
        expect(existsSync(join(dist, target)), `${page}: ${href}`).toBe(true);
        if (fragment) expect(idsOf(target).has(decodeURI(fragment)), `${page}: ${href}`).toBe(true);
      }
    }
  });

  it('indexes every operation, method and health endpoint on the landing page, linked to its page', () => {
    const index = read('index.html');
    for (const c of listOperations(bundledSpecs())) {
      expect(index).toContain(`href="${c.page}#${c.anchor}"`);
    }
  });

  it("sends a link from before the split (overview#call) on to the call's page", () => {
    for (const c of listOperations(bundledSpecs())) {
      const overview = read(SERVICE_PAGES[c.service]);
      expect(overview, c.op).toContain(`${JSON.stringify(c.anchor)}:${JSON.stringify(c.page)}`);
    }
  });

  it('shows under each REST operation only the failure examples that name its own parameters', () => {
    const calls = listOperations(bundledSpecs());
    for (const file of ['data-api.json', 'metrics-api.json']) {
      const doc = spec(file);
      const entries = operationsOf(doc);
      const known = documentParameterNames(doc, entries);
      for (const entry of entries) {
        const id = entry.operation.operationId;
        const { page } = calls.find((c) => c.op === id && c.kind === 'operation');
        const html = read(page);
        const at = html.indexOf(`<section class="method" id="${id}">`);
        const section = html.slice(at, html.indexOf('</section>', at));
        const shown = [
          ...section.matchAll(/<figcaption>Response ([45]\w+) · ([^<]+)<\/figcaption>/g),
        ].map((m) => `${m[1]} ${m[2]}`);
        const want = Object.keys(entry.operation.responses ?? {})
          .filter((s) => /^[45]/.test(s))
          .flatMap((s) => errorExamplesFor(doc, entry, s, known).map(([name]) => `${s} ${name}`));
        expect(shown, id).toEqual(want);
        // Each failure status links the shared body's one description and names the class thrown.
        expect(section, id).not.toMatch(/id="[^"]+\/responses\/[45]\w+\/message"/);
        if (want.length) expect(section, id).toMatch(/the client throws <a href="clients\.html#/);
      }
    }
  });

  it("links the guide's API key section from every operation that declares a key", () => {
    const calls = listOperations(bundledSpecs());
    const doc = spec('data-api.json');
    for (const { operation } of operationsOf(doc)) {
      if ((operation.security ?? doc.security ?? []).length === 0) continue;
      const { page } = calls.find((c) => c.op === operation.operationId && c.kind === 'operation');
      const html = read(page);
      const at = html.indexOf(`<section class="method" id="${operation.operationId}">`);
      const section = html.slice(at, html.indexOf('</section>', at));
      expect(section, operation.operationId).toContain(`href="${GUIDE_PAGE}#${API_KEYS_ANCHOR}"`);
    }
    expect(idsOf(GUIDE_PAGE).has(API_KEYS_ANCHOR)).toBe(true);
  });

  it('shows each REST operation its TypeScript samples first, then curl', () => {
    const calls = listOperations(bundledSpecs());
    for (const file of ['data-api.json', 'metrics-api.json']) {
      for (const { operation } of operationsOf(spec(file))) {
        const { page } = calls.find(
          (c) => c.op === operation.operationId && c.kind === 'operation',
        );
        const html = read(page);
        const at = html.indexOf(`<section class="method" id="${operation.operationId}">`);
        const section = html.slice(at, html.indexOf('</section>', at));
        const labels = [...section.matchAll(/<figcaption>Request · ([^<]+)<\/figcaption>/g)].map(
          (m) => m[1],
        );
        expect(labels[0], operation.operationId).toBe('TypeScript');
        expect(labels.at(-1), operation.operationId).toBe('curl');
      }
    }
  });
});
