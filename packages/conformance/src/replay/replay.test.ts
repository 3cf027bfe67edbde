import { createHash } from 'node:crypto';
// The replay server over real HTTP on 127.0.0.1.
import { request as httpRequest } from 'node:http';
import { classifyRpcError } from '@avalanche-api/node-rpc';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contractCases } from '../contract/contract-cases.js';
import { apiKeyHeaders as apiKeyHeadersOf } from '../contract/credentials.js';
import { isObject } from '../model/json-pointer.js';
import { Specs } from '../model/specs.js';
import { loadRecordings, type Recording } from '../recordings/recordings.js';
import { startReplayServer } from './replay.js';
import { notServedByDescribedRelease } from './replay-node.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
let server: Awaited<ReturnType<typeof startReplayServer>>;

beforeAll(async () => {
  server = await startReplayServer({ specs, recordings });
});
afterAll(() => server.close());

const dataApi = specs.rest.find((s) => s.name === 'data-api');
const nodeRpc = specs.rpc.find((s) => s.name === 'node-rpc');
// The methods the spec marks as gone before (x-until) or come after (x-since) the release it
// describes: the replay answers as a node of that release, which does not know them.
const absent = nodeRpc ? notServedByDescribedRelease(nodeRpc) : [];
const apiErrors = (body: unknown) =>
  dataApi?.schemas({ strict: true }).validate('/components/schemas/ApiError', body, '');

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: await res.json() };
};
const rpc = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
};
const call = (method: string, params?: unknown, id: unknown = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
});

const hexTxId = '2QouvFWUbjuySRxeX5xMbNCuAaKWfbk5FeEa2JmoF85RKLk2dD';
const jsonTxId = '2oJCbb8pfdxEHAf9A8CdN4Afj9VSR3xzyzNkf8tDv7aM1sfNFL';
const utxoAddresses = [
  'X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5',
  'X-avax1d09qn852zcy03sfc9hay2llmn9hsgnw4tp3dv6',
];

describe('every recording and example gets its own kind of answer', () => {
  // A method absent from the described release has its own test below.
  const cases = contractCases(specs, recordings).filter(
    (c) =>
      !c.source.endsWith('error-bad-request.1.json') && !absent.some((m) => m.id === c.operation),
  );
  const expected = (source: string) => recordings.find((r) => r.file === source);
  test.each(cases.map((c) => [`${c.operation} ${c.source}`, c] as const))('%s', async (_n, c) => {
    const res = await fetch(`${server.url}${c.path}`, {
      method: c.method,
      headers: c.body === undefined ? {} : { 'content-type': 'application/json' },
      ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
    });
    // An answer the spec gives no body (reindexNft's 201) comes empty.
    const text = await res.text();
    const body = text === '' && c.service !== 'node-rpc' ? undefined : JSON.parse(text);
    const rec = expected(c.source);
    if (c.service === 'node-rpc') {
      const want = rec?.response.body;
      expect(res.status).toBe(200);
      expect('result' in body).toBe(!isObject(want) || 'result' in want);
      if (rec && isObject(want)) expect(body.id).toEqual(want.id ?? body.id);
    } else {
      expect(res.status).toBe(
        rec?.response.status ?? Number(/^example (\d{3}) /.exec(c.source)?.[1]),
      );
    }
  });
});

