import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { send, serverPerTest } from '../../rest-core/src/test/server.js';
import {
  BadRequestError,
  ConnectionError,
  createDataClient,
  DataClientError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  type OperationId,
  type OperationParameters,
  ParameterError,
  ParseError,
  RateLimitError,
  RedirectError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from './index.js';

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
      const content = op.responses[status]?.content?.['application/json'];
      const body = content?.example ?? Object.values(content?.examples ?? {})[0]?.value;
      return { status: Number(status), body };
    }
  }
  throw new Error(`no operation ${operationId}`);
}

const serve = serverPerTest();

const fast = { attempts: 3, baseDelayMs: 1, maxDelayMs: 50 };

type WireCase<K extends OperationId> = {
  params: OperationParameters<K>;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query exactly as they reach the server. */
  target: string;
  body?: unknown;
};

type SpecParameter = { name: string; in: string; required?: boolean; example?: unknown };
type SpecRequest = {
  operationId: string;
  'x-avalanche-rules'?: { rule: string; fields: string[] }[];
  parameters?: ({ $ref: string } | SpecParameter)[];
  requestBody?: { content?: { 'application/json'?: { example?: unknown; examples?: object } } };
};

/** A local `$ref` of the bundled spec followed, or the value itself. */
function deref<T>(value: T | { $ref: string }): T {
  if (!value || typeof value !== 'object' || !('$ref' in value)) return value as T;
  return value.$ref
    .slice(2)
    .split('/')
    .reduce((node: unknown, key) => (node as Record<string, unknown>)[key], spec) as T;
}

/**
 * An operation's case from the spec alone: each required parameter's own example, in the path
 * or the query, and the request body's first example, whose fields the call takes beside them.
 * An operation added to the spec is covered by this until it gets a case below.
 */
function caseFromSpec(operationId: string): WireCase<OperationId> {
  for (const [path, item] of Object.entries(spec.paths) as [string, Record<string, unknown>][]) {
    const found = Object.entries(item).find(
      ([, op]) => (op as SpecRequest | undefined)?.operationId === operationId,
    );
    if (!found) continue;
    const [method, op] = found as [string, SpecRequest];
    // The required parameters, and the first of each "at least / exactly one of" rule.
    const chosen = new Set(
      (op['x-avalanche-rules'] ?? [])
        .filter((r) => r.rule === 'atLeastOne' || r.rule === 'exactlyOne')
        .map((r) => r.fields[0]),
    );
    const parameters = (op.parameters ?? [])
      .map((p) => deref<SpecParameter>(p))
      .filter((p) => p.required || chosen.has(p.name));
    const json = op.requestBody?.content?.['application/json'];
    const body =
      json &&
      (json.example ??
        deref<{ value: unknown }>(Object.values(json.examples ?? {})[0] as { $ref: string })
          ?.value);
    const params = {
      ...Object.fromEntries(parameters.map((p) => [p.name, p.example])),
      ...(body as object),
    };
    const query = parameters
      .filter((p) => p.in === 'query')
      .map((p) => `${p.name}=${encodeURIComponent(String(p.example))}`)
      .join('&');
    const target = path.replace(/\{(\w+)\}/g, (_, name) =>
      encodeURIComponent(String((params as Record<string, unknown>)[name])),
    );
    return {
      params: params as OperationParameters<OperationId>,
      method: method.toUpperCase() as WireCase<OperationId>['method'],
      target: query ? `${target}?${query}` : target,
      ...(json ? { body } : {}),
    };
  }
  throw new Error(`${operationId}: not in the spec`);
}

/** Every operation of the spec, in spec order. */
const operationIds: string[] = Object.values(spec.paths).flatMap((item) =>
  Object.values(item as Record<string, { operationId?: string }>).flatMap((op) =>
    op?.operationId ? [op.operationId] : [],
  ),
);

