// The replay server keeps every x-promises rule, and breaks one on demand (x-replay-fault),
// over real HTTP on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ListingTracker } from '../model/promises/check.js';
import { compare } from '../model/promises/values.js';
import { type PromiseKind, type Promises, promiseKinds } from '../model/promises/vocabulary.js';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { faultAppliedHeader, startReplayServer } from './replay.js';
import { fillNotFound, keepPromises, otherValue } from './replay-promises.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
let server: Awaited<ReturnType<typeof startReplayServer>>;

beforeAll(async () => {
  server = await startReplayServer({ specs, recordings });
});
afterAll(() => server.close());

interface Answer {
  status: number;
  type: string;
  applied: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read member by member
  body: any;
  /** Violations of the exchange other than broken promises: none when it is schema-valid. */
  shapeErrors: () => string[];
  /** The kinds of the broken promises the checker finds in the exchange. */
  promiseErrors: () => string[];
}

async function exchange(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  fault?: string,
  base = server.url,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (fault) headers['x-replay-fault'] = fault;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const parsed = JSON.parse(text);
  const type = res.headers.get('content-type') ?? '';
  const errors = () =>
    specs.checkExchange(
      {
        file: path,
        request: { method, url: `http://127.0.0.1${path}`, headers, body },
        response: { status: res.status, headers: { 'content-type': type }, body: parsed },
      },
      { strict: true },
    ).errors;
  const isPromise = (kind: string) => (promiseKinds as readonly string[]).includes(kind);
  return {
    status: res.status,
    type,
    applied: res.headers.get(faultAppliedHeader),
    body: parsed,
    shapeErrors: () =>
      errors()
        .filter((v) => !isPromise(v.kind))
        .map((v) => `${v.kind} ${v.where}${v.path}: ${v.message}`),
    promiseErrors: () => errors().flatMap((v) => (isPromise(v.kind) ? [v.kind] : [])),
  };
}

const get = (path: string, fault?: string) => exchange('GET', path, undefined, fault);
const rpc = (path: string, method: string, params: unknown, fault?: string) =>
  exchange('POST', path, { jsonrpc: '2.0', id: 1, method, params }, fault);

const validators = '/v1/networks/mainnet/validators';
const blockchains = '/v1/networks/mainnet/blockchains';
const latest = '/v1/chains/43114/blocks';
const block = '49889406';
const blockHash = '0xf4917efb4628a1d8f4d101b3d15bce9826e62ef2c93c3e16ee898d27cf02f3d4';
const assetTxs =
  '/v1/networks/mainnet/blockchains/x-chain/assets/FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z/transactions';
const utxoAddresses = [
  'X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5',
  'X-avax1d09qn852zcy03sfc9hay2llmn9hsgnw4tp3dv6',
];
const timestamps = (items: { createBlockTimestamp: number }[]) =>
  items.map((i) => i.createBlockTimestamp);
const sortedBy = (values: unknown[], dir: 'asc' | 'desc') =>
  values.every((v, i) => i === 0 || (dir === 'asc' ? 1 : -1) * compare(values[i - 1], v) <= 0);

