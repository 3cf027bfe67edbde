import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { send, serverPerTest } from '../../rest-core/src/test/server.js';
import {
  BadRequestError,
  ConnectionError,
  createMetricsClient,
  ForbiddenError,
  HttpError,
  MetricsClientError,
  NotFoundError,
  ParameterError,
  ParseError,
  paginate,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from './index.js';
import { createRawClient } from './raw.js';
import { createValidator, ResponseValidationError } from './validate.js';

const spec = JSON.parse(
  readFileSync(new URL('../../../specs/dist/metrics-api.json', import.meta.url), 'utf8'),
);
const example = (
  Object.values(
    spec.paths['/v1/avg_tps/{chainId}'].get.responses['200'].content['application/json'].examples,
  )[0] as {
    value: { results: { timestamp: number; value: number }[]; nextPageToken?: string };
  }
).value;

const serve = serverPerTest();

const fast = { attempts: 3, baseDelayMs: 1, maxDelayMs: 50 };

describe('getAvgTps', () => {
  it('is one of the methods, which are the operations of the spec, in spec order', () => {
    const spec = JSON.parse(
      readFileSync(new URL('../../../specs/dist/metrics-api.json', import.meta.url), 'utf8'),
    ) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const ids = Object.values(spec.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])),
    );
    expect(Object.keys(createMetricsClient())).toEqual(ids);
    expect(ids).toContain('getAvgTps');
  });

  it('sends GET /v1/avg_tps/{chainId} and returns the typed body', async () => {
    const server = await serve((_, res) => send(res, 200, example));
    const client = createMetricsClient({ baseUrl: server.url, headers: { 'x-trace': 't' } });
    const page = await client.getAvgTps({ chainId: '43114' });
    const values: number[] = page.results.map((point) => point.value);
    expect(values).toEqual(example.results.map((p) => p.value));
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      url: '/v1/avg_tps/43114',
      body: '',
      headers: { accept: 'application/json', 'x-trace': 't' },
    });
  });

  it('sends pageToken as a query parameter, encoded', async () => {
    const server = await serve((_, res) => send(res, 200, example));
    const client = createMetricsClient({ baseUrl: server.url });
    await client.getAvgTps({ chainId: '43114', pageToken: 'a b/c' });
    expect(server.requests[0]?.url).toBe('/v1/avg_tps/43114?pageToken=a%20b%2Fc');
  });

  it.each([
    [{ chainId: '0' }, 'chainId: "0" does not match ^[1-9][0-9]*$ (getAvgTps)'],
    [{ chainId: 43114 }, 'chainId: 43114 is not of type string (getAvgTps)'],
    [{ chainId: '1', pageToken: '' }, 'pageToken: "" is shorter than 1 characters (getAvgTps)'],
    [{}, 'chainId is required (getAvgTps)'],
    [{ chainId: '1', page: 2 }, 'page: 2 is not a parameter (getAvgTps)'],
  ])('checks %j before sending', async (params, message) => {
    const server = await serve((_, res) => send(res, 200, example));
    const client = createMetricsClient({ baseUrl: server.url });
    const error = await client.getAvgTps(params as never).catch((e) => e);
    expect(error).toBeInstanceOf(ParameterError);
    expect(error.message).toBe(message);
    expect(server.requests).toHaveLength(0);
  });
});

