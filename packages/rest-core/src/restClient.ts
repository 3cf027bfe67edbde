// What the two REST clients (Data API, Metrics API) share around their transport: the settings a
// user passes, how the api key becomes the transport's secret header, and the core built on it.
import { type CreateFetchParameters, createTransport, type RetryOptions } from './createFetch.js';
import { createCore, type ResponseValidator, type RestCore } from './createOperations.js';
import { checkValidateOption } from './validateOption.js';

/** The settings of `createDataClient`, `createMetricsClient`, their cores and raw clients. */
export type RestClientParameters = {
  /** Where requests go (each client names its default). The api key is only ever sent to this origin. */
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
  /** Response validation, off by default; pass a client's `createValidator()` (its `/validate` entry). */
  validate?: 'off' | ResponseValidator;
};

/**
 * A REST client's settings as its transport takes them: `apiKey` becomes the `x-glacier-api-key`
 * header, sent only to `baseUrl`'s origin and scrubbed from all that comes back. A key passed in
 * `headers` is scoped and scrubbed too (every credential-named header is), and `apiKey` takes its
 * place when both are set.
 */
export function restTransportParameters(
  parameters: RestClientParameters,
  baseUrl: string,
  client: string,
): CreateFetchParameters {
  const { apiKey, ...rest } = parameters;
  return { ...rest, baseUrl, secret: apiKey ? ['x-glacier-api-key', apiKey] : undefined, client };
}

/**
 * A REST client's core from its user's settings (`createDataCore`, `createMetricsCore`): the
 * transport takes them as {@link restTransportParameters} gives them (the one `apiKey` it is handed
 * besides goes unread), built in one step because a one-call bundle pays for every hop between
 * helpers.
 */
export function createRestCore<Api extends string>(
  parameters: RestClientParameters,
  defaultUrl: string,
  client: string,
  factory: string,
): RestCore<Api> {
  const { baseUrl = defaultUrl, validate, apiKey } = parameters;
  const secret = apiKey ? (['x-glacier-api-key', apiKey] as const) : undefined;
  checkValidateOption(validate, client, factory);
  return createCore(
    createTransport({ ...parameters, baseUrl, secret, client }),
    baseUrl,
    validate,
    client,
  );
}
