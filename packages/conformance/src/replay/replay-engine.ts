// The replay engine: one request in, one answer out, with no server and nothing of Node, so the
// replay server (replay.ts, over node:http) and the in-process fake fetch (fake/) share it.
import { deref, getPointer, isObject } from '../model/json-pointer.js';
import {
  type OpenApiService,
  type Operation,
  parseQuery,
  type RestRequest,
} from '../model/openapi.js';
import type { RpcMethod } from '../model/openrpc.js';
import { namedParams } from '../model/openrpc.js';
import { callsBroken, callsKeep } from '../model/promises/calls.js';
import { holds, type Inputs, sent } from '../model/promises/values.js';
import type { PromiseKind, Promises } from '../model/promises/vocabulary.js';
import { formatViolation } from '../model/schema-set.js';
import type { SpecsCore } from '../model/spec-check.js';
import type { Recording } from '../recordings/recordings.js';
import { AnswerBook, restInputs } from './replay-answers.js';
import {
  type Fault,
  FaultSyntaxError,
  faultHeader,
  mergeFaults,
  parseFault,
} from './replay-faults.js';
import {
  isEvmPath,
  LinkedValues,
  methodNotServed,
  notServedByDescribedRelease,
  rpcNotFound,
  withStatedRelease,
} from './replay-node.js';
import { type KeepContext, type KeepResult, keepPromises, withPointer } from './replay-promises.js';
import { todaysAnswers } from './todays-answers.js';

/** Largest request body read; a larger one is answered 413. */
export const maxBody = 1 << 20;
/** Waits `ms`; no timer module, so the engine runs in a browser too. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const statusNames: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
const unparsable = Symbol('unparsable');
/** A request body over 1 MiB: answered 413 without reading it. */
export const tooLarge = Symbol('too large');

/** A request as the replay engine reads it, from node:http or from a fetch `Request`. */
export interface ReplayRequest {
  method: string;
  /** Path and query (`/v1/chains?pageSize=2`); an absolute URL's origin is ignored. */
  url: string;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  /** The body's text (`''` when none), or `tooLarge`. */
  body: string | typeof tooLarge;
}

/** What the engine answers; `body` absent is an empty body. */
export interface ReplayAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** An answer, or `'drop'`: the connection is cut and no answer comes. */
export type ReplayOutcome = ReplayAnswer | 'drop';

/** Response header naming the promise kinds a fault switch broke on this answer. */
export const faultAppliedHeader = 'x-replay-fault-applied';

export interface ReplayOptions {
  specs: SpecsCore;
  recordings: Recording[];
  /**
   * Fault switches applied to every answer, as in the `x-replay-fault` header (a request's
   * own header adds to them): e.g. `order` makes a replay server that a contract run must
   * report for broken order.
   */
  fault?: string;
  /**
   * Answer from recordings of an older shape of the service as they were recorded (the corpus
   * marks them with an era, or excuses members of their answers): answers today's spec does not
   * promise, a drift scenario for a test. Off by default: such a recording is answered in
   * today's shape (todays-answers.ts), so every answer is valid against today's spec.
   */
  olderAnswers?: boolean;
}

/** Whether any filter of the promises is sent (and applies) in these inputs. */
const filtersSent = (p: Promises, inputs: Inputs) =>
  (p.filters ?? []).some((f) => sent(inputs[f.input]) && holds(f.when, inputs));

/** How a picked answer is kept: the other stored answers' items join when a filter is sent. */
function keepContext(
  id: string,
  p: Promises,
  inputs: Inputs,
  others: unknown[],
  all: () => unknown[],
  faults: PromiseKind[] | undefined,
  choices?: KeepContext['choices'],
  valid?: KeepContext['valid'],
): KeepContext {
  const itemsOf = (body: unknown) => {
    const list = p.items === undefined ? undefined : getPointer(body, p.items);
    return Array.isArray(list) ? list : [];
  };
  return {
    id,
    ...(filtersSent(p, inputs) ? { pool: others.map(itemsOf) } : {}),
    others: () => all().flatMap(itemsOf),
    stored: all,
    faults: new Set(faults ?? []),
    ...(choices ? { choices } : {}),
    ...(valid ? { valid } : {}),
  };
}

/** The values a REST parameter's schema lists (`enum`, or its items' for a list), by name. */
function enumOf(service: OpenApiService, operation: Operation) {
  return (input: string): readonly unknown[] | undefined => {
    const param = operation.parameters.find((q) => q.name === input);
    if (!param) return undefined;
    let { node } = deref(service.doc, { $ref: `#${param.schema}` }, param.schema);
    if (param.isArray && isObject(node.items)) node = deref(service.doc, node.items, '').node;
    return Array.isArray(node.enum) ? node.enum : undefined;
  };
}