describe('REST answers by identity', () => {
  test('an unknown block id is a 404 with the spec error body', async () => {
    const id = `0xdeadbeef${'0'.repeat(56)}`;
    const { status, body } = await get(`/v1/chains/43114/blocks/${id}`);
    expect(status).toBe(404);
    expect(body).toEqual({
      message: [`Block ${id} not found`],
      statusCode: 404,
      error: 'Not Found',
    });
    expect(apiErrors(body)).toEqual([]);
  });

  test('an unknown chain on the Metrics API is a 404 with its error body', async () => {
    const { status, body } = await get('/v1/avg_tps/999999');
    expect(status).toBe(404);
    const metrics = specs.rest.find((s) => s.name === 'metrics-api');
    expect(
      metrics?.schemas({ strict: true }).validate('/components/schemas/MetricsError', body, ''),
    ).toEqual([]);
  });

  test('the stored block answers its own id only', async () => {
    const known = await get('/v1/chains/43114/blocks/49889406');
    expect(known.status).toBe(200);
    expect(String(known.body.blockNumber)).toBe('49889406');
    const otherChain = await get('/v1/chains/43113/blocks/49889406');
    expect(otherChain.status).toBe(404);
    expect(otherChain.body.message).toEqual(['Chain 43113 not found']);
    expect((await get('/v1/chains/43114/blocks/49889408')).status).toBe(404);
  });

  // The addresses are a filter of this list (x-promises): each gets its own items, an
  // unknown one an empty list (it was a 404 before the replay server read the filters).
  test('addresses get their own items; an unknown address an empty list', async () => {
    const path = '/v1/networks/mainnet/addresses:listChainIds?addresses=';
    const a = await get(`${path}avax1jzjfh57wwe9ntp6440rdurwxj3d5j7xe4vf6ff`);
    const b = await get(`${path}avax1h2ccj9f5ay5acl6tyn9mwmw32p8wref8vl8ctg`);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).not.toEqual(b.body);
    for (const item of a.body.addresses)
      expect(item.address.replace(/^[A-Z]-/, '')).toBe(
        'avax1jzjfh57wwe9ntp6440rdurwxj3d5j7xe4vf6ff',
      );
    const unknown = await get(`${path}avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq`);
    expect(unknown.status).toBe(200);
    expect(unknown.body.addresses).toEqual([]);
  });

  test('UTXOs are those of the asked address, not of any address', async () => {
    const path = '/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=';
    const known = await get(`${path}avax19zfygxaf59stehzedhxjesads0p5jdvfeedal0&includeSpent=true`);
    expect(known.status).toBe(200);
    expect(known.body.utxos.length).toBeGreaterThan(0);
    const unknown = await get(`${path}avax1jzjfh57wwe9ntp6440rdurwxj3d5j7xe4vf6ff`);
    expect(unknown.status).toBe(200);
    expect(unknown.body.utxos).toEqual([]);
  });

  // Before the replay server read the filters, subnetId and sortOrder left the answer as stored.
  test('a filter narrows the stored answer to the items that match it', async () => {
    const plain = await get('/v1/networks/mainnet/validators');
    const subnet = '11111111111111111111111111111111LpoYY';
    const filtered = await get(`/v1/networks/mainnet/validators?sortOrder=desc&subnetId=${subnet}`);
    expect(plain.status).toBe(200);
    expect(filtered.body.validators.length).toBeGreaterThan(0);
    expect(filtered.body.validators.length).toBeLessThan(plain.body.validators.length);
    for (const v of filtered.body.validators) expect(v.subnetId).toBe(subnet);
  });

  test('pageSize 1 gives one item and a token that yields the next', async () => {
    const first = await get('/v1/chains/43114/blocks?pageSize=1');
    expect(first.body.blocks).toHaveLength(1);
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    const second = await get(
      `/v1/chains/43114/blocks?pageSize=1&pageToken=${encodeURIComponent(first.body.nextPageToken)}`,
    );
    expect(second.body.blocks).toHaveLength(1);
    expect(second.body.blocks[0]).not.toEqual(first.body.blocks[0]);
  });

  test('pages a list with working page tokens until the last page', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const qs = `pageSize=1${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
      const { status, body } = await get(`/v1/networks/mainnet/blockchains?${qs}`);
      expect(status).toBe(200);
      expect(body.blockchains).toHaveLength(1);
      seen.push(body.blockchains[0].blockchainId);
      token = body.nextPageToken;
      pages++;
    } while (token && pages < 10);
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(2);
    const last = await get('/v1/networks/mainnet/blockchains?pageSize=5');
    expect(last.body).not.toHaveProperty('nextPageToken');
  });

  test.each([
    ['/v1/networks/mainnet/validators?pageSize=101', /query parameter pageSize: must be <= 100/],
    [
      '/v1/networks/devnet/validators',
      /path parameter network: must be one of \["mainnet","fuji","testnet"\]/,
    ],
    [
      '/v1/networks/mainnet/rewards:listPending',
      /at least one of addresses, nodeIds must be given/,
    ],
    [
      '/v1/networks/mainnet/blockchains?pageToken=forged',
      /pageToken: "forged" is not a token this server issued/,
    ],
  ])(
    'a bad request %s gets the spec error body naming the parameter and rule',
    async (path, message) => {
      const { status, body } = await get(path);
      expect(status).toBe(400);
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(body.message.join('\n')).toMatch(message);
      expect(apiErrors(body)).toEqual([]);
    },
  );

  test('the POST checks its cross-field rules', async () => {
    const res = await fetch(`${server.url}/v1/signatureAggregator/mainnet/aggregateSignatures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: '0x00', quorumPercentage: 90, quorumPercentageBuffer: 20 }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message.join()).toMatch(
      /quorumPercentage \+ quorumPercentageBuffer must be at most 100 \(is 110\)/,
    );
  });

  test('unknown paths and methods get 404 and 405 error bodies', async () => {
    expect((await get('/v1/nothing')).status).toBe(404);
    const res = await fetch(`${server.url}/v1/networks/mainnet/validators`, {
      method: 'POST',
      body: '{}',
    });
    expect(res.status).toBe(405);
  });

  test('health GET answers from its recording', async () => {
    const { status, body } = await get('/ext/health');
    expect(status).toBe(200);
    expect(body.healthy).toBe(true);
  });
});

