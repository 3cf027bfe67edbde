import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeClient, type NodeClient } from './createNodeClient.js';
import {
  ConnectionError,
  HttpError,
  IdMismatchError,
  NodeClientError,
  PaginationError,
  ParameterError,
  ParseError,
  RateLimitError,
  RpcError,
  ServerError,
  TimeoutError,
} from './errors.js';
import { methods } from './generated/table.js';
import {
  type Handler,
  RpcFailure,
  recordedResult,
  recording,
  rpc,
  sendJson,
  specMethods,
  startServer,
  type TestServer,
} from './server.test-util.js';

const X_ADDR = 'X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5';
const TX = '2QouvFWUbjuySRxeX5xMbNCuAaKWfbk5FeEa2JmoF85RKLk2dD';
const ID = '6fXf5hncR8LXvwtM8iezFQBpK5cubV6y1dWgpJCcNyzGB1EzY';
const SUBNET = '29uVeLPJB1eQJkzRemU8g8wZDw5uJRqpab5U2mX9euieVwiEbL';
const SUBNET_EVM = '2ebCneCbwthjQ1rYT41nhd7M76Hc6YmosMAQrTFhBq8qeqh6tt';
const L1_CHAIN = 'C49rHzk3vLr1w9Z8sY7scrZ69TU4WcD2pRS6ZyzaSn9xA2U9F';
const PRIMARY = '11111111111111111111111111111111LpoYY';

const container = (index: number) => ({
  id: `c${index}`,
  bytes: '0x00',
  timestamp: '2024-06-11T17:20:03.118447Z',
  encoding: 'hex',
  index: String(index),
});

/** Results for the two methods without a recording (the rest answer what was recorded). */
const unrecorded: Record<string, unknown> = {
  'index.getContainerRange': { containers: [container(0), container(1)] },
  'avm.getTxFee': { txFee: '1000000', createAssetTxFee: '10000000' },
};
const expected = (method: string) => unrecorded[method] ?? recordedResult(method);
const replay = rpc((r) => expected(r.method));

let server: TestServer;
const fast = { attempts: 3, baseDelayMs: 1, maxDelayMs: 50 };

beforeAll(async () => {
  server = await startServer(replay);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.handle(replay);
});

const useClient = () => createNodeClient({ baseUrl: server.url, retry: fast, timeoutMs: 2000 });
const only = () => {
  expect(server.requests).toHaveLength(1);
  return server.requests[0] as TestServer['requests'][number];
};

