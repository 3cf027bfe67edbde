// The one-call API: createMetricsCore and one function per operation, against a real server.
import type { RestCore } from '@avalanche-api/rest-core';
import { describe, expect, it } from 'vitest';
import { send, serverPerTest } from '../../rest-core/src/test/server.js';
import {
  type CallOptions,
  createMetricsClient,
  createMetricsCore,
  type GetAvgTpsParams,
  type GetAvgTpsResult,
  getAvgTps,
  type MetricsCore,
  ParameterError,
  ServerError,
} from './index.js';

const serve = serverPerTest();
const body = { results: [{ timestamp: 1, value: 2.5 }] };

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(value: T) => value;

describe('operation functions', () => {
  it('sends what the client method sends and resolves to the body', async () => {
    const server = await serve((_, res) => send(res, 200, body));
    const params = { chainId: '43114', pageToken: 'p 1' };
    await expect(getAvgTps(createMetricsCore({ baseUrl: server.url }), params)).resolves.toEqual(
      body,
    );
    await createMetricsClient({ baseUrl: server.url }).getAvgTps(params);
    const [one, other] = server.requests;
    expect(one?.url).toBe('/v1/avg_tps/43114?pageToken=p%201');
    expect(one).toEqual(other);
  });

  it('accepts a client made by createMetricsClient as the core', async () => {
    const server = await serve((_, res) => send(res, 200, body));
    await expect(
      getAvgTps(createMetricsClient({ baseUrl: server.url }), { chainId: '1' }),
    ).resolves.toEqual(body);
  });

  it("checks before sending and fails with the package's classes", async () => {
    const server = await serve((_, res) => send(res, 503, { message: 'down' }));
    const core = createMetricsCore({ baseUrl: server.url, retry: false });
    await expect(getAvgTps(core, { chainId: '0' })).rejects.toBeInstanceOf(ParameterError);
    expect(server.requests).toHaveLength(0);
    const error = await getAvgTps(core, { chainId: '1' }).catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe('down');
  });

  it('is typed as the client method, with the core first', () => {
    type Client = ReturnType<typeof createMetricsClient>;
    assert<Equal<Parameters<typeof getAvgTps>, [MetricsCore, GetAvgTpsParams, CallOptions?]>>(true);
    assert<Equal<ReturnType<typeof getAvgTps>, ReturnType<Client['getAvgTps']>>>(true);
    assert<Equal<ReturnType<typeof getAvgTps>, Promise<GetAvgTpsResult>>>(true);
    const dataCore = {} as RestCore<'Avalanche Data API'>;
    // @ts-expect-error another client's core is not this one's
    void (() => getAvgTps(dataCore, { chainId: '1' }));
    expect(true).toBe(true);
  });
});