/**
 * Answers requests from the recordings, else from the spec's examples, after validating
 * each request against the spec: by identity (unknown ids get the service's not-found),
 * paged and in the asked encoding, with AvalancheGo's HTTP behaviour (CORS, 415, 413) and
 * failure answers on demand through the `x-replay-fault` header.
 */
export class ReplayEngine {
  private readonly book: AnswerBook;
  private readonly linked: LinkedValues;
  private readonly fault: Fault;
  /**
   * The methods the release the spec describes does not serve, answered as unknown; none when
   * older answers were asked for (then everything stored is served, as recorded).
   */
  private readonly notServed: ReadonlySet<RpcMethod>;
  /** Items of the user's own per operation or method (the fake's `items`), replacing the stored. */
  private readonly ownItems = new Map<string, unknown[]>();

  /** Throws FaultSyntaxError when `options.fault` is not a valid switch list. */
  constructor(private readonly options: ReplayOptions) {
    const recordings = options.olderAnswers
      ? options.recordings
      : todaysAnswers(options.specs, options.recordings);
    this.book = new AnswerBook(options.specs, recordings);
    this.linked = new LinkedValues(this.book);
    this.fault = options.fault === undefined ? {} : parseFault(options.fault);
    this.notServed = new Set(
      options.olderAnswers ? [] : options.specs.rpc.flatMap(notServedByDescribedRelease),
    );
  }

  /**
   * One request in, one answer out (or `'drop'`: the connection is cut without an answer), with
   * no server around it: `handle` serves it over node:http, the fake `fetch` in a test process.
   */
  /**
   * Answers every list of `operation` (operationId or method) with these items instead of the
   * stored ones: paged, filtered and sorted by its promises as stored items are.
   */
  setItems(operation: string, items: unknown[]): void {
    this.ownItems.set(operation, items);
  }

  /** The services (`avm`, `platform`) whose methods the JSON-RPC server at `pathname` serves. */
  private servicesAt(pathname: string): Set<string> {
    const out = new Set<string>();
    for (const service of this.options.specs.rpc)
      for (const m of service.methods)
        if (m.endpoints.some((e) => e.regex.test(pathname))) out.add(m.id.split('.')[0] as string);
    return out;
  }

  /** The stored body with the user's items in place of its list, when they gave some. */
  private withOwnItems(id: string, p: Promises, body: unknown): unknown {
    const items = this.ownItems.get(id);
    return items && p.items !== undefined ? withPointer(body, p.items, items) : body;
  }

  answer = async (req: ReplayRequest): Promise<ReplayOutcome> => {
    try {
      const url = new URL(req.url, 'http://replay');
      const isRpcPath = this.options.specs.rpc.some((s) => s.servesPath(url.pathname));
      const cors = corsHeaders(req);
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method'])
        return withHeaders(preflight(req, isRpcPath), cors);
      const outcome = await this.answerRequest(req, url, isRpcPath);
      return outcome === 'drop' ? outcome : withHeaders(outcome, cors);
    } catch (error) {
      return send(500, errorBody(500, [`replay server failed: ${(error as Error).message}`]));
    }
  };

  private async answerRequest(
    req: ReplayRequest,
    url: URL,
    isRpcPath: boolean,
  ): Promise<ReplayOutcome> {
    let fault: Fault = this.fault;
    const faultText = req.headers[faultHeader];
    if (typeof faultText === 'string') {
      try {
        fault = mergeFaults(this.fault, parseFault(faultText));
      } catch (error) {
        if (!(error instanceof FaultSyntaxError)) throw error;
        return send(400, errorBody(400, [error.message]));
      }
    }
    if (req.body === tooLarge)
      return send(413, errorBody(413, ['request body is larger than 1 MiB']), {
        connection: 'close',
      });
    if (fault.slowMs) await sleep(fault.slowMs);
    if (fault.drop) return 'drop';
    const rpcPost = req.method === 'POST' && isRpcPath;
    if (isRpcPath && !rpcPost && !this.options.specs.matchRest(req.method, url)) {
      // gorilla/rpc's answer to anything but a POST on a JSON-RPC endpoint.
      return sendText(405, `rpc: POST method required, received ${req.method}`);
    }
    if (rpcPost) {
      const refused = unsupportedMediaType(req.headers['content-type'], url.pathname);
      if (refused) return sendText(415, refused);
    }
    let body: unknown;
    if (req.body !== '') {
      try {
        body = JSON.parse(req.body);
      } catch {
        body = unparsable;
      }
    }
    if (rpcPost) return this.rpc(url, body, fault);
    if (fault.status) return this.restFault(req.method, url, fault);
    if (fault.rpcError !== undefined)
      return send(
        400,
        errorBody(400, [`${faultHeader}: rpc-error applies to JSON-RPC calls only`]),
      );
    if (body === unparsable) return send(400, errorBody(400, ['request body is not valid JSON']));
    return this.rest(req.method, url, body, fault);
  }

