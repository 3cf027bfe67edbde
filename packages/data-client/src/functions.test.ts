// The one-call API: createDataCore and one function per operation, against a real server.
import type { RestCore } from '@avalanche-api/rest-core';
import { describe, expect, it } from 'vitest';
import { send, serverPerTest } from '../../rest-core/src/test/server.js';
import * as api from './index.js';
import {
  aggregateSignatures,
  type CallOptions,
  createDataClient,
  createDataCore,
  type DataCore,
  type GetChainIdsForAddressesParams,
  getBlock,
  type getChainIdsForAddresses,
  type ListBlockchainsResult,
  type ListValidatorsParams,
  type ListValidatorsResult,
  listBlockchains,
  listValidators,
  NotFoundError,
  ParameterError,
} from './index.js';

const serve = serverPerTest();
const page = { validators: [{ nodeId: 'NodeID-1' }], nextPageToken: 'next' };

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(value: T) => value;

describe('operation functions', () => {
  it('sends what the client method sends and resolves to the body', async () => {
    const server = await serve((_, res) => send(res, 200, page));
    const core = createDataCore({ baseUrl: server.url });
    const params = { network: 'mainnet', pageSize: 10, nodeIds: 'NodeID-1,NodeID-2' } as const;
    await expect(listValidators(core, params)).resolves.toEqual(page);
    await createDataClient({ baseUrl: server.url }).listValidators(params);
    const [one, other] = server.requests;
    expect(one?.url).toBe(
      '/v1/networks/mainnet/validators?pageSize=10&nodeIds=NodeID-1%2CNodeID-2',
    );
    expect(one).toEqual(other);
  });

  it('sends the JSON body of an operation that has one, set fields only', async () => {
    const server = await serve((_, res) => send(res, 200, { signedMessage: '0x' }));
    const core = createDataCore({ baseUrl: server.url });
    const params = { network: 'fuji', message: '0xab', quorumPercentage: 70 } as const;
    await aggregateSignatures(core, params);
    await createDataClient({ baseUrl: server.url }).aggregateSignatures(params);
    const [one, other] = server.requests;
    expect(one?.method).toBe('POST');
    expect(one?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(one?.body ?? '')).toEqual({ message: '0xab', quorumPercentage: 70 });
    expect(one).toEqual(other);
  });

  it('accepts a client made by createDataClient as the core', async () => {
    const server = await serve((_, res) => send(res, 200, { blockNumber: '7' }));
    const client = createDataClient({ baseUrl: server.url });
    await expect(getBlock(client, { chainId: '43114', blockId: '7' })).resolves.toEqual({
      blockNumber: '7',
    });
    expect(server.requests[0]?.url).toBe('/v1/chains/43114/blocks/7');
  });

  it("checks parameters before sending, with the package's ParameterError", async () => {
    const server = await serve((_, res) => send(res, 200, page));
    const core = createDataCore({ baseUrl: server.url });
    const error = await listValidators(core, { network: 'mainnet', pageSize: 101 }).catch((e) => e);
    expect(error).toBeInstanceOf(ParameterError);
    expect(error.message).toBe('pageSize: 101 is above the maximum 100 (listValidators)');
    // A rule across fields travels with the operation that has it.
    await expect(aggregateSignatures(core, { network: 'fuji' })).rejects.toMatchObject({
      rule: 'exactlyOne',
    });
    expect(server.requests).toHaveLength(0);
  });

  it("turns failures into the package's classes and keeps the api key out of them", async () => {
    const apiKey = 'sk-test-0123456789abcdef';
    const server = await serve((_, res) =>
      send(res, 404, { statusCode: 404, error: 'Not Found', message: `no block for ${apiKey}` }),
    );
    const core = createDataCore({ baseUrl: server.url, apiKey, retry: false });
    const error = await getBlock(core, { chainId: '1', blockId: '2' }).catch((e) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('no block for [redacted]');
    expect(server.requests[0]?.headers['x-glacier-api-key']).toBe(apiKey);
  });

  it('passes the per-call options on (the signal ends the call)', async () => {
    const server = await serve(() => {});
    const core = createDataCore({ baseUrl: server.url });
    const controller = new AbortController();
    const call = listBlockchains(core, { network: 'fuji' }, { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(call).rejects.toThrow('stop');
  });

  it('is exported for every operation, and nothing else is named after one', () => {
    const functions = Object.keys(api).filter((name) => /^[a-z]/.test(name));
    const methods = Object.keys(createDataClient());
    expect(functions.filter((name) => !methods.includes(name)).sort()).toEqual([
      'createDataClient',
      'createDataCore',
      'paginate',
    ]);
    const exported = new Map(Object.entries(api));
    expect(methods.every((name) => typeof exported.get(name) === 'function')).toBe(true);
  });

  it('is typed as the client methods, with the core first', () => {
    type Client = ReturnType<typeof createDataClient>;
    assert<
      Equal<Parameters<typeof listValidators>, [DataCore, ListValidatorsParams, CallOptions?]>
    >(true);
    assert<Equal<ReturnType<typeof listValidators>, ReturnType<Client['listValidators']>>>(true);
    assert<Equal<ReturnType<typeof listValidators>, Promise<ListValidatorsResult>>>(true);
    // params may be left out only when nothing in them is required.
    assert<Equal<Parameters<typeof listBlockchains>[1], Parameters<Client['listBlockchains']>[0]>>(
      true,
    );
    assert<Equal<Parameters<typeof getChainIdsForAddresses>[1], GetChainIdsForAddressesParams>>(
      true,
    );
    const core = createDataCore();
    // @ts-expect-error network is required
    void (() => listValidators(core, {}));
    // @ts-expect-error params are required when a field is
    void (() => listValidators(core));
    void ((): Promise<ListBlockchainsResult> => listBlockchains(core, { network: 'fuji' }));
    // @ts-expect-error a plain object is no core
    void (() => getBlock({}, { chainId: '1', blockId: '1' }));
    const metricsCore = {} as RestCore<'Avalanche Metrics API'>;
    // @ts-expect-error nor is another client's core
    void (() => getBlock(metricsCore, { chainId: '1', blockId: '1' }));
    expect(true).toBe(true);
  });
});
