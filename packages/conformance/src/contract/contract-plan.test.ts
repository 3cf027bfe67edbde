import { afterAll, describe, expect, test } from 'vitest';
import { isObject } from '../model/json-pointer.js';
import { Specs } from '../model/specs.js';
import { describedRelease } from '../model/versions.js';
import { loadRecordings } from '../recordings/recordings.js';
import { startFaultyProxy } from '../test/faulty-proxy.js';
import { inputsOf, targetOf } from './case-inputs.js';
import { caseClasses, resolveSchema } from './case-values.js';
import type { ContractCase } from './contract-case.js';
import { contractCases } from './contract-cases.js';
import {
  classCounts,
  defaultMaxRequests,
  parseClasses,
  runPlan,
  valueCoverage,
} from './contract-plan.js';
import { exercisedKinds } from './filter-cases.js';
import { classOf, generateCases } from './generate-cases.js';
import { linkedCase, readLinks } from './links.js';
import { absentMethodCases } from './node-release.js';
import { pagingChains } from './paging.js';
import type { RunOptions } from './run-options.js';
import { exitCode } from './verdicts.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const base = contractCases(specs, recordings);

/** What the proxy sees of a request: enough to fire a fault on one value. */
interface Seen {
  url: URL;
  call?: Record<string, unknown>;
}
/** Rewrites the replay server's answer when it fires; undefined passes it through. */
type Fault = (
  seen: Seen,
  answer: { status: number; body: unknown },
) => { status: number; body: unknown } | undefined;

// A faulty deployment: a proxy in front of the replay server whose faults fire only for a
// value the recordings and examples never send, so only generated cases can find them.
const proxy = await startFaultyProxy(specs, recordings);
let fault: Fault = () => undefined;
let rewrite: (seen: Seen) => string | undefined = () => undefined;
proxy.fault = (x) => {
  const out = fault(
    { url: x.url, ...(x.call ? { call: x.call } : {}) },
    { status: x.status, body: x.body },
  );
  return out && { ...x, ...out };
};
proxy.rewrite = (seen) => rewrite(seen);
const proxyUrl = proxy.url;
afterAll(() => proxy.close());

const run: RunOptions = {
  targets: Object.fromEntries([...specs.rest, ...specs.rpc].map((s) => [s.name, proxyUrl])),
  concurrency: 4,
  timeoutMs: 20000,
  maxRetryAfterMs: 0,
  retries: 0,
  replaysCorpus: true,
};

async function contractOf(operation: string, classes = 'all') {
  const { results } = await runPlan(specs, base, run, {
    classes: parseClasses(classes),
    seed: 1,
    maxCases: 12,
    maxRequests: 400,
    maxPages: 4,
    only: (c) => c.operation === operation,
  });
  return results;
}

const params = (s: Seen) => (isObject(s.call?.params) ? s.call.params : {});
const apiError = { message: ['injected'], statusCode: 500, error: 'Internal Server Error' };

/** Whether any recorded or example request of the operation sends what the fault fires on. */
function corpusSends(operation: string, fires: (s: Seen) => boolean): boolean {
  return base
    .filter((c) => c.operation === operation)
    .some((c: ContractCase) => {
      const seen: Seen = { url: new URL(c.path, 'http://x') };
      if (isObject(c.body)) seen.call = c.body;
      return fires(seen);
    });
}

const faults: [
  string,
  {
    operation: string;
    fires: (s: Seen) => boolean;
    answer?: (a: { status: number; body: unknown }) => { status: number; body: unknown };
    /** Instead of a wrong answer: the request the deployment really serves. */
    serve?: (s: Seen) => string;
    caughtBy: string;
  },
][] = [
  [
    'an enum value (validationStatus=removed) answers 500',
    {
      operation: 'listValidators',
      fires: (s) => s.url.searchParams.get('validationStatus') === 'removed',
      answer: () => ({ status: 500, body: apiError }),
      caughtBy: 'generated',
    },
  ],
  [
    'a second page loses its required list',
    {
      operation: 'getLatestBlocks',
      fires: (s) => s.url.searchParams.has('pageToken'),
      answer: (a) => ({ status: a.status, body: { ...(a.body as object), blocks: undefined } }),
      caughtBy: 'page',
    },
  ],
  [
    'the maximum pageSize (100) answers 500',
    {
      operation: 'getLatestBlocks',
      fires: (s) => s.url.searchParams.get('pageSize') === '100',
      answer: () => ({ status: 500, body: apiError }),
      caughtBy: 'generated',
    },
  ],
  [
    'an invalid pageSize (0) is answered 200 instead of 400',
    {
      operation: 'listValidators',
      fires: (s) => s.url.searchParams.get('pageSize') === '0',
      serve: (s) => {
        const url = new URL(s.url);
        url.searchParams.set('pageSize', '1');
        return url.pathname + url.search;
      },
      caughtBy: 'negative',
    },
  ],
  [
    'an encoding (hexnc) answers a JSON-RPC error',
    {
      operation: 'avm.getTx',
      fires: (s) => params(s).encoding === 'hexnc',
      answer: (a) => ({
        status: 200,
        body: {
          jsonrpc: '2.0',
          id: (a.body as { id: unknown }).id,
          error: { code: -32000, message: 'injected' },
        },
      }),
      caughtBy: 'generated',
    },
  ],
  [
    'an absent optional parameter (encoding) drops a required member',
    {
      operation: 'index.getContainerByIndex',
      fires: (s) => s.call !== undefined && !('encoding' in params(s)),
      answer: (a) => {
        const body = structuredClone(a.body) as { result: Record<string, unknown> };
        delete body.result.bytes;
        return { status: 200, body };
      },
      caughtBy: 'generated',
    },
  ],
];

