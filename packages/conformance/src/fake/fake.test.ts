// The in-process fake, as an app's tests use it: the real clients with `fetch: fake`, a listing
// paged to its end, a filter, a 429 waited out, a drift the client's validator reports, a call
// that never answers; MSW's Node server answering from the same engine; and the contract tester
// run against the fake, which must agree with a run against the replay server on 127.0.0.1.
import { createDataClient, paginate, RateLimitError } from '@avalanche-api/data-client';
import { createValidator } from '@avalanche-api/data-client/validate';
import { createNodeClient, NotFoundError } from '@avalanche-api/node-rpc';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runContract } from '../contract/run.js';
import { Specs } from '../model/specs.js';
import { startReplayServer } from '../replay/replay.js';
import { recordings } from './data.js';
import { createFakeFetch, FakeAnswerError } from './index.js';
import { createHandlers } from './msw.js';

const fake = createFakeFetch();
const data = createDataClient({ fetch: fake, retry: { attempts: 2, baseDelayMs: 1 } });

describe('the fake as a client’s fetch', () => {
  test('a paginated listing is read to its end, page by page', async () => {
    fake.reset();
    let items = 0;
    let pages = 0;
    for await (const page of paginate(data.listValidators, { network: 'mainnet', pageSize: 1 })) {
      pages++;
      items += page.validators.length;
    }
    expect(pages).toBeGreaterThan(1);
    expect(items).toBe(pages);
    expect(fake.requestsFor('listValidators')).toHaveLength(pages);
  });

  test('a filter is kept: every item matches it', async () => {
    const page = await data.listValidators({ network: 'mainnet', validationStatus: 'completed' });
    expect(page.validators.length).toBeGreaterThan(0);
    for (const v of page.validators) expect(v.validationStatus).toBe('completed');
  });

  test('a 429 with Retry-After is waited out, then answered', async () => {
    fake.reset();
    fake.use({ kind: 'rate-limited', operation: 'listValidators', retryAfterSeconds: 1, times: 1 });
    const page = await data.listValidators({ network: 'mainnet' });
    expect(page.validators.length).toBeGreaterThan(0);
    expect(fake.requestsFor('listValidators')).toHaveLength(2);
  });

  test('a 429 that outlasts the retries reaches the app as a RateLimitError with its wait', async () => {
    fake.reset();
    fake.use({ kind: 'rate-limited', operation: 'listValidators', retryAfterSeconds: 60 });
    const error = await data.listValidators({ network: 'mainnet' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(60_000);
  });

  test.each(['wrong-type', 'missing-member', 'order'])(
    'a drift (%s) is caught by the client’s strict validator',
    async (breaks) => {
      fake.reset();
      const checked = createDataClient({ fetch: fake, validate: createValidator('strict') });
      await expect(checked.listValidators({ network: 'mainnet' })).resolves.toBeDefined();
      fake.use({ kind: 'drift', operation: 'listValidators', breaks });
      const answer = checked.listValidators({ network: 'mainnet' });
      // A promise (order) keeps the shape: the client's schema validator lets it through.
      if (breaks === 'order') await expect(answer).resolves.toBeDefined();
      else await expect(answer).rejects.toThrow(/does not match the spec|expected|required/i);
    },
  );

  test('a call that never answers ends with the client’s timeout', async () => {
    fake.reset();
    fake.use({ kind: 'never-answers', operation: 'listBlockchains' });
    const quick = createDataClient({ fetch: fake, timeoutMs: 200, retry: false });
    await expect(quick.listBlockchains({ network: 'mainnet' })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  test('an answer of the user’s own is served, and checked against the spec when asked', async () => {
    fake.reset();
    fake.use({ kind: 'answer', operation: 'listBlockchains', body: { blockchains: [] } });
    expect(await data.listBlockchains({ network: 'mainnet' })).toEqual({ blockchains: [] });
    fake.use({
      kind: 'answer',
      operation: 'listBlockchains',
      body: { blockchains: 'none' },
      validate: true,
    });
    const url = fake.requestsFor('listBlockchains')[0]?.url ?? '';
    await expect(fake(url)).rejects.toBeInstanceOf(FakeAnswerError);
  });

  test('the node client: an answer, and a not-found typed by the node’s own words', async () => {
    const node = createNodeClient({ fetch: fake });
    const version = await node.info.getNodeVersion();
    expect(version.version).toMatch(/^avalanchego\//);
    const missing = await node.avm
      .getBlockByHeight({ height: '999999999999' })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
  });
});

describe('items of your own', () => {
  test('50 generated validators: valid, distinct, paged to the end and filtered by the promises', async () => {
    const fake = createFakeFetch({ items: { listValidators: 50 } });
    const strict = createDataClient({ fetch: fake, validate: createValidator('strict') });
    const seen: { txHash: string; validationStatus: string }[] = [];
    for await (const page of paginate(strict.listValidators, { network: 'mainnet', pageSize: 10 }))
      seen.push(...page.validators);
    expect(seen).toHaveLength(50);
    expect(new Set(seen.map((v) => v.txHash)).size).toBe(50);
    expect(fake.requestsFor('listValidators')).toHaveLength(5);
    const status = seen[0]?.validationStatus as 'active';
    const filtered = await strict.listValidators({
      network: 'mainnet',
      validationStatus: status,
      pageSize: 100,
    });
    expect(filtered.validators.length).toBe(
      seen.filter((v) => v.validationStatus === status).length,
    );
  });

  test('a list given as it is; an operation that is not in the specs is refused by name', async () => {
    const fake = createFakeFetch({ items: { listBlockchains: [] } });
    expect(
      (await createDataClient({ fetch: fake }).listBlockchains({ network: 'mainnet' })).blockchains,
    ).toEqual([]);
    expect(() => createFakeFetch({ items: { listNothing: 3 } })).toThrow(
      /items: "listNothing" is no operation or method of the specs/,
    );
  });
});

describe('MSW handlers from the same engine', () => {
  const { handlers, fake: behind } = createHandlers();
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  test('the default clients, on their default hosts, are answered in process', async () => {
    const page = await createDataClient().listBlockchains({ network: 'mainnet' });
    expect(page.blockchains.length).toBeGreaterThan(0);
    const node = await createNodeClient().info.getNetworkID();
    expect(node.networkID).toBeDefined();
    expect(behind.requests.map((r) => r.operation)).toEqual([
      'listBlockchains',
      'info.getNetworkID',
    ]);
  });
});

describe('the contract tester against the fake', () => {
  test('conforms, with the same counts as against the replay server on 127.0.0.1', async () => {
    const specs = await Specs.load();
    const specTotal = specs.all.length;
    const server = await startReplayServer({ specs, recordings });
    try {
      // The whole plan, as `pnpm contract` runs it: every operation and method of the specs.
      const viaServer = await runContract({ target: server.url });
      const viaFake = await runContract({
        target: 'http://fake.invalid',
        fetch: createFakeFetch(),
      });
      expect(viaFake.summary.operations).toEqual(viaServer.summary.operations);
      expect(viaFake.summary.cases).toEqual(viaServer.summary.cases);
      expect(viaFake.summary.operations.conforms).toBe(specTotal);
      expect(viaFake.nodeVersion).toBe(viaServer.nodeVersion);
    } finally {
      await server.close();
    }
  }, 600_000);
});
