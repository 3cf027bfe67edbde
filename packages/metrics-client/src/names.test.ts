// The named types are the spec's types; `tsc --noEmit` (pnpm typecheck) fails when one drifts.
import type * as core from '@avalanche-api/rest-core';
import { expect, it } from 'vitest';
import type {
  AvgTpsResponse,
  components,
  GetAvgTpsParams,
  GetAvgTpsResult,
  MetricPoint,
  MetricsClient,
  MetricsCore,
  OperationMethods,
  OperationParameters,
  operations,
} from './index.js';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(value: T) => value;

it('each named type is the spec type it names', () => {
  assert<Equal<AvgTpsResponse, components['schemas']['AvgTpsResponse']>>(true);
  assert<Equal<MetricPoint, components['schemas']['MetricPoint']>>(true);
  assert<Equal<GetAvgTpsResult, AvgTpsResponse>>(true);
  assert<Equal<GetAvgTpsParams, OperationParameters<'getAvgTps'>>>(true);
  assert<Equal<OperationMethods, core.OperationMethods<operations>>>(true);
  // A client is its methods plus the core the operation functions take.
  assert<Equal<MetricsClient, OperationMethods & MetricsCore>>(true);
  // @ts-expect-error a mismatch is caught: the result is not a data point
  assert<Equal<GetAvgTpsResult, MetricPoint>>(true);
  expect(true).toBe(true);
});
