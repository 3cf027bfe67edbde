// Opens the built site in Chromium (playwright-core driving the npm-shipped build, or
// CHROMIUM_PATH), served on 127.0.0.1 and from file://: every anchor must render, nothing may
// fail or leave the machine.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledSpecs, defaultOutDir, defaultSpecsDir } from './build.mjs';
import { readChanges } from './changes.mjs';
import { launchContext } from './chromium.mjs';
import { healthEndpoints } from './node-reference.mjs';
import { groupPage, listOperations, operationsOf, restGroup } from './operations.mjs';
import { methodPromises, plainText, promiseSentences } from './promises.mjs';
import { serveStatic } from './serve.mjs';

const dist = defaultOutDir;
const artifacts = new URL('../test-artifacts/', import.meta.url);
const spec = (file) => JSON.parse(readFileSync(join(defaultSpecsDir, file), 'utf8'));
// What the site lists, counted from the bundled specs it is built from.
const count = {
  data: operationsOf(spec('data-api.json')).length,
  metrics: operationsOf(spec('metrics-api.json')).length,
  methods: spec('node-rpc.json').methods.length,
  health: healthEndpoints(spec('node-health.json')).length,
};
const allOperations = count.data + count.metrics + count.methods + count.health;

let server;
let context;
let userDataDir;

beforeAll(async () => {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} has no site: run \`pnpm docs\` (node src/build.mjs) before the tests`);
  }
  mkdirSync(artifacts, { recursive: true });
  server = await serveStatic(dist);
  userDataDir = await mkdtemp(join(tmpdir(), 'docs-chromium-'));
  context = await launchContext(userDataDir, { viewport: { width: 1440, height: 900 } });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

/** Whether the browser may load this URL: the test server, the site on disk, data: and blob:. */
function isLocal(url) {
  return (
    url.startsWith(`${server.url}/`) || url.startsWith('file://') || /^(data|blob|about):/.test(url)
  );
}

