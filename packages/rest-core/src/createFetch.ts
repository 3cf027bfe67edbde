import { lend } from './controllers.js';
import {
  ClientError,
  ConnectionError,
  ParseError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
} from './errors.js';
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
  /** The package whose errors these are (`@avalanche-api/data-client`): every error's `client`. */
  client: string;
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

/** Header names that carry credentials: origin-scoped and scrubbed like the api key. */
const SENSITIVE = /auth|cookie|key|token|secret|pass/i;
/** 32 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 2 ** 25;
// decode() without `stream` keeps no state between calls, so one decoder serves them all.
const decoder = new TextDecoder();

/** What the core takes: {@link TransportInit} with any body fetch takes (createFetch passes bytes). */
type CoreInit = Omit<TransportInit, 'body'> & { body?: string | ArrayBuffer | undefined };
type Chain =
  | { code?: unknown; cause?: unknown; stack?: unknown; message?: unknown; name?: unknown }
  | undefined;

/**
 * The body, read once chunk by chunk so that reading stops as soon as it passes the cap; a
 * declared length past it fails before anything is read.
 */
async function readBody(res: Response, max: number, url: string, client: string) {
  const chunks: Uint8Array[] = [];
  // Absent, it reads as 0.
  let size = +(res.headers.get('content-length') as string) > max ? max + 1 : 0;
  for (const reader = res.body?.getReader(); reader; ) {
    if (size > max) {
      reader.cancel().catch(() => {});
      throw new ResponseTooLargeError(
        `the answer of ${url} is larger than maxResponseBytes (${max})`,
        { client, maxResponseBytes: max, url },
      );
    }
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    chunks.push(value);
  }
  // Decoded in one go: Node's TextDecoder is twice as fast on a whole body as with `stream`.
  return decoder.decode(chunks[1] ? await new Blob(chunks as BlobPart[]).arrayBuffer() : chunks[0]);
}

/**
 * What a fetch that threw stands for: a ParseError (thrown) for a body that could not be
 * decompressed, else a ConnectionError that says in words what happened; secrets scrubbed from
 * its cause.
 */
function failureOf(
  error: unknown,
  res: Response | undefined,
  url: string,
  scrub: (text: string) => string,
  client: string,
) {
  // The cause chain's first `code` (`ECONNREFUSED`, `Z_DATA_ERROR`), and all it says, for secrets.
  let text = '';
  let code: string | undefined;
  // Deno refuses a fetch it has no permission for with a NotCapable error: no code, a message
  // naming the flag (`Requires net access to "host:port", run again with the --allow-net flag`).
  let refused: string | undefined;
  for (let e = error as Chain, i = 0; e && i < 9; i++, e = e.cause as Chain) {
    if (e.name === 'NotCapable') {
      refused ??= e.message as string;
      code ??= e.name as string;
    }
    if (typeof e.code === 'string') code ??= e.code;
    try {
      text += String(e) + e.stack + JSON.stringify(e);
    } catch {}
  }
  // The chain as it is, or, when anything in it mentions a secret, a copy of it with only messages,
  // names, codes and stacks (anything else could hold a secret); a closure, so scrub is not passed.
  const copy = (e: unknown): unknown =>
    e instanceof Error
      ? Object.assign(
          new Error(scrub(e.message), { cause: copy(e.cause) }),
          { name: e.name, stack: scrub(String(e.stack)) },
          typeof (e as Error & Chain).code === 'string' && { code: (e as Error & Chain).code },
        )
      : typeof e === 'string'
        ? scrub(e)
        : undefined;
  const cause = scrub(text) === text ? error : copy(error);
  // A body the server compressed wrongly is an answer we cannot read, not a lost connection.
  if (res && /^Z_|ZLIB|BROTLI|DECOMPRESS/.test(code as string))
    throw new ParseError(`the answer of ${url} could not be decoded (${code})`, {
      client,
      cause,
      status: res.status,
      error: 'undecodable',
      body: undefined,
      url,
    });
  // What happened, in words: a refusal, a connection lost mid-answer or before any, or none.
  return new ConnectionError(
    `${
      refused
        ? `${url}: ${scrub(refused)}`
        : res
          ? `${url} broke off mid-answer`
          : // Deno gives no code, only hyper's words.
            /SOCKET|RESET|PIPE|closed before/.test(code ?? text)
            ? `${url} closed the connection`
            : `could not reach ${url}`
    }${code ? ` (${code})` : ''}`,
    { client, cause, url, code },
  );
}

