// The consoles of the built site in Chromium, from file:// and from a sub-path on 127.0.0.1:
// against the replay server they label an answer of each service *conforms*; against a test
// server that corrupts answers they name the violation; the api key stays in memory (or in
// sessionStorage when the reader opts in) and reaches only the target's origin; usable by
// keyboard alone; axe-core finds no serious or critical violation with a console open.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledSpecs, defaultOutDir } from '../build.mjs';
import { launchContext } from '../chromium.mjs';
import { listOperations } from '../operations.mjs';
import { serveStatic } from '../serve.mjs';
import { nodeChecker, startReplay, startTarget } from './fixtures.mjs';
import { describeAll, SERVICES } from './operations.mjs';

const checker = nodeChecker();
const all = describeAll(checker);
/** The first operation of each service, in spec order. */
const firstOf = Object.fromEntries(
  Object.keys(SERVICES).map((s) => [s, all.find(({ op }) => op.service === s)]),
);
const axeSource = await readFile(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

let tmp;
let site;
let replay;
let context;
const bases = {};

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'docs-console-'));
  // The site as published under a sub-path, and as opened from disk.
  await cp(defaultOutDir, join(tmp, 'site', 'docs', 'v1'), { recursive: true });
  site = await serveStatic(join(tmp, 'site'));
  bases['sub-path'] = `${site.url}/docs/v1/`;
  bases['file://'] = `${pathToFileURL(join(tmp, 'site', 'docs', 'v1')).href}/`;
  replay = await startReplay();
  context = await launchContext(join(tmp, 'profile'), { viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await context?.close();
  await site?.close();
  await replay?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const calls = listOperations(bundledSpecs());
/** The page a call is on: one page per tag or namespace. */
const pageOf = (service, id) => calls.find((c) => c.service === service && c.op === id).page;
const slot = (service, id) => `div.try[data-service="${service}"][data-op="${id}"]`;

/** Opens the page of an operation, records its requests, and returns the page. */
async function open(base, service, id) {
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  page.on('request', (r) => requests.push({ url: r.url(), headers: r.headers() }));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + pageOf(service, id));
  return { page, requests, errors };
}

/** Opens the console of one operation, points it at `url` and sends; returns the answer box. */
async function tryIt(page, service, id, url) {
  const box = page.locator(slot(service, id));
  await box.locator('button.try-open').click();
  const form = box.locator('form.try-form');
  await form.waitFor();
  await form.locator('select').selectOption('');
  await form.locator('input[type=url]').fill(url);
  await form.locator('button[type=submit]').click();
  const answer = box.locator('.try-answer .try-verdict');
  await answer.waitFor();
  return box.locator('.try-answer');
}

describe.each(['sub-path', 'file://'])('from %s', (where) => {
  it.each(Object.keys(SERVICES))(
    'the %s console labels the replay server answer conforms',
    async (service) => {
      const { op } = firstOf[service];
      const { page, errors } = await open(bases[where], service, op.id);
      const answer = await tryIt(page, service, op.id, replay.url);
      await expect(answer.locator('.try-verdict').textContent()).resolves.toContain(
        'conforms to the spec',
      );
      await expect(answer.locator('.try-status').textContent()).resolves.toMatch(/^2\d\d /);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});

describe('a faulty target', () => {
  let target;
  beforeAll(async () => {
    target = await startTarget({ upstream: replay.url });
  });
  afterAll(() => target?.close());

  it.each(Object.keys(SERVICES))(
    '%s: an undeclared field is named with its path',
    async (service) => {
      const { op } = firstOf[service];
      target.addField = 'surplusField';
      target.fault = undefined;
      const { page } = await open(bases['sub-path'], service, op.id);
      const answer = await tryIt(page, service, op.id, target.url);
      const text = await answer.locator('.try-verdict').textContent();
      expect(text).toContain('Does not conform');
      expect(text).toMatch(
        /response\.(body|result)\/surplusField is not declared by the spec \(undeclared-property\)/,
      );
      await page.close();
    },
  );

  // An operation promising a page size, its example asking for one: the answer stays
  // schema-valid with one item too many (the replay server's page-size fault).
  const paged = all.find(({ op, values }) => {
    const promises = checker.rest
      .find((s) => s.name === SERVICES[op.service].doc)
      ?.getOperation(op.id)?.promises;
    return promises?.page && values[promises.page.input] !== undefined;
  });

  it(`a broken promise is named (${paged.op.id}, page-size)`, async () => {
    target.addField = undefined;
    target.fault = 'page-size';
    const { page } = await open(bases['sub-path'], paged.op.service, paged.op.id);
    const answer = await tryIt(page, paged.op.service, paged.op.id, target.url);
    const text = await answer.locator('.try-verdict').textContent();
    expect(text).toContain('Does not conform');
    expect(text).toContain('(page-size)');
    await page.close();
  });
});

describe('the api key', () => {
  const { op } = all.find(({ op }) => op.apiKeyHeader);
  const key = `sk-console-test-${process.pid}-secret`;
  let target;
  let other;
  beforeAll(async () => {
    target = await startTarget({ upstream: replay.url });
    other = await startTarget({ respond: (_req, res, cors) => res.writeHead(200, cors).end('{}') });
  });
  afterAll(async () => {
    await target?.close();
    await other?.close();
  });

  async function sendWithKey(page, remember) {
    const box = page.locator(slot(op.service, op.id));
    await box.locator('button.try-open').click();
    const form = box.locator('form.try-form');
    await form.locator('select').selectOption('');
    await form.locator('input[type=url]').fill(target.url);
    await form.locator('input[type=password]').fill(key);
    if (remember) await form.locator('input[type=checkbox]').check();
    await form.locator('button[type=submit]').click();
    await box.locator('.try-answer .try-verdict').waitFor();
    return box;
  }

  /** Everything a page keeps or shows where the key must not be. */
  async function exposed(page) {
    return page.evaluate(() => ({
      local: Object.entries(localStorage).flat().join('\n'),
      session: Object.entries(sessionStorage).flat().join('\n'),
      cookie: document.cookie,
      url: location.href,
      history: JSON.stringify(history.state),
      html: document.documentElement.outerHTML,
    }));
  }

  it('is sent to the target only, and kept nowhere', async () => {
    const { page, requests } = await open(bases['sub-path'], op.service, op.id);
    const box = await sendWithKey(page, false);
    const seen = target.seen.filter((r) => r.headers[op.apiKeyHeader]);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.headers[op.apiKeyHeader] === key)).toBe(true);
    const carrying = requests.filter((r) => JSON.stringify(r).includes(key));
    expect(carrying.length).toBeGreaterThan(0);
    expect(carrying.every((r) => new URL(r.url).origin === target.url)).toBe(true);
    const kept = await exposed(page);
    for (const [where, text] of Object.entries(kept))
      expect([where, text.includes(key)]).toEqual([where, false]);
    expect(JSON.stringify(await context.cookies())).not.toContain(key);
    // The target URL is remembered per service; the key is not.
    expect(kept.local).toContain(target.url);
    const snippetsText = await box.locator('.try-snippets').textContent();
    expect(snippetsText).toContain('$GLACIER_API_KEY');
    expect(snippetsText).not.toContain(key);
    expect(other.seen).toEqual([]);
    await page.close();
  });

  it('does not follow a redirect to another origin', async () => {
    target.redirect = other.url;
    try {
      const { page, requests } = await open(bases['sub-path'], op.service, op.id);
      const box = await sendWithKey(page, false);
      await expect(box.locator('.try-answer').textContent()).resolves.toContain('redirect');
      // The other origin's own log: not reached at all (the redirect is not followed).
      expect(other.seen).toEqual([]);
      const carrying = requests.filter((r) => JSON.stringify(r.headers).includes(key));
      expect(carrying.every((r) => new URL(r.url).origin === target.url)).toBe(true);
      await page.close();
    } finally {
      target.redirect = undefined;
    }
  });

  it('is kept in sessionStorage only when the reader opts in, and refills the next console', async () => {
    const { page } = await open(bases['sub-path'], op.service, op.id);
    await sendWithKey(page, true);
    const kept = await exposed(page);
    expect(kept.session).toContain(key);
    expect(kept.local).not.toContain(key);
    expect(kept.cookie).not.toContain(key);
    await page.reload();
    await page.locator(`${slot(op.service, op.id)} button.try-open`).click();
    await expect(
      page.locator(`${slot(op.service, op.id)} input[type=password]`).inputValue(),
    ).resolves.toBe(key);
    await page.close();
  });
});

describe('a target that cannot be read', () => {
  it('explains a CORS refusal and offers the curl line', async () => {
    const noCors = await startTarget({
      respond: (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    });
    try {
      const { op } = firstOf.metrics;
      const { page } = await open(bases['sub-path'], 'metrics', op.id);
      const answer = await tryIt(page, 'metrics', op.id, noCors.url);
      const text = await answer.textContent();
      expect(text).toContain('CORS refused');
      expect(text).toContain(`curl '${noCors.url}`);
      await page.close();
    } finally {
      await noCors.close();
    }
  });

  it('explains a target where nothing answers', async () => {
    const gone = await startTarget({ respond: () => {} });
    const url = gone.url;
    await gone.close();
    const { op } = firstOf.health;
    const { page } = await open(bases['sub-path'], 'health', op.id);
    const answer = await tryIt(page, 'health', op.id, url);
    await expect(answer.textContent()).resolves.toContain(
      `Unreachable: nothing answered at ${url}`,
    );
    await page.close();
  });
});

describe('keyboard and accessibility', () => {
  it('opens, fills and sends a console with the keyboard alone', async () => {
    const { op } = firstOf.node;
    const { page } = await open(bases['sub-path'], 'node', op.id);
    // Fragment navigation sets where Tab starts: the operation's section.
    const anchor = await page.locator(slot('node', op.id)).evaluate((d) => d.closest('[id]').id);
    await page.goto(`${bases['sub-path']}${pageOf('node', op.id)}#${encodeURIComponent(anchor)}`);
    const isOpenButton = () =>
      page.evaluate(
        (sel) => document.activeElement === document.querySelector(`${sel} button.try-open`),
        slot('node', op.id),
      );
    let presses = 0;
    while (!(await isOpenButton()) && presses < 200) {
      await page.keyboard.press('Tab');
      presses++;
    }
    expect(await isOpenButton()).toBe(true);
    await page.keyboard.press('Enter');
    const box = page.locator(slot('node', op.id));
    await box.locator('form.try-form').waitFor();
    // The console takes focus on its first control: the target selector.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    // Choose "Another URL…" (the last option) and type the replay server's address.
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await page.keyboard.type(replay.url);
    // Tab on to the send button and press it.
    let guard = 0;
    while (
      (await page.evaluate(() => document.activeElement?.getAttribute('type'))) !== 'submit' &&
      guard++ < 40
    )
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await box.locator('.try-answer .try-verdict').waitFor();
    await expect(box.locator('.try-verdict').textContent()).resolves.toContain(
      'conforms to the spec',
    );
    await page.close();
  });

  it.each(['data', 'node'])(
    'axe-core: no serious or critical violation with a %s console open and answered',
    async (service) => {
      const { op } = firstOf[service];
      const { page } = await open(bases['sub-path'], service, op.id);
      await tryIt(page, service, op.id, replay.url);
      await page.addScriptTag({ content: axeSource });
      const results = await page.evaluate(
        (sel) => globalThis.axe.run(document.querySelector(sel), { resultTypes: ['violations'] }),
        slot(service, op.id),
      );
      const bad = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(bad).toEqual([]);
      await page.close();
    },
    // axe walks the node page's whole tree (colour contrast): minutes on two busy cores.
    300_000,
  );
});