describe('the replay server keeps every declared rule', () => {
  test('filter: validationStatus=active answers active validators only', async () => {
    const all = await get(`${validators}?pageSize=100`);
    expect(
      new Set(all.body.validators.map((v: { validationStatus: string }) => v.validationStatus))
        .size,
    ).toBeGreaterThan(1);
    for (const status of ['active', 'completed', 'pending', 'removed']) {
      const { body } = await get(`${validators}?pageSize=100&validationStatus=${status}`);
      expect(body.validators.length).toBeGreaterThan(0);
      for (const v of body.validators) expect(v.validationStatus).toBe(status);
    }
  });

  test('filter: txTypes and the time window narrow the asset transactions', async () => {
    const all = (await get(assetTxs)).body.transactions as { txType: string; timestamp: number }[];
    expect(all.length).toBeGreaterThan(1);
    const type = all[0]?.txType as string;
    const byType = (await get(`${assetTxs}?txTypes=${type}`)).body.transactions;
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.length).toBeLessThan(all.length);
    for (const t of byType) expect(t.txType).toBe(type);
    const times = all.map((t) => t.timestamp).sort((a, b) => a - b);
    const from = times[1] as number;
    const window = (await get(`${assetTxs}?startTimestamp=${from}&endTimestamp=${from}`)).body;
    expect(window.transactions.length).toBeGreaterThan(0);
    for (const t of window.transactions) expect(t.timestamp).toBe(from);
    const none = await get(`${assetTxs}?startTimestamp=${(times.at(-1) as number) + 1}`);
    expect(none.body.transactions).toEqual([]);
  });

  test('page-size: pageSize=1 gives one item, an absent pageSize at most the default', async () => {
    expect((await get(`${validators}?pageSize=1`)).body.validators).toHaveLength(1);
    const bound = specs.rest.flatMap((s) => s.operations).find((o) => o.id === 'listValidators')
      ?.promises.page?.default as number;
    expect((await get(validators)).body.validators.length).toBeLessThanOrEqual(bound);
  });

  test('order: sortOrder=asc and desc sort the same items both ways', async () => {
    const asc = timestamps((await get(`${blockchains}?sortOrder=asc`)).body.blockchains);
    const desc = timestamps((await get(`${blockchains}?sortOrder=desc`)).body.blockchains);
    expect(asc.length).toBeGreaterThan(1);
    expect(new Set(asc).size).toBeGreaterThan(1);
    expect(sortedBy(asc, 'asc')).toBe(true);
    expect(sortedBy(desc, 'desc')).toBe(true);
    expect([...asc].reverse()).toEqual(desc);
  });

  test('paging: the cursor goes on without repeating a token or an item', async () => {
    const tokens = new Set<string>();
    const seen = new Set<string>();
    let token: string | undefined;
    do {
      const qs = `pageSize=1${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
      const { body } = await get(`${validators}?${qs}`);
      for (const v of body.validators) {
        expect(seen.has(v.txHash)).toBe(false);
        seen.add(v.txHash);
      }
      token = body.nextPageToken;
      if (token) {
        expect(tokens.has(token)).toBe(false);
        tokens.add(token);
      }
    } while (token && seen.size < 50);
    expect(seen.size).toBeGreaterThan(1);
  });

  test('identity: block 100 is never answered with block 99; by number or hash; unknown is 404', async () => {
    const byNumber = await get(`${latest}/${block}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.blockNumber).toBe(block);
    const byHash = await get(`${latest}/${blockHash.toUpperCase().replace('0X', '0x')}`);
    expect(byHash.status).toBe(200);
    expect(byHash.body.blockHash).toBe(blockHash);
    const other = await get(`${latest}/${Number(block) - 1}`);
    expect(other.status).toBe(404);
    expect(other.shapeErrors()).toEqual([]);
  });

  test('identity and filter on one input: the transactions of a block by number or hash, else 404', async () => {
    for (const id of [block, blockHash]) {
      const { status, body } = await get(`${latest}/${id}/transactions`);
      expect(status).toBe(200);
      expect(body.transactions.length).toBeGreaterThan(0);
      for (const t of body.transactions) expect([t.blockNumber, t.blockHash]).toContain(id);
    }
    expect((await get(`${latest}/${Number(block) - 1}/transactions`)).status).toBe(404);
  });

  test('identity: avm.getBlockByHeight (json) answers only the height it holds, else the node error', async () => {
    const stored = (await rpc('/ext/bc/X', 'avm.getHeight', {})).body.result.height;
    const json = await rpc('/ext/bc/X', 'avm.getBlockByHeight', {
      height: stored,
      encoding: 'json',
    });
    expect(String(json.body.result.block.height)).toBe(stored);
    const missing = String(BigInt(stored) - 1n);
    for (const encoding of ['json', 'hex']) {
      const { body } = await rpc('/ext/bc/X', 'avm.getBlockByHeight', {
        height: missing,
        encoding,
      });
      expect(body.error).toEqual({
        code: -32000,
        message: `couldn't get block at height ${missing}: not found`,
        data: null,
      });
    }
  });

  test('count: numFetched is the number of UTXOs after limit cuts them', async () => {
    for (const limit of [1, 2, 1024]) {
      const { body } = await rpc('/ext/bc/X', 'avm.getUTXOs', { addresses: utxoAddresses, limit });
      expect(body.result.utxos.length).toBeLessThanOrEqual(limit);
      expect(body.result.numFetched).toBe(String(body.result.utxos.length));
    }
  });

  test('range: containers from startIndex, one index apart, at most numToFetch; the node errors', async () => {
    const range = (startIndex: unknown, numToFetch: unknown) =>
      rpc('/ext/index/X/tx', 'index.getContainerRange', { startIndex, numToFetch });
    const all = await range(0, 1024);
    const indices = all.body.result.containers.map((c: { index: string }) => c.index);
    expect(indices.length).toBeGreaterThan(1);
    expect(indices).toEqual(indices.map((_: string, k: number) => String(k)));
    expect(
      (await range(1, 1)).body.result.containers.map((c: { index: string }) => c.index),
    ).toEqual(['1']);
    expect((await range(0, 0)).body.error.message).toBe('numToFetch must be in [1,1024] but is 0');
    expect((await range(indices.length, 1)).body.error.message).toBe(
      `start index (${indices.length}) > last accepted index (${indices.length - 1})`,
    );
  });

  test('status: the health status follows healthy, which follows the checks', async () => {
    const { status, body } = await get('/ext/health');
    const failing = Object.values(body.checks).some((c) => (c as { error?: unknown }).error);
    expect(body.healthy).toBe(!failing);
    expect(status).toBe(body.healthy ? 200 : 503);
  });

  test('content-type: answers are application/json', async () => {
    expect((await get(validators)).type).toMatch(/^application\/json/);
    expect((await rpc('/ext/info', 'info.getNetworkID', {})).type).toMatch(/^application\/json/);
  });
});

