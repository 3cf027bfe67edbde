// Type-level checks: `tsc --noEmit` fails when a line marked @ts-expect-error starts compiling.
import { expect, it } from 'vitest';
import type { CallOptions } from './createOperations.js';
import { type BlocksPage, createTestClient, type operations } from './test/client.js';
import type {
  OperationMethod,
  OperationMethods,
  OperationParameters,
  OperationReturnType,
} from './types.js';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(value: T) => value;

it('params are the path, query and body fields in one object', () => {
  assert<
    Equal<
      OperationParameters<operations['getLatestBlocks']>,
      { chainId: string; pageToken?: string; pageSize?: number }
    >
  >(true);
  assert<Equal<OperationParameters<operations['sign']>, { message: string; quorum?: number }>>(
    true,
  );
  // An optional body (`requestBody?`) counts as well; no body (`requestBody?: never`) adds nothing.
  assert<Equal<OperationParameters<operations['ping']>, { note?: string }>>(true);
  assert<Equal<OperationParameters<operations['getBlock']>, { chainId: string; blockId: string }>>(
    true,
  );
  expect(true).toBe(true);
});

it('the return type is the first 2XX JSON body', () => {
  assert<Equal<OperationReturnType<operations['getLatestBlocks']>, BlocksPage>>(true);
  assert<Equal<OperationReturnType<operations['sign']>, { signed: string }>>(true);
  expect(true).toBe(true);
});

it('params may be left out only when nothing in them is required', () => {
  assert<
    Equal<
      OperationMethod<operations['listItems']>,
      (
        params?: { kinds?: string[]; pageSize?: number },
        options?: CallOptions,
      ) => Promise<{ items: string[] }>
    >
  >(true);
  const client: OperationMethods<operations> = createTestClient({ baseUrl: 'http://127.0.0.1:9' });
  const calls = [
    () => client.listItems(),
    () => client.ping(),
    () => client.getBlock({ chainId: '1', blockId: '2' }, { timeoutMs: 10 }),
    // @ts-expect-error params are required when something in them is
    () => client.getBlock(),
    // @ts-expect-error message is required
    () => client.sign({}),
    // @ts-expect-error unknown parameter
    () => client.getBlock({ chainId: '1', blockId: '1', extra: 1 }),
    // @ts-expect-error pageSize is a number
    () => client.getLatestBlocks({ chainId: '1', pageSize: '10' }),
  ];
  expect(calls).toHaveLength(7);
});
