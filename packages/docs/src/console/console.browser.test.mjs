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
import { slug } from './dom.mjs';
import {
  nodeChecker,
  parameterSchema,
  startReplay,
  startTarget,
  undeclaredCode,
} from './fixtures.mjs';
import { describeAll, SERVICES } from './operations.mjs';
import { declaredErrors } from './verdict.mjs';

const checker = nodeChecker();
const all = describeAll(checker);
/** The first operation of each service, in spec order. */
const firstOf = Object.fromEntries(
  Object.keys(SERVICES).map((s) => [s, all.find(({ op }) => op.service === s)]),
);
// A REST parameter whose pattern refuses `latest`, the value a newcomer types for a block.
const refusable = all
  .filter(({ op }) => op.kind === 'rest')
  .flatMap(({ op }) => op.params.filter((p) => !p.isArray).map((p) => ({ op, p })))
  .map((c) => ({ ...c, schema: parameterSchema(checker, c.op, c.p.name) }))
  .find(({ schema }) => schema?.pattern && !new RegExp(schema.pattern, 'u').test('latest'));
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

/** Opens the page of an operation (at `width` px when given), records its requests, returns it. */
async function open(base, service, id, width) {
  const page = await context.newPage();
  if (width) await page.setViewportSize({ width, height: 900 });
  const requests = [];
  const errors = [];
  page.on('request', (r) => requests.push({ url: r.url(), headers: r.headers() }));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + pageOf(service, id));
  return { page, requests, errors };
}

/**
 * Clicks the console's open button and waits for its form. The first open loads the console's
 * scripts, which has taken over 30 s on two busy cores: no limit of its own for that (the test's
 * timeout bounds it). A console that says it could not start is opened once more, as a reader
 * would; a second failure fails the test in the console's own words.
 */
async function openConsole(box) {
  const form = box.locator('form.try-form');
  const failed = box
    .locator('.try-problem')
    .or(box.locator('button.try-open', { hasText: /^Console unavailable/ }));
  for (let tries = 1; ; tries++) {
    await box.locator('button.try-open').click();
    const opened = await Promise.race([
      form.waitFor({ timeout: 0 }).then(
        () => true,
        () => false,
      ),
      failed
        .first()
        .waitFor({ timeout: 0 })
        .then(
          () => false,
          () => false,
        ),
    ]);
    if (opened) return form;
    const why = await failed.first().textContent();
    if (tries === 2) throw new Error(`the console did not open: ${why}`);
    await failed.evaluateAll((list) => {
      for (const e of list) {
        if (e.matches('.try-problem')) e.remove();
        else e.textContent = 'Try it';
      }
    });
  }
}

