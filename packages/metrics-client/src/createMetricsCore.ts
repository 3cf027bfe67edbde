import {
  type CreateFetchParameters,
  createCore,
  createFetch,
  createTransport,
  type PolicyFetch,
  type ResponseValidator,
  type RetryOptions,
} from '@avalanche-api/rest-core';
import { errors } from './errors.js';
import type { Core } from './generated/operations.js';

/** Public host of the Avalanche Metrics API. */
export const METRICS_API_URL = 'https://metrics.avax.network';

export type CreateMetricsClientParameters = {
  /** Default `https://metrics.avax.network`. The api key is only ever sent to this origin. */
  baseUrl?: string;
  /** Sent as `x-glacier-api-key` for higher rate limits; never appears in errors. */
  apiKey?: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /** Added to every request. */
  headers?: HeadersInit;
  /** Per attempt, reading the body included (default 30000); `0` turns it off. */
  timeoutMs?: number;
  /** Retries of 429, 502, 503 and connection failures (default 3 attempts); `false` turns them off. */
  retry?: RetryOptions | false;
  /** Largest body read, after decompression (default 32 MiB); a larger one is a ResponseTooLargeError. */
  maxResponseBytes?: number;
  /** Response validation, off by default; pass `createValidator()` from `@avalanche-api/metrics-client/validate`. */
  validate?: 'off' | ResponseValidator;
};

/** What the operation functions (`getAvgTps(core, params)`) run on; a `MetricsClient` is one too. */
export type MetricsCore = Core;

export type CreateMetricsCoreReturnType = MetricsCore;

/** The transport settings behind `createMetricsCore` and `createRawClient`. */
function metricsPolicy(parameters: CreateMetricsClientParameters): CreateFetchParameters {
  const { baseUrl = METRICS_API_URL, apiKey, ...rest } = parameters;
  return {
    ...rest,
    baseUrl,
    secret: apiKey ? ['x-glacier-api-key', apiKey] : undefined,
    errors,
  };
}

/** The fetch behind `createRawClient`. Not exported from the package. */
export const createMetricsFetch = (parameters: CreateMetricsClientParameters): PolicyFetch =>
  createFetch(metricsPolicy(parameters));

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
  return createCore(createTransport(metricsPolicy(parameters)), baseUrl, validate, errors);
}