  /** A REST failure on demand: the spec's example for that status, else the error body. */
  private restFault(method: string, url: URL, fault: Fault): ReplayAnswer {
    const status = fault.status as number;
    const match = this.options.specs.matchRest(method, url);
    const example = match?.service
      .examples(match.operation)
      .find((e) => e.status === status && e.body !== undefined);
    const headers: Record<string, string> = {};
    if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
    return send(
      status,
      example?.body ?? errorBody(status, [`${statusNames[status]} (asked for by ${faultHeader})`]),
      headers,
    );
  }

  private rest(method: string, url: URL, body: unknown, fault: Fault): ReplayAnswer {
    const { specs } = this.options;
    const match = specs.matchRest(method, url);
    if (!match) {
      const other = specs.rest.some((s) => s.matchPath(url.pathname).length > 0);
      return send(
        other ? 405 : 404,
        errorBody(other ? 405 : 404, [`no operation for ${method} ${url.pathname}`]),
      );
    }
    const { service, operation } = match;
    const request: RestRequest = {
      pathParams: match.pathParams,
      query: parseQuery(url.searchParams),
      body,
    };
    const problems = service.validateRequest(operation, request, { strict: false });
    if (problems.length > 0) {
      return send(
        400,
        errorBody(
          400,
          problems.map((p) => `${describeWhere(p.where, p.path)}: ${p.message}`),
        ),
      );
    }
    const pick = this.book.pickRest(service, operation, request);
    const rules = fault.rules ?? [];
    const ct = contentTypeFault(rules);
    if (pick.kind === 'not-found') {
      const what = pick.name
        ? `${noun(pick.name)} ${pick.value} not found`
        : `nothing stored for ${operation.id}`;
      const nf = operation.promises.notFound;
      const status = nf && 'status' in nf ? nf.status : 404;
      return send(status, errorBody(status, [what]), {}, ct.type);
    }
    const promises = operation.promises;
    const inputs = restInputs(request.pathParams, request.query);
    const kept: KeepResult = keepPromises(
      promises,
      inputs,
      this.withOwnItems(operation.id, operation.promises, pick.answer.body),
      keepContext(
        operation.id,
        promises,
        inputs,
        this.ownItems.has(operation.id) ? [] : pick.others.map((a) => a.body),
        () => this.book.restBodies(service, operation),
        // A stored error answer keeps its own body; only the status rule reads it.
        pick.answer.status < 300 ? rules : rules.filter((r) => r === 'status'),
        enumOf(service, operation),
        (body) =>
          service.validateResponse(operation, pick.answer.status, body, { strict: true }).length ===
          0,
      ),
    );
    if ('error' in kept) return send(400, errorBody(400, [kept.error]), {}, ct.type);
    const headers = appliedHeader([...kept.broken, ...ct.broken]);
    return send(kept.status ?? pick.answer.status, kept.body, headers, ct.type);
  }

