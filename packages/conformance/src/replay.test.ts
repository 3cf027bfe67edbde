// The replay server over real HTTP on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadRecordings } from './recordings.js';
import { startReplayServer } from './replay.js';
import { Specs } from './specs.js';

const root = new URL('../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
let server: Awaited<ReturnType<typeof startReplayServer>>;

beforeAll(async () => {
  server = await startReplayServer({ specs, recordings });
});
afterAll(() => server.close());

const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await res.json() };
};
const rpc = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

describe('REST', () => {
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
      expect(
        specs.rest[0]?.schemas({ strict: true }).validate('/components/schemas/ApiError', body, ''),
      ).toEqual([]);
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

describe('JSON-RPC', () => {
  test('answers a recorded call with its recorded result and echoes the id', async () => {
    const { body } = await rpc('/ext/info', {
      jsonrpc: '2.0',
      id: 'abc',
      method: 'info.getNetworkID',
    });
    expect(body).toMatchObject({
      jsonrpc: '2.0',
      id: 'abc',
      result: { networkID: expect.any(String) },
    });
  });

  test('an unknown method gets -32601 and a method at the wrong path too', async () => {
    expect(
      (await rpc('/ext/info', { jsonrpc: '2.0', id: 1, method: 'info.nothing' })).body.error.code,
    ).toBe(-32601);
    expect(
      (await rpc('/ext/info', { jsonrpc: '2.0', id: 1, method: 'avm.getHeight' })).body.error.code,
    ).toBe(-32601);
  });

  test('bad params get -32000 naming the parameter and the rule', async () => {
    const { body } = await rpc('/ext/index/X/tx', {
      jsonrpc: '2.0',
      id: 7,
      method: 'index.getContainerRange',
      params: { startIndex: 0, numToFetch: 5000, encoding: 'hex' },
    });
    expect(body.id).toBe(7);
    expect(body.error.code).toBe(-32000);
    expect(body.error.message).toMatch(/numToFetch/);
  });

  test('batches are served on the EVM /rpc path only', async () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_getChainConfig', params: [] });
    const ok = await rpc('/ext/bc/C/rpc', [call(1), call(2)]);
    expect(ok.body.map((r: { id: number }) => r.id)).toEqual([1, 2]);
    const refused = await rpc('/ext/info', [
      { jsonrpc: '2.0', id: 1, method: 'info.getNetworkID' },
    ]);
    expect(refused.body.error.code).toBe(-32600);
  });

  test('a body that is not JSON gets a parse error, not a crash', async () => {
    const res = await fetch(`${server.url}/ext/info`, { method: 'POST', body: '{oops' });
    expect((await res.json()).error.code).toBe(-32700);
  });
});
