import {
  createCore,
  createTransport,
  type ResponseValidator,
  type RestClientParameters,
  restTransportParameters,
} from '@avalanche-api/rest-core';
import { errors } from './errors.js';
import type { Core } from './generated/operations.js';

/** Public host of the Avalanche Metrics API. */
export const METRICS_API_URL = 'https://metrics.avax.network';

/** `createMetricsClient`'s settings: rest-core's, shared with the Data client. */
export interface CreateMetricsClientParameters extends RestClientParameters {
  /** Default `https://metrics.avax.network`. The api key is only ever sent to this origin. */
  baseUrl?: string;
  /** Response validation, off by default; pass `createValidator()` from `@avalanche-api/metrics-client/validate`. */
  validate?: 'off' | ResponseValidator;
}

/** What the operation functions (`getAvgTps(core, params)`) run on; a `MetricsClient` is one too. */
export type MetricsCore = Core;

export type CreateMetricsCoreReturnType = MetricsCore;

/**
 * Creates the core that the operation functions take first: the transport, api key, timeouts,
 * retries and validator of `createMetricsClient` without its methods, so a bundle holds only the
 * operations the app imports.
 *
 * @example
 * const core = createMetricsCore();
 * const { results } = await getAvgTps(core, { chainId: '43114' });
 */
export function createMetricsCore(
  parameters: CreateMetricsClientParameters = {},
): CreateMetricsCoreReturnType {
  const { baseUrl = METRICS_API_URL, validate } = parameters;
  const transport = createTransport(restTransportParameters(parameters, baseUrl, errors));
  return createCore(transport, baseUrl, validate, errors);
}
