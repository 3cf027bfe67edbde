import {
  type ApiError,
  ClientError,
  type ConnectionError,
  createFetch,
  type ErrorClass,
  type PolicyFetch,
  type RedirectError,
  type ResponseTooLargeError,
  retryAfterMs as strictRetryAfterMs,
  type TimeoutError,
} from '@avalanche-api/rest-core';
import { canonical, isObject } from '../model/json-pointer.js';
import type { OpenApiService, RestRequest } from '../model/openapi.js';
import type { OpenRpcService, RpcMethod } from '../model/openrpc.js';
import { type Violation, type ViolationKind, violation } from '../model/schema-set.js';
import type { Specs } from '../model/specs.js';
import type { Recording } from '../recordings/recordings.js';
import type { CaseClass } from './case-values.js';
import {
  newRunState,
  Pace,
  pacing,
  type RateLimits,
  type RunHeader,
  type RunState,
  silenceFor,
} from './contract-controls.js';
import { apiKeyHeader } from './credentials.js';

/**
 * What a case expects back: the HTTP status its recording or example shows and, for
 * JSON-RPC, a result or an error (with the recorded code).
 */
export interface Expectation {
  status: number;
  reply?: 'result' | 'error';
  errorCode?: number;
  /** Other answers that conform too (an identity the corpus does not know may be absent). */
  or?: Expectation[];
}

/** One request the contract tester sends, built from a recording or a spec example. */
export interface ContractCase {
  service: string;
  operation: string;
  source: string;
  method: string;
  /** Path and query, relative to the service's base URL. */
  path: string;
  body?: unknown;
  nodeSpecific: boolean;
  expect: Expectation;
  /** Why the case is not sent, when it is left out. */
  skip?: string;
  /**
   * The era marks of the recording the case came from (see Recording.lenient). Applied only
   * against the replay server, which answers with that same marked recording; any other
   * target is held to the current shape.
   */
  lenient?: string[];
  /** recorded, example, generated, negative, page, linked or filter; recorded or example when unset. */
  class?: CaseClass;
  /** The value each input carries (`absent` when left out), for the report's value coverage. */
  values?: Record<string, string>;
}

/** conforms, drift, unreachable (not tested) or skipped. */
export type Verdict = 'conforms' | 'drift' | 'not-tested' | 'skipped';

export interface ContractResult extends ContractCase {
  url: string;
  status?: number;
  verdict: Verdict;
  ok: boolean;
  violations: Violation[];
  /** Why the case is not tested: the target could not be reached or gave no answer. */
  unreachable?: string;
  /** HTTP requests this case made, retries included (0 when none left). */
  requests?: number;
  /** Time from sending to the verdict, waits for the rate limit and Retry-After included. */
  durationMs?: number;
  /** What came back, in the words of `describeExpectation` (`HTTP 404`, `… with error -32000`). */
  got?: string;
  /** A one-line reproduction of the request; an api key appears as its variable name. */
  curl: string;
  exchange?: Recording;
}

/** Base URL per service name (`data-api`, `metrics-api`, `node-health`, `node-rpc`). */
export type Targets = Record<string, string>;

/** The public hosts the specs declare, for `--target live`. */
export function liveTargets(specs: Specs): Targets {
  const out: Targets = {};
  for (const s of [...specs.rest, ...specs.rpc]) {
    const servers = Array.isArray(s.doc.servers) ? s.doc.servers : [];
    const first = servers.find((v) => isObject(v) && typeof v.url === 'string');
    if (!isObject(first)) continue;
    let url = String(first.url);
    if (isObject(first.variables)) {
      for (const [name, v] of Object.entries(first.variables)) {
        if (isObject(v)) url = url.replaceAll(`{${name}}`, String(v.default));
      }
    }
    out[s.name] = new URL(url).origin;
  }
  return out;
}