/** Opens the console of one operation, points it at `url` and sends; returns the answer box. */
async function tryIt(page, service, id, url) {
  const box = page.locator(slot(service, id));
  const form = await openConsole(box);
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
      expect(text).toContain('Server drift');
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
    expect(text).toContain('Server drift');
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
    const form = await openConsole(box);
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

/** Opens a console, points it at `url`, fills `fill` (name → text) and presses Send. */
async function tryWith(page, op, url, fill = {}) {
  const box = page.locator(slot(op.service, op.id));
  const form = await openConsole(box);
  await form.locator('select').selectOption('');
  await form.locator('input[type=url]').fill(url);
  const base = `try-${op.service}-${slug(op.id)}`;
  for (const [name, text] of Object.entries(fill))
    await form.locator(`#${base}-p-${slug(name)}`).fill(text);
  await form.locator('button[type=submit]').click();
  await box.locator('.try-answer .try-verdict').waitFor();
  return box;
}

describe('verdicts: the request and the answer judged apart', () => {
  const rpc = firstOf.node.op;
  const declared = declaredErrors(checker, rpc)[0];
  const undeclared = { code: undeclaredCode(declaredErrors(checker, rpc)), message: 'no such' };
  const targets = {};
  let rpcError;

  beforeAll(async () => {
    targets.recorder = await startTarget({ upstream: replay.url });
    targets.faulty = await startTarget({ upstream: replay.url });
    targets.faulty.addField = 'surplusField';
    targets.rpcErrors = await startTarget({
      respond: (_req, res, cors, body) =>
        res
          .writeHead(200, { ...cors, 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(body).id, error: rpcError })),
    });
  });
  afterAll(() => Promise.all(Object.values(targets).map((t) => t.close())));

  const refusedCase = {
    op: refusable.op,
    fill: { [refusable.p.name]: 'latest' },
    target: 'recorder',
    text: [refusable.p.name, '"latest"', refusable.schema.pattern],
  };
  it.each([
    [
      'refused before sending',
      {
        ...refusedCase,
        want: { verdict: 'refused', parts: [['Refused before sending', 'try-warn']], sent: 0 },
        status: /^Not sent · /,
      },
    ],
    [
      'sent anyway: the request apart from the answer',
      {
        ...refusedCase,
        anyway: true,
        want: {
          verdict: 'conforms',
          parts: [
            ['Request breaks the spec', 'try-warn'],
            ['Conforms', 'try-ok'],
          ],
          sent: 1,
        },
        status: /^4\d\d /,
      },
    ],
    [
      'server drift',
      {
        op: firstOf.data.op,
        target: 'faulty',
        text: ['surplusField is not declared by the spec'],
        want: { verdict: 'drift', parts: [['Server drift', 'try-bad']], sent: 1 },
        status: /^2\d\d /,
      },
    ],
    [
      'JSON-RPC error the spec declares',
      {
        op: rpc,
        target: 'rpcErrors',
        error: { code: declared.code, message: String(declared.message) },
        text: [`${declared.code}: ${declared.message}`, declared.name, 'declares this error'],
        want: { verdict: 'rpc-error', parts: [['JSON-RPC error', 'try-warn']], sent: 1 },
        status: new RegExp(`^200 OK · JSON-RPC error ${declared.code} · \\d+ ms$`),
      },
    ],
    [
      'JSON-RPC error the spec does not declare',
      {
        op: rpc,
        target: 'rpcErrors',
        error: undeclared,
        text: [`${undeclared.code}: ${undeclared.message}`, 'does not declare'],
        want: {
          verdict: 'rpc-error-undeclared',
          parts: [['Undeclared JSON-RPC error', 'try-bad']],
          sent: 1,
        },
        status: new RegExp(`^200 OK · JSON-RPC error ${undeclared.code} · \\d+ ms$`),
      },
    ],
    [
      'conforming',
      {
        op: rpc,
        target: 'recorder',
        text: ['conforms to the spec'],
        want: { verdict: 'conforms', parts: [['Conforms', 'try-ok']], sent: 1 },
        status: /^200 OK · \d+ ms$/,
      },
    ],
  ])('%s', async (_name, given) => {
    const target = targets[given.target];
    target.seen.length = 0;
    rpcError = given.error;
    const { page, errors } = await open(bases['sub-path'], given.op.service, given.op.id);
    const box = await tryWith(page, given.op, target.url, given.fill);
    if (given.anyway) {
      await box.locator('button.try-anyway').click();
      await box.locator('.try-verdict:not([data-verdict="refused"])').waitFor();
    }
    const answer = box.locator('.try-answer');
    const verdict = answer.locator('.try-verdict');
    const parts = await verdict
      .locator('.try-part')
      .evaluateAll((list) =>
        list.map((p) => [p.dataset.part, [...p.classList].find((c) => c !== 'try-part')]),
      );
    const sent = target.seen.filter((r) => r.method !== 'OPTIONS').length;
    expect({ verdict: await verdict.getAttribute('data-verdict'), parts, sent }).toEqual(
      given.want,
    );
    const text = await answer.textContent();
    for (const t of given.text) expect(text).toContain(t);
    expect(await answer.locator('.try-status').textContent()).toMatch(given.status);
    expect(text).not.toContain('undefined');
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ['a param that is not JSON', firstOf.node.op, 'param'],
    ['a target that is not a URL', firstOf.data.op, 'target'],
  ])('an input error (%s) clears the previous answer', async (_name, op, what) => {
    const { page } = await open(bases['sub-path'], op.service, op.id);
    const box = await tryWith(page, op, replay.url);
    await expect(box.locator('.try-verdict').getAttribute('data-verdict')).resolves.toBe(
      'conforms',
    );
    const form = box.locator('form.try-form');
    if (what === 'param')
      await form
        .locator(`#try-${op.service}-${slug(op.id)}-p-${slug(op.params[0].name)}`)
        .fill('{');
    else await form.locator('input[type=url]').fill('not a url');
    await expect(box.locator('.try-problem').textContent()).resolves.toMatch(
      /is not valid JSON|is not an http\(s\) URL/,
    );
    await expect(box.locator('.try-answer').evaluate((a) => a.childNodes.length)).resolves.toBe(0);
    await page.close();
  });
});

