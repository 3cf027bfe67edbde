import { NetworkError, redact, TimeoutError } from './errors.js';

/** Retries of HTTP 429/502/503 and connection failures; `false` turns them off. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  retries?: number;
  /** First backoff step; doubles each retry, with jitter. Default 250 ms. */
  baseDelayMs?: number;
  /** Longest wait between attempts. A Retry-After beyond it ends the retries. Default 10 s. */
  maxDelayMs?: number;
}

/** Options every call takes. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call (each attempt). */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** The client's settings as the transport reads them. */
export interface Config {
  fetch?: typeof fetch;
  headers?: Record<string, string>;
  timeoutMs?: number;
  retry?: Required<RetryOptions>;
}

export interface Answer {
  status: number;
  text: string;
  /** Retry-After in ms, if the server sent one. */
  retryAfterMs: number | undefined;
  /** The request url without credentials, for errors. */
  url: string;
}

/** Resolves after `ms`, or as soon as the signal aborts (the caller then throws its reason). */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
    signal?.addEventListener('abort', resolve);
  });

/**
 * Retry-After in ms. Only the delta-seconds form is read; an HTTP date (rare for APIs) counts
 * as absent, so the usual backoff applies.
 */
export const retryAfterMs = (value: string | null): number | undefined =>
  value && /^\d+$/.test(value) ? +value * 1000 : undefined;

/**
 * One HTTP exchange with timeout and retries. Resolves with any HTTP answer whose status
 * is not retried; rejects only with TimeoutError, NetworkError or the signal's reason.
 */
export async function send(
  c: Config,
  url: string,
  body: string | undefined,
  o: CallOptions = {},
  retryOn = [429, 502, 503],
): Promise<Answer> {
  const { signal } = o;
  const ms = o.timeoutMs ?? c.timeoutMs ?? 30_000;
  const safe = redact(url);
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    const retry = c.retry && attempt < c.retry.retries ? c.retry : undefined;
    const ctl = new AbortController();
    const abort = () => ctl.abort();
    const timer = setTimeout(abort, ms);
    signal?.addEventListener('abort', abort);
    let answer: Answer | undefined;
    try {
      // Called unbound: a browser's fetch throws "Illegal invocation" when called as c.fetch().
      const res = await (c.fetch ?? fetch)(url, {
        method: body ? 'POST' : 'GET',
        headers: {
          // Only a POST has a body; a GET without content-type stays a CORS "simple" request.
          ...(body && { 'content-type': 'application/json' }),
          ...c.headers,
          ...o.headers,
        },
        body,
        signal: ctl.signal,
      });
      // The signal also covers reading the body: a stalled body ends in TimeoutError.
      answer = {
        status: res.status,
        text: await res.text(),
        retryAfterMs: retryAfterMs(res.headers.get('retry-after')),
        url: safe,
      };
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      if (ctl.signal.aborted) {
        throw new TimeoutError(`No answer from ${safe} within ${ms} ms`, undefined, {
          url: safe,
          timeoutMs: ms,
        });
      }
      if (!retry)
        throw new NetworkError(`Could not reach ${safe}`, undefined, { url: safe, cause: e });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
    let delay: number | undefined;
    if (answer) {
      if (!retry || !retryOn.includes(answer.status)) return answer;
      delay = answer.retryAfterMs;
      // A server asking for a longer pause than we would wait gets its answer back as is.
      if (delay !== undefined && delay > retry.maxDelayMs) return answer;
    }
    // Exponential backoff with equal jitter: half the step plus a random part of the other half.
    const step = Math.min(retry?.maxDelayMs ?? 0, (retry?.baseDelayMs ?? 0) * 2 ** attempt);
    await sleep(delay ?? step / 2 + (Math.random() * step) / 2, signal);
  }
}