/** Parses `--target`: `replay`, `live`, one URL for every service, or `name=url,…`. */
export function parseTargets(value: string, specs: Specs): Targets | 'replay' {
  if (value === 'replay') return 'replay';
  if (value === 'live') return liveTargets(specs);
  const names = [...specs.rest, ...specs.rpc].map((s) => s.name);
  const out: Targets = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const [name, url] =
      eq > 0 && !part.slice(0, eq).includes(':')
        ? [part.slice(0, eq), part.slice(eq + 1)]
        : [undefined, part];
    if (!URL.canParse(url))
      throw new Error(
        `--target: ${JSON.stringify(url)} is not a URL (expected replay, live, a URL or name=url,…)`,
      );
    if (name && !names.includes(name))
      throw new Error(
        `--target: unknown service ${JSON.stringify(name)}; services are ${names.join(', ')}`,
      );
    for (const n of name ? [name] : names) out[n] = new URL(url).href.replace(/\/$/, '');
  }
  return out;
}

function restCases(service: OpenApiService, recordings: Recording[], specs: Specs): ContractCase[] {
  const out: ContractCase[] = [];
  for (const op of service.operations) {
    const nodeSpecific = service.name === 'node-health';
    for (const rec of recordings) {
      const url = new URL(rec.request.url);
      const m = specs.matchRest(rec.request.method, url);
      if (m?.operation !== op || m.service !== service) continue;
      const c: ContractCase = {
        service: service.name,
        operation: op.id,
        source: rec.file,
        method: op.method,
        path: url.pathname + url.search,
        nodeSpecific,
        expect: { status: rec.response.status },
      };
      if (rec.request.body !== undefined) c.body = rec.request.body;
      if (rec.lenient?.length) c.lenient = rec.lenient;
      out.push(c);
    }
    // Error examples share the success example's request (OpenAPI pairs no request with a
    // response example), so only the success example makes a case a server can answer.
    const ex = service.examples(op).find((e) => e.status >= 200 && e.status < 300);
    if (ex?.request) {
      const c: ContractCase = {
        service: service.name,
        operation: op.id,
        source: `example ${ex.name}`,
        method: op.method,
        path: buildPath(op.path, ex.request),
        nodeSpecific,
        expect: { status: ex.status },
      };
      if (ex.request.body !== undefined) c.body = ex.request.body;
      out.push(c);
    }
  }
  return out;
}

export function buildPath(template: string, request: RestRequest): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(request.pathParams[name] ?? ''),
  );
  const query = new URLSearchParams();
  for (const [k, values] of Object.entries(request.query))
    for (const v of values) query.append(k, v);
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

function rpcPath(method: RpcMethod): string {
  const endpoint = method.endpoints[0];
  if (!endpoint) return '/';
  return endpoint.path.replace(
    /\{([^}]+)\}/g,
    (_, v: string) => endpoint.variables[v]?.default ?? v,
  );
}

/** What a recorded JSON-RPC reply expects: its HTTP status and a result or an error code. */
function rpcExpectation(rec: Recording): Expectation {
  const reply = rec.response.body;
  if (isObject(reply) && isObject(reply.error)) {
    const out: Expectation = { status: rec.response.status, reply: 'error' };
    if (typeof reply.error.code === 'number') out.errorCode = reply.error.code;
    return out;
  }
  return { status: rec.response.status, reply: 'result' };
}

function rpcCases(service: OpenRpcService, recordings: Recording[]): ContractCase[] {
  const out: ContractCase[] = [];
  for (const method of service.methods) {
    const nodeSpecific = method.node['x-node-specific'] === true;
    for (const rec of recordings) {
      const call = rec.request.body;
      if (!isObject(call) || call.method !== method.id) continue;
      out.push({
        service: service.name,
        operation: method.id,
        source: rec.file,
        method: 'POST',
        path: new URL(rec.request.url).pathname,
        body: call,
        nodeSpecific,
        expect: rpcExpectation(rec),
        ...(rec.lenient?.length ? { lenient: rec.lenient } : {}),
      });
    }
    service.examples(method).forEach((ex, i) => {
      const body = { jsonrpc: '2.0', id: i + 1, method: method.id, params: ex.params };
      out.push({
        service: service.name,
        operation: method.id,
        source: `example ${ex.name}`,
        method: 'POST',
        path: rpcPath(method),
        body,
        nodeSpecific,
        expect: { status: 200, reply: 'result' },
      });
    });
  }
  return out;
}

