import { retryAfterMs } from '@avalanche-api/rest-core';
import {
  type ConnectionError,
  HttpError,
  IdMismatchError,
  PaginationError,
  type ParameterError,
  ParseError,
  parameterError,
  RateLimitError,
  type RedirectError,
  type ResponseTooLargeError,
  RpcError,
  ServerError,
  type TimeoutError,
} from './errors.js';
import { type HealthPath, type HealthReply, healthGet } from './generated/health.js';
import type {
  Args,
  AvmMethods,
  EvmMethods,
  HealthMethods,
  IndexMethods,
  IndexPath,
  InfoMethods,
  MethodName,
  NodeMethods,
  Params,
  Result,
  ValidatorsMethods,
} from './generated/methods.js';
import type { Schemas } from './generated/schemas.js';
import { type EndpointEntry, endpoints, type MethodEntry, methods } from './generated/table.js';
import { type Answer, type CallOptions, createSend, type RetryOptions } from './transport.js';
import { isObject, prepare } from './validate.js';

/** Public mainnet API nodes; Fuji is {@link FUJI_NODE_URL}, a local node http://127.0.0.1:9650. */
export const MAINNET_NODE_URL = 'https://api.avax.network';
/** Public Fuji test-network API nodes. */
export const FUJI_NODE_URL = 'https://api.avax-test.network';

export interface CreateNodeClientParameters {
  /** Base url of the node, without `/ext/...`. Default {@link MAINNET_NODE_URL}. */
  baseUrl?: string;
  /** A fetch implementation; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /**
   * Sent with every request. A header whose name looks like a credential (`authorization`,
   * `x-api-key`, anything with key, token, secret, auth, cookie, pass) is sent to `baseUrl`'s origin
   * only, no redirect is followed while it is attached, and its value never appears in an error.
   */
  headers?: Record<string, string>;
  /** Per attempt, including reading the body. Default 30 000 ms; `0` turns it off. */
  timeoutMs?: number;
  /** Retries of 429/503 and connection failures (default 3 attempts); `false` turns them off. */
  retry?: RetryOptions | false;
  /** Largest body read, after decompression (default 32 MiB); a larger one is a ResponseTooLargeError. */
  maxResponseBytes?: number;
}

/** Per-call options of `client.avm`: `blockchainId` picks another chain running the AVM. */
export interface AvmCallOptions extends CallOptions {
  /** Default `X`. */
  blockchainId?: string;
}

/** Options of `client.request`: where a method's endpoint has variables, set them here. */
export interface RequestOptions extends CallOptions {
  /** `{blockchainId}` of the avm, evm and validators endpoints. Defaults as in the spec (X, C). */
  blockchainId?: string;
  /** Which index the index methods read. Default `X/block`. */
  index?: IndexPath;
}

/** Params of `client.avm.utxos`: those of avm.getUTXOs; `limit` is the page size. */
export type UtxosParameters = Params<'avm.getUTXOs'>;

export interface ContainersParameters {
  /** First index to read. Default 0. */
  startIndex?: Params<'index.getContainerRange'>['startIndex'];
  /** How many containers at most; default: up to the last accepted one. */
  count?: number;
  encoding?: Params<'index.getContainerRange'>['encoding'];
}

export interface HealthGetParameters {
  /** Only checks with one of these tags, plus the node-wide ones; sent as repeated `tag`. */
  tags?: string[];
  /** `readiness`, `liveness` or `health`; default: the bare `/ext/health`. */
  path?: HealthPath;
}

/** A GET health report: the node's body and the HTTP status (200 healthy, 503 unhealthy). */
export type HealthReport = HealthReply & { status: 200 | 503 };

type EvmMethodName = {
  [M in MethodName]: NodeMethods[M]['batch'] extends true ? M : never;
}[MethodName];

/** One call of an EVM batch. */
export type EvmBatchCall = {
  [M in EvmMethodName]: { method: M; params?: Params<M> };
}[EvmMethodName];

/** Results of a batch, in call order. */
export type EvmBatchResults<T extends readonly EvmBatchCall[]> = {
  -readonly [K in keyof T]: T[K] extends { method: infer M extends MethodName } ? Result<M> : never;
};

