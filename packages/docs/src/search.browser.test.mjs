// The header search in Chromium, on the built site from file:// and from a static server under
// a sub-path: the issue's queries and queries derived from the bundled specs find their item
// among the first five results shown, and the result's link lands on it; the keyboard alone
// opens, walks and follows the results.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledSpecs, defaultOutDir } from './build.mjs';
import { launchContext } from './chromium.mjs';
import { listOperations, operationsOf, resolveRef } from './operations.mjs';
import { serveStatic } from './serve.mjs';

const dist = defaultOutDir;
const specs = bundledSpecs();
const calls = listOperations(specs);
const CALL_KINDS = new Set(['operation', 'method', 'health']);

/** Names of object properties two or more levels deep in a schema (`validators[].nodeId`). */
function deepNames(doc, schema, depth = 0, seen = new Set(), out = []) {
  const s = resolveRef(doc, schema);
  if (!s || typeof s !== 'object' || seen.has(s) || depth > 4) return out;
  seen.add(s);
  for (const [name, sub] of Object.entries(s.properties ?? {})) {
    if (depth >= 1) out.push(name);
    deepNames(doc, sub, depth + 1, seen, out);
  }
  for (const sub of [s.items, ...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])])
    if (sub) deepNames(doc, sub, depth, seen, out);
  return out;
}

/** `[query, what the reader means, test of a result {title, kind, href}]`. */
const GIVEN = [
  ['getUtxo', 'a call about UTXOs', (h) => CALL_KINDS.has(h.kind) && /utxo/i.test(h.title)],
  [
    'valdators',
    'a call listing validators',
    (h) => CALL_KINDS.has(h.kind) && /validators/i.test(h.title),
  ],
  [
    'pageToken',
    'the pageToken parameter',
    (h) => h.kind === 'parameter' && h.title === 'pageToken',
  ],
  ['validationStatus', 'validationStatus', (h) => h.title === 'validationStatus'],
  [
    'initialMinDelayMS',
    'the field deep in eth_getChainConfig',
    (h) => h.title === 'initialMinDelayMS' && h.href.includes('#eth_getChainConfig/result/'),
  ],
  ['-32000', 'a JSON-RPC error -32000', (h) => h.kind === 'error' && h.title.startsWith('-32000 ')],
];

function derivedQueries() {
  const out = [];
  // The api-key header, by the name the spec gives it.
  for (const s of Object.values(specs.data.components?.securitySchemes ?? {}))
    if (s.type === 'apiKey')
      out.push([s.name, 'the key header', (h) => h.kind === 'parameter' && h.title === s.name]);
  // Every call by its name: operationId or method name (health GETs by operationId too).
  for (const c of calls) {
    const href = `${c.page}#${encodeURI(c.anchor)}`;
    out.push([c.op, `${c.service} ${c.op}`, (h) => h.href === href]);
  }
  // Parameter names and nested response fields of the REST operations.
  const params = new Set();
  const fields = new Set();
  for (const key of ['data', 'metrics']) {
    for (const { operation, parameters } of operationsOf(specs[key])) {
      for (const p of parameters) params.add(p.name);
      const ok = resolveRef(
        specs[key],
        operation.responses?.['200'] ?? operation.responses?.['201'],
      );
      const schema = ok?.content?.['application/json']?.schema;
      if (schema) for (const n of deepNames(specs[key], schema).slice(0, 2)) fields.add(n);
    }
  }
  for (const name of params)
    out.push([name, `the ${name} parameter`, (h) => h.kind === 'parameter' && h.title === name]);
  // A name that is also a parameter is asked for as the parameter (above).
  for (const name of [...fields].filter((n) => !params.has(n)))
    out.push([name, `the ${name} field`, (h) => h.kind === 'field' && h.title === name]);
  // JSON-RPC error codes and REST error statuses.
  const codes = new Set(calls.flatMap((c) => (c.errors ?? []).map((e) => String(e.code))));
  for (const code of codes)
    out.push([code, `error ${code}`, (h) => h.kind === 'error' && h.title.startsWith(`${code} `)]);
  const statuses = new Set(
    calls.flatMap((c) => Object.keys(c.responses ?? {}).filter((s) => /^[45]/.test(s))),
  );
  for (const status of statuses)
    out.push([
      `HTTP ${status}`,
      `status ${status}`,
      (h) => h.kind === 'error' && h.title === `HTTP ${status}`,
    ]);
  // One query per text: the first reading of a name wins.
  return out.filter(([q], i) => out.findIndex(([other]) => other === q) === i);
}

let context;
let userDataDir;
let server;

