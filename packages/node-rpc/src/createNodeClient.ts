import {
  call,
  endpointUrl,
  isObject,
  json,
  malformed,
  type RequestOptions,
  request,
  unwrap,
  type Vars,
} from './call.js';
import {
  type ChainCallOptions,
  type CreateNodeClientParameters,
  createNodeCore,
  type NodeCore,
} from './core.js';
import { encode } from './endpoint.js';
import type { BadRequestError, NotFoundError, UnsupportedError } from './errors.js';
import {
  type ConnectionError,
  type HttpError,
  type IdMismatchError,
  idMismatch,
  type PaginationError,
  type ParameterError,
  type ParseError,
  parameterError,
  type RateLimitError,
  type RedirectError,
  type ResponseTooLargeError,
  type ResponseValidationError,
  RpcError,
  repeatedCursor,
  type ServerError,
  type TimeoutError,
} from './errors.js';
import { type HealthPath, type HealthReply, healthBase, healthQuery } from './generated/health.js';
import type {
  Args,
  AvmMethods,
  EvmMethods,
  HealthMethods,
  IndexMethods,
  IndexPath,
  MethodName,
  Namespace,
  NamespaceMethods,
  NodeMethods,
  Params,
  Result,
  ValidatorsMethods,
} from './generated/methods.js';
import type { Schemas } from './generated/schemas.js';
import { type MethodEntry, methods } from './generated/table.js';
import type { CallOptions } from './transport.js';

export {
  type CreateNodeClientParameters,
  FUJI_NODE_URL,
  MAINNET_NODE_URL,
} from './core.js';
export type { RequestOptions };

/** Per-call options of `client.avm`: `blockchainId` picks another chain running the AVM (default `X`). */
export interface AvmCallOptions extends ChainCallOptions {}

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

/** Namespaces the client shapes by hand (extras, or an endpoint selector); every other is plain. */
type ShapedNamespace = 'avm' | 'health' | 'index' | 'evm' | 'validators';

/** One property per plain namespace of the spec (`client.info`, …): its methods, nothing more. */
type PlainNamespaces = {
  readonly [N in Exclude<Namespace, ShapedNamespace>]: NamespaceMethods<CallOptions>[N];
};

