import {
  createOperations,
  type ResponseValidator,
  type RetryOptions,
} from '@avalanche-api/rest-core';
import { createDataTransport } from './createDataFetch.js';
import { errors } from './errors.js';
import { type OperationMethods, operationTable } from './generated/operations.js';
import type { operations } from './generated/types.js';

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

/** One method per operation of the Data API. */
export type DataClient = OperationMethods;

export type CreateDataClientReturnType = DataClient;

/**
 * Creates a client with one method per operation of the Data API. Each method takes one object
 * with the path, query and body fields, checks it against the spec's rules before sending, and
 * resolves to the typed body or throws a DataClientError.
 *
 * @example
 * const client = createDataClient({ apiKey });
 * const page = await client.listValidators({ network: 'mainnet', pageSize: 10 });
 */
export function createDataClient(
  parameters: CreateDataClientParameters = {},
): CreateDataClientReturnType {
  const { baseUrl = DATA_API_URL, validate } = parameters;
  const send = createDataTransport(parameters, baseUrl);
  return createOperations<operations>(operationTable, send, baseUrl, validate, errors);
}