describe('the checker finds no broken promise in the answers', () => {
  test.each([
    ['GET', `${validators}?validationStatus=active&pageSize=2&sortBy=delegationFee&sortOrder=asc`],
    ['GET', `${validators}?nodeIds=NodeID&minFeePercentage=2`],
    ['GET', `${blockchains}?sortOrder=asc&pageSize=3`],
    ['GET', `${assetTxs}?txTypes=BaseTx&txTypes=ExportTx&startTimestamp=1650000000`],
    ['GET', `${latest}?pageSize=2`],
    ['GET', `${latest}/${blockHash}`],
    ['GET', `${latest}/${block}/transactions?pageSize=1`],
    ['GET', '/ext/health'],
    ['POST', '/ext/bc/X', 'avm.getUTXOs', { addresses: utxoAddresses, limit: 2 }],
    ['POST', '/ext/index/X/tx', 'index.getContainerRange', { startIndex: 0, numToFetch: 2 }],
    ['POST', '/ext/info', 'info.peers', { nodeIDs: [] }],
    // Scope: chainInfo names the network asked; the encoding is hex by default.
    ['GET', assetTxs],
    ['POST', '/ext/bc/X', 'avm.getBlockByHeight', { height: '1' }],
    // Units and relations: seconds, percentages, lastRun after every point, active subnet validators.
    ['GET', '/v1/avg_tps/43114'],
    ['POST', '/ext/info', 'info.uptime', {}],
    ['GET', `${validators}?pageSize=5`],
  ] as const)('%s %s', async (method, path, name?: string, params?: unknown) => {
    const a = method === 'GET' ? await get(path) : await rpc(path, name as string, params);
    expect(a.status).toBe(200);
    expect(a.shapeErrors()).toEqual([]);
    expect(a.promiseErrors()).toEqual([]);
  });
});

