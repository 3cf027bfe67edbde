import { type Answer, createTransport, type RetryOptions } from '@avalanche-api/rest-core';
import { errors } from './errors.js';

export type { Answer, RetryOptions };

/** Options every call takes. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call (each attempt). */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** The client's settings as the transport reads them. */
export interface Config {
  baseUrl: string;
  fetch?: typeof fetch | undefined;
  headers?: Record<string, string> | undefined;
  timeoutMs?: number | undefined;
  retry?: RetryOptions | false | undefined;
  maxResponseBytes?: number | undefined;
}

/**
 * Sends one request: a POST of `body` (JSON), or a GET without one. Resolves with any HTTP
 * answer whose status is not retried; `retryOn` replaces the statuses retried (429, 503).
 */
export type NodeTransport = (
  url: string,
  body: string | undefined,
  options?: CallOptions,
  retryOn?: number[],
) => Promise<Answer>;

/**
 * The shared transport (@avalanche-api/rest-core's createTransport: timeout, size cap, retries,
 * credential scoping and scrubbing) bound to the client's settings.
 */
export function createSend(config: Config): NodeTransport {
  const transport = createTransport({ ...config, errors });
  return (url, body, o = {}, retryOn) =>
    // The call's signal and timeoutMs pass as they are; the transport reads nothing else of them.
    transport(url, {
      ...o,
      method: body ? 'POST' : 'GET',
      // Only a POST has a body; a GET without content-type stays a CORS "simple" request.
      headers: body ? { 'content-type': 'application/json', ...o.headers } : o.headers,
      body,
      retryOn,
    });
}
