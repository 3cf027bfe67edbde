import { createTransport, type RetryOptions } from '@avalanche-api/rest-core';
import { errors } from './errors.js';

export type { RetryOptions };

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

export interface Answer {
  status: number;
  text: string;
  /** The raw Retry-After header, read by the error classes. */
  retryAfter: string | null;
  /** The request url without credentials, for errors. */
  url: string;
}

/**
 * The shared transport (@avalanche-api/rest-core's createTransport: timeout, size cap, retries,
 * credential scoping and scrubbing) bound to the client's settings. Resolves with any HTTP answer
 * whose status is not retried.
 */
export function createSend(config: Config) {
  const transport = createTransport({ ...config, errors });
  return async (
    url: string,
    body: string | undefined,
    o: CallOptions = {},
    retryOn?: number[],
  ): Promise<Answer> => {
    const a = await transport(url, {
      method: body ? 'POST' : 'GET',
      // Only a POST has a body; a GET without content-type stays a CORS "simple" request.
      headers: { ...(body && { 'content-type': 'application/json' }), ...o.headers },
      body,
      signal: o.signal,
      timeoutMs: o.timeoutMs,
      retryOn,
    });
    return { status: a.status, text: a.text, retryAfter: a.headers.get('retry-after'), url: a.url };
  };
}