export function describeExpectation(e: Expectation): string {
  if (e.or?.length) return [{ ...e, or: undefined }, ...e.or].map(describeExpectation).join(' or ');
  if (e.reply === 'error')
    return `HTTP ${e.status} with error${e.errorCode === undefined ? '' : ` ${e.errorCode}`}`;
  if (e.reply === 'result') return `HTTP ${e.status} with a result`;
  return `HTTP ${e.status}`;
}

/** The request a case sends, JSON-RPC ids left out: two cases with one key get one answer. */
function requestKey(c: ContractCase): string {
  const body = isObject(c.body) ? { ...c.body, id: undefined } : c.body;
  return canonical([c.service, c.method, c.path, body ?? null]);
}

const succeeds = (e: Expectation) => e.status >= 200 && e.status < 300 && e.reply !== 'error';

/**
 * Where the corpus pairs one request with different answers (a documented error body shown
 * beside a request that succeeds), a server can give only one of them: the success case is
 * kept and the other is skipped with the reason.
 */
function skipConflicts(cases: ContractCase[]): ContractCase[] {
  const byRequest = new Map<string, ContractCase[]>();
  for (const c of cases) {
    const key = requestKey(c);
    byRequest.set(key, [...(byRequest.get(key) ?? []), c]);
  }
  for (const group of byRequest.values()) {
    const winner = group.find((c) => succeeds(c.expect)) ?? group[0];
    if (!winner) continue;
    for (const c of group) {
      if (canonical(c.expect) === canonical(winner.expect)) continue;
      c.skip = `sends the same request as ${winner.source}, which expects ${describeExpectation(winner.expect)}; one request cannot have both answers`;
    }
  }
  return cases;
}

/** Every request the contract tester sends: each recording's and each example's. */
export function contractCases(specs: Specs, recordings: Recording[]): ContractCase[] {
  return skipConflicts([
    ...specs.rest.flatMap((s) => restCases(s, recordings, specs)),
    ...specs.rpc.flatMap((s) => rpcCases(s, recordings)),
  ]);
}

export interface RunOptions {
  targets: Targets;
  /** Sent to each target whose spec declares an api-key header, in that header only. */
  apiKey?: string;
  /** The environment variable the key came from, named in curl reproductions. */
  apiKeyVariable?: string;
  concurrency: number;
  timeoutMs: number;
  /**
   * Longest wait honoured for a Retry-After (the CLI's is 30 s); a target asking for longer is
   * given up on as rate limited.
   */
  maxRetryAfterMs: number;
  /** Retries of a rate-limited answer (429, or 503 with Retry-After), per case. */
  retries: number;
  /** How long a target may answer nothing before it is given up on (default `silenceFor(timeoutMs)`). */
  silenceMs?: number;
  /** Largest answer read, after decompression (default 32 MiB); a larger one is drift. */
  maxResponseBytes?: number;
  fetch?: typeof fetch;
  onResult?: (result: ContractResult, done: number, total: number) => void;
  /** The target replays the corpus: judge answers to marked recordings by their marks. */
  replaysCorpus?: boolean;
  /** `--header`: sent to its service's target only (every target when unscoped). */
  headers?: RunHeader[];
  /** `--rate-limit`: every request, retries included, waits for its turn. */
  rateLimits?: RateLimits;
  /** `--max-failures`: no case is started once this many drifted. */
  maxFailures?: number;
  /** Shared by the batches of one run (see runPlan): targets given up on, counts, progress. */
  state?: RunState;
}

/** RFC 9110 Retry-After (delta-seconds or an HTTP-date, anything else undefined) in ms from `now`. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  return strictRetryAfterMs(header, now);
}

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
function transportFor(
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

/** A URL as it may be shown: without user:password@. */
export const shown = (url: string) => url.replace(/\/\/[^/@]*@/, '//');

