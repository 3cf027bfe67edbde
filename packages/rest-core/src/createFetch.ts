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
  /** Added to every request; a header whose name looks like a credential is treated as a secret too. */
  headers?: HeadersInit | undefined;
  /** A header sent only to `baseUrl`'s origin and scrubbed from everything that comes back. */
  secret?: readonly [name: string, value: string] | undefined;
  /** Per attempt, reading the body included (default 30000); `0` turns it off. */
  timeoutMs?: number | undefined;
  retry?: RetryOptions | false | undefined;
  /** Largest body read, in bytes after decompression (default 32 MiB); a larger one is a ResponseTooLargeError. */
  maxResponseBytes?: number | undefined;
  /** The client's classes for what can go wrong on the way. */
  errors: Pick<
    ErrorClasses,
    'TimeoutError' | 'ConnectionError' | 'ParseError' | 'RedirectError' | 'ResponseTooLargeError'
  >;
};

/** `fetch` plus the per-call timeout the operation methods pass along. */
export type PolicyFetch = (
  input: RequestInfo | URL,
  init?: RequestInit & {
    timeoutMs?: number | undefined;
    /** Statuses this call retries instead of the default ones (a health check's 503 is an answer). */
    retryOn?: number[] | undefined;
    /** False: a failure without an answer is not retried (the contract tester reports it). */
    retryFailures?: boolean | undefined;
  },
) => Promise<Response>;

const REDACTED = '[redacted]';
/** Header names that carry credentials: origin-scoped and scrubbed like the api key. */
const SENSITIVE = /auth|cookie|key|token|secret|pass/i;
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** The `code` of the first error in a cause chain that has one (`ECONNREFUSED`, `Z_DATA_ERROR`). */
const codeOf = (error: unknown): string | undefined => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 9; i++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
};

/**
 * Wraps `fetch` with what every request needs: default headers, secrets (the api key) scoped
 * to one origin, a timeout, a size cap, retries with backoff, and a fully read body (so the
 * timeout covers it and the caller can read it twice). Every client's calls and the contract
 * tester's go through it.
 */