/**
 * Wraps `fetch` with what every request needs: default headers, secrets (the api key) scoped
 * to one origin, a timeout, a size cap, retries with backoff, and a body read whole (so the
 * timeout covers it), handed back as text. Every client's calls stand on it; {@link createFetch}
 * is the same policy with a `Response` out.
 */
export function createTransport(parameters: CreateFetchParameters): Transport {
  const {
    client,
    secret,
    timeoutMs = 30_000,
    maxResponseBytes: max = DEFAULT_MAX_RESPONSE_BYTES,
  } = parameters;
  const {
    attempts = parameters.retry === false ? 1 : 3,
    maxDelayMs = 10_000,
    baseDelayMs = 250,
  } = { ...parameters.retry };
  const home = `${new URL(parameters.baseUrl).origin}/`;
  // Lower-case names, so that a request's own header replaces a default whatever its case.
  const defaults: Record<string, string> = Object.fromEntries(
    new Headers(parameters.headers) as unknown as Iterable<[string, string]>,
  );
  const secretName = secret?.[0].toLowerCase();

  return async (href: string, init: CoreInit = {}): Promise<Answer> => {
    const sent = { ...defaults };
    for (const name in init.headers) sent[name.toLowerCase()] = init.headers[name] as string;
    if (secret) sent[secretName as string] = secret[1];
    // A URL that starts with the base URL's origin and a slash is at that origin and holds no
    // user:password@; only another one is parsed (0.5 µs saved on every call).
    let attach = href.startsWith(home);
    if (!attach) {
      const target = new URL(href);
      // fetch refuses a URL with user:password@; they become the Basic credentials they stand for.
      if (target.username || target.password) {
        // The URL keeps them percent-encoded UTF-8; unescape turns that into the bytes btoa takes.
        sent.authorization = `Basic ${btoa(unescape(`${target.username}:${target.password}`))}`;
        target.username = target.password = '';
      }
      attach = `${target.origin}/` === home;
      href = target.href;
    }
    // No credential goes to another origin, whoever set it; every one is scrubbed from what comes
    // back, but a value this short cannot be a key, and scrubbing it would mangle every body.
    const hidden: string[] = [];
    let guarded = false;
    for (const name in sent)
      if (name === secretName || SENSITIVE.test(name)) {
        const value = (sent[name] as string).trim();
        if (value.length > 5) hidden.push(value);
        if (attach) guarded = true;
        else delete sent[name];
      }
    // With nothing to hide (a call without a key) nothing is scanned.
    const scrub = (text: string) => {
      if (hidden[0]) {
        for (const value of hidden) text = text.replaceAll(value, '[redacted]');
        // user:password@ in any URL the text holds.
        text = text.replace(/\/\/[^/@\s"']*@/g, '//');
      }
      return text;
    };
    const url = scrub(href);
    const { method = 'GET', signal } = init;
    const timeout = init.timeoutMs ?? timeoutMs;
    // GETs are safe to repeat. Anything else may have done its work before a 502 or a broken
    // answer (the Data API's one POST, aggregateSignatures: the validators may have signed
    // already), so it is retried only when it surely did no work: 429, 503, or no connection.
    const safe = /^(GET|HEAD)$/i.test(method);
    const retryable: unknown[] = init.retryOn ?? [429, 503, safe && 502];

    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      let res: Response | undefined;
      let answer: Answer | undefined;
      const controller = lend();
      const onAbort = () => controller.abort(signal?.reason);
      signal?.addEventListener('abort', onAbort);
      // setTimeout fires at once for delays past 2^31 - 1 ms; treat those as no timeout.
      const timer =
        timeout > 0 &&
        timeout < 2 ** 31 &&
        setTimeout(
          () =>
            controller.abort(
              new TimeoutError(`no answer within ${timeout} ms`, {
                client,
                details: url,
                timeoutMs: timeout,
                url,
              }),
            ),
          timeout,
        );
      try {
        res = await (parameters.fetch ?? fetch)(href, {
          method,
          headers: sent,
          body: init.body,
          // A redirect would carry the key to wherever it points; with a key attached, none is followed.
          redirect: guarded ? 'manual' : undefined,
          signal: controller.signal,
        });
        // A browser answers an opaque redirect (status 0); another status-0 answer is no redirect.
        if (guarded && (res.type === 'opaqueredirect' || /^3/.test(`${res.status}`))) {
          res.body?.cancel().catch(() => {});
          const location = scrub(res.headers.get('location') ?? '');
          throw new RedirectError(
            `${url} answered ${res.status} to ${location}; not followed while an api key is attached`,
            { client, status: res.status, location, url },
          );
        }
        const text = await readBody(res, max, url, client);
        const headers = hidden[0]
          ? new Headers(
              [...(res.headers as unknown as Iterable<[string, string]>)].map(
                ([name, value]): [string, string] => [name, scrub(value)],
              ),
            )
          : res.headers;
        answer = {
          status: res.status,
          statusText: res.statusText,
          headers,
          text: scrub(text),
          url,
        };
      } catch (error) {
        // The timeout's TimeoutError, or the caller's reason.
        controller.signal.throwIfAborted();
        if (error instanceof ClientError) throw error;
        const failure = failureOf(error, res, url, scrub, client);
        // Not retried: the last attempt, failures not to be retried, or an answer begun to a POST.
        if (attempt >= attempts || init.retryFailures === false || (res && !safe)) throw failure;
      } finally {
        clearTimeout(timer as never);
        signal?.removeEventListener('abort', onAbort);
        controller.g?.();
      }

      if (answer && (attempt >= attempts || !retryable.includes(answer.status))) return answer;
      const after = retryAfterMs(answer?.headers.get('retry-after'));
      if ((after as number) > maxDelayMs) return answer as Answer; // (undefined > n is false)
      await sleep(
        after ?? Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)),
        signal,
      );
    }
  };
}

