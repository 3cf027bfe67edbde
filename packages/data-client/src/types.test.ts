// Type-level checks: `tsc --noEmit` fails when a line marked @ts-expect-error starts compiling.
import type { RestErrorBody } from '@avalanche-api/rest-core';
import { expect, it } from 'vitest';
import type { FailureBodies } from '../../rest-core/src/test/errorBodies.js';
import {
  type components,
  createDataClient,
  type DataClientError,
  type ErrorBody,
  type HttpError,
  type NotFoundError,
  type OperationParameters,
  type OperationReturnType,
  type operations,
  type RateLimitError,
} from './index.js';
import { createValidator, type ResponseValidationError } from './validate.js';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(value: T) => value;

it('params are the path, query and body fields of the spec in one object', () => {
  const client = createDataClient();
  const calls = [
    () => client.listValidators({ network: 'mainnet', pageSize: 10, validationStatus: 'active' }),
    () => client.aggregateSignatures({ network: 'fuji', message: '0x00', quorumPercentage: 67 }),
    () =>
      client.listAssetTransactions({
        network: 'mainnet',
        blockchainId: 'x-chain',
        assetId: 'a',
        txTypes: ['BaseTx'],
      }),
    // @ts-expect-error network is required
    () => client.listValidators({ pageSize: 10 }),
    // @ts-expect-error not one of the spec's networks
    () => client.listValidators({ network: 'mainet' }),
    // @ts-expect-error pageSize is a number
    () => client.listValidators({ network: 'mainnet', pageSize: '10' }),
    // @ts-expect-error unknown parameter
    () => client.getBlock({ chainId: '1', blockId: '1', extra: 1 }),
    // @ts-expect-error params are required when something in them is
    () => client.getBlock(),
  ];
  expect(calls).toHaveLength(8);
});

it('return types are the spec schemas', () => {
  assert<Equal<OperationReturnType<'getBlock'>, components['schemas']['EvmBlock']>>(true);
  assert<
    Equal<
      OperationReturnType<'aggregateSignatures'>,
      components['schemas']['SignedMessageResponse']
    >
  >(true);
  assert<Equal<OperationParameters<'aggregateSignatures'>['quorumPercentage'], number | undefined>>(
    true,
  );
  expect(true).toBe(true);
});

it("the package's error classes are types as well as values", () => {
  // A callback typed with this package's class fits the shared runtime's signature.
  const validate = createValidator('warn', {
    onIssue: (error: ResponseValidationError) => error.issues,
  });
  const status = (error: NotFoundError | RateLimitError): number => error.status;
  const base: DataClientError = {} as HttpError;
  assert<Equal<RateLimitError['retryAfterMs'], number | undefined>>(true);
  expect([typeof validate, typeof status, typeof base]).toEqual(['function', 'function', 'object']);
});

it("HttpError's body is typed from the spec's error bodies", () => {
  type Declared = FailureBodies<operations>;
  // The spec declares error bodies, and every one is a RestErrorBody with the same fields.
  assert<Equal<[Declared] extends [never] ? false : true, true>>(true);
  assert<Declared extends RestErrorBody ? true : false>(true);
  assert<Equal<keyof Declared, keyof RestErrorBody>>(true);
  // HttpError's body takes them (and the text of an answer that is not JSON, or nothing).
  assert<Declared extends HttpError['body'] ? true : false>(true);
  assert<Equal<HttpError['body'], ErrorBody>>(true);
  assert<string | undefined extends ErrorBody ? true : false>(true);
  // @ts-expect-error A body is no longer `unknown`: a number is not one.
  const wrong: HttpError['body'] = 404;
  expect(wrong).toBe(404);
});