/** Failures before any connection exists: the host is not there, so nothing was tested. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether a fetch failure happened before any connection: no request reached the target. */
export function neverLeft(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 9; i++) {
    if (typeof e.code === 'string' && unreachableCodes.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * A curl command for the case's request; the api key is written as its variable, a --header
 * value as written on the command line (`$VAR`) or `[redacted]`, never the value itself.
 */
export function curlFor(
  c: ContractCase,
  url: string,
  key?: { header: string; variable: string },
  headers: readonly RunHeader[] = [],
): string {
  const parts = ['curl', '-sS'];
  if (c.method !== 'GET') parts.push('-X', c.method);
  parts.push(shellQuote(url));
  if (key) parts.push('-H', `"${key.header}: $${key.variable}"`);
  for (const h of headers)
    if (h.service === undefined || h.service === c.service)
      // Double quotes, so that a shell expands $VAR as the run did.
      parts.push('-H', `"${h.name}: ${h.shown.replace(/["\\`]/g, '\\$&')}"`);
  if (c.body !== undefined)
    parts.push(
      '-H',
      shellQuote('content-type: application/json'),
      '--data',
      shellQuote(JSON.stringify(c.body)),
    );
  return parts.join(' ');
}

function describeReply(reply: unknown): string {
  if (!isObject(reply)) return 'no JSON-RPC reply';
  if (isObject(reply.error))
    return `error ${String(reply.error.code)} ${JSON.stringify(String(reply.error.message ?? ''))}`;
  return 'result' in reply ? 'a result' : 'neither result nor error';
}

/** Drift between what the case expects and what came back: status, result or error. */
function expectationViolations(c: ContractCase, status: number, body: unknown): Violation[] {
  if (c.expect.or?.length) {
    const first = { ...c, expect: { ...c.expect, or: undefined } };
    const own = expectationViolations(first, status, body);
    const alternative = c.expect.or.some(
      (e) => expectationViolations({ ...c, expect: e }, status, body).length === 0,
    );
    return alternative ? [] : own;
  }
  const out: Violation[] = [];
  if (status !== c.expect.status)
    out.push(
      violation(
        'unexpected-status',
        'response.status',
        '',
        `expected ${c.expect.status}, got ${status}`,
      ),
    );
  if (c.expect.reply === undefined || !isObject(body) || Array.isArray(c.body)) return out;
  const gotError = isObject(body.error);
  const gotResult = 'result' in body && !gotError;
  if (c.expect.reply === 'result' && gotError) {
    out.push(
      violation(
        'unexpected-error',
        'response.body',
        '/error',
        `expected a result, got ${describeReply(body)}`,
      ),
    );
  } else if (c.expect.reply === 'error') {
    const want = `error${c.expect.errorCode === undefined ? '' : ` ${c.expect.errorCode}`}`;
    const code = gotError ? (body.error as Record<string, unknown>).code : undefined;
    if (gotResult || (gotError && c.expect.errorCode !== undefined && code !== c.expect.errorCode))
      out.push(
        violation(
          'unexpected-error',
          'response.body',
          gotResult ? '/result' : '/error/code',
          `expected ${want}, got ${describeReply(body)}`,
        ),
      );
  }
  return out;
}

/** Why a send got no answer (refused, timed out, reset), or undefined when it got one. */
function noAnswerReason(
  e: { name?: string; code?: string },
  timeoutMs: number,
): string | undefined {
  return e.name === 'TimeoutError'
    ? `no answer within ${timeoutMs} ms`
    : e.name === 'ConnectionError'
      ? e.code && unreachableCodes.has(e.code)
        ? e.code
        : `the connection closed without an answer (${e.code ?? 'no code'})`
      : undefined;
}

/**
 * Judges one answer: its body must be JSON, match the case's expectation, and (unless the
 * transport already failed it) validate against the specs; the exchange is kept on the result.
 */
