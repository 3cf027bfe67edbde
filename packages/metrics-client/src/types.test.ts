// Type-level checks: `tsc --noEmit` fails when a line marked @ts-expect-error starts compiling.
import type { RestErrorBody } from '@avalanche-api/rest-core';
import { expect, it } from 'vitest';
import type { FailureBodies } from '../../rest-core/src/test/errorBodies.js';
import type { ErrorBody, HttpError, operations } from './index.js';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(value: T) => value;

it("HttpError's body is typed from the spec's error bodies", () => {
  type Declared = FailureBodies<operations>;
  // The spec declares error bodies, and every one is a RestErrorBody with the same fields.
  assert<Equal<[Declared] extends [never] ? false : true, true>>(true);
  assert<Declared extends RestErrorBody ? true : false>(true);
  assert<Equal<keyof Declared, keyof RestErrorBody>>(true);
  assert<Declared extends HttpError['body'] ? true : false>(true);
  assert<Equal<HttpError['body'], ErrorBody>>(true);
  // @ts-expect-error A body is no longer `unknown`: a number is not one.
  const wrong: HttpError['body'] = 404;
  expect(wrong).toBe(404);
});