describe('x-replay-fault breaks one rule and keeps the answer schema-valid', () => {
  test.each([
    [
      'page-size',
      () => get(`${validators}?pageSize=1`, 'page-size'),
      (a: Answer) => expect(a.body.validators).toHaveLength(2),
    ],
    [
      'paging',
      async () => {
        const first = await get(`${latest}?pageSize=1`, 'paging');
        const token = first.body.nextPageToken;
        const second = await get(
          `${latest}?pageSize=1&pageToken=${encodeURIComponent(token)}`,
          'paging',
        );
        expect(second.body.nextPageToken).toBe(token);
        return second;
      },
      (a: Answer) => expect(a.body.blocks).toHaveLength(1),
    ],
    [
      'order',
      () => get(`${blockchains}?sortOrder=asc`, 'order'),
      (a: Answer) => expect(sortedBy(timestamps(a.body.blockchains), 'asc')).toBe(false),
    ],
    [
      'filter',
      () => get(`${validators}?validationStatus=active`, 'filter'),
      (a: Answer) =>
        expect(
          a.body.validators.some(
            (v: { validationStatus: string }) => v.validationStatus !== 'active',
          ),
        ).toBe(true),
    ],
    [
      'identity',
      () => get(`${latest}/${block}`, 'identity'),
      (a: Answer) => {
        expect(a.status).toBe(200);
        expect(a.body.blockNumber).not.toBe(block);
        expect(a.body.blockHash).not.toBe(block);
      },
    ],
    [
      'count',
      () => rpc('/ext/bc/X', 'avm.getUTXOs', { addresses: utxoAddresses, limit: 2 }, 'count'),
      (a: Answer) => expect(a.body.result.numFetched).toBe(String(a.body.result.utxos.length + 1)),
    ],
    [
      'range',
      () =>
        rpc(
          '/ext/index/X/tx',
          'index.getContainerRange',
          { startIndex: 0, numToFetch: 1 },
          'range',
        ),
      (a: Answer) => expect(a.body.result.containers[0].index).not.toBe('0'),
    ],
    [
      'status',
      () => get('/ext/health', 'status'),
      (a: Answer) => expect(a.status).toBe(a.body.healthy ? 503 : 200),
    ],
    [
      'content-type',
      () => get(validators, 'content-type'),
      (a: Answer) => expect(a.type).toMatch(/^text\/plain/),
    ],
    [
      'scope',
      () => get(assetTxs, 'scope'),
      (a: Answer) => expect(a.body.chainInfo.network).not.toBe('mainnet'),
    ],
    [
      'units',
      () => get(`${latest}?pageSize=2`, 'units'),
      (a: Answer) => expect(a.body.blocks[0].blockTimestamp).toBeGreaterThan(1e10),
    ],
    [
      'relation',
      () => get('/v1/avg_tps/43114', 'relation'),
      (a: Answer) => expect(a.body.lastRun).toBeLessThan(a.body.results[0].timestamp),
    ],
  ] as const)('%s', async (kind, ask, broken) => {
    const answer = await ask();
    expect(answer.applied).toBe(kind);
    broken(answer);
    expect(answer.shapeErrors()).toEqual([]);
    // The checker sees the broken rule in the one exchange (a repeated cursor takes two).
    if (kind !== 'paging') expect(new Set(answer.promiseErrors())).toEqual(new Set([kind]));
  });

  test('calls: info.getNetworkID agrees with info.getNetworkName, unless the fault breaks it', async () => {
    const pair = async (fault?: string) => {
      const tracker = specs.callsTracker();
      const found: string[] = [];
      for (const [method, f] of [
        ['info.getNetworkName', undefined],
        ['info.getNetworkID', fault],
      ] as const) {
        const body = { jsonrpc: '2.0', id: 1, method, params: {} };
        const a = await rpc('/ext/info', method, {}, f);
        expect(a.shapeErrors()).toEqual([]);
        const recording = {
          file: method,
          request: { method: 'POST', url: 'http://127.0.0.1/ext/info', body },
          response: { status: a.status, headers: { 'content-type': a.type }, body: a.body },
        };
        for (const s of specs.promiseSubjects(recording))
          found.push(
            ...tracker
              .observe(s.target ?? '', s.operation, s.promises, s.inputs, s.answer)
              .map((v) => v.message),
          );
      }
      return found;
    };
    expect(await pair()).toEqual([]);
    expect(await pair('calls')).toEqual([
      expect.stringMatching(
        /^calls: networkID "\d+" \("\w+"\), expected the value that goes with "\w+"/,
      ),
    ]);
  });

  test('paging on a `more` cursor: the last page hands out a cursor to an empty page, caught', async () => {
    // getAvgTps: the service chooses the page size; the replay server uses its stored page's.
    const promises = specs.rest.flatMap((s) => s.operations).find((o) => o.id === 'getAvgTps')
      ?.promises as Promises;
    expect(promises.cursor?.more).toBe(true);
    const avg = '/v1/avg_tps/43114';
    const pageOf = (token: string) => `${avg}?pageToken=${encodeURIComponent(token)}`;
    const first = await get(avg);
    expect(first.body.results.length).toBeGreaterThan(0);
    const last = await get(pageOf(first.body.nextPageToken), 'paging');
    expect(last.applied).toBe('paging');
    expect(last.body.results.length).toBeGreaterThan(0);
    expect(last.shapeErrors()).toEqual([]);
    const after = await get(pageOf(last.body.nextPageToken));
    expect(after.status).toBe(200);
    expect(after.body.results).toEqual([]);
    expect(after.body.nextPageToken).toBeUndefined();
    const tracker = new ListingTracker();
    const observe = (a: Answer, pageToken?: string) =>
      tracker
        .observe(
          'getAvgTps',
          promises,
          { chainId: '43114', ...(pageToken ? { pageToken } : {}) },
          { protocol: 'rest', status: a.status, body: a.body },
        )
        .map((v) => v.message);
    expect(observe(first)).toEqual([]);
    expect(observe(last, first.body.nextPageToken)).toEqual([]);
    expect(observe(after, last.body.nextPageToken)).toEqual([
      expect.stringMatching(
        /^paging: page 3 \(pageToken=.+\) has no items, expected nextPageToken only when more data exists$/,
      ),
    ]);
  });

  test('identity on JSON-RPC: the echoed height changes, the block stays valid', async () => {
    const height = (await rpc('/ext/bc/X', 'avm.getHeight', {})).body.result.height;
    const a = await rpc(
      '/ext/bc/X',
      'avm.getBlockByHeight',
      { height, encoding: 'json' },
      'identity',
    );
    expect(a.applied).toBe('identity');
    expect(String(a.body.result.block.height)).not.toBe(height);
    expect(a.shapeErrors()).toEqual([]);
  });

  test('a rule the answer has nothing to break on is left kept and not reported applied', async () => {
    const a = await rpc('/ext/info', 'info.getNetworkID', {}, 'order');
    expect(a.applied).toBeNull();
    expect(a.body.result).toBeDefined();
  });

  test('a server-wide fault applies to every answer without the header', async () => {
    const faulty = await startReplayServer({ specs, recordings, fault: 'order' });
    try {
      const a = await exchange(
        'GET',
        `${blockchains}?sortOrder=asc`,
        undefined,
        undefined,
        faulty.url,
      );
      expect(a.applied).toBe('order');
      expect(sortedBy(timestamps(a.body.blockchains), 'asc')).toBe(false);
    } finally {
      await faulty.close();
    }
    await expect(startReplayServer({ specs, recordings, fault: 'nonsense' })).rejects.toThrow(
      /"nonsense" is not a fault switch/,
    );
  });
});