function judgeAnswer(
  specs: Specs,
  c: ContractCase,
  options: RunOptions,
  url: string,
  result: ContractResult,
  response: Response,
  answered: string,
) {
  let text = answered;
  // A --header value a server echoes back stays out of reports and recordings.
  for (const h of options.headers ?? [])
    if (h.value.length > 5) text = text.replaceAll(h.value, '[redacted]');
  result.status = response.status;
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      const type = response.headers.get('content-type') ?? 'no content type';
      result.violations.push(
        violation(
          'protocol',
          'response.body',
          '',
          `HTTP ${response.status} with a body that is not JSON (${type}): ${JSON.stringify(text.slice(0, 60))}`,
        ),
      );
    }
  }
  result.got =
    c.expect.reply === undefined || body === undefined
      ? `HTTP ${response.status}`
      : `HTTP ${response.status} with ${describeReply(body)}`;
  result.violations.push(...expectationViolations(c, response.status, body));
  const exchange: Recording = {
    file: `${c.operation}`,
    request: { method: c.method, url },
    response: {
      status: response.status,
      headers: { 'content-type': response.headers.get('content-type') ?? '' },
    },
  };
  if (c.body !== undefined) exchange.request.body = c.body;
  if (body !== undefined) exchange.response.body = body;
  result.exchange = exchange;
  if (options.replaysCorpus && c.lenient) exchange.lenient = c.lenient;
  if (!result.violations.some((v) => v.kind === 'protocol')) {
    // Matched by the case's own path: a target with a path prefix (http://host/prefix) serves the
    // same operations under it.
    const check = specs.checkExchange(
      { ...exchange, request: { ...exchange.request, url: new URL(c.path, url).href } },
      { strict: true },
    );
    // Only the answer is under test here; the request came from the corpus.
    result.violations.push(
      ...check.errors.filter(
        (e) =>
          e.where.startsWith('response') &&
          // A JSON-RPC status other than 200 is already told as expected vs got.
          !(
            e.kind === 'undeclared-status' &&
            result.violations.some((v) => v.kind === 'unexpected-status')
          ),
      ),
    );
    if (!check.operation && check.errors.length > 0) result.violations.push(...check.errors);
  }
}

/**
 * Whether an answer is the target pushing back rather than the answer under test: 429, or 503
 * with Retry-After, unless the case expects that status.
 */
function pushedBack(c: ContractCase, response: Response): boolean {
  const { status } = response;
  if (status !== 429 && !(status === 503 && response.headers.has('retry-after'))) return false;
  return status !== c.expect.status && !c.expect.or?.some((e) => e.status === status);
}

/** The pace kept with one target, shared by every batch of the run. */
function paceOf(state: RunState, base: string, concurrency: number): Pace {
  let pace = state.paces.get(base);
  if (!pace) {
    pace = new Pace(concurrency);
    state.paces.set(base, pace);
  }
  return pace;
}

/** Gives a target up: its remaining cases are not sent; `abort` stops its requests in flight. */
function giveUp(state: RunState, base: string, why: string, abort = false) {
  if (state.down.has(base)) return;
  state.down.set(base, why);
  state.paces.get(base)?.close(why, abort);
}

/** One request at the target's pace: its answer and body, or what went wrong. */
type Attempt =
  | { sentAt: number; response: Response; text: string }
  | { sentAt: number; failure: { name?: string; code?: string; message?: string } }
  | { given: string };