// [method, call through the namespace API with typed params, path, params on the wire]
const routes: [string, (c: NodeClient) => Promise<unknown>, string, unknown][] = [
  [
    'avm.getAllBalances',
    (c) => c.avm.getAllBalances({ address: X_ADDR }),
    '/ext/bc/X',
    { address: X_ADDR },
  ],
  [
    'avm.getAssetDescription',
    (c) => c.avm.getAssetDescription({ assetID: 'AVAX' }),
    '/ext/bc/X',
    { assetID: 'AVAX' },
  ],
  [
    'avm.getBalance',
    (c) => c.avm.getBalance({ address: X_ADDR, assetID: 'AVAX' }),
    '/ext/bc/X',
    { address: X_ADDR, assetID: 'AVAX' },
  ],
  [
    'avm.getBlock',
    (c) => c.avm.getBlock({ blockID: ID, encoding: 'hex' }),
    '/ext/bc/X',
    { blockID: ID, encoding: 'hex' },
  ],
  [
    'avm.getBlockByHeight',
    (c) => c.avm.getBlockByHeight({ height: '275686313486', encoding: 'hex' }),
    '/ext/bc/X',
    { height: '275686313486', encoding: 'hex' },
  ],
  ['avm.getHeight', (c) => c.avm.getHeight(), '/ext/bc/X', {}],
  [
    'avm.getTx',
    (c) => c.avm.getTx({ txID: TX, encoding: 'json' }),
    '/ext/bc/X',
    { txID: TX, encoding: 'json' },
  ],
  ['avm.getTxFee', (c) => c.avm.getTxFee({}), '/ext/bc/X', {}],
  ['avm.getTxStatus', (c) => c.avm.getTxStatus({ txID: TX }), '/ext/bc/X', { txID: TX }],
  [
    'avm.getUTXOs',
    (c) => c.avm.getUTXOs({ addresses: [X_ADDR], limit: 5, encoding: 'hex' }),
    '/ext/bc/X',
    { addresses: [X_ADDR], limit: 5, encoding: 'hex' },
  ],
  [
    'eth_feeConfig',
    (c) => c.evm(SUBNET_EVM).feeConfig(['latest']),
    `/ext/bc/${SUBNET_EVM}/rpc`,
    ['latest'],
  ],
  ['eth_getActivePrecompilesAt', (c) => c.evm().getActivePrecompilesAt(), '/ext/bc/C/rpc', []],
  [
    'eth_getActiveRulesAt',
    (c) => c.evm('C').getActiveRulesAt([1735689600]),
    '/ext/bc/C/rpc',
    [1735689600],
  ],
  ['eth_getChainConfig', (c) => c.evm('C').getChainConfig([]), '/ext/bc/C/rpc', []],
  [
    'health.health',
    (c) => c.health.health({ tags: [PRIMARY, SUBNET] }),
    '/ext/health',
    { tags: [PRIMARY, SUBNET] },
  ],
  ['health.liveness', (c) => c.health.liveness(), '/ext/health', {}],
  [
    'health.readiness',
    (c) => c.health.readiness({ tags: [SUBNET] }),
    '/ext/health',
    { tags: [SUBNET] },
  ],
  [
    'index.getContainerByID',
    (c) => c.index('X/tx').getContainerByID({ id: ID, encoding: 'hex' }),
    '/ext/index/X/tx',
    { id: ID, encoding: 'hex' },
  ],
  [
    'index.getContainerByIndex',
    (c) => c.index('C/block').getContainerByIndex({ index: 0 }),
    '/ext/index/C/block',
    { index: 0 },
  ],
  [
    'index.getContainerRange',
    (c) =>
      c.index('P/block').getContainerRange({ startIndex: '0', numToFetch: 2, encoding: 'hex' }),
    '/ext/index/P/block',
    { startIndex: '0', numToFetch: 2, encoding: 'hex' },
  ],
  [
    'index.getIndex',
    (c) => c.index('X/block').getIndex({ id: ID }),
    '/ext/index/X/block',
    { id: ID },
  ],
  ['index.getLastAccepted', (c) => c.index('X/vtx').getLastAccepted(), '/ext/index/X/vtx', {}],
  [
    'index.isAccepted',
    (c) => c.index('X/tx').isAccepted({ id: ID }),
    '/ext/index/X/tx',
    { id: ID },
  ],
  ['info.acps', (c) => c.info.acps(), '/ext/info', {}],
  [
    'info.getBlockchainID',
    (c) => c.info.getBlockchainID({ alias: 'X' }),
    '/ext/info',
    { alias: 'X' },
  ],
  ['info.getNetworkID', (c) => c.info.getNetworkID(), '/ext/info', {}],
  ['info.getNetworkName', (c) => c.info.getNetworkName(), '/ext/info', {}],
  ['info.getNodeID', (c) => c.info.getNodeID(), '/ext/info', {}],
  ['info.getNodeIP', (c) => c.info.getNodeIP(), '/ext/info', {}],
  ['info.getNodeVersion', (c) => c.info.getNodeVersion(), '/ext/info', {}],
  ['info.getTxFee', (c) => c.info.getTxFee(), '/ext/info', {}],
  ['info.getVMs', (c) => c.info.getVMs(), '/ext/info', {}],
  [
    'info.isBootstrapped',
    (c) => c.info.isBootstrapped({ chain: 'X' }),
    '/ext/info',
    { chain: 'X' },
  ],
  ['info.peers', (c) => c.info.peers({ nodeIDs: [] }), '/ext/info', { nodeIDs: [] }],
  ['info.upgrades', (c) => c.info.upgrades(), '/ext/info', {}],
  ['info.uptime', (c) => c.info.uptime({ subnetID: SUBNET }), '/ext/info', { subnetID: SUBNET }],
  [
    'validators.getCurrentValidators',
    (c) => c.validators(L1_CHAIN).getCurrentValidators({ nodeIDs: [] }),
    `/ext/bc/${L1_CHAIN}/validators`,
    { nodeIDs: [] },
  ],
];

/**
 * A method of a plain namespace (`client.info`, or one the spec adds) without a case above: called
 * through its namespace with its spec example's params, to its first server's path.
 */
function routeFromSpec(method: string): (typeof routes)[number] {
  const { request } = recording(`${method}.1`);
  // The namespace is the method's spec tag (`evm` for eth_*), the member its name after the prefix;
  // a namespace that takes an endpoint (`evm(id)`) is called with its default.
  const ns = methods[method as keyof typeof methods]?.[0][2] as string;
  const member = method.replace(/.*?[._]/, '');
  const call = (c: NodeClient) => {
    const at = (c as unknown as Record<string, unknown>)[ns];
    const group = (typeof at === 'function' ? at() : at) as
      | Record<string, (p: unknown) => Promise<unknown>>
      | undefined;
    return (
      group?.[member]?.(request.body?.params) ??
      Promise.reject(new Error(`client.${ns}.${member} is missing`))
    );
  };
  return [method, call, new URL(request.url).pathname, request.body?.params];
}

