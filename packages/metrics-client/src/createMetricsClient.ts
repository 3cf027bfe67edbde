import { bindOperations } from '@avalanche-api/rest-core';
import {
  type CreateMetricsClientParameters,
  createMetricsCore,
  type MetricsCore,
} from './createMetricsCore.js';
import * as functions from './generated/functions.js';
import type { OperationMethods } from './generated/operations.js';

export { type CreateMetricsClientParameters, METRICS_API_URL } from './createMetricsCore.js';

/** One method per operation of the Metrics API; it is a `MetricsCore` too. */
export type MetricsClient = OperationMethods & MetricsCore;

export type CreateMetricsClientReturnType = MetricsClient;

/**
 * Creates a client with one method per operation of the Metrics API. Each method takes one
 * object with the path and query fields, checks it against the spec's rules before sending, and
 * resolves to the typed body or throws a MetricsClientError.
 *
 * @example
 * const client = createMetricsClient();
 * const { results } = await client.getAvgTps({ chainId: '43114' });
 */
export function createMetricsClient(
  parameters: CreateMetricsClientParameters = {},
): CreateMetricsClientReturnType {
  return bindOperations<OperationMethods, MetricsCore>(createMetricsCore(parameters), functions);
}