describe('contract reaches past the corpus', () => {
  test.each(faults)(
    '%s: caught by a generated, negative or page case, not by the corpus',
    async (_name, f) => {
      expect(corpusSends(f.operation, f.fires)).toBe(false);
      fault = (seen, answer) => (f.answer && f.fires(seen) ? f.answer(answer) : undefined);
      rewrite = (seen) => (f.serve && f.fires(seen) ? f.serve(seen) : undefined);
      try {
        const corpusOnly = await contractOf(f.operation, 'recorded,example');
        expect(exitCode(corpusOnly)).toBe(0);
        const results = await contractOf(f.operation);
        expect(exitCode(results)).toBe(1);
        const drifting = results.filter((r) => r.verdict === 'drift');
        expect(new Set(drifting.map((r) => r.operation))).toEqual(new Set([f.operation]));
        expect(drifting.map(classOf)).toContain(f.caughtBy);
      } finally {
        fault = () => undefined;
        rewrite = () => undefined;
      }
    },
  );

  test('a page token given twice is paging drift', async () => {
    let first: string | undefined;
    fault = (seen, answer) => {
      if (!seen.url.pathname.endsWith('/blocks') || !isObject(answer.body)) return undefined;
      // Every page offers the first token it ever gave: paging that never ends.
      first ??= String(answer.body.nextPageToken);
      return { status: answer.status, body: { ...answer.body, nextPageToken: first } };
    };
    try {
      const results = await contractOf('getLatestBlocks', 'page');
      const kinds = results.flatMap((r) => r.violations.map((v) => v.kind));
      expect(kinds).toContain('paging');
      expect(exitCode(results)).toBe(1);
    } finally {
      fault = () => undefined;
    }
  });
});

describe('page chains', () => {
  test('come from the cursor and range annotations; the first page asks for one item', () => {
    const seeds = base.filter(
      (c) => !c.skip && c.expect.status < 300 && c.expect.reply !== 'error',
    );
    const chains = pagingChains(specs, seeds);
    const annotated = specs.all
      .filter((o) => {
        const p = targetOf(specs, { service: o.service, operation: o.id })?.promises;
        return (p?.cursor || p?.range) && seeds.some((c) => c.operation === o.id);
      })
      .map((o) => o.id);
    expect(chains.map((c) => c.operation).sort()).toEqual(annotated.sort());
    expect(annotated).toEqual(expect.arrayContaining(['avm.getUTXOs', 'index.getContainerRange']));
    for (const chain of chains) {
      const target = targetOf(specs, chain.first);
      if (!target) throw new Error(chain.operation);
      const inputs = inputsOf(target, chain.first);
      const { page, cursor, range } = target.promises;
      if (cursor) expect(inputs[cursor.input]).toBeUndefined();
      const one = page?.input ?? range?.count;
      if (one) expect(String(inputs[one])).toBe('1');
    }
  });

  test('a next page repeating an item of an earlier page is paging drift', async () => {
    let firstItems: unknown;
    fault = (seen, answer) => {
      if (!seen.url.pathname.endsWith('/blocks') || !isObject(answer.body)) return undefined;
      // Every page answers the first page's blocks, each with a new token.
      firstItems ??= answer.body.blocks;
      return {
        status: answer.status,
        body: { ...answer.body, blocks: firstItems },
      };
    };
    try {
      const results = await contractOf('getLatestBlocks', 'page');
      const paging = results.flatMap((r) => r.violations.filter((v) => v.kind === 'paging'));
      expect(paging.map((v) => v.message)).toContainEqual(
        expect.stringMatching(
          /^paging: blocks\[0\]\.blockHash "0x[0-9a-f]+" on page 2 was on page 1 already, expected no item on two pages$/,
        ),
      );
      expect(exitCode(results)).toBe(1);
    } finally {
      fault = () => undefined;
    }
  });
});