async function attempt(
  c: ContractCase,
  base: string,
  options: RunOptions,
  state: RunState,
  send: PolicyFetch,
): Promise<Attempt> {
  const pace = paceOf(state, base, options.concurrency);
  if ((await pace.enter()) === undefined)
    return { given: state.down.get(base) ?? 'the target was given up on' };
  state.inFlight++;
  let sentAt = performance.now();
  try {
    // Every request, retries included, waits for its --rate-limit turn.
    await options.rateLimits?.take(c.service);
    // The target may have been given up on while this case waited for its turn.
    const since = state.down.get(base);
    if (since !== undefined) return { given: since };
    sentAt = performance.now();
    const response = await send(`${base}${c.path}`, {
      method: c.method,
      headers: {
        accept: 'application/json',
        ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: c.body === undefined ? null : JSON.stringify(c.body),
      retryFailures: false,
      signal: pace.signal,
    });
    return { sentAt, response, text: await response.text() };
  } catch (error) {
    if (pace.signal.aborted && (error as Error)?.name === 'GivenUpError')
      return { given: state.down.get(base) ?? String((error as Error).message) };
    return { sentAt, failure: error as { name?: string; code?: string; message?: string } };
  } finally {
    state.inFlight--;
    pace.leave();
  }
}

/** One try at a case: when it left, how many tries so far, its target and the run's state. */
interface Try {
  sentAt: number;
  tries: number;
  base: string;
  options: RunOptions;
  state: RunState;
}

/**
 * What a rate-limited answer leads to: a wait and another try (`retry`), or the case not
 * tested with why. Gives the target up when it asks for a wait past the cap, or after
 * `pacing.limitedInRow` such answers in a row.
 */
function afterPushBack(
  response: Response,
  { sentAt, tries, base, options, state }: Try,
): 'retry' | string {
  const pace = paceOf(state, base, options.concurrency);
  const cap = options.maxRetryAfterMs;
  const status = `HTTP ${response.status}`;
  const asked = retryAfterMs(response.headers.get('retry-after'));
  if (asked !== undefined && asked > cap) {
    const why = `rate limited: ${status} asked to wait ${Math.ceil(asked / 1000)} s (Retry-After), more than the ${Math.round(cap / 1000)} s this run waits; the rest were not sent`;
    pace.limited(sentAt, cap);
    giveUp(state, base, why);
    return why;
  }
  const wait = asked ?? Math.min(cap, pacing.firstBackoffMs * 2 ** pace.limitedInRow);
  const row = pace.limited(sentAt, wait);
  if (row >= pacing.limitedInRow) {
    const why = `rate limited: ${row} answers in a row were HTTP 429 (or 503 with Retry-After); the rest were not sent`;
    giveUp(state, base, why);
    return why;
  }
  if (tries <= options.retries) return 'retry';
  return `rate limited: ${status} after ${tries} ${tries === 1 ? 'try' : 'tries'}`;
}

/**
 * What no answer leads to: one more try after a timeout, else the case not tested with why.
 * Gives the target up when it is not there, or has answered nothing for the silence stretch.
 */
function afterNoAnswer(
  noAnswer: string,
  timedOut: boolean,
  { sentAt, tries, base, options, state }: Try,
): 'retry' | string {
  // A host that is not there is told at once.
  if (unreachableCodes.has(noAnswer)) {
    giveUp(state, base, noAnswer);
    return noAnswer;
  }
  const silentMs = paceOf(state, base, options.concurrency).unanswered(sentAt);
  const silence = options.silenceMs ?? silenceFor(options.timeoutMs);
  const why = tries > 1 ? `${noAnswer} (${tries} tries)` : noAnswer;
  if (silentMs >= silence) {
    giveUp(
      state,
      base,
      `no answer for ${Math.round(silentMs / 1000)} s (last: ${noAnswer}); the rest were not sent`,
      true,
    );
    return why;
  }
  return timedOut && tries < pacing.triesWithoutAnswer ? 'retry' : why;
}

async function runCase(
  specs: Specs,
  c: ContractCase,
  options: RunOptions,
  state: RunState,
): Promise<ContractResult> {
  const base = options.targets[c.service] as string;
  const url = shown(`${base}${c.path}`);
  const keyHeader = options.apiKey ? apiKeyHeader(specs, c.service) : undefined;
  const key = keyHeader
    ? { header: keyHeader, variable: options.apiKeyVariable ?? 'API_KEY' }
    : undefined;
  const result: ContractResult = {
    ...c,
    url,
    verdict: 'drift',
    ok: false,
    violations: [],
    curl: curlFor(c, url, key, options.headers),
  };
  const finish = (verdict: Verdict, unreachable?: string) => {
    if (unreachable !== undefined) result.unreachable = unreachable;
    result.verdict = verdict;
    result.ok = verdict === 'conforms';
    return result;
  };
  if (c.skip) return finish('skipped');
  const known = state.down.get(base);
  if (known !== undefined) return finish('not-tested', known);
  const started = performance.now();
  let requests = 0;
  const real = options.fetch ?? globalThis.fetch;
  // Every attempt is counted, but a refused connection carried no request: the counts say
  // what the target saw.
  const counted: typeof fetch = async (input, init) => {
    requests++;
    state.requests++;
    try {
      return await real(input, init);
    } catch (error) {
      if (neverLeft(error)) {
        requests--;
        state.requests--;
      }
      throw error;
    }
  };
  const send = transportFor(c.service, base, options, counted, keyHeader);
  try {
    for (let tries = 1; ; tries++) {
      const got = await attempt(c, base, options, state, send);
      if ('given' in got) return finish('not-tested', got.given);
      if ('failure' in got) {
        // What an earlier try's 429 said is not what this one got.
        delete result.status;
        delete result.got;
        const e = got.failure;
        // No answer (refused, timed out, reset) tests nothing: not tested, with the reason.
        const noAnswer = noAnswerReason(e, options.timeoutMs);
        if (noAnswer !== undefined) {
          const timedOut = e.name === 'TimeoutError';
          const at = { sentAt: got.sentAt, tries, base, options, state };
          const next = afterNoAnswer(noAnswer, timedOut, at);
          if (next === 'retry') continue;
          return finish('not-tested', next);
        }
        // RedirectError, ResponseTooLargeError, an undecodable body: an answer, in the transport's words.
        paceOf(state, base, options.concurrency).answered();
        result.violations.push(violation('protocol', 'response', '', String(e.message)));
        return finish('drift');
      }
      if (pushedBack(c, got.response)) {
        // Not the answer under test: no exchange is kept (nor recorded), only what came back.
        result.status = got.response.status;
        result.got = `HTTP ${got.response.status}`;
        const at = { sentAt: got.sentAt, tries, base, options, state };
        const next = afterPushBack(got.response, at);
        if (next === 'retry') continue;
        return finish('not-tested', next);
      }
      paceOf(state, base, options.concurrency).answered();
      judgeAnswer(specs, c, options, url, result, got.response, got.text);
      return finish(result.violations.length === 0 ? 'conforms' : 'drift');
    }
  } finally {
    result.requests = requests;
    result.durationMs = performance.now() - started;
  }
}

/**
 * Sends every case to its target with bounded concurrency; results in case order. Once
 * `maxFailures` cases drifted no more are started: the results hold only the cases that ran.
 */
export async function runContract(
  specs: Specs,
  cases: ContractCase[],
  options: RunOptions,
): Promise<ContractResult[]> {
  const missing = [...new Set(cases.map((c) => c.service))].filter(
    (s) => !options.targets[s] && cases.some((c) => c.service === s && !c.skip),
  );
  if (missing.length > 0)
    throw new Error(
      `runContract: no target URL for ${missing.join(', ')} (targets name ${Object.keys(options.targets).join(', ') || 'nothing'})`,
    );
  const state = options.state ?? newRunState();
  // Each target's pace starts at the concurrency of the run's first batch (later ones send one
  // case at a time, several batches at once).
  for (const base of Object.values(options.targets)) paceOf(state, base, options.concurrency);
  state.total += cases.length;
  const results: (ContractResult | undefined)[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length && state.stopped === undefined) {
      const i = next++;
      const r = await runCase(specs, cases[i] as ContractCase, options, state);
      results[i] = r;
      state.done++;
      if (r.verdict === 'not-tested') state.notTested++;
      if (r.verdict === 'drift') {
        state.drift++;
        if (options.maxFailures && state.drift >= options.maxFailures)
          state.stopped = `--max-failures ${options.maxFailures} reached`;
      }
      options.onResult?.(r, state.done, state.total);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(options.concurrency, cases.length)) }, worker),
  );
  // Cases left unstarted by --max-failures are not part of the total any more.
  const ran = results.filter((r): r is ContractResult => r !== undefined);
  state.total -= cases.length - ran.length;
  // Cases that raced the first failure of their target are not tested either.
  for (const r of ran) {
    const reason = state.down.get(options.targets[r.service] as string);
    if (
      reason !== undefined &&
      r.verdict !== 'skipped' &&
      r.status === undefined &&
      !r.unreachable
    ) {
      r.unreachable = reason;
      r.violations = [];
      r.verdict = 'not-tested';
    }
  }
  return ran;
}

