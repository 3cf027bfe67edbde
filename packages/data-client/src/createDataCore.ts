import { createCore, type ResponseValidator, type RetryOptions } from '@avalanche-api/rest-core';
import { createDataTransport } from './createDataFetch.js';
import { errors } from './errors.js';
import type { Core } from './generated/operations.js';

/** Public host of the Avalanche Data API. */
export const DATA_API_URL = 'https://data-api.avax.network';

export type CreateDataClientParameters = {
  /** Default `https://data-api.avax.network`. The api key is only ever sent to this origin. */
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
  /** Response validation, off by default; pass `createValidator()` from `@avalanche-api/data-client/validate`. */
  validate?: 'off' | ResponseValidator;
};

/** What the operation functions (`listValidators(core, params)`) run on; a `DataClient` is one too. */
export type DataCore = Core;

export type CreateDataCoreReturnType = DataCore;

/**
 * Creates the core that the operation functions take first: the transport, api key, timeouts,
 * retries and validator of `createDataClient` without its methods, so a bundle holds only the
 * operations the app imports.
 *
 * @example
 * const core = createDataCore({ apiKey });
 * const page = await listValidators(core, { network: 'mainnet', pageSize: 10 });
 */
export function createDataCore(
  parameters: CreateDataClientParameters = {},
): CreateDataCoreReturnType {
  const { baseUrl = DATA_API_URL, validate } = parameters;
  return createCore(createDataTransport(parameters, baseUrl), baseUrl, validate, errors);
}