/** A new tab that records console errors, page errors, failed and non-local requests. */
async function openPage() {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) =>
    problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`),
  );
  // A 404 (a missing favicon, say) is an answer, not a failed request: count it too.
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  page.on('request', (r) => {
    if (!isLocal(r.url())) problems.push(`request to another host: ${r.url()}`);
  });
  // Nothing may reach the network even if a check above were wrong.
  await page.route(/^https?:\/\//, (route) =>
    isLocal(route.request().url()) ? route.continue() : route.abort('blockedbyclient'),
  );
  return { page, problems };
}

/** The status the page's own favicon link answers with. */
function faviconStatus(page) {
  return page.evaluate(() =>
    fetch(document.querySelector('link[rel=icon]').href).then((r) => r.status),
  );
}

async function shot(page, name, options = {}) {
  await page.screenshot({ path: new URL(`${name}.png`, artifacts).pathname, ...options });
}

/** Jumps to each operation of a REST page and checks its section, promises and samples. */
/** Items by key, in first-seen order (Map.groupBy needs Node 21). */
function groupBy(items, keyOf) {
  const out = new Map();
  for (const item of items) {
    const key = keyOf(item);
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(item);
  }
  return out;
}

async function checkRestOperations(page, file, service) {
  const ops = operationsOf(spec(file));
  const byPage = groupBy(ops, ({ operation }) => groupPage(service, restGroup(operation)));
  for (const [pageFile, list] of byPage) {
    await page.goto(`${server.url}/${pageFile}`, { waitUntil: 'load' });
    for (const { operation } of list) {
      const id = operation.operationId;
      await page.evaluate((hash) => {
        location.hash = hash;
      }, id);
      const section = page.locator(`section[id="${id}"]`);
      expect(await section.count(), id).toBe(1);
      const top = await section.evaluate((el) => el.getBoundingClientRect().top);
      expect(top, id).toBeGreaterThanOrEqual(40);
      expect(top, id).toBeLessThan(140);
      expect(await section.locator('.summary').textContent()).toBe(operation.summary);
      // Its promises are said in words, as the spec's x-promises give them.
      const shown = await section
        .locator('ul.promises li')
        .evaluateAll((lis) => lis.map((li) => li.textContent.replace(/\s+/g, ' ')));
      const sentences = promiseSentences(operation['x-promises']).map(plainText);
      expect(sentences.length, id).toBeGreaterThan(0);
      expect(shown, id).toEqual(sentences);
      // The sidebar links to it.
      expect(await page.locator(`.sidebar a[href="#${id}"]`).count(), id).toBe(1);
    }
  }
  return ops.length;
}

describe('site in Chromium', () => {
  it('the harness notices a load from another host', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${server.url}/index.html`);
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'https://example.invalid/pixel.png';
      document.body.append(img);
    });
    await expect.poll(() => problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toContain(
      'request to another host: https://example.invalid/pixel.png',
    );
    await page.close();
  });

  it('the harness notices an HTTP error answer', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${server.url}/index.html`);
    await page.evaluate(() => fetch('no-such-file.png'));
    await expect.poll(() => problems).toContain(`HTTP 404: ${server.url}/no-such-file.png`);
    await page.close();
  });

  it('landing page renders and links every operation', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${server.url}/index.html`, { waitUntil: 'load' });
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('h1').textContent()).toBe('Avalanche APIs');
    expect(await page.locator('#all-operations tbody tr').count()).toBe(allOperations);
    // The spec files download from the site itself.
    const body = await page.evaluate(() => fetch('specs/node-rpc.json').then((r) => r.json()));
    expect(body.methods).toHaveLength(count.methods);
    expect(await faviconStatus(page)).toBe(200);
    expect(await page.locator('.lede a[href="clients.html"]').count()).toBe(1);
    await shot(page, 'index', { fullPage: true });
    await page.close();
    expect(problems).toEqual([]);
  });

  it.each([
    ['data-api.html', 'data-api.json', 'data', 'createDataClient'],
    ['metrics-api.html', 'metrics-api.json', 'metrics', 'createMetricsClient'],
  ])(
    '%s and its group pages render every operation of the spec',
    async (file, specFile, key, factory) => {
      const { page, problems } = await openPage();
      await page.goto(`${server.url}/${file}`, { waitUntil: 'load' });
      await shot(page, file.replace('.html', ''));
      // The overview lists every operation, each linked to its group's page.
      expect(await page.locator('ul.op-list li').count()).toBe(count[key]);
      expect(await checkRestOperations(page, specFile, key)).toBe(count[key]);
      // The TypeScript sample comes first, with the project's client.
      const first = page.locator('section.method pre').first();
      expect(await first.textContent()).toMatch(new RegExp(`^import \\{ ${factory} \\}`));
      expect(await faviconStatus(page)).toBe(200);
      await page.close();
      expect(problems).toEqual([]);
    },
  );

  it('node reference has every method and health endpoint of the specs, reachable by anchor', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${server.url}/node-api.html`, { waitUntil: 'load' });
    await shot(page, 'node-api');
    const calls = listOperations(bundledSpecs()).filter(
      (c) => c.service === 'node' || c.service === 'health',
    );
    expect(calls).toHaveLength(count.methods + count.health);
    expect(count.methods).toBeGreaterThan(30);
    // The overview lists every method, each linked to its namespace's page.
    expect(await page.locator('ul.op-list li').count()).toBe(count.methods);
    const openrpc = spec('node-rpc.json');
    const wanted = Object.fromEntries([
      ...openrpc.methods.map((m) => [
        m.name,
        promiseSentences(methodPromises(openrpc, m), { rest: false }).map(plainText),
      ]),
      ...healthEndpoints(spec('node-health.json')).map((e) => [
        e.anchor,
        promiseSentences(e.operation['x-promises']).map(plainText),
      ]),
    ]);
    for (const [pageFile, list] of groupBy(calls, (c) => c.page)) {
      await page.goto(`${server.url}/${pageFile}`, { waitUntil: 'load' });
      const anchors = list.map((c) => c.anchor);
      const present = await page.evaluate(
        (ids) => ids.filter((id) => document.getElementById(id)?.tagName === 'SECTION'),
        anchors,
      );
      expect(present).toEqual(anchors);
      // Every method and endpoint lists its promises in words, as the spec's x-promises give them.
      const listed = await page.evaluate(
        (ids) =>
          Object.fromEntries(
            ids.map((id) => [
              id,
              [...document.getElementById(id).querySelectorAll('ul.promises li')].map((li) =>
                li.textContent.replace(/\s+/g, ' '),
              ),
            ]),
          ),
        anchors,
      );
      expect(listed).toEqual(Object.fromEntries(anchors.map((a) => [a, wanted[a]])));
    }

    // A link from before the split lands on the method's page.
    await page.goto(`${server.url}/node-api.html#avm.getUTXOs`);
    await page.waitForURL(/node-api-avm\.html#avm\.getUTXOs$/);
    // The overview replaces itself while it loads (movedAnchorScript): on a slow machine its own
    // document request is still open then and ends aborted. That is the redirect, not a failure.
    const aborted = problems.indexOf(
      `request failed: ${server.url}/node-api.html (net::ERR_ABORTED)`,
    );
    if (aborted >= 0) problems.splice(aborted, 1);
    await expect
      .poll(() =>
        page.evaluate(() => document.getElementById('avm.getUTXOs')?.getBoundingClientRect().top),
      )
      .toBeGreaterThanOrEqual(40);
    const top = await page.evaluate(
      () => document.getElementById('avm.getUTXOs').getBoundingClientRect().top,
    );
    expect(top).toBeLessThan(120);
    await shot(page, 'node-api-avm.getUTXOs');

    await page.goto(`${server.url}/${groupPage('node', 'health')}#get-ext-health-readiness`);
    await shot(page, 'node-api-health-readiness');

    // The sidebar marks the method being read: after a jump, then while scrolling by hand.
    const current = () =>
      page.evaluate(() => {
        const marked = document.querySelectorAll('.sidebar a[aria-current="location"]');
        return [...marked].map((a) => a.getAttribute('href'));
      });
    await expect.poll(current).toEqual(['#get-ext-health-readiness']);
    await page.goto(`${server.url}/${groupPage('node', 'avm')}#avm.getBlock`);
    await expect.poll(current).toEqual(['#avm.getBlock']);
    await page.evaluate(() => {
      location.hash = 'avm.getTx';
    });
    await expect.poll(current).toEqual(['#avm.getTx']);
    const style = await page.evaluate(() => {
      const marked = document.querySelector('.sidebar a[aria-current="location"]');
      const other = document.querySelector('.sidebar li a:not([aria-current])');
      return [getComputedStyle(marked).backgroundColor, getComputedStyle(other).backgroundColor];
    });
    expect(style[0]).not.toBe(style[1]);
    // Scroll by hand until the section after the next one sits under the top bar.
    const { id: target, top: targetTop } = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('.sidebar nav a[href^="#"]')].map((a) =>
        a.getAttribute('href').slice(1),
      );
      const id = ids[ids.indexOf('avm.getBlock') + 2];
      return { id, top: document.getElementById(id).getBoundingClientRect().top };
    });
    await page.evaluate(() => {
      location.hash = 'avm.getBlock';
    });
    await expect.poll(current).toEqual(['#avm.getBlock']);
    const fromTop = await page.evaluate(
      (id) => document.getElementById(id).getBoundingClientRect().top,
      target,
    );
    await page.mouse.move(900, 500);
    await page.mouse.wheel(0, fromTop - 60);
    await expect.poll(current).toEqual([`#${target}`]);
    expect(targetTop).toBeDefined();
    await shot(page, 'node-api-scrolled');
    await page.close();
    expect(problems).toEqual([]);
  });

  it('the client guide renders, linked from the top bar', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${server.url}/clients.html`, { waitUntil: 'load' });
    expect(await page.locator('h1').textContent()).toBe('Using the clients');
    expect(await page.locator('.site-nav a[aria-current="page"]').textContent()).toBe(
      'Using the clients',
    );
    expect(await faviconStatus(page)).toBe(200);
    await shot(page, 'clients', { fullPage: true });
    await page.close();
    expect(problems).toEqual([]);
  });

  it('the Changes page lists the spec changes, linked from the top bar', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${server.url}/index.html`, { waitUntil: 'load' });
    await page.click('.site-nav a[href="changes.html"]');
    await page.waitForURL(/changes\.html$/);
    expect(await page.locator('h1').textContent()).toBe('Changes since the last release');
    const { changes } = await readChanges();
    expect(await page.locator('tbody tr').count()).toBe(changes.length);
    await shot(page, 'changes', { fullPage: true });
    await page.close();
    expect(problems).toEqual([]);
  });

  it('works offline from file://', async () => {
    const { page, problems } = await openPage();
    const base = pathToFileURL(`${dist}/`).href;
    await page.goto(`${base}index.html`);
    expect(await page.locator('#all-operations tbody tr').count()).toBe(allOperations);
    // Links from before the one-page-per-group split land on the call's page, offline too.
    for (const [overview, id] of [
      ['node-api.html', 'index.getContainerRange'],
      ['data-api.html', 'getTransaction'],
      ['metrics-api.html', 'getAvgTps'],
    ]) {
      await page.goto(`${base}${overview}#${id}`);
      await page.waitForURL((url) => !url.pathname.endsWith(`/${overview}`));
      await expect.poll(() => page.locator(`section[id="${id}"]`).count()).toBe(1);
    }
    await page.goto(`${base}clients.html`);
    expect(await page.locator('h1').textContent()).toBe('Using the clients');
    await page.close();
    expect(problems).toEqual([]);
  });
});
