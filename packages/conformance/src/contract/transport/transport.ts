// The shared transport (rest-core's createFetch) as the runner uses it: one per target.
import {
  type ApiError,
  ClientError,
  type ConnectionError,
  createFetch,
  type ErrorClass,
  type PolicyFetch,
  type RedirectError,
  type ResponseTooLargeError,
  type TimeoutError,
} from '@avalanche-api/rest-core';
import type { RunOptions } from '../run-options.js';

// The shared transport's failures, as the runner sees them; they become violations, never escape.
// The runner tells them apart by `name`, so each has its own.
class TransportError extends ClientError {
  override name = 'TransportError';
}
/** A class named `name`; ClientError's constructor sets the fields `E` declares. */
const transportError = <E extends ClientError>(name: string) =>
  class extends TransportError {
    override name = name;
  } as unknown as ErrorClass<E>;
const transportErrors = {
  TimeoutError: transportError<TimeoutError>('TimeoutError'),
  ConnectionError: transportError<ConnectionError>('ConnectionError'),
  ParseError: transportError<ApiError>('ParseError'),
  RedirectError: transportError<RedirectError>('RedirectError'),
  ResponseTooLargeError: transportError<ResponseTooLargeError>('ResponseTooLargeError'),
};

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
    errors: transportErrors,
  });
}