const covered = new Set(routes.map(([m]) => m));
const allRoutes = [
  ...routes,
  ...Object.keys(methods)
    .filter((m) => !covered.has(m))
    .map(routeFromSpec),
];

describe('every method of the spec', () => {
  it('has a routing case', () => {
    expect(allRoutes.map(([m]) => m).sort()).toEqual(Object.keys(methods).sort());
    expect(allRoutes.map(([m]) => m).sort()).toEqual(specMethods.map((m) => m.name).sort());
    // The hand-written cases are methods of the spec.
    expect(Object.keys(methods)).toEqual(expect.arrayContaining([...covered]));
  });

  it.each(allRoutes)(
    '%s is routed to its path with its params',
    async (method, call, path, params) => {
      const result = await call(useClient());
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.path).toBe(path);
      expect(req.headers['content-type']).toBe('application/json');
      const body = req.json as { jsonrpc: string; id: number; method: string; params: unknown };
      expect(body).toEqual({ jsonrpc: '2.0', id: body.id, method, params });
      expect(Array.isArray(body.params)).toBe(method.startsWith('eth_'));
      expect(result).toEqual(expected(method));
      server.requests.length = 0;
    },
  );
});

describe('request()', () => {
  it.each([
    ['info.getNodeVersion', undefined, undefined, '/ext/info'],
    [
      'avm.getHeight',
      {},
      { blockchainId: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm' },
      '/ext/bc/2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
    ],
    ['index.getIndex', { id: ID }, undefined, '/ext/index/X/block'],
    ['index.getIndex', { id: ID }, { index: 'P/block' }, '/ext/index/P/block'],
    ['eth_getChainConfig', [], undefined, '/ext/bc/C/rpc'],
    [
      'validators.getCurrentValidators',
      {},
      { blockchainId: L1_CHAIN },
      `/ext/bc/${L1_CHAIN}/validators`,
    ],
  ] as const)('%s with %j %j goes to %s', async (method, params, options, path) => {
    await useClient().request(method as 'info.getNodeVersion', params as never, options as never);
    expect(only().path).toBe(path);
  });

  it('reaches another AVM chain through the blockchainId option', async () => {
    await useClient().avm.getHeight({}, { blockchainId: 'my-avm' });
    expect(only().path).toBe('/ext/bc/my-avm');
  });

  it('rejects a method the spec does not have, before sending', async () => {
    const err = await useClient()
      .request('avm.notAMethod' as 'avm.getHeight')
      .catch((e) => e);
    expect(err).toBeInstanceOf(ParameterError);
    expect(err).toMatchObject({ parameter: 'method', rule: 'unknown' });
    expect(server.requests).toHaveLength(0);
  });

  it('numbers concurrent calls apart and matches each answer', async () => {
    const c = useClient();
    const [a, b, d] = await Promise.all([
      c.info.getNodeVersion(),
      c.info.getNetworkName(),
      c.avm.getHeight(),
    ]);
    expect(a).toEqual(recordedResult('info.getNodeVersion'));
    expect(b).toEqual(recordedResult('info.getNetworkName'));
    expect(d).toEqual(recordedResult('avm.getHeight'));
    expect(new Set(server.requests.map((r) => (r.json as { id: number }).id)).size).toBe(3);
  });

  it('sends the client and per-call headers; defaults to the mainnet url', async () => {
    const c = createNodeClient({
      baseUrl: `${server.url}//`,
      headers: { 'x-api-key': 'k1' },
      retry: false,
    });
    expect(c.baseUrl).toBe(server.url);
    await c.info.getNodeVersion({}, { headers: { 'x-trace': 't1' } });
    expect(only().headers).toMatchObject({ 'x-api-key': 'k1', 'x-trace': 't1' });
    expect(createNodeClient().baseUrl).toBe('https://api.avax.network');
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const c = createNodeClient({
      baseUrl: server.url,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    await c.info.getNetworkID();
    expect(seen).toEqual([`${server.url}/ext/info`]);
  });
});

describe('health GET', () => {
  it('sends repeated tag parameters and resolves a 200 with its status', async () => {
    server.handle((_, res) => sendJson(res, { checks: {}, healthy: true }));
    const report = await useClient().health.get({ tags: [PRIMARY, SUBNET] });
    expect(report).toEqual({ checks: {}, healthy: true, status: 200 });
    const req = only();
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/ext/health');
    expect(req.query.getAll('tag')).toEqual([PRIMARY, SUBNET]);
    expect(req.headers['content-type']).toBeUndefined();
  });

  it('resolves a 503 (unhealthy) without retrying it', async () => {
    const body = {
      checks: {
        diskspace: {
          error: 'low',
          timestamp: '2025-03-01T12:00:00Z',
          duration: 1,
          contiguousFailures: 2,
        },
      },
      healthy: false,
    };
    server.handle((_, res) => sendJson(res, body, 503));
    const report = await useClient().health.get({ path: 'readiness' });
    expect(report).toEqual({ ...body, status: 503 });
    expect(only().path).toBe('/ext/health/readiness');
  });

  it.each(['health', 'liveness'] as const)('reaches /ext/health/%s', async (path) => {
    server.handle((_, res) => sendJson(res, { checks: {}, healthy: true }));
    await useClient().health.get({ path });
    expect(only().path).toBe(`/ext/health/${path}`);
  });

  it('serves the recorded GET body', async () => {
    const rec = (await import('./server.test-util.js')).recording('get-ext-health.1');
    server.handle((_, res) => sendJson(res, rec.response.body, rec.response.status));
    await expect(useClient().health.get()).resolves.toEqual({
      ...(rec.response.body as object),
      status: 200,
    });
  });

  it('throws HttpError for other statuses and ParseError for a non-report', async () => {
    server.handle((_, res) => {
      res.writeHead(404);
      res.end('404 page not found');
    });
    await expect(useClient().health.get()).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
      body: '404 page not found',
    });
    server.handle((_, res) => sendJson(res, { healthy: 'yes' }));
    await expect(useClient().health.get()).rejects.toBeInstanceOf(ParseError);
    server.handle((_, res) => sendJson(res, 'not json at all{'));
    await expect(useClient().health.get()).rejects.toMatchObject({
      name: 'ParseError',
      status: 200,
    });
  });
});

describe('errors', () => {
  it('turns a JSON-RPC error inside HTTP 200 into RpcError, never retried', async () => {
    const error = { code: -32000, message: 'numToFetch must be in [1,1024] but is 0', data: null };
    server.handle(rpc(() => new RpcFailure(error)));
    const err = await useClient()
      .index('X/tx')
      .getContainerRange({ startIndex: 0, numToFetch: 0 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toBeInstanceOf(NodeClientError);
    // The spec's x-error-kinds call this text a bad request: a BadRequestError, still an RpcError.
    expect(err).toMatchObject({
      name: 'BadRequestError',
      code: -32000,
      data: null,
      method: 'index.getContainerRange',
      message: error.message,
    });
    expect(err.message).toContain(error.message);
    expect(server.requests).toHaveLength(1);
  });

  it('accepts an error answered with id null (the server could not read the id)', async () => {
    server.handle((_, res) =>
      sendJson(res, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }),
    );
    await expect(useClient().info.getNodeVersion()).rejects.toMatchObject({
      name: 'RpcError',
      code: -32700,
    });
  });

  it.each([
    [500, 'internal', ServerError],
    [404, 'not found', HttpError],
    [401, '{"error":"unauthorized"}', HttpError],
  ])(
    'HTTP %i is HttpError (5xx: ServerError) with status, url and body',
    async (status, text, type) => {
      server.handle((_, res) => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(text);
      });
      const err = await useClient()
        .info.getNodeVersion()
        .catch((e) => e);
      expect(err).toBeInstanceOf(type);
      expect(err).toMatchObject({
        status,
        url: `${server.url}/ext/info`,
        body: text.startsWith('{') ? JSON.parse(text) : text,
      });
      expect(server.requests).toHaveLength(1);
    },
  );

  it.each([
    ['not JSON', (res: Parameters<Handler>[1]) => res.end('<html>oops</html>')],
    ['an empty body', (res: Parameters<Handler>[1]) => res.end()],
    [
      'JSON without result or error',
      (res: Parameters<Handler>[1]) => sendJson(res, { jsonrpc: '2.0', id: 1 }),
    ],
    ['a JSON array', (res: Parameters<Handler>[1]) => sendJson(res, [])],
    [
      'a malformed error object',
      (res: Parameters<Handler>[1]) => sendJson(res, { id: 1, error: 'boom' }),
    ],
  ])('a 200 with %s is ParseError keeping the status', async (_, answer) => {
    server.handle((_r, res) => answer(res));
    const err = await useClient()
      .info.getNodeVersion()
      .catch((e) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect(err.status).toBe(200);
  });

  it('a response with another id is IdMismatchError', async () => {
    server.handle((req, res) => {
      const { id } = req.json as { id: number };
      sendJson(res, { jsonrpc: '2.0', id: id + 100, result: {} });
    });
    const err = await useClient()
      .info.getNodeVersion()
      .catch((e) => e);
    expect(err).toBeInstanceOf(IdMismatchError);
    expect(err.received).toBe(err.expected + 100);
  });

  it('a server that never answers is TimeoutError', async () => {
    server.handle(() => {});
    const c = createNodeClient({ baseUrl: server.url, timeoutMs: 100 });
    const err = await c.info.getNodeVersion().catch((e) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ timeoutMs: 100, url: `${server.url}/ext/info` });
    expect(server.requests).toHaveLength(1);
  });

  it('a body that stalls after the headers is TimeoutError; the call option overrides', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"jsonrpc":"2.0",');
    });
    const err = await useClient()
      .info.getNodeVersion({}, { timeoutMs: 80 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.timeoutMs).toBe(80);
  });

  it('a caller abort rejects with the signal reason', async () => {
    server.handle(() => {});
    const ctl = new AbortController();
    const pending = useClient().info.getNodeVersion({}, { signal: ctl.signal });
    setTimeout(() => ctl.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a refused connection is ConnectionError; credentials stay out of the url', async () => {
    const gone = await startServer();
    const { url } = gone;
    await gone.close();
    const err = await createNodeClient({
      baseUrl: url.replace('http://', 'http://user:secret@'),
      retry: false,
    })
      .info.getNodeVersion()
      .catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.url).toBe(`${url}/ext/info`);
    expect(err.message).not.toContain('secret');
    expect(err.cause).toBeInstanceOf(Error);
  });
});

