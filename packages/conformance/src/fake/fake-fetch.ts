// A `fetch` that answers every operation and method of the specs in the same process, as the
// replay server does (the same engine: its data, pages, filters, orders, identities, and the
// errors a request breaking the spec gets), with no server, no port and no file. A test hands it
// to a client as its `fetch` option, asks for misbehaviour per operation (scenarios), and reads
// back the requests it received.
import { type BrowserDocument, browserSpecs } from '../browser.js';
import { getPointer, isObject } from '../model/json-pointer.js';
import { type Mutant, mutants } from '../model/mutations.js';
import type { OpenApiService } from '../model/openapi.js';
import type { OpenRpcService } from '../model/openrpc.js';
import type { SpecsCore } from '../model/spec-check.js';
import type { Recording } from '../recordings/recordings.js';
import {
  maxBody,
  type ReplayAnswer,
  ReplayEngine,
  type ReplayRequest,
  tooLarge,
} from '../replay/replay-engine.js';
import { faultHeader } from '../replay/replay-faults.js';
import { withPointer } from '../replay/replay-promises.js';

/**
 * A way for the fake to misbehave, for every request or (with `operation`) one operation or
 * method; `times` limits it to the first N matching requests (a 429 once, then the answer).
 */
export type FakeScenario = {
  /** operationId or JSON-RPC method name; absent: every request. */
  operation?: string;
  /** Apply to the first `times` matching requests only (default: all). */
  times?: number;
} & (
  | { kind: 'rate-limited'; retryAfterSeconds?: number }
  | { kind: 'server-error'; status?: 500 | 502 | 503 }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'never-answers' }
  | { kind: 'connection-drop' }
  | {
      kind: 'drift';
      /**
       * What to break, keeping the rest of the answer: a promise kind of the answer's
       * `x-promises` (order, filter, page-size, identity, …; the answer stays schema-valid),
       * or a shape fault the spec's schema makes possible (as the conformance suite's mutants):
       * `missing-member` (a required member removed), `wrong-type` (a value of another JSON
       * type), `undeclared-value` or `undeclared-property`.
       */
      breaks: string;
    }
  | {
      kind: 'answer';
      status?: number;
      body: unknown;
      headers?: Record<string, string>;
      /** Check the body against the operation's spec first; a mismatch throws FakeAnswerError. */
      validate?: boolean;
    }
);

/** One request the fake received. */
export interface FakeRequest {
  /** operationId or JSON-RPC method name; undefined when it names none. */
  operation: string | undefined;
  method: string;
  url: string;
  body: unknown;
}

export interface FakeFetchOptions {
  /** Documents to answer by (default: the package's bundled specs). */
  documents?: BrowserDocument[];
  /** Recordings to answer from (default: the package's corpus). */
  recordings?: Recording[];
  /** Exchanges of your own, answered for their requests as recordings are (your data). */
  exchanges?: Recording[];
  /**
   * Items of your own for list operations (operationId or method → its list): the items, or how
   * many to generate from the spec's example (valid, distinct by the list's `distinct` members).
   * The fake then pages, filters and sorts them by the operation's promises.
   */
  items?: Record<string, unknown[] | number>;
  /** Misbehaviour from the start; `fake.use()` adds more. */
  scenarios?: FakeScenario[];
  /** Answer recordings of an older shape as recorded (see `serve --older-answers`). */
  olderAnswers?: boolean;
}

/** A fixed answer of the user's that does not match the spec it was checked against. */
export class FakeAnswerError extends Error {
  override name = 'FakeAnswerError';
}

export interface FakeFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** Every request received, in order. */
  readonly requests: readonly FakeRequest[];
  /** The requests received for one operation or method. */
  requestsFor(operation: string): FakeRequest[];
  /** Adds scenarios; the latest added that matches a request wins. */
  use(...scenarios: FakeScenario[]): void;
  /** Drops the scenarios and the requests received. */
  reset(): void;
}

/** The operation or method a request names, for scenarios and the request log. */
function operationOf(
  specs: SpecsCore,
  method: string,
  url: URL,
  body: unknown,
): string | undefined {
  const rest = specs.matchRest(method, url);
  if (rest) return rest.operation.id;
  const call = Array.isArray(body) ? body[0] : body;
  return call &&
    typeof call === 'object' &&
    typeof (call as { method?: unknown }).method === 'string'
    ? (call as { method: string }).method
    : undefined;
}

