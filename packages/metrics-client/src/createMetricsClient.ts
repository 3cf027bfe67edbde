import {
  type CreateFetchParameters,
  createFetch,
  createOperations,
  createTransport,
  type PolicyFetch,
  type ResponseValidator,
  type RetryOptions,
} from '@avalanche-api/rest-core';
import { errors } from './errors.js';
import { type OperationMethods, operationTable } from './generated/operations.js';
import type { operations } from './generated/types.js';

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

/** One method per operation of the Metrics API. */
export type MetricsClient = OperationMethods;

export type CreateMetricsClientReturnType = MetricsClient;

/** The transport settings behind both `createMetricsClient` and `createRawClient`. */
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
  const { baseUrl = METRICS_API_URL, validate } = parameters;
  const send = createTransport(metricsPolicy(parameters));
  return createOperations<operations>(operationTable, send, baseUrl, validate, errors);
}