describe('stored items hang together', () => {
  test('a list asked by a value one of its stored items carries answers those items', async () => {
    const { status, body } = await get(
      '/v1/networks/mainnet/rewards:listPending?nodeIds=NodeID-DaKj4jkyyCN4B5zVW65krECqpjxYGUFzX',
    );
    expect(status).toBe(200);
    expect(body.pendingRewards.length).toBeGreaterThan(0);
    for (const r of body.pendingRewards)
      expect(r.nodeId).toBe('NodeID-DaKj4jkyyCN4B5zVW65krECqpjxYGUFzX');
    // nodeIds is a filter: a node nothing stored has gets an empty list (a 404 before).
    const none = await get(
      '/v1/networks/mainnet/rewards:listPending?nodeIds=NodeID-111111111111111111116DBWJs',
    );
    expect(none.status).toBe(200);
    expect(none.body.pendingRewards).toEqual([]);
  });
});

describe('JSON-RPC answers by identity and encoding', () => {
  test('answers a recorded call with its recorded result and echoes the id', async () => {
    const { body } = await rpc('/ext/info', call('info.getNetworkID', undefined, 'abc'));
    expect(body).toMatchObject({
      jsonrpc: '2.0',
      id: 'abc',
      result: { networkID: expect.any(String) },
    });
  });

  test('of two recordings of one call the more complete answers', async () => {
    const { body } = await rpc('/ext/info', call('info.getNodeVersion'));
    expect(body.result.vmVersions).toHaveProperty('subnet-evm');
  });

  test.each([
    ['absent', undefined],
    ['[]', []],
    ['{}', {}],
    ['[{}]', [{}]],
  ])('a method without params accepts params %s', async (_n, params) => {
    const { body } = await rpc('/ext/info', call('info.getNodeVersion', params));
    // The replay answers as a node of the release the spec describes (x-states-release).
    const info = specs.rpc[0]?.doc.info as Record<string, string>;
    expect(body.result.version).toBe(
      `avalanchego/${info['x-avalanchego-release']?.replace(/^v/, '')}`,
    );
  });

  test('an unknown member in params is ignored; a wrong type is not', async () => {
    const ok = await rpc(
      '/ext/bc/X',
      call('avm.getTx', { txID: jsonTxId, encoding: 'json', extra: 1 }),
    );
    expect(ok.body.result.encoding).toBe('json');
    const bad = await rpc('/ext/bc/X', call('avm.getTx', { txID: 42 }));
    expect(bad.body.error.code).toBe(-32000);
    expect(bad.body.error.message).toMatch(/couldn't unmarshal an argument: .*txID/);
  });

  test('an unknown txID gets the node error, never another stored tx', async () => {
    const txID = '2jbZUvi6nHy3Pgmk8xcMpSg5cW6epkPqdKkHSCweb4eRXtq4k9';
    const { body } = await rpc('/ext/bc/X', call('avm.getTx', { txID, encoding: 'json' }, 9));
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32000, message: 'not found', data: null },
    });
  });

  test.each([
    [
      'avm.getBlock',
      { blockID: 'ZGYTSU8w3zUP6VFseGC798vA2Vnxnfj6fz1QPfA9N93bhjJvo' },
      /couldn't get block with id ZGYT\w+: not found/,
    ],
    [
      'avm.getBlockByHeight',
      { height: '99999999' },
      /couldn't get block at height 99999999: not found/,
    ],
    ['index.getContainerByIndex', { index: 77 }, /^no container at index 77$/],
  ])('%s with an unknown id gets the node wording', async (method, params, message) => {
    const path = method.startsWith('index.') ? '/ext/index/X/tx' : '/ext/bc/X';
    const { body } = await rpc(path, call(method, params));
    expect(body.error.code).toBe(-32000);
    expect(body.error.message).toMatch(message);
  });

  test('lookups that succeed on a miss answer the empty result', async () => {
    const status = await rpc(
      '/ext/bc/X',
      call('avm.getTxStatus', { txID: '2jbZUvi6nHy3Pgmk8xcMpSg5cW6epkPqdKkHSCweb4eRXtq4k9' }),
    );
    expect(status.body.result).toEqual({ status: 'Unknown' });
    const accepted = await rpc(
      '/ext/index/X/tx',
      call('index.isAccepted', { id: '2jbZUvi6nHy3Pgmk8xcMpSg5cW6epkPqdKkHSCweb4eRXtq4k9' }),
    );
    expect(accepted.body.result).toEqual({ isAccepted: false });
  });

  const unknownId = '2jbZUvi6nHy3Pgmk8xcMpSg5cW6epkPqdKkHSCweb4eRXtq4k9';
  const unknownAddress = 'X-avax1wst8jt3z3fm9ce0z6akj3266zmgccdp03hjlaj';
  test.each([
    ['/ext/bc/X', 'avm.getTxStatus', { txID: unknownId }],
    ['/ext/index/X/tx', 'index.isAccepted', { id: unknownId }],
    ['/ext/bc/X', 'avm.getBalance', { address: unknownAddress, assetID: 'AVAX' }],
    ['/ext/bc/X', 'avm.getAllBalances', { address: unknownAddress }],
    ['/ext/bc/X', 'avm.getUTXOs', { addresses: [unknownAddress] }],
    ['/ext/bc/X', 'avm.getUTXOs', { addresses: utxoAddresses, limit: 1 }],
    ['/ext/index/X/tx', 'index.getContainerRange', { startIndex: 1, numToFetch: 1 }],
  ])('%s %s: a made or cut answer still keeps the spec', async (path, method, params) => {
    const { body } = await rpc(path, call(method, params, 3));
    const found = specs.matchRpc(method);
    expect(found).toBeDefined();
    expect(body.result).toBeDefined();
    expect(found?.service.validateReply(found.method, 3, body, { strict: true })).toEqual([]);
  });

  test('avm.getTx answers in the asked encoding, or the encoding error', async () => {
    const hex = await rpc('/ext/bc/X', call('avm.getTx', { txID: hexTxId, encoding: 'hex' }));
    expect(hex.body.result.tx).toMatch(/^0x[0-9a-f]+$/);
    // hex is the default encoding
    const byDefault = await rpc('/ext/bc/X', call('avm.getTx', { txID: hexTxId }));
    expect(byDefault.body.result).toEqual(hex.body.result);
    const json = await rpc('/ext/bc/X', call('avm.getTx', { txID: jsonTxId, encoding: 'json' }));
    expect(json.body.result.tx.unsignedTx).toBeDefined();
    for (const params of [
      { txID: hexTxId, encoding: 'json' },
      { txID: jsonTxId, encoding: 'hex' },
      { txID: jsonTxId },
    ]) {
      const { body } = await rpc('/ext/bc/X', call('avm.getTx', params));
      expect(body.error.code).toBe(-32000);
      expect(body.error.message).toMatch(/couldn't encode the reply as "(hex|json)"/);
    }
  });

  test('one stored bytes form answers hex, hexc and hexnc: the checksum added or cut', async () => {
    const answer = async (encoding: string) =>
      (await rpc('/ext/bc/X', call('avm.getTx', { txID: hexTxId, encoding }))).body.result;
    const hex = await answer('hex');
    const hexc = await answer('hexc');
    const hexnc = await answer('hexnc');
    expect(hexc).toEqual({ ...hex, encoding: 'hexc' });
    expect(hexnc.encoding).toBe('hexnc');
    // hexnc is the same bytes without the 4-byte checksum (8 hex digits) hex ends in.
    expect(hexnc.tx).toBe(hex.tx.slice(0, -8));
    const bytes = Buffer.from(hexnc.tx.slice(2), 'hex');
    const sum = createHash('sha256').update(bytes).digest('hex').slice(-8);
    expect(hex.tx.endsWith(sum)).toBe(true);
  });

  test('avm.getHeight names a height whose block is stored, in every encoding', async () => {
    const { body } = await rpc('/ext/bc/X', call('avm.getHeight', {}));
    for (const encoding of ['hex', 'hexc', 'hexnc', 'json']) {
      const block = await rpc(
        '/ext/bc/X',
        call('avm.getBlockByHeight', { height: body.result.height, encoding }),
      );
      expect(block.body.result.encoding).toBe(encoding);
    }
  });

  test('avm.getUTXOs pages by limit and startIndex until the stored end', async () => {
    const seen: string[] = [];
    let startIndex: unknown;
    for (let i = 0; i < 5; i++) {
      const params = {
        addresses: utxoAddresses,
        limit: 2,
        encoding: 'hex',
        ...(startIndex ? { startIndex } : {}),
      };
      const { body } = await rpc('/ext/bc/X', call('avm.getUTXOs', params));
      expect(body.result.numFetched).toBe(String(body.result.utxos.length));
      seen.push(...body.result.utxos);
      startIndex = body.result.endIndex;
      if (body.result.utxos.length < 2) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const recorded = recordings.find((r) => r.file.endsWith('avm.getUTXOs.1.json')) as Recording;
    const all = (recorded.response.body as { result: { utxos: string[]; endIndex: unknown } })
      .result;
    expect(seen).toEqual(all.utxos);
    expect(startIndex).toEqual(all.endIndex);
    const reversed = await rpc(
      '/ext/bc/X',
      call('avm.getUTXOs', { addresses: [...utxoAddresses].reverse(), limit: '3' }),
    );
    expect(reversed.body.result.utxos).toEqual(all.utxos.slice(0, 3));
  });

  test('index.getContainerRange honours startIndex and numToFetch', async () => {
    const range = (params: object) =>
      rpc('/ext/index/X/tx', call('index.getContainerRange', params));
    const second = await range({ startIndex: 1, numToFetch: 1 });
    expect(second.body.result.containers.map((c: { index: string }) => c.index)).toEqual(['1']);
    const both = await range({ startIndex: '0', numToFetch: '5' });
    expect(both.body.result.containers).toHaveLength(2);
    expect((await range({ startIndex: 9, numToFetch: 1 })).body.error.message).toBe(
      'start index (9) > last accepted index (1)',
    );
    expect((await range({ startIndex: 0, numToFetch: 0 })).body.error.message).toBe(
      'numToFetch must be in [1,1024] but is 0',
    );
  });

  test("a method the endpoint does not serve gets its JSON-RPC server's own error", async () => {
    // gorilla/rpc behind AvalancheGo's codec (which capitalises the method) on the node's own
    // endpoints; geth on the EVM one.
    expect((await rpc('/ext/info', call('info.nothing'))).body.error).toEqual({
      code: -32000,
      message: 'rpc: can\'t find method "info.Nothing"',
      data: null,
    });
    expect((await rpc('/ext/info', call('avm.getHeight'))).body.error.message).toBe(
      'rpc: can\'t find service "avm.GetHeight"',
    );
    expect((await rpc('/ext/bc/C/rpc', call('eth_nothing', []))).body.error).toMatchObject({
      code: -32601,
      message: 'the method eth_nothing does not exist/is not available',
    });
    for (const method of ['info.nothing', 'avm.getHeight'])
      expect(
        classifyRpcError('info.getNodeVersion', (await rpc('/ext/info', call(method))).body.error),
      ).toBe('unsupported');
  });

  test('the spec marks methods absent from the release it describes', () => {
    expect(absent.length).toBeGreaterThan(0);
  });
  test.each(absent.map((m) => [m.id, m] as const))(
    '%s, absent from the described release, is answered as a method the node does not serve',
    async (id, method) => {
      const e = method.endpoints[0];
      const path = (e?.path ?? '').replace(
        /\{(\w+)\}/g,
        (_, v: string) => e?.variables[v]?.default ?? e?.variables[v]?.enum?.[0] ?? 'X',
      );
      const { status, body } = await rpc(path, call(id, {}));
      expect(status).toBe(200);
      expect(body.result).toBeUndefined();
      // The client reads it as the spec's x-error-kinds say: unsupported.
      expect(classifyRpcError(id, body.error)).toBe('unsupported');
    },
  );

  test('bad params get -32000 naming the parameter and the rule', async () => {
    const { body } = await rpc(
      '/ext/index/X/tx',
      call('index.getContainerRange', { startIndex: 0, numToFetch: 5000, encoding: 'hex' }, 7),
    );
    expect(body.id).toBe(7);
    expect(body.error.code).toBe(-32000);
    expect(body.error.message).toMatch(/numToFetch/);
  });

  test('batches are served on the EVM /rpc path only; an empty batch is one -32600', async () => {
    const ok = await rpc('/ext/bc/C/rpc', [
      call('eth_getChainConfig', [], 1),
      call('eth_getChainConfig', [], 2),
    ]);
    expect(ok.body.map((r: { id: number }) => r.id)).toEqual([1, 2]);
    const refused = await rpc('/ext/info', [call('info.getNetworkID')]);
    expect(refused.body.error.code).toBe(-32600);
    const empty = await rpc('/ext/bc/C/rpc', []);
    expect(empty.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'empty batch' },
    });
  });

  test('a body that is not JSON gets a parse error, not a crash', async () => {
    const res = await fetch(`${server.url}/ext/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect((await res.json()).error.code).toBe(-32700);
  });
});

describe('HTTP behaviour like AvalancheGo', () => {
  test.each([
    ['/ext/info', 'text/plain', 'rpc: unrecognized Content-Type: text/plain'],
    ['/ext/info', undefined, 'rpc: unrecognized Content-Type: '],
    [
      '/ext/bc/C/rpc',
      'application/x-www-form-urlencoded',
      'invalid content type, only application/json is supported',
    ],
  ])('a JSON-RPC POST to %s as %s is 415', async (path, type, message) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body: new Blob([JSON.stringify(call('info.getNetworkID'))]),
    });
    expect(res.status).toBe(415);
    expect(await res.text()).toBe(message);
  });

  test('a GET on a JSON-RPC endpoint is 405 as gorilla/rpc answers it', async () => {
    const res = await fetch(`${server.url}/ext/info`);
    expect(res.status).toBe(405);
    expect(await res.text()).toBe('rpc: POST method required, received GET');
  });

  test('application/json with a charset is accepted', async () => {
    const { body } = await rpc('/ext/info', call('info.getNetworkID'), {
      'content-type': 'application/json;charset=UTF-8',
    });
    expect(body.result).toBeDefined();
  });

  test.each([
    ['/v1/chains/43114/blocks', 204],
    ['/ext/info', 200],
  ])('a CORS preflight to %s is answered with the allow headers', async (path, status) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-replay-fault',
      },
    });
    expect(res.status).toBe(status);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type,x-replay-fault');
  });

  test('answers carry the CORS origin header for any origin', async () => {
    const rest = await get('/v1/chains/43114/blocks', { origin: 'https://app.example' });
    expect(rest.headers.get('access-control-allow-origin')).toBe('*');
    const node = await rpc('/ext/info', call('info.getNetworkID'), { origin: 'null' });
    expect(node.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('a body over 1 MiB gets its 413 delivered to a real client', async () => {
    const big = 'x'.repeat(3 << 20);
    const res = await fetch(`${server.url}/ext/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toEqual(['request body is larger than 1 MiB']);
    // and over node:http, which writes the whole body before it reads the answer
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = httpRequest(`${server.url}/v1/signatureAggregator/mainnet/aggregateSignatures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      req.on('response', (r) => {
        r.resume();
        resolve(r.statusCode);
      });
      req.on('error', reject);
      req.end(big);
    });
    expect(status).toBe(413);
  });
});

/** The api-key header names the REST documents declare (`securitySchemes`, in: header). */
const apiKeyHeaders = Object.values(apiKeyHeadersOf(specs));

/** A raw preflight over node:http (fetch in Node would not show what a browser sends). */
function preflightOver(path: string, origin: string, method: string, headers: string) {
  return new Promise<{ status?: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': headers,
      },
    });
    req.on('response', (r) => {
      r.resume();
      resolve({ status: r.statusCode, headers: r.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('CORS for the docs console (any origin, the api-key header)', () => {
  test('the specs declare an api-key header', () => {
    expect(apiKeyHeaders.length).toBeGreaterThan(0);
  });

  // One operation path of every REST document, and the node's JSON-RPC path.
  const paths = [
    ...specs.rest.map((s) => {
      const op = s.operations.find((o) => o.pathParams.length === 0) ?? s.operations[0];
      return [
        s.name,
        op?.path.replace(/\{[^}]+\}/g, '1') ?? '/',
        op?.method.toUpperCase() ?? 'GET',
      ];
    }),
    ['node-rpc', '/ext/info', 'POST'],
  ];
  const origins = ['null', 'http://127.0.0.1:8080', 'https://docs.example'];

  test.each(paths.flatMap(([name, path, method]) => origins.map((o) => [name, path, method, o])))(
    '%s %s (%s) allows origin %s with content-type and the api-key header',
    async (_name, path, method, origin) => {
      const asked = ['content-type', ...apiKeyHeaders].join(',');
      const res = await preflightOver(path as string, origin as string, method as string, asked);
      expect([200, 204]).toContain(res.status);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toBe(method);
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(',');
      for (const h of asked.split(',')) expect(allowed).toContain(h);
    },
  );
});

describe('failure answers on demand (x-replay-fault)', () => {
  const fault = (value: string) => ({ 'x-replay-fault': value });

  test('429 with a settable Retry-After, the spec body, on REST', async () => {
    const res = await get('/v1/chains/43114/blocks', fault('429;retry-after=2'));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.body.statusCode).toBe(429);
    expect(apiErrors(res.body)).toEqual([]);
    expect((await get('/v1/chains/43114/blocks', fault('429'))).headers.get('retry-after')).toBe(
      '1',
    );
  });

  test.each([500, 502, 503])('%i on REST with the error body of that status', async (status) => {
    const res = await get('/v1/chains/43114/blocks/49889407', fault(String(status)));
    expect(res.status).toBe(status);
    expect(res.body.statusCode).toBe(status);
    expect(apiErrors(res.body)).toEqual([]);
  });

  test('503 on the node health GET is the unhealthy health body', async () => {
    const res = await get('/ext/health', fault('503'));
    expect(res.status).toBe(503);
    expect(res.body.healthy).toBe(false);
  });

  test('a status on a JSON-RPC call comes with a JSON-RPC error', async () => {
    const res = await rpc(
      '/ext/info',
      call('info.getNetworkID', undefined, 4),
      fault('429;retry-after=3'),
    );
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(res.body).toMatchObject({ id: 4, error: { code: -32000 } });
  });

  test.each([
    ['rpc-error', -32000],
    ['rpc-error:-32603', -32603],
  ])('%s answers the JSON-RPC error with that code', async (value, code) => {
    const res = await rpc('/ext/info', call('info.getNetworkID', undefined, 5), fault(value));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: 5, error: { code } });
    const batch = await rpc(
      '/ext/bc/C/rpc',
      [call('eth_getChainConfig', [], 1), call('eth_getChainConfig', [], 2)],
      fault(value),
    );
    expect(batch.body.map((r: { error: { code: number } }) => r.error.code)).toEqual([code, code]);
  });

  test('slow:<ms> delays the real answer', async () => {
    const started = performance.now();
    const res = await get('/v1/chains/43114/blocks/49889407', fault('slow:250'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    expect(res.status).toBe(200);
  });

  test('drop closes the connection without an answer', async () => {
    await expect(fetch(`${server.url}/ext/health`, { headers: fault('drop') })).rejects.toThrow();
  });

  test.each([
    ['418', /"418" is not a status the specs declare/],
    ['slow:60000', /"slow:60000" asks for more than 10000 ms/],
    ['500;retry-after=1', /takes no retry-after/],
    ['explode', /"explode" is not a fault switch/],
  ])('a bad switch %s is a 400 naming it', async (value, message) => {
    const res = await get('/v1/chains/43114/blocks', fault(value));
    expect(res.status).toBe(400);
    expect(res.body.message.join()).toMatch(message);
  });

  test('rpc-error on a REST operation is refused', async () => {
    const res = await get('/v1/chains/43114/blocks', fault('rpc-error'));
    expect(res.status).toBe(400);
  });
});

describe('preferring complete recordings', () => {
  test('a recording marked with an era, as trimmed or with lenient members gives way to the others', async () => {
    const base = recordings.find((r) => r.file.endsWith('info.getNodeVersion.2.json')) as Recording;
    const older = {
      ...base,
      file: 'older.json',
      era: 'pre-1.10',
      response: {
        ...base.response,
        body: {
          ...(base.response.body as object),
          result: {
            ...(base.response.body as { result: object }).result,
            extra: { a: 1, b: 2, c: 3 },
          },
        },
      },
    };
    const trimmed = { ...older, file: 'trimmed.json', era: undefined, trimmed: true };
    const lenient = {
      ...older,
      file: 'lenient.json',
      era: undefined,
      lenient: ['response.result/extra'],
    };
    const own = await startReplayServer({
      specs,
      recordings: [older, trimmed, lenient, base] as Recording[],
    });
    try {
      const res = await fetch(`${own.url}/ext/info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(call('info.getNodeVersion')),
      });
      expect((await res.json()).result).not.toHaveProperty('extra');
    } finally {
      await own.close();
    }
  });
});