export interface OperationVerdict {
  service: string;
  operation: string;
  cases: number;
  statuses: number[];
  verdict: Verdict;
  ok: boolean;
  drift: Partial<Record<ViolationKind, number>>;
}

/** One verdict per operation: drift beats not tested beats conforms; skipped when all are. */
export function verdicts(results: ContractResult[]): OperationVerdict[] {
  const map = new Map<string, { v: OperationVerdict; seen: Set<Verdict> }>();
  for (const r of results) {
    const key = `${r.service} ${r.operation}`;
    const entry = map.get(key) ?? {
      v: {
        service: r.service,
        operation: r.operation,
        cases: 0,
        statuses: [],
        verdict: 'conforms' as Verdict,
        ok: true,
        drift: {},
      },
      seen: new Set<Verdict>(),
    };
    const { v } = entry;
    v.cases++;
    entry.seen.add(r.verdict);
    if (r.status !== undefined && !v.statuses.includes(r.status)) v.statuses.push(r.status);
    for (const x of r.violations) v.drift[x.kind] = (v.drift[x.kind] ?? 0) + 1;
    map.set(key, entry);
  }
  return [...map.values()].map(({ v, seen }) => {
    v.verdict = seen.has('drift')
      ? 'drift'
      : seen.has('not-tested')
        ? 'not-tested'
        : seen.has('conforms')
          ? 'conforms'
          : 'skipped';
    v.ok = v.verdict === 'conforms';
    return v;
  });
}