describe('errors', () => {
  it.each([
    [400, BadRequestError, 'Bad Request'],
    [401, UnauthorizedError, 'Unauthorized'],
    [403, ForbiddenError, 'Forbidden'],
    [404, NotFoundError, 'Not Found'],
    [429, RateLimitError, 'Too Many Requests'],
    [500, ServerError, 'Internal Server Error'],
    [502, ServerError, 'Bad Gateway'],
    [503, ServerError, 'Service Unavailable'],
  ] as const)('%i becomes %o', async (status, Class, name) => {
    const body = { statusCode: status, error: name, message: ['first reason', 'second reason'] };
    const server = await serve((_, res) => send(res, status, body));
    const client = createMetricsClient({ baseUrl: server.url, retry: false });
    const error = await client.getAvgTps({ chainId: '43114' }).catch((e) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(MetricsClientError);
    expect(error).toMatchObject({
      status,
      error: name,
      message: 'first reason; second reason',
      body,
      url: `${server.url}/v1/avg_tps/43114`,
    });
  });

  it('an HTML 502 is a ServerError whose cause is the ParseError of the body', async () => {
    const server = await serve((_, res) => send(res, 502, '<html>bad gateway</html>'));
    const client = createMetricsClient({ baseUrl: server.url, retry: false });
    await expect(client.getAvgTps({ chainId: '1' })).rejects.toMatchObject({
      name: 'ServerError',
      status: 502,
      cause: { name: 'ParseError', status: 502 },
    });
  });

  it('an empty 200 is a ParseError; an empty 503 a ServerError', async () => {
    const server = await serve((_, res, i) => send(res, i ? 503 : 200));
    const client = createMetricsClient({ baseUrl: server.url, retry: false });
    await expect(client.getAvgTps({ chainId: '1' })).rejects.toBeInstanceOf(ParseError);
    await expect(client.getAvgTps({ chainId: '1' })).rejects.toMatchObject({
      name: 'ServerError',
      message: 'Service Unavailable',
      body: undefined,
    });
  });
});

describe('the shared runtime, wired to this client', () => {
  // Retries, Retry-After, timeouts and aborts are tested in @avalanche-api/rest-core; these show
  // that the options get there and that what comes back is this package's classes.
  it('a Retry-After above maxDelayMs ends in a RateLimitError with retryAfterMs', async () => {
    const server = await serve((_, res) => send(res, 429, {}, { 'retry-after': '30' }));
    const client = createMetricsClient({ baseUrl: server.url, retry: fast });
    await expect(client.getAvgTps({ chainId: '1' })).rejects.toMatchObject({
      name: 'RateLimitError',
      retryAfterMs: 30_000,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('connection failures are ConnectionErrors', async () => {
    const server = await serve(() => {});
    await server.close();
    const client = createMetricsClient({ baseUrl: server.url, retry: fast });
    await expect(client.getAvgTps({ chainId: '1' })).rejects.toBeInstanceOf(ConnectionError);
  });

  it('timeoutMs gives a TimeoutError; a signal its own reason', async () => {
    const server = await serve(() => {});
    const client = createMetricsClient({ baseUrl: server.url, timeoutMs: 30 });
    await expect(client.getAvgTps({ chainId: '1' })).rejects.toBeInstanceOf(TimeoutError);
    const controller = new AbortController();
    const call = client.getAvgTps({ chainId: '1' }, { signal: controller.signal, timeoutMs: 0 });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('paginate', () => {
  it('follows nextPageToken over several pages', async () => {
    const pages: Record<string, unknown> = {
      '': { ...example, nextPageToken: 'p2' },
      p2: { ...example, nextPageToken: 'p3' },
      p3: { ...example, nextPageToken: undefined },
    };
    const server = await serve((req, res) =>
      send(res, 200, pages[new URL(req.url, 'http://x').searchParams.get('pageToken') ?? '']),
    );
    const client = createMetricsClient({ baseUrl: server.url });
    let points = 0;
    for await (const page of paginate(client.getAvgTps, { chainId: '43114' })) {
      points += page.results.length;
    }
    expect(points).toBe(3 * example.results.length);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v1/avg_tps/43114',
      '/v1/avg_tps/43114?pageToken=p2',
      '/v1/avg_tps/43114?pageToken=p3',
    ]);
  });

  it('a repeated token is a PaginationError', async () => {
    const server = await serve((_, res) => send(res, 200, { ...example, nextPageToken: 'same' }));
    const client = createMetricsClient({ baseUrl: server.url });
    const iterate = async () => {
      for await (const _ of paginate(client.getAvgTps, { chainId: '1' })) {
      }
    };
    await expect(iterate()).rejects.toMatchObject({ name: 'PaginationError', pageToken: 'same' });
    expect(server.requests).toHaveLength(2);
  });
});

describe('entry points', () => {
  it('./validate checks the body against the spec', async () => {
    const server = await serve((_, res) => send(res, 200, { results: [{ timestamp: 'x' }] }));
    const client = createMetricsClient({ baseUrl: server.url, validate: createValidator() });
    const error = await client.getAvgTps({ chainId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toEqual(
      expect.arrayContaining([
        'body.status: missing',
        'body.results[0].timestamp: expected integer, got string',
        'body.results[0].value: missing',
      ]),
    );
  });

  it("./raw is openapi-fetch's path API over the same fetch", async () => {
    const server = await serve((_, res) => send(res, 200, example));
    const raw = createRawClient({ baseUrl: server.url });
    const { data } = await raw.GET('/v1/avg_tps/{chainId}', {
      params: { path: { chainId: '43114' } },
    });
    expect(data).toEqual(example);
  });
});