export interface NodeClient {
  /** The base url requests go to. */
  readonly baseUrl: string;
  /** X-Chain API; `{ blockchainId }` in the options reaches another chain running the AVM. */
  readonly avm: AvmMethods<AvmCallOptions> & {
    /**
     * Every UTXO of the addresses, page by page (avm.getUTXOs with endIndex -> startIndex).
     * Yields each UTXO once, although pages may repeat one; `limit` is the page size.
     */
    utxos(
      params: UtxosParameters,
      options?: AvmCallOptions,
    ): AsyncGenerator<string, void, undefined>;
  };
  readonly info: InfoMethods<CallOptions>;
  /** Node-specific: public API hosts do not serve health; ask your own node. */
  readonly health: HealthMethods<CallOptions> & {
    /** GET `/ext/health[/path]?tag=…`; resolves for 200 (healthy) and 503 (unhealthy). */
    get(params?: HealthGetParameters, options?: CallOptions): Promise<HealthReport>;
  };
  /** The index at `/ext/index/<path>`; needs a node started with `--index-enabled`. */
  index(path: IndexPath): IndexMethods<CallOptions> & {
    /** Containers from `startIndex` on, fetched with getContainerRange in chunks of up to 1024. */
    containers(
      params?: ContainersParameters,
      options?: CallOptions,
    ): AsyncGenerator<Schemas['Container'], void, undefined>;
  };
  /** Avalanche extras of an EVM chain's `/ext/bc/<id>/rpc` endpoint (default `C`). */
  evm(blockchainId?: string): EvmMethods<CallOptions> & {
    /** Several calls in one JSON-RPC batch; resolves in call order or rejects with the first error. */
    batch<const T extends readonly EvmBatchCall[]>(
      calls: T,
      options?: CallOptions,
    ): Promise<EvmBatchResults<T>>;
  };
  /** Validators API of an EVM chain (`/ext/bc/<id>/validators`). */
  validators(blockchainId: string): ValidatorsMethods<CallOptions>;
  /** Any method of the spec by name, with its wire params. */
  request<M extends MethodName>(method: M, ...args: Args<M, RequestOptions>): Promise<Result<M>>;
}

/** What `createNodeClient` returns. */
export type CreateNodeClientReturnType = NodeClient;

/** Every error a call can reject with (besides the caller's own abort reason). */
export type NodeClientErrorType =
  | RpcError
  | HttpError
  | RateLimitError
  | ServerError
  | ParseError
  | IdMismatchError
  | TimeoutError
  | ConnectionError
  | RedirectError
  | ResponseTooLargeError
  | ParameterError
  | PaginationError;

type Call = (params?: unknown, options?: RequestOptions) => Promise<unknown>;
type Vars = Record<string, string | undefined>;
type Page = {
  utxos: string[];
  containers: Schemas['Container'][];
  endIndex?: { address: string; utxo: string };
  numFetched?: string;
};

const malformed = (a: Answer, reason: string, cause?: unknown) =>
  new ParseError(
    a.status,
    'malformed',
    `malformed answer (HTTP ${a.status}) from ${a.url}: ${reason}`,
    a.text.slice(0, 1000),
    a.url,
    { cause },
  );

/** The JSON body of an answer whose status is one of `statuses` (default: any 2xx). */
function json(a: Answer, statuses?: number[]): unknown {
  const ok = statuses ? statuses.includes(a.status) : a.status > 199 && a.status < 300;
  let body: unknown;
  let failure: ParseError | undefined;
  try {
    body = JSON.parse(a.text);
  } catch (e) {
    failure = malformed(a, 'not JSON', e);
  }
  if (ok && failure) throw failure;
  if (!ok) {
    // A gateway's HTML 502 is still a ServerError; the body that could not be read is its cause.
    const Class = a.status === 429 ? RateLimitError : a.status > 499 ? ServerError : HttpError;
    throw new Class(
      a.status,
      `HTTP ${a.status}`,
      `HTTP ${a.status} from ${a.url}`,
      body ?? a.text.slice(0, 1000),
      a.url,
      {
        cause: failure,
        retryAfterMs: retryAfterMs(a.retryAfter),
      },
    );
  }
  return body;
}

/** encodeURIComponent, with a ParameterError instead of a bare URIError for a lone UTF-16 surrogate. */
const encode = (method: string, parameter: string, value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    throw parameterError(method, parameter, value, 'wellFormedUnicode');
  }
};

