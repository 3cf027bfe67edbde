// Every page of the built site in Chromium: its first load weighs at most PAGE_BUDGET (HTML, JS
// and CSS as gzip sends them) with search loaded only on first use; axe-core finds no serious or
// critical violation in the light and the dark theme; at 360 px wide nothing scrolls sideways.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOutDir } from './build.mjs';
import { launchContext } from './chromium.mjs';
import { NAV_LINKS, SEARCH_INDEX_SCRIPT, SEARCH_SCRIPT } from './html.mjs';
import { NODE_TYPES_PAGE } from './operations.mjs';
import { serveStatic } from './serve.mjs';

const dist = defaultOutDir;
/** The most a page's first load may weigh, gzip: HTML plus every script and stylesheet it loads. */
const PAGE_BUDGET = 150 * 1024;
/** Every page of the built site: the top bar's and one reference page per group of calls. */
const PAGES = existsSync(dist)
  ? readdirSync(dist)
      .filter((f) => f.endsWith('.html'))
      .sort()
  : [];
/**
 * The pages each template makes, one of each: the top bar's pages, and of the group pages (one
 * renderer, one stylesheet for all of them) the heaviest of each service, where a layout or
 * contrast fault would show first. The budget is held on every page; the axe and narrow-screen
 * passes, which take seconds a page, on these.
 */
const TEMPLATE_PAGES = (() => {
  const fixed = PAGES.filter((f) => NAV_LINKS.some(([href]) => href === f));
  const heaviest = new Map();
  for (const f of PAGES.filter((page) => !fixed.includes(page))) {
    // The node's shared-types page is a template of its own.
    const service = f === NODE_TYPES_PAGE ? f : f.replace(/-api-.*$/, '');
    const size = readFileSync(join(dist, f)).length;
    if (!heaviest.has(service) || heaviest.get(service).size < size)
      heaviest.set(service, { f, size });
  }
  return [...fixed, ...[...heaviest.values()].map((h) => h.f)].sort();
})();
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const artifacts = new URL('../test-artifacts/', import.meta.url);

let context;
let userDataDir;
let server;

beforeAll(async () => {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} has no site: run \`pnpm docs\` (node src/build.mjs) before the tests`);
  }
  mkdirSync(artifacts, { recursive: true });
  server = await serveStatic(dist, { prefix: '/avalanche/docs/' });
  userDataDir = await mkdtemp(join(tmpdir(), 'docs-pages-'));
  context = await launchContext(userDataDir, { viewport: { width: 1280, height: 860 } });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

/** Opens a page and records every response's URL and gzip size while it loads. */
async function load(file) {
  const page = await context.newPage();
  const loaded = [];
  const reading = [];
  page.on('response', (r) => {
    const read = r.body().catch(() => Buffer.alloc(0));
    reading.push(
      read.then((body) =>
        loaded.push({
          url: r.url(),
          type: r.request().resourceType(),
          gzip: gzipSync(body).length,
        }),
      ),
    );
  });
  await page.goto(`${server.url}/${file}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await Promise.all(reading);
  return { page, loaded };
}

const weights = {};

describe('every page', () => {
  it('the weight check sees a script a page loads', async () => {
    const { page, loaded } = await load('index.html');
    await page.evaluate(
      (src) =>
        new Promise((ok) => {
          const s = document.createElement('script');
          s.src = src;
          s.onload = ok;
          document.head.append(s);
        }),
      SEARCH_INDEX_SCRIPT,
    );
    await expect
      .poll(() => loaded.some((r) => r.url.endsWith(`/${SEARCH_INDEX_SCRIPT}`)))
      .toBe(true);
    const index = loaded.find((r) => r.url.endsWith(`/${SEARCH_INDEX_SCRIPT}`));
    // The index alone would blow the budget: proof that loading it on first use matters.
    expect(index.gzip).toBeGreaterThan(PAGE_BUDGET / 2);
    await page.close();
  });

  it.each(PAGES)('%s: first load within the budget; search loads on first use', async (file) => {
    const { page, loaded } = await load(file);
    const counted = loaded.filter((r) => ['document', 'script', 'stylesheet'].includes(r.type));
    const total = counted.reduce((sum, r) => sum + r.gzip, 0);
    weights[file] = { gzipBytes: total, files: counted.map((r) => r.url.split('/').pop()) };
    expect(total, `${file}: ${JSON.stringify(weights[file])}`).toBeLessThanOrEqual(PAGE_BUDGET);
    expect(loaded.map((r) => r.url)).not.toContainEqual(
      expect.stringMatching(/search(-index)?\.js$/),
    );
    await page.focus('#site-search');
    await expect
      .poll(() => loaded.map((r) => r.url.split('/').pop()), { timeout: 60_000 })
      .toEqual(expect.arrayContaining([SEARCH_SCRIPT, SEARCH_INDEX_SCRIPT]));
    await page.close();
  });

  it.each(TEMPLATE_PAGES)(
    '%s: no serious or critical axe violation, light and dark',
    async (file) => {
      const { page } = await load(file);
      await page.evaluate(axeSource);
      const found = {};
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        // Every rule in the light theme; in the dark one only the rules colours decide.
        const only = scheme === 'dark' ? ['color-contrast', 'link-in-text-block'] : undefined;
        // The dark pass judges the top bar and the first three calls: every call shares their CSS,
        // and contrast over the whole 1.5 MB node page takes minutes on a busy machine.
        const { violations } = await page.evaluate(
          (rules) =>
            window.axe.run(
              rules
                ? {
                    include: [
                      ['.site-nav'],
                      ...[...document.querySelectorAll('section.method')]
                        .slice(0, 3)
                        .map((el) => [`[id="${el.id}"]`]),
                      ...(document.querySelector('section.method') ? [] : [['body']]),
                    ],
                  }
                : document,
              {
                resultTypes: ['violations'],
                ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
              },
            ),
          only,
        );
        found[scheme] = violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id} (${v.impact}): ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
          );
      }
      expect(found).toEqual({ light: [], dark: [] });
      await page.close();
    },
    400_000,
  );

  it.each(TEMPLATE_PAGES)(
    '%s: at 360 px wide nothing scrolls sideways, search included',
    async (file) => {
      const { page } = await load(file);
      await page.setViewportSize({ width: 360, height: 740 });
      const overflow = () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.fill('#site-search', 'validators');
      await page.waitForSelector('#site-search-results [role=option]');
      expect(await overflow()).toBeLessThanOrEqual(0);
      const panel = await page.locator('#site-search-results').boundingBox();
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(360);
      await page.close();
    },
  );

  it('the dark toggle switches the theme and remembers it', async () => {
    const { page } = await load('index.html');
    await page.emulateMedia({ colorScheme: 'light' });
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await bg();
    await page.click('.theme-toggle');
    expect(await page.locator('.theme-toggle').getAttribute('aria-pressed')).toBe('true');
    const dark = await bg();
    expect(dark).not.toBe(light);
    await page.goto(`${server.url}/clients.html`);
    expect(await bg()).toBe(dark);
    // Without a choice, the page follows the system.
    await page.evaluate(() => localStorage.removeItem('docs-theme'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await bg()).toBe(dark);
    await page.close();
  });
});

afterAll(() => {
  if (Object.keys(weights).length)
    writeFileSync(new URL('page-weights.json', artifacts), `${JSON.stringify(weights, null, 2)}\n`);
});
