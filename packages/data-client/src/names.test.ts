// The named types: each is the spec's type (checked by `tsc --noEmit`), and editors print the
// names rather than `components["schemas"][…]` (checked with the compiler API).
import { fileURLToPath } from 'node:url';
import type * as core from '@avalanche-api/rest-core';
import { expect, it } from 'vitest';
import { hovers } from '../../rest-core/src/test/typescript.js';
import type {
  ActiveValidator,
  components,
  DataClient,
  DataCore,
  Erc721Token,
  EvmBlock,
  GetBlockParams,
  GetBlockResult,
  ListValidatorsParams,
  ListValidatorsResult,
  OperationMethods,
  OperationParameters,
  OperationReturnType,
  operations,
  Validator,
} from './index.js';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(value: T) => value;

it('each named type is the spec type it names', () => {
  assert<Equal<ActiveValidator, components['schemas']['ActiveValidator']>>(true);
  assert<Equal<EvmBlock, components['schemas']['EvmBlock']>>(true);
  assert<Equal<Erc721Token, components['schemas']['Erc721Token']>>(true);
  assert<Equal<Validator, components['schemas']['Validator']>>(true);
  assert<Equal<GetBlockResult, OperationReturnType<'getBlock'>>>(true);
  assert<Equal<GetBlockResult, EvmBlock>>(true);
  assert<Equal<ListValidatorsResult, components['schemas']['ListValidatorsResponse']>>(true);
  assert<Equal<ListValidatorsParams, OperationParameters<'listValidators'>>>(true);
  assert<Equal<GetBlockParams, OperationParameters<'getBlock'>>>(true);
  // The written-out method interface is the generic one the runtime returns.
  assert<Equal<OperationMethods, core.OperationMethods<operations>>>(true);
  // A client is its methods plus the core the operation functions take.
  assert<Equal<DataClient, OperationMethods & DataCore>>(true);
  expect(true).toBe(true);
});

it('editors show schema names, not components["schemas"][…]', () => {
  const shown = hovers(
    fileURLToPath(new URL('./index.ts', import.meta.url)),
    `
    import { createDataClient, type ListValidatorsResult } from './index.js';
    const client = createDataClient();
    export const block = client.getBlock({ chainId: '43114', blockId: '1' });
    export const validators = client.listValidators;
    declare const page: ListValidatorsResult;
    export const first = page.validators[0];
  `,
  );
  expect(shown.block).toBe('Promise<EvmBlock>');
  expect(shown.validators).toBe(
    '(params: ListValidatorsParams, options?: CallOptions | undefined) => Promise<ListValidatorsResponse>',
  );
  expect(shown.first).toBe('Validator');
}, 120_000);