describe('retries', () => {
  const failing = (statuses: number[], headers: Record<string, string> = {}): Handler => {
    let n = 0;
    return (req, res) => {
      const status = statuses[n++];
      if (status === undefined) return replay(req, res);
      if (status === 0) return void res.socket?.destroy();
      res.writeHead(status, headers);
      res.end(`status ${status}`);
    };
  };

  // A JSON-RPC call is a POST, which may have done its work before a 502: not retried after one.
  it.each([[[503]], [[503, 429]], [[0, 0]]])('retries %j, then succeeds', async (statuses) => {
    server.handle(failing(statuses));
    await expect(useClient().info.getNodeVersion()).resolves.toEqual(
      recordedResult('info.getNodeVersion'),
    );
    expect(server.requests).toHaveLength(statuses.length + 1);
  });

  it('gives up after `attempts` and reports the last status', async () => {
    server.handle(failing([503, 503, 503, 503]));
    await expect(useClient().info.getNodeVersion()).rejects.toMatchObject({
      name: 'ServerError',
      status: 503,
    });
    expect(server.requests).toHaveLength(3);
  });

  it('dropped connections end in ConnectionError after the retries', async () => {
    server.handle(failing([0, 0, 0, 0]));
    await expect(useClient().info.getNodeVersion()).rejects.toBeInstanceOf(ConnectionError);
    expect(server.requests).toHaveLength(3);
  });

  it('waits for Retry-After', async () => {
    server.handle(failing([429], { 'retry-after': '1' }));
    const c = createNodeClient({
      baseUrl: server.url,
      retry: { baseDelayMs: 1, maxDelayMs: 2000 },
    });
    const start = Date.now();
    await c.info.getNodeVersion();
    expect(Date.now() - start).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('returns RateLimitError at once when Retry-After is longer than maxDelayMs', async () => {
    server.handle(failing([429], { 'retry-after': '120' }));
    const err = await useClient()
      .info.getNodeVersion()
      .catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, retryAfterMs: 120_000 });
    expect(server.requests).toHaveLength(1);
  });

  it('can be turned off', async () => {
    server.handle(failing([503]));
    const c = createNodeClient({ baseUrl: server.url, retry: false });
    await expect(c.info.getNodeVersion()).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
  });
});

