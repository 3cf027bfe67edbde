import type { Answer, RetryOptions } from '@avalanche-api/rest-core';

export type { Answer, RetryOptions };

/** Options every call takes. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call (each attempt). */
  timeoutMs?: number;
  headers?: Record<string, string>;
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
