import { describe, expectTypeOf, it } from 'vitest';
import {
  type AvmCallOptions,
  type CallOptions,
  createNodeClient,
  type HealthReport,
  type IndexPath,
  type NodeMethods,
  type Params,
  type Result,
  type Schemas,
} from './index.js';

const client = createNodeClient();

describe('namespaces', () => {
  it('info.getNodeVersion takes no params and resolves with the version record', () => {
    expectTypeOf(client.info.getNodeVersion).parameters.toEqualTypeOf<
      [params?: Record<string, never>, options?: CallOptions]
    >();
    expectTypeOf(client.info.getNodeVersion).returns.resolves.toEqualTypeOf<
      Schemas['InfoGetNodeVersionResult']
    >();
    expectTypeOf<Result<'info.getNodeVersion'>['rpcProtocolVersion']>().toEqualTypeOf<string>();
  });

  it('avm.getUTXOs needs addresses and takes a blockchainId option', () => {
    expectTypeOf(client.avm.getUTXOs).parameter(0).toEqualTypeOf<Params<'avm.getUTXOs'>>();
    expectTypeOf(client.avm.getUTXOs).parameter(1).toEqualTypeOf<AvmCallOptions | undefined>();
    expectTypeOf<Params<'avm.getUTXOs'>['addresses']>().toEqualTypeOf<string[]>();
    expectTypeOf<Params<'avm.getUTXOs'>['encoding']>().toEqualTypeOf<
      'hex' | 'hexc' | 'hexnc' | undefined
    >();
    // @ts-expect-error addresses is required
    client.avm.getUTXOs({ limit: 5 });
    expectTypeOf(client.avm.utxos).returns.toEqualTypeOf<AsyncGenerator<string, void, undefined>>();
  });

  it('EVM methods take their params by position', () => {
    expectTypeOf(client.evm('C').feeConfig)
      .parameter(0)
      .toEqualTypeOf<[blk?: Schemas['BlockNumberOrHash']] | undefined>();
    expectTypeOf(client.evm().getActiveRulesAt)
      .parameter(0)
      .toEqualTypeOf<[blockTimestamp?: number] | undefined>();
    expectTypeOf(client.evm().feeConfig).returns.resolves.toEqualTypeOf<
      Schemas['EthFeeConfigResult']
    >();
  });

  it('index only takes the five index paths', () => {
    expectTypeOf<IndexPath>().toEqualTypeOf<'C/block' | 'P/block' | 'X/tx' | 'X/block' | 'X/vtx'>();
    // @ts-expect-error no such index
    client.index('C/tx');
    expectTypeOf(client.index('X/tx').containers).returns.toEqualTypeOf<
      AsyncGenerator<Schemas['Container'], void, undefined>
    >();
  });

  it('health.get resolves with the report and its status', () => {
    expectTypeOf(client.health.get).returns.resolves.toEqualTypeOf<HealthReport>();
    expectTypeOf<HealthReport['status']>().toEqualTypeOf<200 | 503>();
    expectTypeOf<HealthReport['healthy']>().toEqualTypeOf<boolean>();
  });

  it('validators needs a blockchain id', () => {
    // @ts-expect-error the chain is required
    client.validators();
    expectTypeOf(client.validators('x').getCurrentValidators).returns.resolves.toEqualTypeOf<
      Schemas['ValidatorsGetCurrentValidatorsResult']
    >();
  });
});

describe('deprecated methods', () => {
  it('keep their signatures and carry the version they were deprecated in', () => {
    expectTypeOf(client.avm.getBalance)
      .parameter(0)
      .toEqualTypeOf<{ address: string; assetID: string; includePartial?: boolean }>();
    expectTypeOf(client.avm.getBalance).returns.resolves.toEqualTypeOf<
      Schemas['AvmGetBalanceResult']
    >();
    expectTypeOf<NodeMethods['avm.getBalance']['deprecated']>().toEqualTypeOf<true>();
    expectTypeOf<NodeMethods['avm.getBalance']['deprecatedSince']>().toEqualTypeOf<'v1.9.12'>();
    expectTypeOf<NodeMethods['avm.getAllBalances']['deprecatedSince']>().toEqualTypeOf<'v1.9.12'>();
    expectTypeOf<NodeMethods['avm.getTxStatus']['deprecatedSince']>().toEqualTypeOf<'v1.10.0'>();
    expectTypeOf<NodeMethods['info.getTxFee']['deprecatedSince']>().toEqualTypeOf<'v1.12.2'>();
    expectTypeOf<NodeMethods['eth_getActivePrecompilesAt']['deprecated']>().toEqualTypeOf<true>();
    expectTypeOf(client.evm().getActivePrecompilesAt).returns.resolves.toEqualTypeOf<
      Schemas['PrecompileConfigs']
    >();
    expectTypeOf<NodeMethods['info.getNodeVersion']['deprecated']>().toEqualTypeOf<false>();
  });

  it('node-specific methods are marked', () => {
    expectTypeOf<NodeMethods['info.getNodeID']['nodeSpecific']>().toEqualTypeOf<true>();
    expectTypeOf<NodeMethods['info.peers']['nodeSpecific']>().toEqualTypeOf<false>();
    expectTypeOf<
      NodeMethods['index.getContainerRange']['endpoint']
    >().toEqualTypeOf<'/ext/index/{chain}/{kind}'>();
    expectTypeOf<NodeMethods['eth_feeConfig']['paramStructure']>().toEqualTypeOf<'by-position'>();
  });
});

describe('request and batch', () => {
  it('request is typed by method name', () => {
    expectTypeOf(client.request<'avm.getHeight'>).returns.resolves.toEqualTypeOf<
      Schemas['AvmGetHeightResult']
    >();
    client.request('info.getNodeVersion');
    client.request('index.getIndex', { id: 'x' }, { index: 'P/block' });
    // @ts-expect-error params are required for this method
    client.request('index.getIndex');
    // @ts-expect-error not a method of the spec
    client.request('avm.issueTx', {});
  });

  it('batch results follow the calls', async () => {
    const results = await client
      .evm()
      .batch([{ method: 'eth_getChainConfig' }, { method: 'eth_feeConfig', params: ['latest'] }]);
    expectTypeOf(results).toEqualTypeOf<[Schemas['ChainConfig'], Schemas['EthFeeConfigResult']]>();
    // @ts-expect-error only methods of a batch endpoint
    client.evm().batch([{ method: 'info.getNodeVersion' }]);
  });
});