describe('parameters are checked before sending', () => {
  it.each([
    [
      'numToFetch above 1024',
      (c: NodeClient) => c.index('X/tx').getContainerRange({ startIndex: 0, numToFetch: 2000 }),
      {
        operation: 'index.getContainerRange',
        parameter: 'numToFetch',
        value: 2000,
        rule: 'maximum',
        message: 'numToFetch: 2000 is above the maximum 1024 (index.getContainerRange)',
      },
    ],
    [
      'numToFetch below 0',
      (c: NodeClient) => c.index('X/tx').getContainerRange({ startIndex: 0, numToFetch: -1 }),
      {
        parameter: 'numToFetch',
        value: -1,
        rule: 'minimum',
        message: 'numToFetch: -1 is below the minimum 0 (index.getContainerRange)',
      },
    ],
    [
      'a limit above 1024',
      (c: NodeClient) => c.avm.getUTXOs({ addresses: [X_ADDR], limit: 2000 }),
      { operation: 'avm.getUTXOs', parameter: 'limit', rule: 'maximum' },
    ],
    [
      'a json encoding where only hex forms are served',
      (c: NodeClient) => c.avm.getUTXOs({ addresses: [X_ADDR], encoding: 'json' as 'hex' }),
      {
        parameter: 'encoding',
        value: 'json',
        rule: 'enum',
        message: 'encoding: "json" is not one of hex, hexc, hexnc (avm.getUTXOs)',
      },
    ],
    [
      'an index encoding other than a hex form',
      (c: NodeClient) => c.index('X/tx').getContainerByID({ id: ID, encoding: 'cb58' as 'hex' }),
      { parameter: 'encoding', rule: 'enum' },
    ],
    [
      'a missing required parameter',
      (c: NodeClient) => c.avm.getUTXOs({} as never),
      {
        parameter: 'addresses',
        value: undefined,
        rule: 'required',
        message: 'addresses is required (avm.getUTXOs)',
      },
    ],
    [
      'a wrong type',
      (c: NodeClient) => c.avm.getUTXOs({ addresses: X_ADDR as never }),
      {
        parameter: 'addresses',
        rule: 'type',
        message:
          'addresses: "X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5" is not of type array (avm.getUTXOs)',
      },
    ],
    [
      'a wrong item type',
      (c: NodeClient) => c.avm.getUTXOs({ addresses: [X_ADDR, 7 as never] }),
      {
        parameter: 'addresses[1]',
        value: 7,
        rule: 'type',
        message: 'addresses[1]: 7 is not of type string (avm.getUTXOs)',
      },
    ],
    [
      'a member missing from an object parameter',
      (c: NodeClient) =>
        c.avm.getUTXOs({ addresses: [X_ADDR], startIndex: { address: X_ADDR } as never }),
      {
        parameter: 'startIndex.utxo',
        rule: 'required',
        message: 'startIndex.utxo is required (avm.getUTXOs)',
      },
    ],
    [
      'a uint64 that is neither an integer nor a string',
      (c: NodeClient) => c.index('X/tx').getContainerByIndex({ index: 1.5 }),
      { parameter: 'index', value: 1.5, rule: 'type' },
    ],
    [
      'a positional parameter of the wrong type',
      (c: NodeClient) => c.evm().getActiveRulesAt(['soon' as never]),
      { operation: 'eth_getActiveRulesAt', parameter: 'blockTimestamp', rule: 'type' },
    ],
    [
      'positional params given by name',
      (c: NodeClient) => c.evm().feeConfig({ blk: 'latest' } as never),
      {
        parameter: 'params',
        rule: 'type',
        message: 'params: {"blk":"latest"} is not of type array (eth_feeConfig)',
      },
    ],
    [
      'named params given as a string',
      (c: NodeClient) => c.info.getNodeVersion('x' as never),
      {
        parameter: 'params',
        rule: 'type',
        message: 'params: "x" is not of type object (info.getNodeVersion)',
      },
    ],
  ])('%s', async (_, call, want) => {
    const err = await call(useClient()).catch((e) => e);
    expect(err).toBeInstanceOf(ParameterError);
    expect(err).toMatchObject(want);
    expect(server.requests).toHaveLength(0);
  });

  it('lets the node judge values the client does not check (string forms, ids)', async () => {
    await useClient().index('X/tx').getContainerRange({ startIndex: '5', numToFetch: '1024' });
    expect((only().json as { params: unknown }).params).toEqual({
      startIndex: '5',
      numToFetch: '1024',
    });
  });
});