beforeAll(async () => {
  if (!existsSync(join(dist, 'search-index.js'))) {
    throw new Error(`${dist} has no site: run \`pnpm docs\` (node src/build.mjs) before the tests`);
  }
  server = await serveStatic(dist, { prefix: '/avalanche/docs/' });
  userDataDir = await mkdtemp(join(tmpdir(), 'docs-search-'));
  context = await launchContext(userDataDir, { viewport: { width: 1280, height: 860 } });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

async function openPage(url) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  await page.goto(url, { waitUntil: 'load' });
  return { page, problems };
}

/** Types a query into the header search and returns the options shown, in order. */
async function search(page, query) {
  await page.fill('#site-search', query);
  await page.waitForFunction(
    () => {
      const list = document.getElementById('site-search-results');
      return !list.hidden && !/Loading/.test(list.textContent);
    },
    null,
    { timeout: 30_000 },
  );
  return page.$$eval('#site-search-results [role=option]', (options) =>
    options.map((o) => ({
      title: o.querySelector('.r-title').textContent,
      kind: o.getAttribute('data-kind'),
      href: o.getAttribute('data-href'),
      group: o.closest('[role=group]').firstElementChild.textContent,
    })),
  );
}

/** Whether the element the page's hash names is in the viewport, below the top bar. */
function targetInView(page) {
  return page.evaluate(() => {
    const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!el) return 'missing';
    const box = el.getBoundingClientRect();
    const bar = document.querySelector('.site-nav').getBoundingClientRect().bottom;
    if (box.height === 0) return 'not rendered (inside a closed <details>?)';
    return box.top >= bar - 1 && box.top < innerHeight ? 'in view' : `top ${box.top}`;
  });
}

/** Runs every query; returns `[query, href]` of the item found, failing on any miss. */
async function runQueries(page, queries) {
  const misses = [];
  const found = [];
  for (const [query, what, wanted] of queries) {
    const shown = await search(page, query);
    const hit = shown.slice(0, 5).find(wanted);
    if (hit) found.push([query, hit.href]);
    else
      misses.push(
        `${query} (${what}): ${shown
          .slice(0, 5)
          .map((h) => `${h.title} [${h.kind}]`)
          .join(', ')}`,
      );
  }
  expect(misses).toEqual([]);
  return found;
}

/** Follows each found link (same-page jumps are cheap, so by page) and checks it lands. */
async function checkLandings(page, base, found) {
  const bad = [];
  const sorted = [...found].sort((a, b) => a[1].localeCompare(b[1]));
  for (const [query, href] of sorted) {
    await page.goto(new URL(href, base).href);
    await expect
      .poll(() => targetInView(page), { timeout: 10_000 })
      .toBe('in view')
      .catch(() => {});
    const where = await targetInView(page);
    if (where !== 'in view') bad.push(`${query} → ${href}: ${where}`);
  }
  expect(bad).toEqual([]);
}

describe('header search', () => {
  const derived = derivedQueries();

  it('has the issue queries and at least 20 more derived from the specs', () => {
    expect(derived.length).toBeGreaterThanOrEqual(20);
    expect(new Set(derived.map((q) => q[0])).size).toBe(derived.length);
  });

  it('from file:// finds every query among the first five results, and each link lands', async () => {
    const base = pathToFileURL(`${dist}/`).href;
    const { page, problems } = await openPage(`${base}index.html`);
    const found = await runQueries(page, [...GIVEN, ...derived]);
    await checkLandings(page, base, found);
    await page.close();
    expect(problems).toEqual([]);
  }, 600_000);

  it('under a sub-path finds the issue queries, grouped by service, and each link lands', async () => {
    const base = `${server.url}/`;
    const { page, problems } = await openPage(`${base}data-api.html`);
    const found = await runQueries(page, GIVEN);
    // Results come grouped: one heading per service, each service once.
    const shown = await search(page, 'validators');
    const groups = shown.map((h) => h.group).filter((g, i, all) => all.indexOf(g) === i);
    expect(groups.length).toBeGreaterThan(1);
    expect(shown.map((h) => h.group)).toEqual(
      groups.flatMap((g) => shown.filter((h) => h.group === g).map(() => g)),
    );
    await checkLandings(page, base, found);
    await page.close();
    expect(problems).toEqual([]);
  }, 300_000);

  it('works with the keyboard alone: / opens, arrows walk, Enter follows, Escape closes', async () => {
    const base = `${server.url}/`;
    const { page, problems } = await openPage(`${base}index.html`);
    const input = page.locator('#site-search');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search');
    await page.keyboard.type('avm.getUTXOs');
    await expect.poll(() => input.getAttribute('aria-expanded')).toBe('true');
    await page.waitForSelector('#site-search-results [role=option]');
    await page.keyboard.press('ArrowDown');
    const active = await input.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBe(active);
    await page.keyboard.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/node-api-avm\.html#avm\.getUTXOs$/);
    await expect.poll(() => targetInView(page)).toBe('in view');

    // On the same page, Ctrl-K opens it; following a deep field opens its <details> and
    // moves focus to the field, so the keyboard goes on from there.
    await page.keyboard.press('Control+k');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search');
    await page.keyboard.type('initialMinDelayMS');
    await page.waitForSelector('#site-search-results [role=option]');
    // Several results carry that field (every chain-config answer); arrows walk to the one in
    // eth_getChainConfig, and Enter follows it.
    const activeHref = () =>
      page.evaluate(() => {
        const id = document.getElementById('site-search').getAttribute('aria-activedescendant');
        return id ? document.getElementById(id)?.getAttribute('data-href') : undefined;
      });
    for (let i = 0; i < 24 && !(await activeHref())?.includes('#eth_getChainConfig/result/'); i++)
      await page.keyboard.press('ArrowDown');
    expect(await activeHref()).toContain('#eth_getChainConfig/result/');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#eth_getChainConfig\/result\//);
    await expect.poll(() => targetInView(page)).toBe('in view');
    const focused = await page.evaluate(() => document.activeElement?.id);
    expect(decodeURIComponent(new URL(page.url()).hash.slice(1))).toBe(focused);
    await page.close();
    expect(problems).toEqual([]);
  }, 180_000);
});