// Typed per operation: a params object that does not fit the generated types fails `tsc`. These
// cases pin how parameters are encoded (arrays, commas, bodies); an operation without one is
// checked with `caseFromSpec`.
const wire: { [K in OperationId]?: WireCase<K> } = {
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
    params: {
      chainId: '43114',
      blockId: '0x17533aeb5193378b9ff441d61728e7a2ebaf10f61fd5310759451627dfca2e7c',
      pageSize: 0,
    },
    method: 'GET',
    target:
      '/v1/chains/43114/blocks/0x17533aeb5193378b9ff441d61728e7a2ebaf10f61fd5310759451627dfca2e7c/transactions?pageSize=0',
  },
  listErc721Balances: {
    params: {
      chainId: '43114',
      address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
      contractAddress: '0xc0ffee254729296a45a3885639AC7E10F9d54979',
    },
    method: 'GET',
    target:
      '/v1/chains/43114/addresses/0x71C7656EC7ab88b098defB751B7401B5f6d8976F/balances:listErc721?contractAddress=0xc0ffee254729296a45a3885639AC7E10F9d54979',
  },
  listCollectibleBalances: {
    params: {
      chainId: '43114',
      address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
      pageSize: 500,
    },
    method: 'GET',
    target:
      '/v1/chains/43114/addresses/0x71C7656EC7ab88b098defB751B7401B5f6d8976F/balances:listCollectibles?pageSize=500',
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
    params: {
      chainId: '43114',
      txHash: '0x5e1ec6a1fa4c4b3e6a2d64d36d21f3a8e7a0b2e1c9d7c8a3b4f5e6d7c8b9a0f1',
    },
    method: 'GET',
    target:
      '/v1/chains/43114/transactions/0x5e1ec6a1fa4c4b3e6a2d64d36d21f3a8e7a0b2e1c9d7c8a3b4f5e6d7c8b9a0f1',
  },
  getBlock: {
    params: { chainId: '43114', blockId: '123' },
    method: 'GET',
    target: '/v1/chains/43114/blocks/123',
  },
  getTokenDetails: {
    params: {
      chainId: '43114',
      address: '0xc0ffee254729296a45a3885639AC7E10F9d54979',
      tokenId: '42',
    },
    method: 'GET',
    target:
      '/v1/chains/43114/nfts/collections/0xc0ffee254729296a45a3885639AC7E10F9d54979/tokens/42',
  },
  getChainIdsForAddresses: {
    params: { network: 'mainnet', addresses: '0xa,0xb' },
    method: 'GET',
    target: '/v1/networks/mainnet/addresses:listChainIds?addresses=0xa%2C0xb',
  },
};