/** The `x-replay-fault` switches a scenario stands for, when the engine does it. */
function faultOf(s: FakeScenario): string | undefined {
  switch (s.kind) {
    case 'rate-limited':
      return `429;retry-after=${s.retryAfterSeconds ?? 1}`;
    case 'server-error':
      return String(s.status ?? 500);
    case 'drift':
      return s.breaks in shapeFaults ? undefined : s.breaks;
    default:
      return undefined;
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The shape faults a drift scenario names, as the kinds of `mutants` (model/mutations.ts). */
const shapeFaults: Record<string, Mutant['kind']> = {
  'missing-member': 'missing-required',
  'wrong-type': 'wrong-type',
  'undeclared-value': 'undeclared-value',
  'undeclared-property': 'undeclared-property',
};

/**
 * The answer with one shape fault of its operation's response schema (the first mutant of that
 * kind); throws FakeOptionError where the schema makes none possible.
 */
function brokenShape(
  specs: SpecsCore,
  request: { method: string; url: URL; operation: string | undefined; status: number },
  body: unknown,
  breaks: string,
): unknown {
  const kind = shapeFaults[breaks] as Mutant['kind'];
  const first = (service: OpenApiService | OpenRpcService, pointer: string, value: unknown) =>
    mutants(service.schemas({ strict: true }), service.doc, pointer, value).find(
      (m) => m.kind === kind,
    )?.body;
  const rest = specs.matchRest(request.method, request.url);
  const rpc = rest || !request.operation ? undefined : specs.matchRpc(request.operation);
  const pointer = rest
    ? rest.service.responseSchema(rest.operation, request.status)?.schema
    : rpc?.method.result;
  let broken: unknown;
  if (rest && pointer) broken = first(rest.service, pointer, body);
  else if (rpc && pointer && isObject(body) && 'result' in body) {
    const result = first(rpc.service, pointer, body.result);
    broken = result === undefined ? undefined : { ...body, result };
  }
  if (broken === undefined)
    throw new FakeOptionError(
      `drift ${breaks}: the answer of ${request.operation ?? request.url.pathname} has nothing to break that way`,
    );
  return broken;
}

const wait = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const timer = ms === Number.POSITIVE_INFINITY ? undefined : setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
      },
      { once: true },
    );
  });

/**
 * Makes the fake. Pass it as a client's `fetch`:
 *
 * @example
 * const fake = createFakeFetch();
 * const client = createDataClient({ fetch: fake });
 * fake.use({ kind: 'rate-limited', operation: 'listValidators', times: 1 });
 */
export function createFakeFetch(
  options: FakeFetchOptions & { documents: BrowserDocument[]; recordings: Recording[] },
): FakeFetch {
  const specs = browserSpecs(options.documents, {});
  const engine = new ReplayEngine({
    specs: specs as never,
    recordings: [...options.recordings, ...(options.exchanges ?? [])],
    olderAnswers: options.olderAnswers ?? false,
  });
  for (const [operation, given] of Object.entries(options.items ?? {}))
    engine.setItems(
      operation,
      Array.isArray(given) ? given : generatedItems(specs, operation, given),
    );
  let scenarios: FakeScenario[] = [...(options.scenarios ?? [])];
  const used = new Map<FakeScenario, number>();
  const requests: FakeRequest[] = [];

  const scenarioFor = (operation: string | undefined) =>
    [...scenarios].reverse().find((s) => {
      if (s.operation !== undefined && s.operation !== operation) return false;
      return s.times === undefined || (used.get(s) ?? 0) < s.times;
    });

  const answer = (a: ReplayAnswer) =>
    new Response(a.body ?? null, { status: a.status, headers: a.headers });

  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const body = text === '' ? undefined : parsed(text);
    const operation = operationOf(specs, request.method, url, body);
    requests.push({ operation, method: request.method, url: request.url, body: body ?? text });
    const scenario = scenarioFor(operation);
    if (scenario) used.set(scenario, (used.get(scenario) ?? 0) + 1);
    if (scenario?.kind === 'never-answers') await wait(Number.POSITIVE_INFINITY, request.signal);
    if (scenario?.kind === 'slow') await wait(scenario.delayMs, request.signal);
    if (scenario?.kind === 'connection-drop')
      throw new TypeError('fetch failed: the fake dropped the connection');
    if (scenario?.kind === 'answer')
      return fixedAnswer(specs, scenario, request, url, body, operation);
    const headers: Record<string, string | undefined> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const fault = scenario && faultOf(scenario);
    if (fault) headers[faultHeader] = fault;
    const req: ReplayRequest = {
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers,
      body: text.length > maxBody ? tooLarge : text,
    };
    const outcome = await engine.answer(req);
    if (outcome === 'drop') throw new TypeError('fetch failed: the fake dropped the connection');
    if (scenario?.kind === 'drift' && !fault && outcome.body !== undefined) {
      const broken = brokenShape(
        specs,
        { method: request.method, url, operation, status: outcome.status },
        JSON.parse(outcome.body),
        scenario.breaks,
      );
      return answer({ ...outcome, body: JSON.stringify(broken) });
    }
    return answer(outcome);
  };

  return Object.assign(fake, {
    requests,
    requestsFor: (operation: string) => requests.filter((r) => r.operation === operation),
    use: (...more: FakeScenario[]) => {
      scenarios.push(...more);
    },
    reset: () => {
      scenarios = [];
      used.clear();
      requests.length = 0;
    },
  }) as FakeFetch;
}