/**
 * What is cut off in a console and in its page's example column: elements outside the
 * console's box, code whose text is wider than its block, "Send to" options wider than the
 * selector (measured on a copy of the selector sized to that option alone), and sideways scroll.
 */
function clipped(sel) {
  const root = document.querySelector(`${sel} .try-console`);
  const box = root.getBoundingClientRect();
  const name = (el) => `${el.tagName.toLowerCase()}.${el.className}`;
  const outside = [...root.querySelectorAll('*')]
    .filter((el) => {
      const b = el.getBoundingClientRect();
      return (b.width || b.height) && (b.left < box.left - 1 || b.right > box.right + 1);
    })
    .map(name);
  const code = [
    ...root.querySelectorAll('pre'),
    ...document.querySelectorAll('.method-examples pre'),
  ]
    .filter((p) => p.clientWidth > 0 && p.scrollWidth > p.clientWidth)
    .map((p) => `${p.textContent.slice(0, 40)}: ${p.scrollWidth} > ${p.clientWidth}`);
  const select = root.querySelector('select');
  const options = [...select.options]
    .filter((o) => {
      const probe = select.cloneNode(false);
      probe.removeAttribute('id');
      probe.style.cssText = 'position:absolute;visibility:hidden;width:auto;max-width:none';
      probe.append(new Option(o.text));
      select.parentElement.append(probe);
      const wide = probe.getBoundingClientRect().width > select.getBoundingClientRect().width + 0.5;
      probe.remove();
      return wide;
    })
    .map((o) => o.text);
  const page = document.documentElement;
  return { outside, code, options, sideways: page.scrollWidth > page.clientWidth };
}

describe.each([1280, 360])('at %i px wide', (width) => {
  it.each(['data', 'node'])(
    'nothing in the %s console, its "Send to" selector or the example column is cut off',
    async (service) => {
      const { op } = firstOf[service];
      // At its width from the start: a layout that changes under the test is not what it checks.
      const { page } = await open(bases['sub-path'], service, op.id, width);
      await tryWith(page, op, replay.url);
      // Back to the first server, whose description is the longest text beside the selector.
      await page.locator(`${slot(service, op.id)} select`).selectOption({ index: 0 });
      expect(await page.evaluate(clipped, slot(service, op.id))).toEqual({
        outside: [],
        code: [],
        options: [],
        sideways: false,
      });
      await page.close();
    },
  );
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

  it('axe-core at 360 px: no serious or critical violation in a refused, then sent-anyway verdict', async () => {
    const { op, p } = refusable;
    const { page } = await open(bases['sub-path'], op.service, op.id);
    await page.setViewportSize({ width: 360, height: 900 });
    const box = await tryWith(page, op, replay.url, { [p.name]: 'latest' });
    await page.addScriptTag({ content: axeSource });
    const audit = async () => {
      const results = await page.evaluate(
        (sel) => globalThis.axe.run(document.querySelector(sel), { resultTypes: ['violations'] }),
        slot(op.service, op.id),
      );
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    await expect(box.locator('.try-verdict').getAttribute('data-verdict')).resolves.toBe('refused');
    expect(await audit()).toEqual([]);
    await box.locator('button.try-anyway').click();
    await box.locator('.try-verdict:not([data-verdict="refused"])').waitFor();
    expect(await audit()).toEqual([]);
    await page.close();
  }, 300_000);

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