export interface VerdictCounts {
  conforms: number;
  drift: number;
  notTested: number;
  skipped: number;
}

export function countVerdicts(list: { verdict: Verdict }[]): VerdictCounts {
  const count = (k: Verdict) => list.filter((x) => x.verdict === k).length;
  return {
    conforms: count('conforms'),
    drift: count('drift'),
    notTested: count('not-tested'),
    skipped: count('skipped'),
  };
}

/** The CLI's exit code: 1 for any drift, else 2 when anything went untested, else 0. */
export function exitCode(results: ContractResult[]): 0 | 1 | 2 {
  if (results.some((r) => r.verdict === 'drift')) return 1;
  if (results.some((r) => r.verdict === 'not-tested')) return 2;
  // Everything skipped: nothing was tested either.
  return results.some((r) => r.verdict === 'conforms') ? 0 : 2;
}

/**
 * Asks the node target which release it runs (`info.getNodeVersion`), so its answers can be
 * judged by what that release sends. Undefined, with the reason, when it cannot tell.
 */
export async function readNodeVersion(
  baseUrl: string,
  options: Pick<RunOptions, 'timeoutMs' | 'fetch' | 'maxResponseBytes' | 'headers'>,
): Promise<{ version: string } | { reason: string }> {
  // The same transport as the cases: timeout, size cap, no redirects followed blindly.
  const send = transportFor('node-rpc', baseUrl, {
    ...options,
    targets: {},
    concurrency: 1,
    maxRetryAfterMs: 0,
    retries: 0,
  });
  try {
    const response = await send(`${baseUrl}/ext/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'info.getNodeVersion' }),
    });
    const text = await response.text();
    let reply: unknown;
    try {
      reply = JSON.parse(text);
    } catch {
      return { reason: `info.getNodeVersion answered HTTP ${response.status} without JSON` };
    }
    const result = isObject(reply) ? reply.result : undefined;
    if (isObject(result) && typeof result.version === 'string') return { version: result.version };
    return { reason: `info.getNodeVersion answered HTTP ${response.status} without a version` };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { reason: `info.getNodeVersion failed: ${e.code ?? e.message}` };
  }
}

/**
 * Marks the node cases for methods the judged release does not serve as skipped: such a
 * release answers them -32601, which is its behaviour, not drift.
 */
export function skipAbsentMethods(cases: ContractCase[], judged: Specs, release: string) {
  for (const c of cases) {
    if (c.skip || c.service !== 'node-rpc') continue;
    if (!judged.matchRpc(c.operation)) c.skip = `not served by ${release}`;
  }
}