describe('client.avm.utxos', () => {
  const utxoPages = (pages: { utxos: string[]; end?: string }[]) => {
    let n = 0;
    return rpc(() => {
      const page = pages[n++] ?? { utxos: [] };
      return {
        numFetched: String(page.utxos.length),
        utxos: page.utxos,
        endIndex: page.end === undefined ? undefined : { address: X_ADDR, utxo: page.end },
        encoding: 'hex',
      };
    });
  };

  it('follows endIndex, drops duplicates across pages and stops at a short page', async () => {
    server.handle(
      utxoPages([
        { utxos: ['0x01', '0x02'], end: 'u2' },
        { utxos: ['0x02', '0x03'], end: 'u3' },
        { utxos: ['0x04'], end: 'u4' },
      ]),
    );
    const seen: string[] = [];
    for await (const utxo of useClient().avm.utxos({ addresses: [X_ADDR], limit: 2 }))
      seen.push(utxo);
    expect(seen).toEqual(['0x01', '0x02', '0x03', '0x04']);
    const params = server.requests.map(
      (r) => (r.json as { params: Record<string, unknown> }).params,
    );
    expect(params).toEqual([
      { addresses: [X_ADDR], limit: 2 },
      { addresses: [X_ADDR], limit: 2, startIndex: { address: X_ADDR, utxo: 'u2' } },
      { addresses: [X_ADDR], limit: 2, startIndex: { address: X_ADDR, utxo: 'u3' } },
    ]);
  });

  it('stops on numFetched "0"; a repeated endIndex, immediate or cycling, is a PaginationError', async () => {
    server.handle(utxoPages([{ utxos: [], end: 'u0' }]));
    const none = [];
    for await (const u of useClient().avm.utxos({ addresses: [X_ADDR] })) none.push(u);
    expect(none).toEqual([]);
    expect(server.requests).toHaveLength(1);

    server.requests.length = 0;
    server.handle(
      utxoPages([
        { utxos: ['0x01'], end: 'same' },
        { utxos: ['0x01'], end: 'same' },
        { utxos: ['0x01'], end: 'same' },
      ]),
    );
    const stuck: string[] = [];
    const error = await (async () => {
      for await (const u of useClient().avm.utxos({ addresses: [X_ADDR], limit: 1 })) stuck.push(u);
    })().catch((e) => e);
    expect(stuck).toEqual(['0x01']);
    expect(error).toBeInstanceOf(PaginationError);
    expect(server.requests).toHaveLength(2);

    server.requests.length = 0;
    server.handle(
      utxoPages([
        { utxos: ['0x01'], end: 'A' },
        { utxos: ['0x02'], end: 'B' },
        { utxos: ['0x03'], end: 'A' },
        { utxos: ['0x04'], end: 'B' },
      ]),
    );
    const cycling: string[] = [];
    const cycle = await (async () => {
      for await (const u of useClient().avm.utxos({ addresses: [X_ADDR], limit: 1 }))
        cycling.push(u);
    })().catch((e) => e);
    expect(cycle).toBeInstanceOf(PaginationError);
    expect(cycling).toEqual(['0x01', '0x02', '0x03']);
    expect(server.requests).toHaveLength(3);
  });

  it('reads another chain and sourceChain, and rejects a malformed page', async () => {
    server.handle(utxoPages([{ utxos: ['0x09'], end: 'u' }]));
    const got = [];
    for await (const u of useClient().avm.utxos(
      { addresses: [X_ADDR], sourceChain: 'P' },
      { blockchainId: 'alt' },
    )) {
      got.push(u);
    }
    expect(got).toEqual(['0x09']);
    expect(only().path).toBe('/ext/bc/alt');

    server.handle(rpc(() => ({ numFetched: '1' })));
    const it = useClient().avm.utxos({ addresses: [X_ADDR] });
    await expect(it.next()).rejects.toBeInstanceOf(ParseError);
  });
});