describe('keepPromises on its own (synthetic promises)', () => {
  const items = [
    { id: 'a', kind: 'x', n: '3', t: 30 },
    { id: 'b', kind: 'y', n: '1', t: 10 },
    { id: 'c', kind: 'x', n: '2', t: 20 },
    { id: 'd', kind: 'z', t: 40 },
  ];
  const body = { list: items, total: '4', next: 'stored-token' };
  const p: Promises = {
    items: '/list',
    page: { input: 'size', default: 2, max: 3 },
    cursor: { input: 'token', next: '/next', distinct: ['/id'] },
    order: [{ key: ['/t'], input: 'dir', default: 'desc' }],
    filters: [
      { input: 'kind', member: ['/kind'], match: 'oneOf' },
      { input: 'min', member: ['/n'], match: 'atLeast', absent: 'pass' },
    ],
    counts: [{ count: '/total', of: '/list' }],
  };
  const keep = (inputs: Record<string, unknown>, faults: string[] = []) => {
    const r = keepPromises(p, inputs, body, {
      id: 'op',
      faults: new Set(faults as PromiseKind[]),
    });
    if ('error' in r) throw new Error(r.error);
    return r as { body: typeof body; broken: string[] };
  };
  const ids = (r: { body: typeof body }) => r.body.list.map((i) => i.id);

  test.each([
    ['the default bound and direction', {}, ['d', 'a']],
    ['asc', { dir: 'asc' }, ['b', 'c']],
    ['a filter list', { kind: 'x,z', size: '3' }, ['d', 'a', 'c']],
    ['an absent member passing', { min: '2', size: '3' }, ['d', 'a', 'c']],
    ['a bound out of range is the default', { size: '9' }, ['d', 'a']],
  ])('%s', (_n, inputs, want) => {
    const r = keep(inputs);
    expect(ids(r)).toEqual(want);
    expect(r.body.total).toBe(String(want.length));
  });

  test('a string cursor walks the list once; the last page has none; a forged one is refused', () => {
    const seen: string[] = [];
    let token: unknown;
    do {
      const r = keep({ size: '1', ...(token ? { token } : {}) });
      seen.push(...ids(r));
      token = r.body.next;
    } while (token);
    expect(seen).toEqual(['d', 'a', 'c', 'b']);
    const forged = keepPromises(p, { token: 'stored-token' }, body, { id: 'op' });
    expect(forged).toEqual({
      error: 'token: "stored-token" is not a token this server issued for op',
    });
  });

  test('an object cursor keeps its shape and the member naming an input', () => {
    const q: Promises = {
      items: '/list',
      page: { input: 'limit' },
      cursor: { input: 'from', next: '/end' },
    };
    const stored = { list: items, end: { address: 'addr1', utxo: 'LastStoredId' } };
    const first = keepPromises(q, { addresses: ['addr1'], limit: 3 }, stored, { id: 'm' });
    const end = (first as { body: typeof stored }).body.end;
    expect(end.address).toBe('addr1');
    expect(end.utxo).toMatch(/^Rpage[1-9A-HJ-NP-Za-km-z]+$/);
    const last = keepPromises(q, { addresses: ['addr1'], limit: 3, from: end }, stored, {
      id: 'm',
    });
    expect((last as { body: typeof stored }).body.list.map((i) => i.id)).toEqual(['d']);
    expect((last as { body: typeof stored }).body.end).toEqual(stored.end);
  });

  test('page-size beyond a short list repeats items in place, keeping order and counts', () => {
    const r = keep({ kind: 'x', size: '3' }, ['page-size']);
    expect(ids(r)).toEqual(['a', 'a', 'c', 'c']);
    expect(r.body.total).toBe('4');
    expect(r.broken).toEqual(['page-size']);
  });

  test('filter with nothing to add back alters a member to miss the filter', () => {
    const q: Promises = {
      items: '/list',
      filters: [{ input: 'h', member: ['/h'], match: 'equal' }],
    };
    const stored = {
      list: [
        { h: '7', id: 1 },
        { h: '7', id: 2 },
      ],
    };
    const r = keepPromises(q, { h: '7' }, stored, { id: 'f', faults: new Set(['filter']) });
    expect(r).toMatchObject({ broken: ['filter'], body: { list: [{ h: '7' }, { h: '8' }] } });
  });

  test('range errors and a contiguous run from start', () => {
    const q: Promises = { items: '/list', range: { start: 's', count: 'n', index: '/i', max: 5 } };
    const stored = { list: [{ i: '0' }, { i: '1' }, { i: '3' }] };
    const run = (inputs: Record<string, unknown>) => keepPromises(q, inputs, stored, { id: 'r' });
    expect(run({ s: 0, n: 6 })).toEqual({ error: 'n must be in [1,5] but is 6' });
    expect(run({ s: 4, n: 1 })).toEqual({ error: 'start index (4) > last accepted index (3)' });
    expect((run({ s: '0', n: '5' }) as { body: typeof stored }).body.list).toEqual([
      { i: '0' },
      { i: '1' },
    ]);
  });

  test('status and all follow the entries', () => {
    const q: Promises = {
      status: { member: '/ok', true: 200, false: 503 },
      all: { flag: '/ok', each: '/checks', failing: '/error' },
    };
    const r = keepPromises(q, {}, { ok: true, checks: { a: {}, b: { error: 'x' } } }, { id: 'h' });
    expect(r).toMatchObject({ status: 503, body: { ok: false } });
  });

  test('notFound placeholders take the input (a list its first item)', () => {
    expect(
      fillNotFound(
        { result: { a: '{addresses}', b: 'at {height}', c: '{none}' } },
        {
          addresses: ['X-1', 'X-2'],
          height: 7,
        },
      ),
    ).toEqual({ result: { a: 'X-1', b: 'at 7', c: '{none}' } });
  });

  test.each([
    [7, 8],
    ['41', '42'],
    ['0xab', '0xaa'],
    ['0xAB', '0xAA'],
    ['NodeID-abz', 'NodeID-ab1'],
  ])('otherValue(%s) is %s', (v, want) => {
    expect(otherValue(v)).toBe(want);
  });
});
