import { describe, expect, it, vi } from 'vitest';
import {
  BadRequestError,
  createTestClient,
  ForbiddenError,
  HttpError,
  NotFoundError,
  ParameterError,
  ParseError,
  RateLimitError,
  ServerError,
  TestClientError,
  UnauthorizedError,
} from './test/client.js';
import { send, serverPerTest } from './test/server.js';

const serve = serverPerTest();
const block = { blockNumber: '1' };

describe('requests', () => {
  it('has one method per operation of the table', () => {
    expect(Object.keys(createTestClient({ baseUrl: 'http://127.0.0.1:9' }))).toEqual([
      'getBlock',
      'getLatestBlocks',
      'listItems',
      'sign',
      'ping',
    ]);
  });

  it.each([
    ['../x', '..%2Fx'],
    ['a/b', 'a%2Fb'],
    ['a?b=c', 'a%3Fb%3Dc'],
    ['a#b', 'a%23b'],
    ['a b', 'a%20b'],
    ['é😀', '%C3%A9%F0%9F%98%80'],
    ['%2F', '%252F'],
  ])('the path parameter %s reaches the server as one segment', async (blockId, encoded) => {
    const server = await serve((_, res) => send(res, 200, block));
    await createTestClient({ baseUrl: server.url }).getBlock({ chainId: '43114', blockId });
    expect(server.requests[0]?.url).toBe(`/v1/chains/43114/blocks/${encoded}`);
    expect(decodeURIComponent(server.requests[0]?.url.split('/').pop() ?? '')).toBe(blockId);
  });

  it.each(['.', '..', ''])('%j is refused: URL parsing would change the route', async (blockId) => {
    const server = await serve((_, res) => send(res, 200, block));
    const client = createTestClient({ baseUrl: server.url });
    await expect(client.getBlock({ chainId: '43114', blockId })).rejects.toMatchObject({
      name: 'ParameterError',
      rule: 'pathSegment',
    });
    expect(server.requests).toHaveLength(0);
  });

  it("checks the parameters before sending, with the client's ParameterError", async () => {
    const server = await serve((_, res) => send(res, 200, {}));
    const client = createTestClient({ baseUrl: server.url });
    const error = await client
      .getLatestBlocks({ chainId: '1', pageSize: 101 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParameterError);
    expect(error).toMatchObject({
      message: 'pageSize: 101 is above the maximum 100 (getLatestBlocks)',
      operation: 'getLatestBlocks',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('keeps a base URL path prefix and drops trailing slashes', async () => {
    const server = await serve((_, res) => send(res, 200, block));
    await createTestClient({ baseUrl: `${server.url}/proxy//` }).getBlock({
      chainId: '1',
      blockId: '2',
    });
    expect(server.requests[0]?.url).toBe('/proxy/v1/chains/1/blocks/2');
  });

  it('sends a GET with accept: application/json and no body', async () => {
    const server = await serve((_, res) => send(res, 200, block));
    await createTestClient({ baseUrl: server.url }).getBlock({ chainId: '1', blockId: '2' });
    expect(server.requests[0]).toMatchObject({ method: 'GET', body: '' });
    expect(server.requests[0]?.headers.accept).toBe('application/json');
    expect(server.requests[0]?.headers).not.toHaveProperty('content-type');
  });

  it('explodes arrays in the query, encodes values and leaves out absent ones', async () => {
    const server = await serve((_, res) => send(res, 200, { items: [] }));
    const client = createTestClient({ baseUrl: server.url });
    await client.listItems({ kinds: ['a b', 'c/d&e'], pageSize: 5 });
    await client.listItems();
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v1/items?kinds=a%20b&kinds=c%2Fd%26e&pageSize=5',
      '/v1/items',
    ]);
  });

  it('sends the body fields that are set, as JSON', async () => {
    const server = await serve((_, res) => send(res, 201, { signed: '0x' }));
    await createTestClient({ baseUrl: server.url }).sign({ message: '0x0a', quorum: undefined });
    expect(server.requests[0]).toMatchObject({ method: 'POST', body: '{"message":"0x0a"}' });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('an operation with a body sends one even when no field is set', async () => {
    const server = await serve((_, res) => send(res, 200, { ok: true }));
    await createTestClient({ baseUrl: server.url }).ping();
    expect(server.requests[0]?.body).toBe('{}');
  });

  it('passes the per-call options on to the fetch', async () => {
    const server = await serve(() => {});
    const client = createTestClient({ baseUrl: server.url, timeoutMs: 10_000 });
    await expect(
      client.getBlock({ chainId: '1', blockId: '1' }, { timeoutMs: 30 }),
    ).rejects.toMatchObject({ name: 'TimeoutError', timeoutMs: 30 });
    const controller = new AbortController();
    const call = client.getBlock({ chainId: '1', blockId: '1' }, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('answers', () => {
  it('resolves to the parsed success body', async () => {
    const server = await serve((_, res) => send(res, 200, block));
    const client = createTestClient({ baseUrl: server.url });
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).resolves.toEqual(block);
  });

  it.each([
    [400, BadRequestError, 'Bad Request'],
    [401, UnauthorizedError, 'Unauthorized'],
    [403, ForbiddenError, 'Forbidden'],
    [404, NotFoundError, 'Not Found'],
    [429, RateLimitError, 'Too Many Requests'],
    [500, ServerError, 'Internal Server Error'],
    [502, ServerError, 'Bad Gateway'],
    [503, ServerError, 'Service Unavailable'],
    [504, ServerError, 'Gateway Timeout'],
    [409, HttpError, 'Conflict'],
    [418, HttpError, "I'm a Teapot"],
  ] as const)("%i becomes the client's %o", async (status, Class, name) => {
    const body = { statusCode: status, error: name, message: ['first reason', 'second reason'] };
    const server = await serve((_, res) => send(res, status, body));
    const client = createTestClient({ baseUrl: server.url, retry: false });
    const error = await client.getBlock({ chainId: '1', blockId: '2' }).catch((e) => e);
    expect(error.constructor).toBe(Class);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(TestClientError);
    expect(error).toMatchObject({
      status,
      error: name,
      message: 'first reason; second reason',
      body,
      url: `${server.url}/v1/chains/1/blocks/2`,
      details: `GET ${server.url}/v1/chains/1/blocks/2 answered ${status}`,
    });
  });

  it('a message that is one string is kept; other kinds are left out', async () => {
    const server = await serve((_, res, i) =>
      send(res, 400, { message: i ? ['a', 7, 'b'] : 'pageSize must not be greater than 100' }),
    );
    const client = createTestClient({ baseUrl: server.url });
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).rejects.toMatchObject({
      message: 'pageSize must not be greater than 100',
    });
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).rejects.toMatchObject({
      message: 'a; b',
    });
  });

  it('an empty error body still gives status, name and a message', async () => {
    const server = await serve((_, res) => send(res, 404));
    const client = createTestClient({ baseUrl: server.url });
    const error = await client.getBlock({ chainId: '1', blockId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, error: 'Not Found', message: 'Not Found' });
    expect(error.body).toBeUndefined();
  });

  it('a RateLimitError carries what Retry-After asked for; other classes have no such field', async () => {
    const server = await serve((_, res, i) =>
      send(res, i ? 503 : 429, {}, { 'retry-after': '120' }),
    );
    const client = createTestClient({ baseUrl: server.url, retry: { maxDelayMs: 1000 } });
    const limited = await client.getBlock({ chainId: '1', blockId: '1' }).catch((e) => e);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited.retryAfterMs).toBe(120_000);
    const down = await client.getBlock({ chainId: '1', blockId: '1' }).catch((e) => e);
    expect(down).toBeInstanceOf(ServerError);
    expect(down).not.toHaveProperty('retryAfterMs');
  });

  it('an HTML 502 is a ServerError whose cause is the ParseError of its body', async () => {
    const page = `<html><h1>502 Bad Gateway</h1>${'x'.repeat(2000)}</html>`;
    const server = await serve((_, res) => send(res, 502, page));
    const client = createTestClient({ baseUrl: server.url, retry: false });
    const error = await client.getBlock({ chainId: '1', blockId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 502, error: 'Bad Gateway', body: page.slice(0, 1000) });
    expect(error.cause).toBeInstanceOf(ParseError);
    expect(error.cause).toBeInstanceOf(HttpError);
    expect(error.cause).toMatchObject({
      status: 502,
      message: "the 502 answer's body is not JSON",
      body: page.slice(0, 1000),
    });
  });

  it('a lone UTF-16 surrogate is a ParameterError, not a bare URIError', async () => {
    const server = await serve((_, res) => send(res, 200, block));
    const client = createTestClient({ baseUrl: server.url });
    const error = await client.getBlock({ chainId: '1', blockId: 'a\ud800' }).catch((e) => e);
    expect(error).toBeInstanceOf(ParameterError);
    expect(error).toMatchObject({
      operation: 'getBlock',
      parameter: 'blockId',
      rule: 'wellFormedUnicode',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('a lone surrogate in a query item names the item; in a JSON body it is sent, escaped', async () => {
    const server = await serve((_, res) => send(res, 200, { items: [], signed: 'x' }));
    const client = createTestClient({ baseUrl: server.url });
    const error = await client.listItems({ kinds: ['a', '\udc00b'] }).catch((e) => e);
    expect(error).toBeInstanceOf(ParameterError);
    expect(error).toMatchObject({
      parameter: 'kinds[1]',
      value: '\udc00b',
      rule: 'wellFormedUnicode',
      message:
        'kinds[1]: "\\udc00b" holds a lone UTF-16 surrogate, which cannot be sent (listItems)',
    });
    // A pair is one code point, not a lone surrogate.
    await client.listItems({ kinds: ['\ud83d\ude00'] });
    await client.sign({ message: 'a\ud800' });
    expect(server.requests.map((r) => r.body)).toEqual(['', '{"message":"a\\ud800"}']);
  });

  it('an HTML 200 is a ParseError', async () => {
    const server = await serve((_, res) => send(res, 200, '<html>captive portal</html>'));
    const client = createTestClient({ baseUrl: server.url });
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).rejects.toMatchObject({
      name: 'ParseError',
      status: 200,
    });
  });

  it('an empty 200 is a ParseError', async () => {
    const server = await serve((_, res) => send(res, 200));
    const client = createTestClient({ baseUrl: server.url });
    await expect(client.getBlock({ chainId: '1', blockId: '1' })).rejects.toMatchObject({
      name: 'ParseError',
      status: 200,
      message: "the 200 answer's body is empty",
    });
  });
});

describe('validate', () => {
  it('is called with the operationId, URL and body of each success', async () => {
    const server = await serve((_, res, i) => (i ? send(res, 404, {}) : send(res, 200, block)));
    const hook = vi.fn();
    const client = createTestClient({ baseUrl: server.url, validate: hook });
    await client.getBlock({ chainId: '1', blockId: '2' });
    await client.getBlock({ chainId: '1', blockId: '2' }).catch(() => {});
    expect(hook).toHaveBeenCalledOnce();
    expect(hook).toHaveBeenCalledWith({
      operationId: 'getBlock',
      url: `${server.url}/v1/chains/1/blocks/2`,
      body: block,
    });
  });

  it('what it throws rejects the call', async () => {
    const server = await serve((_, res) => send(res, 200, block));
    const failure = new Error('bad shape');
    const client = createTestClient({
      baseUrl: server.url,
      validate: () => {
        throw failure;
      },
    });
    await expect(client.getBlock({ chainId: '1', blockId: '2' })).rejects.toBe(failure);
  });

  it("'off' checks nothing", async () => {
    const server = await serve((_, res) => send(res, 200, block));
    const client = createTestClient({ baseUrl: server.url, validate: 'off' });
    await expect(client.getBlock({ chainId: '1', blockId: '2' })).resolves.toEqual(block);
  });
});
