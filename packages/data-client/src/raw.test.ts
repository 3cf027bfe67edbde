import { expect, it } from 'vitest';
import { send, serverPerTest } from '../../rest-core/src/test/server.js';
import { TimeoutError } from './index.js';
import { createRawClient } from './raw.js';

const serve = serverPerTest();

const apiKey = 'sk-raw-key';

it("gives openapi-fetch's typed path API over the client's fetch", async () => {
  const server = await serve((_, res) => send(res, 200, { validators: [] }));
  const raw = createRawClient({ baseUrl: server.url, apiKey });
  const { data, error } = await raw.GET('/v1/networks/{network}/validators', {
    params: { path: { network: 'mainnet' }, query: { pageSize: 5 } },
  });
  expect(error).toBeUndefined();
  expect(data?.validators).toEqual([]);
  expect(server.requests[0]?.url).toBe('/v1/networks/mainnet/validators?pageSize=5');
  expect(server.requests[0]?.headers['x-glacier-api-key']).toBe(apiKey);
});

it('returns failures as { error, response }, openapi-fetch style, after the same retries', async () => {
  const server = await serve((_, res, i) =>
    send(res, i ? 404 : 503, { statusCode: 404, error: 'Not Found', message: 'no' }),
  );
  const raw = createRawClient({ baseUrl: server.url, retry: { baseDelayMs: 1 } });
  const { error, response } = await raw.GET('/v1/chains/{chainId}/blocks/{blockId}', {
    params: { path: { chainId: '1', blockId: '1' } },
  });
  expect(response.status).toBe(404);
  expect(error).toEqual({ statusCode: 404, error: 'Not Found', message: 'no' });
  expect(server.requests).toHaveLength(2);
});

it('does not send the key to a per-request base URL elsewhere', async () => {
  const home = await serve((_, res) => send(res, 200, {}));
  const elsewhere = await serve((_, res) => send(res, 200, { validators: [] }));
  const raw = createRawClient({ baseUrl: home.url, apiKey });
  await raw.GET('/v1/networks/{network}/validators', {
    baseUrl: elsewhere.url,
    params: { path: { network: 'mainnet' } },
  });
  expect(elsewhere.requests[0]?.headers).not.toHaveProperty('x-glacier-api-key');
});

it('throws the same TimeoutError', async () => {
  const server = await serve(() => {});
  const raw = createRawClient({ baseUrl: server.url, timeoutMs: 20 });
  await expect(
    raw.GET('/v1/chains/{chainId}/blocks', { params: { path: { chainId: '1' } } }),
  ).rejects.toBeInstanceOf(TimeoutError);
});
