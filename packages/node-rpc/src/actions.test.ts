// The one-call functions (`infoGetNodeVersion(core)`) against a real JSON-RPC server on 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { methods } from './generated/table.js';
import * as api from './index.js';
import {
  createNodeClient,
  createNodeCore,
  infoGetNodeVersion,
  type NodeCore,
  ParameterError,
  RpcError,
  TimeoutError,
} from './index.js';
import {
  RpcFailure,
  recordedResult,
  recording,
  rpc,
  specMethods,
  startServer,
  type TestServer,
} from './server.test-util.js';

/** The two methods without a recording: params and results to send and answer. */
const unrecorded: Record<string, { params?: unknown; result: unknown; path: string }> = {
  'avm.getTxFee': { result: { txFee: '1000000', createAssetTxFee: '10000000' }, path: '/ext/bc/X' },
  'index.getContainerRange': {
    params: { startIndex: 0, numToFetch: 2 },
    result: { containers: [] },
    path: '/ext/index/X/block',
  },
};

/** What a method is called with, where it goes and what it answers (from its recording). */
function recorded(method: string) {
  const fixed = unrecorded[method];
  if (fixed) return fixed;
  const r = recording(`${method}.1`);
  return {
    params: r.request.body?.params ?? undefined,
    result: recordedResult(method),
    path: new URL(r.request.url).pathname,
  };
}

/** The endpoint variables of a path, as call options (`/ext/bc/X` -> blockchainId X). */
function optionsFor(path: string) {
  const chain = /^\/ext\/bc\/([^/]+)/.exec(path)?.[1];
  if (chain) return { blockchainId: chain };
  const index = /^\/ext\/index\/(.+)$/.exec(path)?.[1];
  return index ? { index } : undefined;
}

/** `avm.getUTXOs` -> avmGetUTXOs, `eth_feeConfig` -> ethFeeConfig. */
const actionName = (method: string) => method.replace(/[._](.)/, (_, c: string) => c.toUpperCase());

/** The entry point's exports by name, to reach a function from its method's name. */
const exported: Record<string, unknown> = { ...api };

let server: TestServer;
const replay = rpc((r) => (unrecorded[r.method]?.result ?? recordedResult(r.method)) as unknown);
const fast = { attempts: 2, baseDelayMs: 1, maxDelayMs: 10 };
let core: NodeCore;

beforeAll(async () => {
  server = await startServer(replay);
  core = createNodeCore({ baseUrl: `${server.url}/`, retry: fast, timeoutMs: 2000 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.handle(replay);
});

describe('one function per method', () => {
  const names = Object.keys(methods).sort();

  it('exists for each method of the spec, and for nothing else', () => {
    // The namespaces' prefixes, from the spec's method names (`avm.`, `eth_`, …).
    const prefixes = [...new Set(specMethods.map((m) => m.name.split(/[._]/)[0]))];
    const functions = Object.keys(api).filter(
      (k) =>
        new RegExp(`^(${prefixes.join('|')})[A-Z]`).test(k) && typeof exported[k] === 'function',
    );
    expect(functions.sort()).toEqual(names.map(actionName).sort());
    expect(names).toEqual(specMethods.map((m) => m.name).sort());
  });

  it.each(names)(
    '%s posts its params to its endpoint and resolves with the result',
    async (method) => {
      const { params, result, path } = recorded(method);
      const fn = exported[actionName(method)] as (
        core: NodeCore,
        params?: unknown,
        options?: unknown,
      ) => Promise<unknown>;
      await expect(fn(core, params, optionsFor(path))).resolves.toEqual(result);
      expect(server.requests).toHaveLength(1);
      const [req] = server.requests;
      expect(req?.method).toBe('POST');
      expect(req?.path).toBe(path);
      expect(req?.headers['content-type']).toBe('application/json');
      const body = req?.json as { id: number };
      const byPosition = method.startsWith('eth_');
      expect(body).toEqual({
        jsonrpc: '2.0',
        id: body.id,
        method,
        params: params ?? (byPosition ? [] : {}),
      });
    },
  );
});

describe('the core', () => {
  it('goes to the spec default endpoint when no option names one', async () => {
    await api.avmGetHeight(core);
    await api.ethGetChainConfig(core);
    await api.indexGetLastAccepted(core, { encoding: 'hex' });
    expect(server.requests.map((r) => r.path)).toEqual([
      '/ext/bc/X',
      '/ext/bc/C/rpc',
      '/ext/index/X/block',
    ]);
  });

  it('defaults to the mainnet url, trailing slashes cut', () => {
    expect(createNodeCore().baseUrl).toBe(api.MAINNET_NODE_URL);
    expect(core.baseUrl).toBe(server.url);
  });

  it('accepts a client made by createNodeClient, with its settings', async () => {
    const client = createNodeClient({ baseUrl: server.url, headers: { 'x-app': 'one' } });
    await expect(infoGetNodeVersion(client)).resolves.toEqual(
      recordedResult('info.getNodeVersion'),
    );
    await client.info.getNodeVersion();
    const [a] = server.requests;
    expect(a?.headers['x-app']).toBe('one');
    // Client and one-call functions draw ids from one counter: never the same id twice.
    expect(new Set(server.requests.map((r) => (r.json as { id: number }).id)).size).toBe(2);
  });

  it('rejects (not throws) a broken param before sending, naming value and rule', async () => {
    const call = api.avmGetUTXOs(core, {
      addresses: ['X-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy'],
      limit: 2000,
    });
    expect(call).toBeInstanceOf(Promise);
    await expect(call).rejects.toThrow(ParameterError);
    await expect(call).rejects.toMatchObject({
      parameter: 'limit',
      value: 2000,
      rule: 'maximum',
      message: 'limit: 2000 is above the maximum 1024 (avm.getUTXOs)',
    });
    await expect(api.infoIsBootstrapped(core, {} as never)).rejects.toMatchObject({
      parameter: 'chain',
      rule: 'required',
    });
    await expect(infoGetNodeVersion(core, 'x' as never)).rejects.toMatchObject({
      rule: 'type',
    });
    await expect(api.avmGetHeight(core, {}, { blockchainId: '..' })).rejects.toMatchObject({
      parameter: 'blockchainId',
      rule: 'pathSegment',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('rejects with the node error object as RpcError', async () => {
    server.handle(rpc(() => new RpcFailure({ code: -32000, message: 'not bootstrapped' })));
    await expect(api.infoIsBootstrapped(core, { chain: 'X' })).rejects.toMatchObject({
      name: 'RpcError',
      code: -32000,
      message: 'not bootstrapped',
      method: 'info.isBootstrapped',
    });
    await expect(api.infoIsBootstrapped(core, { chain: 'X' })).rejects.toBeInstanceOf(RpcError);
  });

  it('takes a per-call timeout and headers', async () => {
    server.handle(() => new Promise(() => {}));
    await expect(infoGetNodeVersion(core, {}, { timeoutMs: 50 })).rejects.toBeInstanceOf(
      TimeoutError,
    );
    server.handle(replay);
    await infoGetNodeVersion(core, undefined, { headers: { 'x-trace': 't1' } });
    expect(server.requests.at(-1)?.headers['x-trace']).toBe('t1');
  });
});