describe('every operation', () => {
  it('has a method on the client', () => {
    const client = createDataClient();
    expect(operationIds.length).toBeGreaterThan(0);
    expect(Object.keys(client).sort()).toEqual([...operationIds].sort());
    expect(operationIds).toEqual(expect.arrayContaining(Object.keys(wire)));
  });

  it.each(operationIds.map((id) => [id, wire[id as OperationId] ?? caseFromSpec(id)] as const))(
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

  it('resolves an operation the spec answers without a body to undefined; any other needs one', async () => {
    const server = await serve((_, res) => {
      res.writeHead(201, { 'content-length': 0 });
      res.end();
    });
    const client = createDataClient({ baseUrl: server.url, retry: false });
    const params = { chainId: '43114', address: `0x${'ab'.repeat(20)}`, tokenId: '7' };
    const done: undefined = await client.reindexNft(params);
    expect(done).toBeUndefined();
    expect(server.requests[0]?.method).toBe('POST');
    await expect(client.getBlock({ chainId: '43114', blockId: '1' })).rejects.toMatchObject({
      name: 'ParseError',
      message: "the 201 answer's body is empty",
    });
  });

  it('resolves to the typed body', async () => {
    const server = await serve((_, res) => send(res, 200, exampleOf('listValidators').body));
    const client = createDataClient({ baseUrl: server.url });
    const page = await client.listValidators({ network: 'mainnet' });
    // Compiles only if the return type is the generated ListValidatorsResponse.
    const nodeIds: string[] = page.validators.map((v) => v.nodeId);
    expect(nodeIds.length).toBeGreaterThan(0);
  });

  it('sends the configured headers', async () => {
    const server = await serve((_, res) => send(res, 200, exampleOf('getBlock').body));
    const client = createDataClient({ baseUrl: server.url, headers: { 'x-trace': 'abc' } });
    await client.getBlock({ chainId: '43114', blockId: '1' });
    expect(server.requests[0]?.headers['x-trace']).toBe('abc');
  });

  it("sends a call's own headers over the client's, one call only", async () => {
    const server = await serve((_, res) => send(res, 200, exampleOf('getBlock').body));
    const client = createDataClient({ baseUrl: server.url, headers: { 'x-trace': 'abc' } });
    await client.getBlock(
      { chainId: '43114', blockId: '1' },
      { headers: { 'X-Trace': 'call', 'x-request-id': '7' } },
    );
    await client.getBlock({ chainId: '43114', blockId: '1' });
    expect(server.requests[0]?.headers).toMatchObject({ 'x-trace': 'call', 'x-request-id': '7' });
    expect(server.requests[1]?.headers['x-trace']).toBe('abc');
    expect(server.requests[1]?.headers['x-request-id']).toBeUndefined();
  });

  it("a call's credential-named header stays home and out of errors, as the client's do", async () => {
    const secret = 'per-call-token-0123456789';
    const elsewhere = await serve((_, res) => send(res, 200, exampleOf('getBlock').body));
    const server = await serve((req, res) =>
      send(res, 302, undefined, { location: `${elsewhere.url}${req.url}` }),
    );
    const error = await createDataClient({ baseUrl: server.url })
      .getBlock({ chainId: '1', blockId: '1' }, { headers: { authorization: `Bearer ${secret}` } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(elsewhere.requests).toHaveLength(0);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${secret}`);
    expect(inspect(error, { depth: 10 })).not.toContain(secret);
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
      operation: 'listValidators',
    });
    expect(server.requests).toHaveLength(0);
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
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(DataClientError);
    expect(error).toMatchObject({
      status,
      error: name,
      message: [message].flat().join('; '),
      body,
      url: `${server.url}/v1/chains/43114/blocks/1`,
      details: `GET ${server.url}/v1/chains/43114/blocks/1 answered ${status}`,
    });
    expect(error.client).toBe('@avalanche-api/data-client');
    expect(error.docsUrl).toBe(
      `https://github.com/avalanche-api/avalanche-api/tree/main/packages/data-client#${Class.name.toLowerCase()}`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('an HTML 502 is a ServerError whose cause is the ParseError of the body', async () => {
    const server = await serve((_, res) => send(res, 502, '<html><h1>502 Bad Gateway</h1></html>'));
    const client = createDataClient({ baseUrl: server.url, retry: false });
    const error = await client.getBlock({ chainId: '43114', blockId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.cause).toBeInstanceOf(ParseError);
    expect(error).toMatchObject({
      status: 502,
      error: 'Bad Gateway',
      body: '<html><h1>502 Bad Gateway</h1></html>',
    });
  });

  it('other 4XX statuses are plain HttpErrors', async () => {
    const server = await serve((_, res) => send(res, 418, { message: 'teapot' }));
    const client = createDataClient({ baseUrl: server.url });
    const error = await client.getBlock({ chainId: '43114', blockId: '1' }).catch((e) => e);
    expect(error.constructor).toBe(HttpError);
    expect(error).toMatchObject({ status: 418, message: 'teapot' });
  });
});

describe('the shared runtime, wired to this client', () => {
  // Retries, Retry-After, timeouts and aborts are tested in @avalanche-api/rest-core; these show
  // that the options get there and that what comes back is this package's classes.
  it('gives up after `attempts` and throws the last answer', async () => {
    const server = await serve((_, res) => send(res, 503, { message: 'down' }));
    const client = createDataClient({ baseUrl: server.url, retry: { ...fast, attempts: 2 } });
    await expect(client.getBlock({ chainId: '43114', blockId: '1' })).rejects.toBeInstanceOf(
      ServerError,
    );
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

  it('timeoutMs ends a request that gets no answer', async () => {
    const server = await serve(() => {});
    const client = createDataClient({ baseUrl: server.url, timeoutMs: 50 });
    const error = await client.getBlock({ chainId: '1', blockId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50, message: 'no answer within 50 ms' });
    // On a loaded machine the abort can come before the server reads the request; never twice.
    expect(server.requests.length).toBeLessThanOrEqual(1);
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

  it('aggregateSignatures, the one POST, is not retried after 502: the validators may have signed', async () => {
    const server = await serve((_, res) => send(res, 502, { message: 'upstream' }));
    const client = createDataClient({ baseUrl: server.url, retry: fast });
    await expect(
      client.aggregateSignatures({ network: 'fuji', message: '0x0a' }),
    ).rejects.toMatchObject({ status: 502 });
    expect(server.requests).toHaveLength(1);
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
    expect(error).toBeInstanceOf(RedirectError);
    expect(elsewhere.requests).toHaveLength(0);
    expectNoKey(error);
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

  it('a key given in headers stays home and is not followed through a redirect; apiKey wins over it', async () => {
    const elsewhere = await serve((_, res) => send(res, 200, { blockNumber: '1' }));
    const server = await serve((req, res) =>
      send(res, 302, undefined, { location: `${elsewhere.url}${req.url}` }),
    );
    const headers = { 'X-Glacier-Api-Key': apiKey };
    const error = await createDataClient({ baseUrl: server.url, headers })
      .getBlock({ chainId: '1', blockId: '1' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(elsewhere.requests).toHaveLength(0);
    await createDataClient({ baseUrl: elsewhere.url, headers, apiKey: 'the-other-key' }).getBlock({
      chainId: '1',
      blockId: '1',
    });
    expect(elsewhere.requests[0]?.headers['x-glacier-api-key']).toBe('the-other-key');
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
    expect(errors.map((e) => e.name)).toEqual(['TimeoutError', 'ServerError', 'ParameterError']);
    for (const error of errors) expectNoKey(error);
  });
});