/** The result of one JSON-RPC response object, or the error it carries. */
function unwrap(body: unknown, id: number, method: string, a: Answer): unknown {
  if (!isObject(body) || body.jsonrpc !== '2.0') throw malformed(a, 'not JSON-RPC 2.0');
  const { error } = body;
  // Exactly one of the two; a null error next to a result is tolerated, some servers send it.
  if ('result' in body === (error !== undefined && error !== null))
    throw malformed(a, 'not exactly one of result and error');
  // A server that could not read the request answers id null.
  if (body.id !== id && !(error && body.id === null)) throw new IdMismatchError(id, body.id, a.url);
  if (error === undefined || error === null) return body.result;
  if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') {
    throw malformed(a, 'not a JSON-RPC error object');
  }
  throw new RpcError(method, error.code as number, error.message, error.data);
}

/** Creates a client of one node's JSON-RPC APIs and health endpoints. */
export function createNodeClient(parameters: CreateNodeClientParameters = {}): NodeClient {
  const url = (parameters.baseUrl ?? MAINNET_NODE_URL).replace(/\/+$/, '');
  const send = createSend({ ...parameters, baseUrl: url });
  let lastId = 0;

  const entry = (method: string) => {
    const e = methods[method];
    if (!e) throw parameterError(method, 'method', method, 'known method');
    return e;
  };

  /**
   * Posts one call, or several as a JSON-RPC batch, to the endpoint of the first; resolves
   * with the results in call order. With `list`, a result must hold an array there.
   */
  const post = async (
    calls: [string, unknown][],
    vars: Vars,
    o: RequestOptions = {},
    batch?: 1,
    list?: string,
  ) => {
    const requests = calls.map(([method, params]) => {
      const e = entry(method);
      if (batch && !(e[1] & 2)) throw parameterError(method, 'method', method, 'x-jsonrpc-batch');
      return { jsonrpc: '2.0', id: ++lastId, method, params: prepare(method, e, params) };
    });
    const [first] = requests as [(typeof requests)[0]];
    const [path, defaults]: EndpointEntry = endpoints[entry(first.method)[0]] ?? ['', {}, ''];
    const [chain, kind] = o.index?.split('/') ?? [];
    const v: Vars = {
      ...vars,
      ...(chain && { chain, kind }),
      ...(o.blockchainId && { blockchainId: o.blockchainId }),
    };
    const target =
      url +
      path.replace(/\{(\w+)\}/g, (_, k: string) => {
        const value = v[k] || defaults[k] || '';
        // One path segment: `.`, `..` and `/` would reach another endpoint (evm('..') -> /ext/rpc).
        if (/^\.{0,2}$|\//.test(value)) throw parameterError(first.method, k, value, 'pathSegment');
        return encode(first.method, k, value);
      });
    const a = await send(target, JSON.stringify(batch ? requests : first), o);
    const body = json(a);
    // Batch answers are matched by id, in any order. A server that refuses a whole batch answers
    // one error object (id null); any other set of ids than the one sent is an id mismatch.
    let byId: Map<unknown, unknown> | undefined;
    if (batch && Array.isArray(body)) {
      byId = new Map(body.map((item) => [isObject(item) ? item.id : undefined, item]));
      const sent = requests.map((r) => r.id);
      if (
        byId.size !== body.length ||
        sent.length !== body.length ||
        sent.some((id) => !byId?.has(id))
      )
        throw new IdMismatchError(sent, [...byId.keys()], a.url);
    }
    return requests.map(({ id, method }) => {
      const r = unwrap(byId ? byId.get(id) : body, id, method, a) as Page;
      if (list && !Array.isArray(r) && !Array.isArray(r?.[list as 'utxos']))
        throw malformed(a, `no ${list} list`);
      return r;
    });
  };
  const call = async (
    method: string,
    params: unknown,
    o?: RequestOptions,
    vars: Vars = {},
    list?: string,
  ) => (await post([[method, params]], vars, o, undefined, list))[0] as Page;

  /** The methods of one namespace (spec tag), bound to endpoint variables. */
  const namespace = <T>(tag: string, vars: Vars = {}) => {
    const ns: Record<string, Call> = {};
    for (const method in methods) {
      if ((endpoints[(methods[method] as MethodEntry)[0]] as EndpointEntry)[2] === tag) {
        ns[method.replace(/^[^._]+[._]/, '')] = (params, o) => call(method, params, o, vars);
      }
    }
    return ns as T;
  };

  async function* utxos(params: UtxosParameters, o?: AvmCallOptions) {
    const seen = new Set<string>();
    // Every cursor followed so far: one seen again (A, B, A) would start a loop.
    const cursors = new Set([JSON.stringify(params.startIndex)]);
    const size = Number(params.limit) || 1024;
    let startIndex = params.startIndex;
    for (let pages = 1; ; pages++) {
      const page = await call('avm.getUTXOs', { ...params, startIndex }, o, {}, 'utxos');
      for (const utxo of page.utxos) {
        if (!seen.has(utxo)) {
          seen.add(utxo);
          yield utxo;
        }
      }
      const end = page.endIndex;
      if (page.utxos.length < size || !end) return;
      const cursor = JSON.stringify(end);
      if (cursors.has(cursor)) throw new PaginationError(cursor, pages);
      cursors.add(cursor);
      startIndex = end;
    }
  }

  const index = (path: IndexPath) => {
    const [chain, kind] = path.split('/');
    const vars = { chain, kind };
    async function* containers(
      { startIndex = 0, count = 1 / 0, encoding }: ContainersParameters = {},
      o?: CallOptions,
    ) {
      // The index each chunk starts at: a node that hands out a chunk again (ignoring startIndex)
      // would otherwise be read forever.
      const starts = new Set<string>();
      for (let fetched = 0, chunks = 1; fetched < count; chunks++) {
        const numToFetch = Math.min(1024, count - fetched);
        let r: Page;
        try {
          r = await call(
            'index.getContainerRange',
            { startIndex, numToFetch, encoding },
            o,
            vars,
            'containers',
          );
        } catch (e) {
          // When the previous chunk ended exactly at the last accepted container, the node
          // answers "start index (x) > last accepted index (y)": the walk is complete.
          if (fetched && e instanceof RpcError && /^start index/.test(e.message)) return;
          throw e;
        }
        // Older nodes answered a bare array.
        const list = Array.isArray(r) ? (r as Page['containers']) : r.containers;
        const start = String(list[0]?.index ?? list[0]?.id);
        if (starts.has(start)) throw new PaginationError(start, chunks);
        starts.add(start);
        yield* list;
        fetched += list.length;
        startIndex = String(BigInt(startIndex) + BigInt(list.length));
        if (list.length < numToFetch) return;
      }
    }
    return { ...namespace<IndexMethods<CallOptions>>('index', vars), containers };
  };

  const evm = (blockchainId?: string) => {
    const vars = { blockchainId };
    const batch = async (calls: readonly EvmBatchCall[], o?: CallOptions) =>
      calls.length
        ? post(
            calls.map((c) => [c.method, c.params]),
            vars,
            o,
            1,
          )
        : [];
    return { ...namespace<EvmMethods<CallOptions>>('evm', vars), batch };
  };

  const get = async ({ tags, path }: HealthGetParameters = {}, o?: CallOptions) => {
    const query = (tags ?? [])
      .map((t) => `${healthGet.query}=${encode('health.get', 'tags', t)}`)
      .join('&');
    const target = `${url}${healthGet.base}${path ? `/${path}` : ''}${query ? `?${query}` : ''}`;
    // 503 is an answer here (unhealthy), not a reason to retry.
    const a = await send(target, undefined, o, [429, 502]);
    const body = json(a, [200, 503]);
    if (
      !isObject((body as HealthReply)?.checks) ||
      typeof (body as HealthReply).healthy !== 'boolean'
    ) {
      throw malformed(a, 'not a health report');
    }
    return { ...(body as HealthReply), status: a.status as 200 | 503 };
  };

  return {
    baseUrl: url,
    avm: { ...namespace<AvmMethods<AvmCallOptions>>('avm'), utxos },
    info: namespace('info'),
    health: { ...namespace<HealthMethods<CallOptions>>('health'), get },
    index,
    evm: evm as NodeClient['evm'],
    validators: (blockchainId) => namespace('validators', { blockchainId }),
    request: call as NodeClient['request'],
  };
}