export function createFetch({
  baseUrl,
  fetch: custom,
  headers,
  secret,
  timeoutMs = 30_000,
  retry,
  maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
  errors: { TimeoutError, ConnectionError, ParseError, RedirectError, ResponseTooLargeError },
}: CreateFetchParameters): PolicyFetch {
  const origin = new URL(baseUrl).origin;
  const {
    attempts = 3,
    maxDelayMs = 10_000,
    baseDelayMs = 250,
  } = retry === false ? { attempts: 1 } : (retry ?? {});
  const defaults = new Headers(headers);
  const secrets = new Map<string, string>(secret ? [secret] : []);

  return async (input, init) => {
    // fetch refuses a URL with user:password@; they become the Basic credentials they stand for.
    let basic: string | undefined;
    if (!(input instanceof Request)) {
      const u = new URL(String(input));
      if (u.username || u.password) {
        // The URL keeps them percent-encoded UTF-8; unescape turns that into the bytes btoa takes.
        basic = `Basic ${btoa(unescape(`${u.username}:${u.password}`))}`;
        u.username = u.password = '';
        input = u;
      }
    }
    // The caller's signal stays out of the Request: undici would hang a listener of its own on it
    // (freed only by GC) and raise its listener limit, hiding a leak; ours is removed per attempt.
    const request = new Request(input, { ...init, signal: null });
    const body = request.body ? await request.arrayBuffer() : undefined;
    const signal = init?.signal ?? (input instanceof Request ? input.signal : request.signal);
    const timeout = init?.timeoutMs ?? timeoutMs;
    const merged = new Headers(defaults);
    request.headers.forEach((value, name) => {
      merged.set(name, value);
    });
    if (basic) merged.set('authorization', basic);
    const sensitive: string[] = [];
    merged.forEach((_, name) => {
      if (SENSITIVE.test(name)) sensitive.push(name);
    });
    const values = [...secrets.values(), ...sensitive.map((name) => merged.get(name) as string)];
    const scrub = (text: string) =>
      values
        // A value this short cannot be a key, and scrubbing it would mangle every body.
        .reduce((t, v) => (v.length > 5 ? t.split(v).join(REDACTED) : t), text)
        // user:password@ in any URL the text holds
        .replace(/\/\/[^/@\s"']*@/g, '//');
    const target = new URL(request.url);
    const attach = target.origin === origin;
    // No secret goes to another origin, whoever set it.
    for (const [name, value] of secrets) attach ? merged.set(name, value) : merged.delete(name);
    if (!attach) for (const name of sensitive) merged.delete(name);
    const guarded = attach && values.length > 0;
    const url = scrub(request.url);
    // GETs are safe to repeat. Anything else may have done its work before a 502 or a broken
    // answer (the Data API's one POST, aggregateSignatures: the validators may have signed
    // already), so it is retried only when it surely did no work: 429, 503, or no connection.
    const safe = request.method === 'GET' || request.method === 'HEAD';
    const retryable = init?.retryOn ?? (safe ? [429, 502, 503] : [429, 503]);

    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      let failure: unknown;
      let answered = 0;
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
      try {
        if (signal.aborted) throw signal.reason;
        const res = await (custom ?? fetch)(request.url, {
          method: request.method,
          headers: merged,
          body: body ?? null,
          signal: controller.signal,
          // A redirect would carry the key to wherever it points; with a key attached, none is followed.
          redirect: guarded ? 'manual' : 'follow',
        });
        answered = res.status;
        if (res.type === 'opaqueredirect' || (guarded && res.status > 299 && res.status < 400)) {
          await res.body?.cancel().catch(() => {});
          throw new RedirectError(res.status, scrub(res.headers.get('location') ?? ''), url);
        }
        const text = await readText(res, maxResponseBytes, () => {
          throw new ResponseTooLargeError(maxResponseBytes, url);
        });
        const scrubbed = new Headers();
        res.headers.forEach((value, name) => {
          scrubbed.append(name, scrub(value));
        });
        // `|| null`: 204, 205 and 304 answers must not be rebuilt with a body, even an empty one.
        response = new Response(scrub(text) || null, {
          status: res.status,
          statusText: res.statusText,
          headers: scrubbed,
        });
      } catch (error) {
        if (timedOut) throw new TimeoutError(timeout as number, url);
        if (signal.aborted) throw signal.reason;
        if (error instanceof ClientError) throw error;
        const code = codeOf(error);
        const cause = scrubError(error, scrub);
        // A body the server compressed wrongly is an answer we cannot read, not a lost connection.
        if (answered && /^Z_|ZLIB|BROTLI|DECOMPRESS/.test(code ?? ''))
          throw new ParseError(
            answered,
            'undecodable',
            `the answer of ${url} could not be decoded (${code})`,
            undefined,
            url,
            { cause },
          );
        failure = new ConnectionError(`could not reach ${url}${code ? ` (${code})` : ''}`, url, {
          cause,
          code,
        });
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      }

      const again =
        attempt < attempts &&
        (response
          ? retryable.includes(response.status)
          : init?.retryFailures !== false && (safe || !answered));
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

/** The body as text, read chunk by chunk so that reading stops as soon as it passes `max`. */
async function readText(res: Response, max: number, tooLarge: () => never): Promise<string> {
  if (Number(res.headers.get('content-length')) > max) {
    await res.body?.cancel().catch(() => {});
    tooLarge();
  }
  const reader = res.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The error itself, or when anything in its cause chain mentions a secret, a copy of the chain without it. */
function scrubError(error: unknown, scrub: (text: string) => string): unknown {
  let text = '';
  for (let e = error, depth = 0; e && depth < 9; e = (e as Error).cause, depth++) {
    try {
      text += `${String(e)}${(e as Error).stack}${JSON.stringify(e)}`;
    } catch {}
  }
  // Only messages, names, codes and stacks are kept; anything else in the chain could hold the secret.
  const copy = (e: unknown): unknown => {
    if (!(e instanceof Error)) return typeof e === 'string' ? scrub(e) : undefined;
    const clean = new Error(scrub(e.message), { cause: copy(e.cause) });
    clean.name = e.name;
    clean.stack = scrub(String(e.stack));
    const { code } = e as { code?: unknown };
    if (typeof code === 'string') Object.assign(clean, { code });
    return clean;
  };
  return scrub(text) === text ? error : copy(error);
}

/** Per-request settings of a {@link Transport}. */
export type TransportInit = {
  /** Default `GET`. */
  method?: string | undefined;
  headers?: Record<string, string> | undefined;
  body?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Overrides the transport's `timeoutMs` for this request (each attempt). */
  timeoutMs?: number | undefined;
  /** Statuses this request retries instead of the default ones (a health check's 503 is an answer). */
  retryOn?: number[] | undefined;
  /** False: a failure without an answer is not retried (the contract tester reports it). */
  retryFailures?: boolean | undefined;
};

/** An answer read whole, with every secret scrubbed from its text and headers. */
export type Answer = {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
  /** The request URL without credentials, for errors. */
  url: string;
};

/**
 * The clients' transport: what {@link createFetch} does, handing back the answer's text rather
 * than a `Response`, so that a call pays for no second `Response` and stream.
 */
export type Transport = (url: string, init?: TransportInit) => Promise<Answer>;

/** A {@link Transport} with the same policy as {@link createFetch}. */
export function createTransport(parameters: CreateFetchParameters): Transport {
  const policy = createFetch(parameters);
  return async (url, init = {}) => {
    const res = await policy(url, init);
    return {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
      text: await res.text(),
      url: url.replace(/\/\/[^/@]*@/, '//'),
    };
  };
}
