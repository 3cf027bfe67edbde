// The named types: each is the method's or schema's type (checked by `tsc --noEmit`), and
// editors print the names rather than `components["schemas"][…]` (checked with the compiler API).
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { hovers } from '../../rest-core/src/test/typescript.js';
import type {
  AvmGetTxFeeResult,
  AvmGetTxParams,
  AvmGetUTXOsParams,
  AvmGetUTXOsResult,
  EthFeeConfigParams,
  EthFeeConfigResult,
  InfoGetNodeVersionParams,
  InfoGetNodeVersionResult,
  InfoGetTxFeeResult,
  Params,
  Result,
  Schemas,
  Validator,
} from './index.js';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(value: T) => value;

it('each named type is the type of the method or schema it names', () => {
  assert<Equal<AvmGetUTXOsParams, Params<'avm.getUTXOs'>>>(true);
  assert<Equal<AvmGetUTXOsResult, Result<'avm.getUTXOs'>>>(true);
  assert<Equal<AvmGetUTXOsResult, Schemas['AvmGetUTXOsResult']>>(true);
  assert<Equal<AvmGetTxParams, Params<'avm.getTx'>>>(true);
  assert<Equal<AvmGetTxFeeResult, Result<'avm.getTxFee'>>>(true);
  assert<Equal<InfoGetTxFeeResult, Result<'info.getTxFee'>>>(true);
  // By position: the named params are the tuple sent on the wire.
  assert<Equal<EthFeeConfigParams, Params<'eth_feeConfig'>>>(true);
  assert<Equal<EthFeeConfigResult, Result<'eth_feeConfig'>>>(true);
  assert<Equal<InfoGetNodeVersionParams, Record<string, never>>>(true);
  assert<Equal<InfoGetNodeVersionResult, Result<'info.getNodeVersion'>>>(true);
  assert<Equal<Validator, Schemas['Validator']>>(true);
  // @ts-expect-error avm.getTxFee and info.getTxFee answer differently; the names keep them apart
  assert<Equal<AvmGetTxFeeResult, InfoGetTxFeeResult>>(true);
  expect(true).toBe(true);
});

it('editors show the names, not components["schemas"][…]', () => {
  const shown = hovers(
    fileURLToPath(new URL('./index.ts', import.meta.url)),
    `
    import { createNodeClient } from './index.js';
    const client = createNodeClient();
    export const utxos = client.avm.getUTXOs({ addresses: ['X-avax1x'] });
    export const version = client.info.getNodeVersion();
    export const rules = client.evm('C').feeConfig;
  `,
  );
  expect(shown.utxos).toBe('Promise<AvmGetUTXOsResult>');
  expect(shown.version).toBe('Promise<InfoGetNodeVersionResult>');
  expect(shown.rules).toMatch(
    /^\(params\?: EthFeeConfigParams.*\) => Promise<EthFeeConfigResult>$/,
  );
}, 120_000);