  private rpc(url: URL, body: unknown, fault: Fault): ReplayAnswer {
    const status = fault.status ?? 200;
    const ct = contentTypeFault(fault.rules ?? []);
    const headers: Record<string, string> = {};
    if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
    const broken = new Set<PromiseKind>(ct.broken);
    const reply = (payload: unknown) =>
      send(status, payload, { ...headers, ...appliedHeader([...broken]) }, ct.type);
    if (body === undefined || body === unparsable) {
      return reply({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'parse error: body is not valid JSON' },
      });
    }
    if (Array.isArray(body)) {
      if (!isEvmPath(url.pathname)) {
        return reply({
          jsonrpc: '2.0',
          id: null,
          error: {
            code: -32600,
            message: `batch requests are not served at ${url.pathname}; send one call per request`,
          },
        });
      }
      // geth answers an empty batch with one error object, not an empty array.
      if (body.length === 0)
        return reply({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'empty batch' } });
      return reply(body.map((call) => this.rpcCall(url, call, fault, broken)));
    }
    return reply(this.rpcCall(url, body, fault, broken));
  }

  private rpcCall(url: URL, call: unknown, fault: Fault, broken: Set<PromiseKind>): object {
    const id = isObject(call) && 'id' in call ? call.id : null;
    const fail = (code: number, message: string) => ({
      jsonrpc: '2.0',
      id,
      error: { code, message, data: null },
    });
    if (fault.status !== undefined)
      return fail(-32000, `${statusNames[fault.status]} (asked for by ${faultHeader})`);
    if (!isObject(call) || call.jsonrpc !== '2.0' || typeof call.method !== 'string') {
      return fail(-32600, 'invalid request: expected {jsonrpc: "2.0", id, method, params}');
    }
    const found = this.options.specs.matchRpc(call.method);
    // A method of an older or newer release than the one described is not served either.
    if (
      !found?.method.endpoints.some((e) => e.regex.test(url.pathname)) ||
      this.notServed.has(found.method)
    ) {
      const { code, message } = methodNotServed(
        call.method,
        url.pathname,
        this.servicesAt(url.pathname),
      );
      return fail(code, message);
    }
    if (fault.rpcError !== undefined)
      return fail(fault.rpcError, `replay fault ${fault.rpcError} (asked for by ${faultHeader})`);
    const { service, method } = found;
    const params = nodeParams(method, call.params);
    // Non-strict: Go's encoding/json ignores unknown members, but types and required hold.
    const problems = service.validateCall(
      method,
      url.pathname,
      { ...call, params },
      { strict: false },
    );
    if (problems.length > 0) {
      const detail = problems
        .map((p) => formatViolation(p).replace(/^request\.params/, 'params'))
        .join('; ');
      return isEvmPath(url.pathname)
        ? fail(-32602, `invalid argument: ${detail}`)
        : fail(-32000, `couldn't unmarshal an argument: ${detail}`);
    }
    const named = namedParams(method, params);
    const pick = this.book.pickRpc(service, method, params);
    if (pick.kind === 'none') return fail(-32000, `no recording or example for ${call.method}`);
    if (pick.kind === 'encoding')
      return fail(
        -32000,
        `couldn't encode the reply as ${JSON.stringify(pick.requested)}: the replay server holds it only as ${pick.stored.join(', ')}`,
      );
    const answer = pick.kind === 'not-found' ? rpcNotFound(method, named) : pick.answer;
    if ('error' in answer) return { jsonrpc: '2.0', id, error: answer.error };
    const promises = method.promises;
    const kept = keepPromises(
      promises,
      named,
      this.withOwnItems(
        method.id,
        method.promises,
        withStatedRelease(service, method, this.linked.apply(service, method, answer.result)),
      ),
      keepContext(
        method.id,
        promises,
        named,
        pick.kind === 'answer' && !this.ownItems.has(method.id)
          ? pick.others.flatMap((a) => ('result' in a ? [a.result] : []))
          : [],
        () => this.book.rpcResults(service, method),
        fault.rules,
        undefined,
        (result) =>
          service.validateReply(method, id, { jsonrpc: '2.0', id, result }, { strict: true })
            .length === 0,
      ),
    );
    if ('error' in kept) return fail(-32000, kept.error);
    for (const kind of kept.broken) broken.add(kind);
    const result = this.keepCalls(url, method, named, kept.body, fault.rules, broken);
    return { jsonrpc: '2.0', id, result };
  }

  /**
   * The result made to agree with the calls its `calls` relations name, answered by this
   * server at the same endpoint with the linked inputs (or broken, for a `calls` fault).
   */
  private keepCalls(
    url: URL,
    method: RpcMethod,
    named: Inputs,
    result: unknown,
    rules: PromiseKind[] | undefined,
    broken: Set<PromiseKind>,
  ): unknown {
    let out = result;
    for (const c of method.promises.calls ?? []) {
      const theirs = getPointer(this.otherResult(url, c.with, c.inputs ?? {}, named), c.other);
      const kept = callsKeep(c, getPointer(out, c.member), theirs);
      if (kept !== undefined) out = withPointer(out, c.member, kept);
      const bad = rules?.includes('calls')
        ? callsBroken(c, getPointer(out, c.member), theirs)
        : undefined;
      if (bad === undefined) continue;
      out = withPointer(out, c.member, bad);
      broken.add('calls');
    }
    return out;
  }

  /** What this server answers the other call of a relation: its result, or undefined. */
  private otherResult(
    url: URL,
    name: string,
    inputs: Record<string, string>,
    named: Inputs,
  ): unknown {
    const found = this.options.specs.matchRpc(name);
    if (!found || found.method.promises.calls) return undefined;
    const given: Inputs = { ...named };
    for (const [mine, theirs] of Object.entries(inputs)) given[theirs] = named[mine];
    const params =
      found.method.paramStructure === 'by-position'
        ? found.method.params.map((p) => given[p.name]).filter((v) => v !== undefined)
        : given;
    const reply = this.rpcCall(url, { jsonrpc: '2.0', id: 0, method: name, params }, {}, new Set());
    return 'result' in reply ? reply.result : undefined;
  }
}

