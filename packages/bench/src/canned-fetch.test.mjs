import { describe, expect, it } from 'vitest';
import { createCannedFetch, requestProblem } from './canned-fetch.mjs';

const url = 'http://127.0.0.1:9/v1/avg_tps/43114';
const body = { results: [{ timestamp: 1, value: 2 }] };

describe('createCannedFetch, REST', () => {
  it('answers the fixed body to the route and records the request', async () => {
    const canned = createCannedFetch({ method: 'GET', url, body });
    const res = await canned.fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual(body);
    expect(canned.requests()).toEqual([[`GET ${url}`, 1]]);
  });

  it('reads the URL and method of a Request, and normalises the URL', async () => {
    const canned = createCannedFetch({ method: 'GET', url, body });
    await canned.fetch(new Request(url));
    await canned.fetch(new URL(url));
    await canned.fetch('HTTP://127.0.0.1:9/v1/avg_tps/43114');
    expect(canned.requests()).toEqual([[`GET ${url}`, 3]]);
  });

  it.each([
    ['another path', { input: 'http://127.0.0.1:9/v1/avg_tps/1', init: undefined }],
    ['a query the route lacks', { input: `${url}?pageSize=10`, init: undefined }],
    ['another method', { input: url, init: { method: 'POST', body: '{}' } }],
  ])('answers 404 to %s and records it', async (_, { input, init }) => {
    const canned = createCannedFetch({ method: 'GET', url, body });
    const res = await canned.fetch(input, init);
    expect(res.status).toBe(404);
    expect(canned.requests()).toHaveLength(1);
    expect(canned.requests()[0][0]).not.toBe(`GET ${url}`);
  });

  it('rejects when the signal is already aborted, as fetch does', async () => {
    const canned = createCannedFetch({ method: 'GET', url, body });
    const controller = new AbortController();
    controller.abort();
    await expect(canned.fetch(url, { signal: controller.signal })).rejects.toThrow();
  });
});

describe('createCannedFetch, JSON-RPC', () => {
  const rpcUrl = 'http://127.0.0.1:9/ext/info';
  const answer = { jsonrpc: '2.0', result: { version: 'v' }, id: 1 };
  const route = { method: 'POST', url: rpcUrl, body: answer, rpc: true };

  it('echoes the id of a string body and records the method called', async () => {
    const canned = createCannedFetch(route);
    const res = await canned.fetch(rpcUrl, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 'abc', method: 'info.getNodeVersion' }),
    });
    expect(await res.json()).toEqual({ ...answer, id: 'abc' });
    expect(canned.requests()).toEqual([[`POST ${rpcUrl} info.getNodeVersion`, 1]]);
  });

  it('reads the body of a Request', async () => {
    const canned = createCannedFetch(route);
    const request = new Request(rpcUrl, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'info.getNodeVersion' }),
    });
    expect((await (await canned.fetch(request)).json()).id).toBe(7);
  });

  it('answers 404 to a body that is not JSON-RPC, and records it as such', async () => {
    const canned = createCannedFetch(route);
    const res = await canned.fetch(rpcUrl, { method: 'POST', body: 'nope' });
    expect(res.status).toBe(404);
    expect(canned.requests()).toEqual([[`POST ${rpcUrl} (no JSON-RPC body)`, 1]]);
  });
});

describe('requestProblem', () => {
  const key = `GET ${url}`;

  it('accepts exactly one expected request per call', () => {
    expect(requestProblem([[key, 5]], key, 5)).toBeUndefined();
  });

  it.each([
    [
      'a request to another URL',
      {
        requests: [
          [key, 5],
          [`GET ${url}?x=1`, 1],
        ],
        calls: 5,
      },
      /unexpected request GET .*\?x=1 \(×1\)/,
    ],
    [
      'two requests per call (a retry, say)',
      { requests: [[key, 10]], calls: 5 },
      /10 requests for 5 calls/,
    ],
    ['calls that sent nothing', { requests: [[key, 4]], calls: 5 }, /4 requests for 5 calls/],
    ['no request at all', { requests: [], calls: 1 }, /0 requests for 1 calls/],
  ])('names %s', (_, { requests, calls }, want) => {
    expect(requestProblem(requests, key, calls)).toMatch(want);
  });
});
