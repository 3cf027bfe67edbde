import { ClientError, type ErrorClasses } from './errors.js';
import { retryAfterMs } from './retryAfterMs.js';
import { sleep } from './sleep.js';

export type RetryOptions = {
  /** Tries in total, the first included (default 3); 1 turns retries off. */
  attempts?: number;
  /** Cap on one wait, backoff and Retry-After alike (default 10000). A longer Retry-After is not waited for: the 429 is returned. */
  maxDelayMs?: number;
  /** First backoff step before jitter (default 250); it doubles with each retry. */
  baseDelayMs?: number;
};

export type CreateFetchParameters = {
  baseUrl: string;
  fetch?: typeof fetch | undefined;
  headers?: HeadersInit | undefined;
  /** A header sent only to `baseUrl`'s origin and scrubbed from everything that comes back. */
  secret?: readonly [name: string, value: string] | undefined;
  /** Per attempt, reading the body included (default 30000); `0` turns it off. */
  timeoutMs?: number | undefined;
  retry?: RetryOptions | false | undefined;
  /** The client's classes; this throws its TimeoutError and ConnectionError. */
  errors: Pick<ErrorClasses, 'TimeoutError' | 'ConnectionError'>;
};

/** `fetch` plus the per-call timeout the operation methods pass along. */
export type PolicyFetch = (
  input: RequestInfo | URL,
  init?: RequestInit & { timeoutMs?: number | undefined },
) => Promise<Response>;

const REDACTED = '[redacted]';

/**
 * Wraps `fetch` with what every request needs: default headers, a secret (the api key) scoped
 * to one origin, a timeout, retries with backoff, and a fully read body (so the timeout covers it
 * and the caller can read it twice). A client's operation methods and its `raw` entry point both
 * go through it.
 */
export function createFetch({
  baseUrl,
  fetch: custom,
  headers,
  secret,
  timeoutMs = 30_000,
  retry,
  errors: { TimeoutError, ConnectionError },
}: CreateFetchParameters): PolicyFetch {
  const origin = new URL(baseUrl).origin;
  const {
    attempts = 3,
    maxDelayMs = 10_000,
    baseDelayMs = 250,
  } = retry === false ? { attempts: 1 } : (retry ?? {});
  const scrub = (text: string) =>
    secret && text.includes(secret[1]) ? text.split(secret[1]).join(REDACTED) : text;

  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.arrayBuffer() : undefined;
    const signal = init?.signal ?? request.signal;
    const timeout = init?.timeoutMs ?? timeoutMs;
    // GETs are safe to repeat. Anything else may have done its work before a 502 or a broken
    // answer (the Data API's one POST, aggregateSignatures: the validators may have signed
    // already), so it is retried only when it surely did no work: 429, 503, or no connection.
    const safe = request.method === 'GET' || request.method === 'HEAD';
    const retryable = safe ? [429, 502, 503] : [429, 503];

    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      let failure: unknown;
      let answered = false;
      const controller = new AbortController();
      const onAbort = () => controller.abort(signal.reason);
      signal.addEventListener('abort', onAbort);
      let timedOut = false;
      // setTimeout fires at once for delays past 2^31 - 1 ms; treat those as no timeout.
      const timer =
        timeout && timeout > 0 && timeout < 2 ** 31
          ? setTimeout(() => {
              timedOut = true;
              controller.abort();
            }, timeout)
          : undefined;
      const url = scrub(request.url);
      try {
        if (signal.aborted) throw signal.reason;
        const merged = new Headers(headers);
        request.headers.forEach((value, name) => {
          merged.set(name, value);
        });
        const attach = secret && new URL(request.url).origin === origin;
        if (secret) attach ? merged.set(secret[0], secret[1]) : merged.delete(secret[0]);
        const res = await (custom ?? fetch)(request.url, {
          method: request.method,
          headers: merged,
          body: body ?? null,
          signal: controller.signal,
          // A redirect would carry the key to wherever it points; with the key attached, none is followed.
          redirect: attach ? 'manual' : 'follow',
        });
        const redirected = res.status > 299 && res.status < 400 && res.headers.has('location');
        if (res.type === 'opaqueredirect' || (attach && redirected)) {
          await res.body?.cancel();
          throw new ConnectionError('redirect not followed: it would carry the api key', url);
        }
        answered = true;
        // `|| null`: 204, 205 and 304 answers must not be rebuilt with a body, even an empty one.
        response = new Response(scrub(await res.text()) || null, {
          status: res.status,
          statusText: res.statusText,
          headers: res.headers,
        });
      } catch (error) {
        if (timedOut) throw new TimeoutError(timeout as number, url);
        if (signal.aborted) throw signal.reason;
        if (error instanceof ClientError) throw error;
        failure = new ConnectionError('connection failed', url, {
          cause: scrubError(error, scrub),
        });
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      }

      const again =
        attempt < attempts && (response ? retryable.includes(response.status) : safe || !answered);
      if (!again) {
        if (response) return response;
        throw failure;
      }
      let delay = Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      const after = retryAfterMs(response?.headers.get('retry-after'));
      if (after !== undefined) {
        if (after > maxDelayMs) return response as Response;
        delay = after;
      }
      await sleep(delay, signal);
    }
  };
}

/** The error itself, or when anything in its cause chain mentions the secret, a copy of the chain without it. */
function scrubError(error: unknown, scrub: (text: string) => string): unknown {
  let text = '';
  for (let e = error, depth = 0; e && depth < 9; e = (e as Error).cause, depth++) {
    try {
      text += `${String(e)}${(e as Error).stack}${JSON.stringify(e)}`;
    } catch {}
  }
  // Only messages, names and stacks are kept; anything else in the chain could hold the secret.
  const copy = (e: unknown): unknown => {
    if (!(e instanceof Error)) return typeof e === 'string' ? scrub(e) : undefined;
    const clean = new Error(scrub(e.message), { cause: copy(e.cause) });
    clean.name = e.name;
    clean.stack = scrub(String(e.stack));
    return clean;
  };
  return scrub(text) === text ? error : copy(error);
}