/**
 * {@link createTransport} with a `Response` out and any `fetch` input in: the raw clients and the
 * contract tester use it.
 */
export function createFetch(parameters: CreateFetchParameters): PolicyFetch {
  // The core takes any body bytes; Transport narrows that to text for the clients.
  const send = createTransport(parameters) as (url: string, init?: CoreInit) => Promise<Answer>;
  return async (input, init = {}) => {
    const given = input instanceof Request ? input : undefined;
    // A Request checks and normalises method, headers and body as fetch would. A URL string is
    // left out of it (on a stand-in) because a Request refuses user:password@, which send handles.
    const request = new Request(given ?? 'http://localhost/', { ...init, signal: null });
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await send(given ? given.url : String(input), {
      ...init,
      method: request.method,
      headers,
      body: request.body ? await request.arrayBuffer() : undefined,
      signal: init.signal ?? given?.signal,
    });
    // `|| null`: 204, 205 and 304 answers must not be rebuilt with a body, even an empty one.
    return new Response(answer.text || null, answer);
  };
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
 * The clients' transport ({@link createTransport}): the answer's text rather than a `Response`,
 * so that a call pays for no `Request`, no second `Response` and no second read of the body.
 */
export type Transport = (url: string, init?: TransportInit) => Promise<Answer>;