describe('generated cases', () => {
  const all = new Set(caseClasses);
  test('the same seed gives the same cases; another seed other sampled values', () => {
    const a = generateCases(specs, base, { seed: 7, maxCases: 12, classes: all });
    const b = generateCases(specs, base, { seed: 7, maxCases: 12, classes: all });
    const c = generateCases(specs, base, { seed: 8, maxCases: 12, classes: all });
    expect(b).toEqual(a);
    expect(c.map((x) => x.path)).not.toEqual(a.map((x) => x.path));
  });

  test('bounds survive the per-operation bound: each page input is sent at its maximum', () => {
    const cases = generateCases(specs, base, { seed: 1, maxCases: 12, classes: all });
    const missing: string[] = [];
    for (const o of specs.all) {
      const target = targetOf(specs, { service: o.service, operation: o.id });
      const page = target?.promises.page;
      if (!target || page?.max === undefined || !base.some((c) => c.operation === o.id)) continue;
      const sentMax = cases.some(
        (c) =>
          c.operation === o.id &&
          c.class === 'generated' &&
          String(inputsOf(target, c)[page.input]) === String(page.max),
      );
      if (!sentMax) missing.push(o.id);
    }
    expect(missing).toEqual([]);
  });

  test('every paginated operation gets a success case without its page input (the default is checked)', () => {
    const cases = [...base, ...generateCases(specs, base, { seed: 1, maxCases: 12, classes: all })];
    const missing: string[] = [];
    for (const o of specs.all) {
      const target = targetOf(specs, { service: o.service, operation: o.id });
      const page = target?.promises.page;
      if (!target || !page || !base.some((c) => c.operation === o.id)) continue;
      const pageless = cases.some(
        (c) =>
          c.operation === o.id &&
          !c.skip &&
          c.expect.status < 300 &&
          c.expect.reply !== 'error' &&
          inputsOf(target, c)[page.input] === undefined,
      );
      if (!pageless) missing.push(o.id);
    }
    expect(missing).toEqual([]);
  });

  test('a path parameter with a pattern gets a negative case; an all-identity operation a generated one', () => {
    const cases = generateCases(specs, base, { seed: 1, maxCases: 12, classes: all });
    const avg = cases.filter((c) => c.operation === 'getAvgTps');
    expect(avg.map((c) => c.class)).toEqual(expect.arrayContaining(['generated', 'negative']));
    for (const service of specs.rest)
      for (const op of service.operations) {
        const responses = isObject(op.node.responses) ? op.node.responses : {};
        if (!('400' in responses) || !base.some((c) => c.operation === op.id)) continue;
        for (const p of op.parameters.filter((x) => x.in === 'path')) {
          const schema = resolveSchema(service.doc, { $ref: `#${p.schema}` });
          if (typeof schema.pattern !== 'string' || schema.pattern.startsWith('^[0-9]+')) continue;
          expect(
            cases.some(
              (c) =>
                c.operation === op.id &&
                c.class === 'negative' &&
                c.source.startsWith(`negative: ${p.name}=`) &&
                c.source.endsWith('(pattern)'),
            ),
            `${op.id} ${p.name}`,
          ).toBe(true);
        }
      }
  });

  test('--max-cases bounds each class per operation', () => {
    const cases = generateCases(specs, base, { seed: 1, maxCases: 3, classes: all });
    const per = new Map<string, number>();
    for (const c of cases) {
      const key = `${c.operation} ${c.class}`;
      per.set(key, (per.get(key) ?? 0) + 1);
    }
    expect(Math.max(...per.values())).toBeLessThanOrEqual(3);
  });

  test('identifying values come from the corpus; another block is one the 404 may answer', () => {
    const known = new Set(base.filter((c) => c.operation === 'getBlock').map((c) => c.path));
    const cases = generateCases(specs, base, { seed: 1, maxCases: 12, classes: all });
    const generated = cases.filter((x) => x.operation === 'getBlock' && x.class === 'generated');
    // Every input of getBlock identifies: other blocks are sent, the thing or its 404 expected.
    expect(generated.length).toBeGreaterThan(0);
    for (const c of generated)
      if (!known.has(c.path)) expect(c.expect).toEqual({ status: 200, or: [{ status: 404 }] });
  });

  test('negative REST cases expect 400, negative JSON-RPC cases an error', () => {
    const cases = generateCases(specs, base, {
      seed: 1,
      maxCases: 12,
      classes: new Set(['negative']),
    });
    expect(cases.length).toBeGreaterThan(50);
    for (const c of cases)
      expect(c.expect).toEqual(
        c.service === 'node-rpc' ? { status: 200, reply: 'error' } : { status: 400 },
      );
    const rules = cases.filter((c) => /exactlyOne|atLeastOne|sumAtMost/.test(c.source));
    expect(rules.map((c) => c.operation)).toEqual(
      expect.arrayContaining(['aggregateSignatures', 'listPendingPrimaryNetworkRewards']),
    );
  });

  test('--max-requests bounds the whole run, corpus, pages and links included', async () => {
    const { results, leftOut } = await runPlan(
      specs,
      base,
      {
        ...run,
        targets: Object.fromEntries(Object.keys(run.targets).map((k) => [k, proxy.replayUrl])),
      },
      { classes: parseClasses(undefined), seed: 1, maxCases: 12, maxRequests: 40, maxPages: 4 },
    );
    expect(results.filter((r) => r.status !== undefined).length).toBeLessThanOrEqual(40);
    expect(leftOut).toBeGreaterThan(400);
    // Round robin: the bound keeps cases of many operations, not the first few only.
    expect(new Set(results.map((r) => r.operation)).size).toBeGreaterThan(20);
  });

  test('--cases names unknown classes in a clear error', () => {
    expect(() => parseClasses('generated,bogus')).toThrow(
      /--cases: "bogus" is not a case class; classes are recorded, example, generated/,
    );
  });
});

