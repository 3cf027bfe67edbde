import { describe, expectTypeOf, it } from 'vitest';
import type { Args } from './generated/methods.js';
import type * as api from './index.js';
import {
  type AvmCallOptions,
  avmGetUTXOs,
  type CallOptions,
  type ChainCallOptions,
  createNodeClient,
  createNodeCore,
  ethFeeConfig,
  type IndexCallOptions,
  indexGetContainerRange,
  infoGetNodeVersion,
  type MethodName,
  type NodeClient,
  type NodeCore,
  type NodeMethods,
  type Result,
} from './index.js';

/** `avm.getUTXOs` -> avmGetUTXOs, `eth_feeConfig` -> ethFeeConfig. */
type ActionName<M extends string> = M extends `${infer N}.${infer R}`
  ? `${N}${Capitalize<R>}`
  : M extends `${infer N}_${infer R}`
    ? `${N}${Capitalize<R>}`
    : never;

/** The options of a method's endpoint variables. */
type OptionsOf<M extends MethodName> =
  NodeMethods[M]['endpoint'] extends `${string}{blockchainId}${string}`
    ? ChainCallOptions
    : NodeMethods[M]['endpoint'] extends `${string}{chain}${string}`
      ? IndexCallOptions
      : CallOptions;

/** What each one-call function must be: the core, then the client method's params and options. */
type Expected = {
  [M in MethodName as ActionName<M>]: (
    core: NodeCore,
    ...args: Args<M, OptionsOf<M>>
  ) => Promise<Result<M>>;
};

describe('one-call functions', () => {
  it('exist for every method, typed from the spec like the client methods', () => {
    expectTypeOf<Pick<typeof api, keyof Expected>>().toEqualTypeOf<Expected>();
  });

  it('take the core first, then exactly what the client method takes', () => {
    const client = createNodeClient();
    expectTypeOf(infoGetNodeVersion).parameters.toEqualTypeOf<
      [NodeCore, ...Parameters<NodeClient['info']['getNodeVersion']>]
    >();
    expectTypeOf(infoGetNodeVersion).returns.toEqualTypeOf<
      ReturnType<NodeClient['info']['getNodeVersion']>
    >();
    expectTypeOf(avmGetUTXOs)
      .parameter(1)
      .toEqualTypeOf<Parameters<typeof client.avm.getUTXOs>[0]>();
    expectTypeOf(avmGetUTXOs).parameter(2).toEqualTypeOf<AvmCallOptions | undefined>();
    expectTypeOf(ethFeeConfig)
      .parameter(1)
      .toEqualTypeOf<Parameters<ReturnType<NodeClient['evm']>['feeConfig']>[0]>();
    expectTypeOf(indexGetContainerRange).parameter(2).toEqualTypeOf<IndexCallOptions | undefined>();
  });

  it('accept a core or a client, nothing else', () => {
    infoGetNodeVersion(createNodeCore());
    infoGetNodeVersion(createNodeClient());
    // @ts-expect-error a url is no core
    infoGetNodeVersion('https://api.avax.network');
    // @ts-expect-error addresses is required
    avmGetUTXOs(createNodeCore(), { limit: 5 });
    // @ts-expect-error the index option takes an index path
    indexGetContainerRange(createNodeCore(), { startIndex: 0, numToFetch: 1 }, { index: 'X/nope' });
  });
});
