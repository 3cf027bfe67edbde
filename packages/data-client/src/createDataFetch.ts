import type { CreateDataClientParameters } from './createDataClient.js';
import { createFetch, type PolicyFetch } from './internal/createFetch.js';

const API_KEY_HEADER = 'x-glacier-api-key';

/** The fetch behind both `createDataClient` and `createRawClient`. Not exported from the package. */
export function createDataFetch(
  parameters: CreateDataClientParameters,
  baseUrl: string,
): PolicyFetch {
  const { apiKey, fetch, headers, timeoutMs = 30_000, retry } = parameters;
  const defaults = new Headers(headers);
  // A key passed as a header is still the key: scope and scrub it the same way.
  const key = apiKey ?? defaults.get(API_KEY_HEADER) ?? undefined;
  defaults.delete(API_KEY_HEADER);
  return createFetch({
    baseUrl,
    fetch,
    headers: defaults,
    secret: key ? [API_KEY_HEADER, key] : undefined,
    timeoutMs,
    retry,
  });
}
