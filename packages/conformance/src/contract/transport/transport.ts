// The shared transport (rest-core's createFetch) as the runner uses it: one per target.
import { createFetch, type PolicyFetch } from '@avalanche-api/rest-core';
import type { RunOptions } from '../run-options.js';

// The shared transport's failures (TimeoutError, ConnectionError, …) become violations and never
// escape; the runner tells them apart by `name`.

/**
 * The shared transport for one target: timeout, size cap, the key kept to its origin. One try
 * per call: the runner retries itself, at the target's pace (see Pace).
 */
export function transportFor(
  service: string,
  base: string,
  options: RunOptions,
  fetchVia: typeof fetch | undefined = options.fetch,
  keyHeader?: string,
): PolicyFetch {
  const headers = (options.headers ?? [])
    .filter((h) => h.service === undefined || h.service === service)
    .map((h): [string, string] => [h.name, h.value]);
  return createFetch({
    baseUrl: base,
    fetch: fetchVia,
    // Credential-like names are kept to this origin and scrubbed from answers by the transport.
    headers,
    timeoutMs: options.timeoutMs,
    maxResponseBytes: options.maxResponseBytes,
    retry: false,
    secret: keyHeader && options.apiKey ? [keyHeader, options.apiKey] : undefined,
    client: '@avalanche-api/conformance',
  });
}