describe('client.index(path).containers', () => {
  /** An index holding `size` containers that answers like a current node. */
  const indexOf = (size: number, bare = false) =>
    rpc((r) => {
      const { startIndex, numToFetch } = r.params as {
        startIndex: number | string;
        numToFetch: number;
      };
      const start = Number(startIndex);
      if (numToFetch < 1 || numToFetch > 1024) {
        return new RpcFailure({
          code: -32000,
          message: `numToFetch must be in [1,1024] but is ${numToFetch}`,
        });
      }
      if (size === 0)
        return new RpcFailure({ code: -32000, message: 'no containers have been accepted' });
      if (start > size - 1) {
        return new RpcFailure({
          code: -32000,
          message: `start index (${start}) > last accepted index (${size - 1})`,
        });
      }
      const list = Array.from({ length: Math.min(numToFetch, size - start) }, (_, i) =>
        container(start + i),
      );
      return bare ? list : { containers: list };
    });
  const sent = () =>
    server.requests.map(
      (r) => (r.json as { params: { startIndex: unknown; numToFetch: number } }).params,
    );

  it('a node that hands out the same chunk again ends in PaginationError, not a loop', async () => {
    const chunk = Array.from({ length: 1024 }, (_, i) => ({
      id: `c${i}`,
      bytes: '0x00',
      timestamp: '2026-01-01T00:00:00Z',
      encoding: 'hex',
      index: String(i),
    }));
    server.handle(rpc(() => ({ containers: chunk })));
    let seen = 0;
    const error = await (async () => {
      for await (const _ of useClient().index('X/tx').containers()) seen++;
    })().catch((e) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(seen).toBe(1024);
    expect(server.requests).toHaveLength(2);
  });

  it('reads everything from startIndex in chunks of at most 1024', async () => {
    server.handle(indexOf(2500));
    let n = 0;
    for await (const c of useClient().index('X/tx').containers()) {
      expect(c.index).toBe(String(n++));
    }
    expect(n).toBe(2500);
    expect(sent()).toEqual([
      { startIndex: 0, numToFetch: 1024 },
      { startIndex: '1024', numToFetch: 1024 },
      { startIndex: '2048', numToFetch: 1024 },
    ]);
    expect(server.requests[0]?.path).toBe('/ext/index/X/tx');
  });

  it('stops at count', async () => {
    server.handle(indexOf(5000));
    const got = [];
    for await (const c of useClient()
      .index('C/block')
      .containers({ startIndex: '10', count: 1500 }))
      got.push(c);
    expect(got).toHaveLength(1500);
    expect(got[0]?.index).toBe('10');
    expect(sent().map((p) => p.numToFetch)).toEqual([1024, 476]);
  });

  it('ends cleanly when the index ends exactly at a chunk boundary', async () => {
    server.handle(indexOf(2048));
    let n = 0;
    for await (const _ of useClient().index('P/block').containers()) n++;
    expect(n).toBe(2048);
    expect(server.requests).toHaveLength(3);
  });

  it('passes on an error of the first chunk and reads bare-array answers of older nodes', async () => {
    server.handle(indexOf(0));
    await expect(useClient().index('X/block').containers().next()).rejects.toMatchObject({
      name: 'NotFoundError',
      message: 'no containers have been accepted',
    });
    server.handle(indexOf(3, true));
    const got = [];
    for await (const c of useClient().index('X/block').containers({ count: 10 })) got.push(c.id);
    expect(got).toEqual(['c0', 'c1', 'c2']);
  });
});

describe('client.evm(id).batch', () => {
  it('sends one batch to /rpc and returns the results in call order', async () => {
    server.handle((req, res) => {
      const calls = req.json as { id: number; method: string }[];
      sendJson(
        res,
        calls
          .map((c) => ({ jsonrpc: '2.0', id: c.id, result: recordedResult(c.method) }))
          .reverse(),
      );
    });
    const [config, fees] = await useClient()
      .evm(SUBNET_EVM)
      .batch([{ method: 'eth_getChainConfig' }, { method: 'eth_feeConfig', params: ['latest'] }]);
    expect(config).toEqual(recordedResult('eth_getChainConfig'));
    expect(fees).toEqual(recordedResult('eth_feeConfig'));
    const req = only();
    expect(req.path).toBe(`/ext/bc/${SUBNET_EVM}/rpc`);
    const body = req.json as { method: string; params: unknown }[];
    expect(body.map((b) => [b.method, b.params])).toEqual([
      ['eth_getChainConfig', []],
      ['eth_feeConfig', ['latest']],
    ]);
  });

  it('rejects with the first error in call order', async () => {
    server.handle(
      rpc((r) =>
        r.method === 'eth_feeConfig'
          ? new RpcFailure({ code: -32000, message: 'header not found' })
          : {},
      ),
    );
    await expect(
      useClient()
        .evm()
        .batch([{ method: 'eth_getChainConfig' }, { method: 'eth_feeConfig', params: ['0x1'] }]),
    ).rejects.toMatchObject({
      name: 'NotFoundError',
      method: 'eth_feeConfig',
      message: 'header not found',
    });
  });

  it('reports a refused batch, a missing item and methods of endpoints without batches', async () => {
    server.handle((_, res) =>
      sendJson(res, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'batch too large' },
      }),
    );
    await expect(
      useClient()
        .evm()
        .batch([{ method: 'eth_getChainConfig' }]),
    ).rejects.toMatchObject({
      name: 'RpcError',
      code: -32600,
    });
    server.handle((_, res) => sendJson(res, []));
    await expect(
      useClient()
        .evm()
        .batch([{ method: 'eth_getChainConfig' }]),
    ).rejects.toBeInstanceOf(IdMismatchError);
    server.requests.length = 0;
    await expect(
      useClient()
        .evm()
        .batch([{ method: 'info.getNodeVersion' as 'eth_getChainConfig' }]),
    ).rejects.toMatchObject({ name: 'ParameterError', rule: 'x-jsonrpc-batch' });
    await expect(useClient().evm().batch([])).resolves.toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});