export interface NodeClient extends NodeCore, PlainNamespaces {
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
  | NotFoundError
  | BadRequestError
  | UnsupportedError
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
  | PaginationError
  | ResponseValidationError;

type Call = (params?: unknown, options?: RequestOptions) => Promise<unknown>;
type Page = {
  utxos: string[];
  containers: Schemas['Container'][];
  endIndex?: { address: string; utxo: string };
  numFetched?: string;
};

/** A method's table entry, or a ParameterError naming it (or saying that it cannot be batched). */
const entry = (method: string, batched?: 2) => {
  const e = methods[method];
  if (!e || (batched && !(e[1] & 2)))
    throw parameterError(
      method,
      'method',
      method,
      e ? 'x-jsonrpc-batch' : 'unknown',
      e ? 'cannot be batched' : 'is not a method of the spec',
    );
  return e;
};

/** One call by name; with `list`, the result must hold an array there. */
const one = async (
  core: NodeCore,
  method: string,
  params: unknown,
  o?: RequestOptions,
  list?: string,
  vars?: Vars,
) =>
  call(core, method, entry(method), params, o, vars, (r, a) => {
    if (list && !Array.isArray(r) && !Array.isArray((r as Record<string, unknown>)?.[list]))
      throw malformed(a, `no ${list} list`);
  }) as Promise<Page>;

/**
 * Posts several calls as one JSON-RPC batch to the endpoint of the first; resolves with the
 * results in call order.
 */
const batch =
  (core: NodeCore, vars: Vars) =>
  async (calls: readonly EvmBatchCall[], o: RequestOptions = {}) => {
    if (!calls.length) return [];
    const requests = calls.map(({ method, params }) => request(method, entry(method, 2), params));
    const { method } = calls[0] as EvmBatchCall;
    const target = endpointUrl(core.baseUrl, method, entry(method)[0], o, vars);
    const a = await core.transport(target, JSON.stringify(requests), o);
    const body = json(a);
    const sent = requests.map((r) => r.id);
    // Batch answers are matched by id, in any order; a set of ids other than the one sent is an id
    // mismatch. A server that refuses a whole batch answers one error object (id null).
    const byId =
      Array.isArray(body) &&
      new Map(body.map((item) => [(item as { id?: unknown } | null)?.id, item]));
    if (
      byId &&
      (byId.size !== body.length || sent.length !== body.length || sent.some((id) => !byId.has(id)))
    )
      throw idMismatch(sent, [...byId.keys()], a.url);
    return requests.map(({ id, method }) =>
      unwrap(core, byId ? byId.get(id) : body, id, method, entry(method)[3], a),
    );
  };

/** Every namespace (spec tag) of the method table, its methods bound to endpoint variables. */
function namespaces(core: NodeCore, vars?: Vars) {
  const out: Record<string, Record<string, Call>> = {};
  for (const method in methods) {
    const e = methods[method] as MethodEntry;
    // biome-ignore lint/suspicious/noAssignInExpressions: each namespace filled in place, in the fewest bytes (issue 31's budget)
    (out[e[0][2]] ??= {})[method.replace(/.*?[._]/, '')] = (params?: unknown, o?: RequestOptions) =>
      call(core, method, e, params, o, vars);
  }
  return out;
}

/** Records a paginator's cursor; one seen before (A, B, A) would start a loop. */
const follow = (cursors: Set<string>, cursor: string, page: number) => {
  if (cursors.has(cursor)) throw repeatedCursor(cursor, page);
  cursors.add(cursor);
};

/** Every UTXO of the addresses, page by page, each once. */
const utxos = (core: NodeCore) =>
  async function* (params: UtxosParameters, o?: AvmCallOptions) {
    const seen = new Set<string>();
    // Every cursor followed so far: one seen again (A, B, A) would start a loop.
    const cursors = new Set([JSON.stringify(params.startIndex)]);
    const size = Number(params.limit) || 1024;
    let startIndex = params.startIndex;
    for (let pages = 1; ; pages++) {
      const page = await one(core, 'avm.getUTXOs', { ...params, startIndex }, o, 'utxos');
      for (const utxo of page.utxos) {
        if (!seen.has(utxo)) {
          seen.add(utxo);
          yield utxo;
        }
      }
      const end = page.endIndex;
      if (page.utxos.length < size || !end) return;
      follow(cursors, JSON.stringify(end), pages);
      startIndex = end;
    }
  };

/** Containers from `startIndex` on, read with getContainerRange in chunks of up to 1024. */
const containers = (core: NodeCore, vars: Vars) =>
  async function* (
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
        r = await one(
          core,
          'index.getContainerRange',
          { startIndex, numToFetch, encoding },
          o,
          'containers',
          vars,
        );
      } catch (e) {
        // When the previous chunk ended exactly at the last accepted container, the node
        // answers "start index (x) > last accepted index (y)": the walk is complete.
        if (fetched && e instanceof RpcError && /^start index/.test(e.message)) return;
        throw e;
      }
      // Older nodes answered a bare array.
      const list = Array.isArray(r) ? (r as Page['containers']) : r.containers;
      follow(starts, String(list[0]?.index ?? list[0]?.id), chunks);
      yield* list;
      fetched += list.length;
      startIndex = String(BigInt(startIndex) + BigInt(list.length));
      if (list.length < numToFetch) return;
    }
  };

/** GET `/ext/health[/path]?tag=…`; resolves for 200 (healthy) and 503 (unhealthy). */
const healthReport =
  (core: NodeCore) =>
  async ({ tags, path }: HealthGetParameters = {}, o?: CallOptions): Promise<HealthReport> => {
    const query = tags?.map((t) => `${healthQuery}=${encode('health.get', 'tags', t)}`).join('&');
    const target = `${core.baseUrl}${healthBase}${path ? `/${path}` : ''}${query ? `?${query}` : ''}`;
    // 503 is an answer here (unhealthy), not a reason to retry.
    const a = await core.transport(target, undefined, o, [429, 502]);
    const body = json(a, [200, 503].includes(a.status));
    if (
      !isObject((body as HealthReply)?.checks) ||
      typeof (body as HealthReply).healthy !== 'boolean'
    ) {
      throw malformed(a, 'not a health report');
    }
    return { ...(body as HealthReply), status: a.status as 200 | 503 };
  };

/** Creates a client of one node's JSON-RPC APIs and health endpoints. */
export function createNodeClient(parameters: CreateNodeClientParameters = {}): NodeClient {
  const core = createNodeCore(parameters);
  const all = namespaces(core);
  // Every namespace of the spec is plain, but for the ones shaped below (extras, or an endpoint
  // selector), which replace theirs.
  return {
    ...all,
    ...core,
    avm: {
      ...all.avm,
      utxos: utxos(core),
    },
    health: {
      ...all.health,
      get: healthReport(core),
    },
    index: (path: IndexPath) => {
      const vars = { index: path };
      return {
        ...namespaces(core, vars).index,
        containers: containers(core, vars),
      };
    },
    evm: (blockchainId?: string) => {
      const vars = { blockchainId };
      return {
        ...namespaces(core, vars).evm,
        batch: batch(core, vars),
      };
    },
    validators: (blockchainId: string) => namespaces(core, { blockchainId }).validators,
    request: (method: string, params: unknown, o?: RequestOptions) => one(core, method, params, o),
  } as unknown as NodeClient;
}
