import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BadRequestError,
  ConnectionError,
  createDataClient,
  DataApiError,
  DataClientError,
  ForbiddenError,
  NotFoundError,
  type OperationId,
  type OperationParameters,
  ParameterError,
  ParseError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from './index.js';
import { type Handler, send, startServer, type TestServer } from './test/server.js';

const spec = JSON.parse(
  readFileSync(new URL('../../../specs/dist/data-api.json', import.meta.url), 'utf8'),
);

type SpecOperation = {
  operationId: string;
  responses: Record<
    string,
    {
      content: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }>;
    }
  >;
};

/** The spec's own example of an operation's success body, so the tests answer what the docs promise. */
function exampleOf(operationId: string): { status: number; body: unknown } {
  for (const item of Object.values(spec.paths) as Record<string, SpecOperation>[]) {
    for (const op of Object.values(item)) {
      if (op?.operationId !== operationId) continue;
      const status = Object.keys(op.responses).find((s) => s.startsWith('2')) as string;
      const content = op.responses[status]?.content['application/json'];
      const body = content?.example ?? Object.values(content?.examples ?? {})[0]?.value;
      return { status: Number(status), body };
    }
  }
  throw new Error(`no operation ${operationId}`);
}

const servers: TestServer[] = [];
async function serve(handler: Handler): Promise<TestServer> {
  const server = await startServer(handler);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const fast = { attempts: 3, baseDelayMs: 1, maxDelayMs: 50 };

type WireCase<K extends OperationId> = {
  params: OperationParameters<K>;
  method: 'GET' | 'POST';
  /** Path and query exactly as they reach the server. */
  target: string;
  body?: unknown;
};

// Typed per operation: a params object that does not fit the generated types fails `tsc`.
const wire: { [K in OperationId]: WireCase<K> } = {
  aggregateSignatures: {
    params: { network: 'fuji', message: '0x0a0b', quorumPercentage: 70 },
    method: 'POST',
    target: '/v1/signatureAggregator/fuji/aggregateSignatures',
    body: { message: '0x0a0b', quorumPercentage: 70 },
  },
  getAggregatedSignatures: {
    params: { network: 'mainnet', txHash: '2Z4UYBqCSoZFTL9Lp9abt5WG6U4zq3SM8gxuUwNRgiK6Bxvd4K' },
    method: 'GET',
    target:
      '/v1/signatureAggregator/mainnet/aggregateSignatures/2Z4UYBqCSoZFTL9Lp9abt5WG6U4zq3SM8gxuUwNRgiK6Bxvd4K',
  },
  listAssetTransactions: {
    params: {
      network: 'mainnet',
      blockchainId: 'x-chain',
      assetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
      txTypes: ['BaseTx', 'ImportTx'],
      startTimestamp: 1,
      endTimestamp: 2,
      pageSize: 5,
    },
    method: 'GET',
    target:
      '/v1/networks/mainnet/blockchains/x-chain/assets/FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z/transactions?txTypes=BaseTx&txTypes=ImportTx&startTimestamp=1&endTimestamp=2&pageSize=5',
  },
  listBlockchains: {
    params: { network: 'fuji', pageSize: 1000, sortOrder: 'desc' },
    method: 'GET',
    target: '/v1/networks/fuji/blockchains?pageSize=1000&sortOrder=desc',
  },
  listValidators: {
    params: {
      network: 'mainnet',
      pageSize: 10,
      nodeIds: 'NodeID-a,NodeID-b',
      validationStatus: 'active',
      minDelegationCapacity: '1000',
      minFeePercentage: 2.5,
    },
    method: 'GET',
    target:
      '/v1/networks/mainnet/validators?pageSize=10&nodeIds=NodeID-a%2CNodeID-b&validationStatus=active&minDelegationCapacity=1000&minFeePercentage=2.5',
  },
  getUtxosByAddresses: {
    params: {
      network: 'mainnet',
      blockchainId: 'p-chain',
      addresses: 'avax1abc',
      minUtxoAmount: 0,
      includeSpent: false,
      sortBy: 'amount',
    },
    method: 'GET',
    target:
      '/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=avax1abc&minUtxoAmount=0&includeSpent=false&sortBy=amount',
  },
  getTransactionsForBlock: {
    params: { chainId: '43114', blockId: '0xabc', pageSize: 0 },
    method: 'GET',
    target: '/v1/chains/43114/blocks/0xabc/transactions?pageSize=0',
  },
  listErc721Balances: {
    params: { chainId: '43114', address: '0x71C7', contractAddress: '0xc0ffee' },
    method: 'GET',
    target: '/v1/chains/43114/addresses/0x71C7/balances:listErc721?contractAddress=0xc0ffee',
  },
  listCollectibleBalances: {
    params: { chainId: '43114', address: '0x71C7', pageSize: 500 },
    method: 'GET',
    target: '/v1/chains/43114/addresses/0x71C7/balances:listCollectibles?pageSize=500',
  },
  listPendingPrimaryNetworkRewards: {
    params: { network: 'fuji', nodeIds: 'NodeID-x', sortOrder: 'asc' },
    method: 'GET',
    target: '/v1/networks/fuji/rewards:listPending?nodeIds=NodeID-x&sortOrder=asc',
  },
  getVertexByHeight: {
    params: { network: 'mainnet', blockchainId: 'x-chain', vertexHeight: 0 },
    method: 'GET',
    target: '/v1/networks/mainnet/blockchains/x-chain/vertices:listByHeight?vertexHeight=0',
  },
  getLatestBlocks: {
    params: { chainId: '43114', pageSize: 3 },
    method: 'GET',
    target: '/v1/chains/43114/blocks?pageSize=3',
  },
  getTransaction: {
    params: { chainId: '43114', txHash: '0xdead' },
    method: 'GET',
    target: '/v1/chains/43114/transactions/0xdead',
  },
  getBlock: {
    params: { chainId: '43114', blockId: '123' },
    method: 'GET',
    target: '/v1/chains/43114/blocks/123',
  },
  getTokenDetails: {
    params: { chainId: '43114', address: '0xc0ffee', tokenId: '42' },
    method: 'GET',
    target: '/v1/chains/43114/nfts/collections/0xc0ffee/tokens/42',
  },
  getChainIdsForAddresses: {
    params: { network: 'mainnet', addresses: '0xa,0xb' },
    method: 'GET',
    target: '/v1/networks/mainnet/addresses:listChainIds?addresses=0xa%2C0xb',
  },
};

describe('every operation', () => {
  it('has a method on the client and a case here', () => {
    const client = createDataClient();
    expect(Object.keys(client).sort()).toEqual(Object.keys(wire).sort());
  });

  it.each(Object.entries(wire))(
    '%s sends the right request and returns the body',
    async (id, c) => {
      const example = exampleOf(id);
      const server = await serve((_, res) => send(res, example.status, example.body));
      const client = createDataClient({ baseUrl: server.url });
      const call = client[id as OperationId] as (p: unknown) => Promise<unknown>;
      await expect(call(c.params)).resolves.toEqual(example.body);
      const [request] = server.requests;
      expect(request?.method).toBe(c.method);
      expect(request?.url).toBe(c.target);
      expect(request?.headers.accept).toBe('application/json');
      if (c.body) {
        expect(request?.headers['content-type']).toBe('application/json');
        expect(JSON.parse(request?.body ?? '')).toEqual(c.body);
      } else {
        expect(request?.body).toBe('');
      }
    },
  );

  it('resolves to the typed body', async () => {
    const server = await serve((_, res) => send(res, 200, exampleOf('listValidators').body));
    const client = createDataClient({ baseUrl: server.url });
    const page = await client.listValidators({ network: 'mainnet' });
    // Compiles only if the return type is the generated ListValidatorsResponse.
    const nodeIds: string[] = page.validators.map((v) => v.nodeId);
    expect(nodeIds.length).toBeGreaterThan(0);
  });

  it('keeps a base URL path prefix and drops a trailing slash', async () => {
    const server = await serve((_, res) => send(res, 200, exampleOf('getBlock').body));
    const client = createDataClient({ baseUrl: `${server.url}/proxy/` });
    await client.getBlock({ chainId: '43114', blockId: '1' });
    expect(server.requests[0]?.url).toBe('/proxy/v1/chains/43114/blocks/1');
  });

  it('sends the configured headers', async () => {
    const server = await serve((_, res) => send(res, 200, exampleOf('getBlock').body));
    const client = createDataClient({ baseUrl: server.url, headers: { 'x-trace': 'abc' } });
    await client.getBlock({ chainId: '43114', blockId: '1' });
    expect(server.requests[0]?.headers['x-trace']).toBe('abc');
  });
});

describe('parameter checks', () => {
  it('rejects a bad parameter before anything is sent', async () => {
    const server = await serve((_, res) => send(res, 200, {}));
    const client = createDataClient({ baseUrl: server.url });
    const error = await client
      .listValidators({ network: 'mainnet', pageSize: 101 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParameterError);
    expect(error).toMatchObject({
      message: 'pageSize: 101 is above the maximum 100 (listValidators)',
      parameter: 'pageSize',
      value: 101,
      rule: 'maximum',
      operationId: 'listValidators',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('rejects unknown parameter names', async () => {
    const client = createDataClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(
      client.getBlock({ chainId: '1', blockId: '2', blockID: '2' } as never),
    ).rejects.toMatchObject({
      name: 'ParameterError',
      rule: 'unknown',
      message: 'blockID: "2" is not a parameter (getBlock)',
    });
  });
});

describe('path parameters', () => {
  it.each([
    ['../x', '..%2Fx'],
    ['a/b', 'a%2Fb'],
    ['a?b=c', 'a%3Fb%3Dc'],
    ['a#b', 'a%23b'],
    ['a b', 'a%20b'],
    ['é😀', '%C3%A9%F0%9F%98%80'],
    ['%2F', '%252F'],
  ])('%s reaches the server as one segment', async (blockId, encoded) => {
    const server = await serve((_, res) => send(res, 200, exampleOf('getBlock').body));
    const client = createDataClient({ baseUrl: server.url });
    await client.getBlock({ chainId: '43114', blockId });
    expect(server.requests[0]?.url).toBe(`/v1/chains/43114/blocks/${encoded}`);
    expect(decodeURIComponent(server.requests[0]?.url.split('/').pop() ?? '')).toBe(blockId);
  });

  it.each(['.', '..', ''])('%j is refused: URL parsing would change the route', async (blockId) => {
    const client = createDataClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(client.getBlock({ chainId: '43114', blockId })).rejects.toBeInstanceOf(
      ParameterError,
    );
  });
});

describe('error statuses', () => {
  it.each([
    [400, BadRequestError, 'Bad Request', 'pageSize must not be greater than 100'],
    [401, UnauthorizedError, 'Unauthorized', ['Missing or invalid api key']],
    [403, ForbiddenError, 'Forbidden', 'This api key may not access the requested resource'],
    [404, NotFoundError, 'Not Found', 'Block 0x1 not found'],
    [429, RateLimitError, 'Too Many Requests', ['Rate limit exceeded', 'retry later']],
    [500, ServerError, 'Internal Server Error', 'Internal server error'],
    [502, ServerError, 'Bad Gateway', 'Bad gateway'],
    [503, ServerError, 'Service Unavailable', ['Node unavailable']],
  ] as const)('%i becomes %o', async (status, Class, name, message) => {
    const body = { statusCode: status, error: name, message };
    const server = await serve((_, res) => send(res, status, body));
    const client = createDataClient({ baseUrl: server.url, retry: false });
    const error = await client.getBlock({ chainId: '43114', blockId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(DataApiError);
    expect(error).toBeInstanceOf(DataClientError);
    expect(error).toMatchObject({
      status,
      error: name,
      message: [message].flat().join('; '),
      body,
      url: `${server.url}/v1/chains/43114/blocks/1`,
      details: `GET ${server.url}/v1/chains/43114/blocks/1 answered ${status}`,
    });
    expect(error.docsUrl).toMatch(/^https:\/\/.+#errors$/);
    expect(server.requests).toHaveLength(1);
  });

  it('an HTML 502 is a ParseError that keeps the status', async () => {
    const server = await serve((_, res) => send(res, 502, '<html><h1>502 Bad Gateway</h1></html>'));
    const client = createDataClient({ baseUrl: server.url, retry: false });
    const error = await client.getBlock({ chainId: '43114', blockId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect(error).toBeInstanceOf(DataApiError);
    expect(error).toMatchObject({
      status: 502,
      error: 'Bad Gateway',
      body: '<html><h1>502 Bad Gateway</h1></html>',
    });
  });

  it('an HTML 200 is a ParseError', async () => {
    const server = await serve((_, res) => send(res, 200, '<html>captive portal</html>'));
    const client = createDataClient({ baseUrl: server.url });
    await expect(client.getBlock({ chainId: '43114', blockId: '1' })).rejects.toMatchObject({
      name: 'ParseError',
      status: 200,
    });
  });

  it('an empty 200 is a ParseError', async () => {
    const server = await serve((_, res) => send(res, 200));
    const client = createDataClient({ baseUrl: server.url });
    await expect(client.getBlock({ chainId: '43114', blockId: '1' })).rejects.toMatchObject({
      name: 'ParseError',
      status: 200,
      message: "the 200 answer's body is empty",
    });
  });

  it('an empty error body still gives status, name and a message', async () => {
    const server = await serve((_, res) => send(res, 404));
    const client = createDataClient({ baseUrl: server.url });
    const error = await client.getBlock({ chainId: '43114', blockId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, error: 'Not Found', message: 'Not Found' });
    expect(error.body).toBeUndefined();
  });

  it('other 4XX statuses are plain DataApiErrors', async () => {
    const server = await serve((_, res) => send(res, 418, { message: 'teapot' }));
    const client = createDataClient({ baseUrl: server.url });
    const error = await client.getBlock({ chainId: '43114', blockId: '1' }).catch((e) => e);
    expect(error.constructor).toBe(DataApiError);
    expect(error).toMatchObject({ status: 418, message: 'teapot' });
  });
});

describe('retries', () => {
  it.each([429, 502, 503])('retries a GET answered %i', async (status) => {
    const server = await serve((_, res, i) =>
      i < 2 ? send(res, status, { message: 'later' }) : send(res, 200, { blockNumber: '1' }),
    );
    const client = createDataClient({ baseUrl: server.url, retry: fast });
    await expect(client.getBlock({ chainId: '43114', blockId: '1' })).resolves.toEqual({
      blockNumber: '1',
    });
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after `attempts` and throws the last answer', async () => {
    const server = await serve((_, res) => send(res, 503, { message: 'down' }));
    const client = createDataClient({ baseUrl: server.url, retry: { ...fast, attempts: 2 } });
    await expect(client.getBlock({ chainId: '43114', blockId: '1' })).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 500 or a 4XX', async () => {
    const server = await serve((_, res, i) => send(res, i ? 400 : 500, { message: 'no' }));
    const client = createDataClient({ baseUrl: server.url, retry: fast });
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).rejects.toBeInstanceOf(
      ServerError,
    );
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).rejects.toBeInstanceOf(
      BadRequestError,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('retry: false sends once', async () => {
    const server = await serve((_, res) => send(res, 503, { message: 'down' }));
    const client = createDataClient({ baseUrl: server.url, retry: false });
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('retries a connection reset', async () => {
    const server = await serve((_, res, i) => {
      if (i === 0) res.socket?.destroy();
      else send(res, 200, { blockNumber: '1' });
    });
    const client = createDataClient({ baseUrl: server.url, retry: fast });
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).resolves.toEqual({
      blockNumber: '1',
    });
    expect(server.requests).toHaveLength(2);
  });

  it('throws a ConnectionError with the cause when nothing listens', async () => {
    const server = await serve(() => {});
    await server.close();
    const client = createDataClient({ baseUrl: server.url, retry: fast });
    const error = await client.getBlock({ chainId: '1', blockId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.url).toBe(`${server.url}/v1/chains/1/blocks/1`);
    expect(error.cause).toBeInstanceOf(Error);
  });

  describe('aggregateSignatures (the one POST)', () => {
    const params = { network: 'fuji', message: '0x0a' } as const;

    it.each([429, 503])('is retried after %i: nothing was signed yet', async (status) => {
      const server = await serve((_, res, i) =>
        i ? send(res, 201, { signedMessage: '0x0a' }) : send(res, status, { message: 'later' }),
      );
      const client = createDataClient({ baseUrl: server.url, retry: fast });
      await expect(client.aggregateSignatures(params)).resolves.toEqual({ signedMessage: '0x0a' });
      expect(server.requests.map((r) => r.body)).toEqual([
        '{"message":"0x0a"}',
        '{"message":"0x0a"}',
      ]);
    });

    it('is not retried after 502: the validators may have signed already', async () => {
      const server = await serve((_, res) => send(res, 502, { message: 'upstream' }));
      const client = createDataClient({ baseUrl: server.url, retry: fast });
      await expect(client.aggregateSignatures(params)).rejects.toMatchObject({ status: 502 });
      expect(server.requests).toHaveLength(1);
    });

    it('is retried when the connection fails before an answer', async () => {
      const server = await serve((_, res, i) =>
        i ? send(res, 201, { signedMessage: '0x0a' }) : void res.socket?.destroy(),
      );
      const client = createDataClient({ baseUrl: server.url, retry: fast });
      await expect(client.aggregateSignatures(params)).resolves.toEqual({ signedMessage: '0x0a' });
    });
  });
});

describe('Retry-After', () => {
  it('waits the seconds it asks for', async () => {
    const server = await serve((_, res, i) =>
      i ? send(res, 200, { blockNumber: '1' }) : send(res, 429, {}, { 'retry-after': '0.15' }),
    );
    const client = createDataClient({
      baseUrl: server.url,
      retry: { attempts: 2, baseDelayMs: 1 },
    });
    const started = performance.now();
    await client.getBlock({ chainId: '1', blockId: '1' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(server.requests).toHaveLength(2);
  });

  it('a wait above maxDelayMs is not waited for: the RateLimitError says how long', async () => {
    const server = await serve((_, res) => send(res, 429, {}, { 'retry-after': '120' }));
    const client = createDataClient({ baseUrl: server.url, retry: { maxDelayMs: 1000 } });
    const error = await client.getBlock({ chainId: '1', blockId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(120_000);
    expect(server.requests).toHaveLength(1);
  });

  it('reads an HTTP date', async () => {
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
    const server = await serve((_, res) => send(res, 429, {}, { 'retry-after': inTwoSeconds }));
    const client = createDataClient({ baseUrl: server.url, retry: { maxDelayMs: 500 } });
    const error = await client.getBlock({ chainId: '1', blockId: '1' }).catch((e) => e);
    // The date has whole seconds: between 1 and 2 seconds from now.
    expect(error.retryAfterMs).toBeGreaterThan(900);
    expect(error.retryAfterMs).toBeLessThanOrEqual(2000);
    expect(server.requests).toHaveLength(1);
  });

  it('a date in the past means now', async () => {
    const past = new Date(Date.now() - 60_000).toUTCString();
    const server = await serve((_, res, i) =>
      i ? send(res, 200, { blockNumber: '1' }) : send(res, 503, {}, { 'retry-after': past }),
    );
    const client = createDataClient({ baseUrl: server.url, retry: { maxDelayMs: 500 } });
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).resolves.toEqual({
      blockNumber: '1',
    });
  });
});

describe('timeout and abort', () => {
  it('timeoutMs ends a request that gets no answer', async () => {
    const server = await serve(() => {});
    const client = createDataClient({ baseUrl: server.url, timeoutMs: 50 });
    const error = await client.getBlock({ chainId: '1', blockId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50, message: 'no answer within 50 ms' });
    expect(server.requests).toHaveLength(1);
  });

  it('timeoutMs covers a body that stalls', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"blockNumber":');
    });
    const client = createDataClient({ baseUrl: server.url, timeoutMs: 50 });
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });

  it('a per-call timeoutMs overrides the client one', async () => {
    const server = await serve(() => {});
    const client = createDataClient({ baseUrl: server.url, timeoutMs: 10_000 });
    await expect(
      client.getBlock({ chainId: '1', blockId: '1' }, { timeoutMs: 30 }),
    ).rejects.toMatchObject({ name: 'TimeoutError', timeoutMs: 30 });
  });

  it('an AbortSignal ends the call with an AbortError', async () => {
    const server = await serve(() => {});
    const client = createDataClient({ baseUrl: server.url });
    const controller = new AbortController();
    const call = client.getBlock({ chainId: '1', blockId: '1' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await call.catch((e) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error.name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(TimeoutError);
  });

  it('the abort reason is passed through, also during a backoff wait', async () => {
    const server = await serve((_, res) => send(res, 503, {}, { 'retry-after': '5' }));
    const client = createDataClient({ baseUrl: server.url, retry: { maxDelayMs: 10_000 } });
    const reason = new Error('user navigated away');
    const controller = new AbortController();
    const call = client.getBlock({ chainId: '1', blockId: '1' }, { signal: controller.signal });
    // Abort once the first answer has arrived, i.e. during the 5 s backoff wait.
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(server.requests).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const server = await serve((_, res) => send(res, 200, {}));
    const client = createDataClient({ baseUrl: server.url });
    await expect(
      client.getBlock({ chainId: '1', blockId: '1' }, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('api key', () => {
  const apiKey = 'sk-test-0123456789abcdef';

  /** Every way an error is looked at: none may show the key. */
  function expectNoKey(error: unknown) {
    const views = [
      JSON.stringify(error),
      String(error),
      inspect(error, { depth: 20, showHidden: true }),
      (error as Error).stack,
      (error as Error).message,
    ];
    for (let e = error as { cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      views.push(String(e), inspect(e, { depth: 20 }), JSON.stringify(e) ?? '');
    }
    for (const view of views) expect(view).not.toContain(apiKey);
  }

  it('is sent as x-glacier-api-key to the configured host', async () => {
    const server = await serve((_, res) => send(res, 200, { blockNumber: '1' }));
    await createDataClient({ baseUrl: server.url, apiKey }).getBlock({
      chainId: '1',
      blockId: '1',
    });
    expect(server.requests[0]?.headers['x-glacier-api-key']).toBe(apiKey);
  });

  it('is not sent when not set', async () => {
    const server = await serve((_, res) => send(res, 200, { blockNumber: '1' }));
    await createDataClient({ baseUrl: server.url }).getBlock({ chainId: '1', blockId: '1' });
    expect(server.requests[0]?.headers).not.toHaveProperty('x-glacier-api-key');
  });

  it('never follows a redirect to another host', async () => {
    const elsewhere = await serve((_, res) => send(res, 200, { blockNumber: '1' }));
    const server = await serve((req, res) =>
      send(res, 302, undefined, { location: `${elsewhere.url}${req.url}` }),
    );
    const error = await createDataClient({ baseUrl: server.url, apiKey })
      .getBlock({ chainId: '1', blockId: '1' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(elsewhere.requests).toHaveLength(0);
    expectNoKey(error);
  });

  it('a custom fetch is asked not to follow redirects while the key is attached', async () => {
    const elsewhere = await serve((_, res) => send(res, 200, { blockNumber: '1' }));
    const server = await serve((req, res) =>
      send(res, 307, undefined, { location: `${elsewhere.url}${req.url}` }),
    );
    const seen: RequestRedirect[] = [];
    const client = createDataClient({
      baseUrl: server.url,
      apiKey,
      fetch: (input, init) => {
        seen.push(init?.redirect ?? 'follow');
        return fetch(input, init);
      },
    });
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).rejects.toBeInstanceOf(
      ConnectionError,
    );
    expect(seen).toEqual(['manual']);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('follows redirects as usual without a key', async () => {
    const elsewhere = await serve((_, res) => send(res, 200, { blockNumber: '1' }));
    const server = await serve((req, res) =>
      send(res, 302, undefined, { location: `${elsewhere.url}${req.url}` }),
    );
    await createDataClient({ baseUrl: server.url }).getBlock({ chainId: '1', blockId: '1' });
    expect(elsewhere.requests).toHaveLength(1);
  });

  it('a key given in headers is treated like apiKey', async () => {
    const server = await serve((req, res) =>
      send(res, 401, { message: `bad key ${req.headers['x-glacier-api-key']}` }),
    );
    const error = await createDataClient({
      baseUrl: server.url,
      headers: { 'X-Glacier-Api-Key': apiKey },
    })
      .getBlock({ chainId: '1', blockId: '1' })
      .catch((e) => e);
    expect(server.requests[0]?.headers['x-glacier-api-key']).toBe(apiKey);
    expect(error.message).toBe('bad key [redacted]');
    expectNoKey(error);
  });

  it('an answer that echoes the key is scrubbed', async () => {
    const server = await serve((req, res) =>
      send(res, 401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: [`invalid api key ${req.headers['x-glacier-api-key']}`],
      }),
    );
    const error = await createDataClient({ baseUrl: server.url, apiKey })
      .getBlock({ chainId: '1', blockId: '1' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.message).toBe('invalid api key [redacted]');
    expectNoKey(error);
  });

  it('a fetch failure that mentions the key is scrubbed, cause chain included', async () => {
    const client = createDataClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey,
      retry: false,
      fetch: async (_, init) => {
        const key = new Headers(init?.headers).get('x-glacier-api-key');
        throw new TypeError('fetch failed', { cause: new Error(`socket closed for ${key}`) });
      },
    });
    const error = await client.getBlock({ chainId: '1', blockId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(String(error.cause)).toBe('TypeError: fetch failed');
    expect(error.cause.cause.message).toBe('socket closed for [redacted]');
    expectNoKey(error);
  });

  it('timeouts, parameter and parse errors do not carry it', async () => {
    const silent = await serve(() => {});
    const html = await serve((_, res) => send(res, 502, `<p>${apiKey}</p>`));
    const errors = await Promise.all([
      createDataClient({ baseUrl: silent.url, apiKey, timeoutMs: 20 })
        .getBlock({ chainId: '1', blockId: '1' })
        .catch((e) => e),
      createDataClient({ baseUrl: html.url, apiKey, retry: false })
        .getBlock({ chainId: '1', blockId: '1' })
        .catch((e) => e),
      createDataClient({ apiKey })
        .getBlock({ chainId: '1', blockId: '.' })
        .catch((e) => e),
    ]);
    expect(errors.map((e) => e.name)).toEqual(['TimeoutError', 'ParseError', 'ParameterError']);
    for (const error of errors) expectNoKey(error);
  });
});