/**
 * Params as AvalancheGo's JSON-RPC codec reads them for a by-name method: absent, `[]`
 * and `{}` are no params, and `[{…}]` is the object inside.
 */
function nodeParams(method: RpcMethod, params: unknown): unknown {
  if (method.paramStructure !== 'by-name') return params ?? [];
  if (params === undefined || params === null) return {};
  if (Array.isArray(params) && params.length === 0) return {};
  if (Array.isArray(params) && params.length === 1 && isObject(params[0])) return params[0];
  return params;
}

/** `blockId` → `Block`, `txHash` → `Tx`: the resource a not-found message names. */
function noun(param: string): string {
  const base = param.replace(/(ss)es$|([^s])s$/, '$1$2').replace(/(Id|Hash)$/, '') || param;
  return base[0]?.toUpperCase() + base.slice(1);
}

function describeWhere(where: string, path: string): string {
  const part = where.replace(/^request\./, '');
  const name = path.replace(/^\//, '').replaceAll('~1', '/').replaceAll('~0', '~');
  return name ? `${part} parameter ${name}` : part;
}

function errorBody(status: number, message: string[]) {
  return { message, statusCode: status, error: statusNames[status] ?? 'Internal Server Error' };
}

/**
 * The 415 AvalancheGo sends for a JSON-RPC POST in another media type: gorilla/rpc's text on
 * the node's own services, geth's on the EVM `/rpc` endpoint. Undefined when it is accepted.
 */
function unsupportedMediaType(header: string | undefined, pathname: string): string | undefined {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (isEvmPath(pathname)) {
    const accepted = ['application/json', 'application/json-rpc', 'application/jsonrequest'];
    return accepted.includes(type)
      ? undefined
      : 'invalid content type, only application/json is supported';
  }
  return type === 'application/json' ? undefined : `rpc: unrecognized Content-Type: ${type}`;
}

/** CORS as AvalancheGo's rs/cors setup sends it (any origin), on every service here. */
function corsHeaders(req: ReplayRequest): Record<string, string> {
  if (!req.headers.origin) return { vary: 'Origin' };
  return {
    vary: 'Origin',
    'access-control-allow-origin': '*',
    // Lets a browser app read the Retry-After of a 429 (its own or one asked for by fault) and
    // which promise a fault switch broke.
    'access-control-expose-headers': `Retry-After, ${faultAppliedHeader}`,
  };
}

/** The answer with `extra` headers under its own (the answer's win). */
const withHeaders = (a: ReplayAnswer, extra: Record<string, string>): ReplayAnswer => ({
  ...a,
  headers: { ...extra, ...a.headers },
});

/** Answers a CORS preflight: the node (rs/cors) with 200, the REST services with 204. */
function preflight(req: ReplayRequest, isRpcPath: boolean): ReplayAnswer {
  const method = String(req.headers['access-control-request-method']).toUpperCase();
  const headers: Record<string, string> = {
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  };
  if (req.headers.origin && ['GET', 'POST', 'HEAD'].includes(method)) {
    headers['access-control-allow-origin'] = '*';
    headers['access-control-allow-methods'] = method;
    const asked = req.headers['access-control-request-headers'];
    if (asked) headers['access-control-allow-headers'] = asked;
  }
  return { status: isRpcPath ? 200 : 204, headers };
}

/** The content-type fault: a JSON answer sent as text/plain. */
function contentTypeFault(rules: PromiseKind[]) {
  const on = rules.includes('content-type');
  return {
    type: on ? 'text/plain; charset=utf-8' : undefined,
    broken: on ? (['content-type'] as PromiseKind[]) : [],
  };
}

const appliedHeader = (kinds: PromiseKind[]): Record<string, string> =>
  kinds.length ? { [faultAppliedHeader]: [...new Set(kinds)].join(',') } : {};

function send(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  type = 'application/json; charset=utf-8',
): ReplayAnswer {
  // An answer the spec gives no body (reindexNft's 201) goes out empty, without a content type.
  if (body === undefined) return { status, headers };
  return { status, headers: { ...headers, 'content-type': type }, body: JSON.stringify(body) };
}

function sendText(status: number, text: string): ReplayAnswer {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: text };
}