describe('the whole plan against the clean replay server', () => {
  test('conforms, covers every enum value, counts every class, follows every link', async () => {
    // Judged by the release the replay states, as a contract run does: the methods that release
    // does not serve are each one call, expecting the refusal.
    const release = String(
      describedRelease(specs.rpc.find((x) => x.name === 'node-rpc')?.doc ?? {}),
    );
    const judged = await Specs.load(new URL('dist/', root).pathname, { nodeVersion: release });
    const { results } = await runPlan(
      judged,
      base,
      {
        ...run,
        targets: Object.fromEntries(Object.keys(run.targets).map((k) => [k, proxy.replayUrl])),
      },
      // The default bounds: the budget follows the specs' operation count, and the generated
      // cases of an operation listing more values than 12 cases hold grow to send them all.
      {
        classes: parseClasses(undefined),
        seed: 1,
        maxCases: 12,
        everyListedValue: true,
        maxRequests: defaultMaxRequests(specs),
        maxPages: 4,
        prepare: absentMethodCases(specs, judged, release),
      },
    );
    expect(
      results.filter((r) => r.verdict === 'drift').map((r) => `${r.operation} ${r.source}`),
    ).toEqual([]);
    expect(results.filter((r) => r.absentFrom && r.verdict === 'conforms').length).toBe(
      specs.all.length - judged.all.length,
    );
    const coverage = valueCoverage(judged, results);
    for (const [op, list] of coverage)
      for (const c of list)
        expect(`${op} ${c.input} ${c.covered.length}`).toBe(`${op} ${c.input} ${c.total}`);
    const counts = classCounts(results);
    expect(counts.get('data-api listValidators')).toMatchObject({
      example: 1,
      generated: expect.any(Number),
      negative: expect.any(Number),
      page: expect.any(Number),
    });
    // Every link is followed: the request it names off a conforming answer of its source was
    // sent (once: links that name the same request, such as every webhook call's link to
    // getWebhook of the example's webhook, share it).
    const requestOf = (c: Pick<ContractCase, 'operation' | 'path' | 'body'>) =>
      `${c.operation} ${c.path} ${JSON.stringify(isObject(c.body) ? c.body.params : null)}`;
    const linked = new Set(results.filter((r) => r.class === 'linked').map(requestOf));
    const unfollowed = readLinks(specs).filter(
      (link) =>
        !results.some((r) => {
          if (r.service !== link.service || r.operation !== link.from) return false;
          if (r.verdict !== 'conforms' || classOf(r) === 'negative') return false;
          const target = linkedCase(specs, link, r);
          return target !== undefined && linked.has(requestOf(target));
        }),
    );
    expect(unfollowed.map((l) => `${l.from} → ${l.name}`)).toEqual([]);
    // Every paginated list (a cursor or a range) is read past its first page, and its order
    // put to the test: the replay data holds several pages of each.
    const exercised = exercisedKinds(specs, results);
    const unexercised: string[] = [];
    for (const o of specs.all) {
      const p = targetOf(specs, { service: o.service, operation: o.id })?.promises;
      if (!p || !(p.cursor || p.range)) continue;
      const kinds = exercised.get(`${o.service} ${o.id}`) ?? new Set();
      const wanted = [p.cursor ? 'paging' : 'range', ...(p.order?.length ? ['order'] : [])];
      for (const k of wanted) if (!kinds.has(k as never)) unexercised.push(`${o.id} ${k}`);
    }
    expect(unexercised).toEqual([]);
  }, 300_000);
});