/** An operation's (or method's) promises and the items of its first success example. */
function listOf(specs: SpecsCore, operation: string) {
  for (const service of specs.rest) {
    const op = service.operations.find((o) => o.id === operation);
    if (!op) continue;
    const example = service.examples(op).find((e) => e.status < 300 && e.body !== undefined);
    return { promises: op.promises, body: example?.body };
  }
  const rpc = specs.matchRpc(operation);
  if (rpc)
    return { promises: rpc.method.promises, body: rpc.service.examples(rpc.method)[0]?.result };
  throw new FakeOptionError(
    `items: ${JSON.stringify(operation)} is no operation or method of the specs`,
  );
}

/** Letters and digits every id alphabet here admits (base58, bech32, hex-free words): no 0, 1, b, i, l, o. */
const safe = '23456789acdefghjkmnpqrstuvwxyz';

/** `v` made the k-th of its kind: its last characters spell k, in its own alphabet. */
function variant(v: unknown, k: number): unknown {
  if (typeof v === 'number') return v + k;
  if (typeof v !== 'string' || v.length < 4) return v;
  const hex = /^0x[0-9a-f]+$/i.test(v);
  const digits = hex ? '0123456789abcdef' : safe;
  let tail = '';
  for (let n = k; tail.length < 4; n = Math.floor(n / digits.length))
    tail = digits[n % digits.length] + tail;
  return v.slice(0, -tail.length) + tail;
}

/**
 * `count` items from the example's list: copies of its items, each made distinct by the members
 * the list's promises say tell items apart (the cursor's `distinct`, else each item's first
 * string member).
 */
function generatedItems(specs: SpecsCore, operation: string, count: number): unknown[] {
  if (!Number.isInteger(count) || count < 0)
    throw new FakeOptionError(`items.${operation}: ${count} is not a count of items`);
  const { promises, body } = listOf(specs, operation);
  const template = promises.items === undefined ? undefined : getPointer(body, promises.items);
  if (!Array.isArray(template) || template.length === 0)
    throw new FakeOptionError(`items.${operation}: the spec's example has no list to copy from`);
  return Array.from({ length: count }, (_, k) => {
    let item = structuredClone(template[k % template.length]);
    const keys = promises.cursor?.distinct ?? [];
    const pointers = keys.length
      ? keys
      : [
          `/${Object.keys(item as object).find((m) => typeof (item as Record<string, unknown>)[m] === 'string') ?? ''}`,
        ];
    for (const pointer of pointers)
      if (getPointer(item, pointer) !== undefined)
        item = withPointer(item, pointer, variant(getPointer(item, pointer), k));
    return item;
  });
}

/** An option the fake cannot use; the message names it and the value. */
export class FakeOptionError extends Error {
  override name = 'FakeOptionError';
}

/** A scenario's fixed answer, checked against the operation's spec when it asks. */
function fixedAnswer(
  specs: SpecsCore,
  s: Extract<FakeScenario, { kind: 'answer' }>,
  request: Request,
  url: URL,
  body: unknown,
  operation: string | undefined,
): Response {
  const status = s.status ?? 200;
  if (s.validate) {
    const result = specs.checkExchange(
      {
        file: `fake answer for ${operation ?? url.pathname}`,
        request: { method: request.method, url: url.href, ...(body === undefined ? {} : { body }) },
        response: { status, body: s.body },
      },
      { strict: true },
    );
    const problems = result.errors.filter((v) => v.where.startsWith('response'));
    if (problems.length)
      throw new FakeAnswerError(
        `the answer given for ${operation ?? url.pathname} does not match the spec: ${problems
          .map((v) => `${v.where}${v.path} ${v.message}`)
          .join('; ')}`,
      );
  }
  return new Response(JSON.stringify(s.body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...s.headers },
  });
}
