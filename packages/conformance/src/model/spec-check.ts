// Checking exchanges against the specs, with nothing of Node: `check`, the proxy and the
// replay server use it through `Specs` (specs.ts), the docs console in the browser.
import { isExcused, withoutLenientMembers } from '../recordings/lenient.js';
import type { Recording } from '../recordings/recordings.js';
import { isObject } from './json-pointer.js';
import { OpenApiService, type Operation, parseQuery } from './openapi.js';
import { OpenRpcService, type RpcMethod } from './openrpc.js';
import { CallsTracker } from './promises/calls.js';
import {
  type Answer,
  checkPromises,
  headerValue,
  readsInputs,
  restInputs,
  rpcInputs,
} from './promises/check.js';
import type { Inputs } from './promises/values.js';
import { type Promises, promiseKinds } from './promises/vocabulary.js';
import { type Precompiled, type Violation, violation } from './schema-set.js';
import { pathnameOf } from './url.js';

/** The key of the relaxed view without these member names in any `required` list. */
export function relaxedKey(names: string[]): string {
  return [...new Set(names)].sort().join('\0');
}

export interface ExchangeResult {
  file: string;
  service?: string;
  /** operationId or JSON-RPC method name. */
  operation?: string;
  ok: boolean;
  errors: Violation[];
  /** Why the exchange is left out of validation, when a corpus exclusion names it. */
  excluded?: string;
  /** How many violations the recording's era marks excused (see Recording.lenient). */
  excused?: number;
}

/** Exchanges of the corpus left out on purpose, keyed by path inside the corpus. */
export type Exclusions = Record<string, { reason: string }>;

/** A list's keys with their `/key` suffixes, in the list's order, by their last segment's length. */
const exclusionSuffixes = new WeakMap<Exclusions, Map<number, [key: string, suffix: string][]>>();

/** How long a path's last segment is (counted, not cut out: once an exchange). */
const lastSegmentLength = (path: string) => path.length - path.lastIndexOf('/') - 1;

export function exclusionFor(exclusions: Exclusions, file: string): string | undefined {
  // The keys once per list, not per exchange, grouped by their last segment's length: a file
  // is a key or ends with `/key` only when its last segment is the key's, so only those of
  // that length are compared.
  let byLength = exclusionSuffixes.get(exclusions);
  if (!byLength) {
    byLength = new Map();
    for (const k of Object.keys(exclusions)) {
      const group = byLength.get(lastSegmentLength(k));
      if (group) group.push([k, `/${k}`]);
      else byLength.set(lastSegmentLength(k), [[k, `/${k}`]]);
    }
    exclusionSuffixes.set(exclusions, byLength);
  }
  const keys = byLength.get(lastSegmentLength(file));
  if (!keys) return undefined;
  for (const [k, suffix] of keys)
    if (file === k || file.endsWith(suffix)) return exclusions[k]?.reason;
  return undefined;
}

/** How `checkExchange` checks. */
export interface CheckOptions {
  /** Members the specs do not declare fail validation. */
  strict: boolean;
  /**
   * When given, the answers held to a cursor promise are pushed here, as `promiseSubjects`
   * gives them: the cursor spans answers, so its tracker (`ListingTracker`) is the caller's.
   */
  cursors?: PromiseSubject[];
}

/** One answer of an exchange with the promises it is held to (see promises/check.ts). */
export interface PromiseSubject {
  /** operationId or JSON-RPC method name. */
  operation: string;
  promises: Promises;
  inputs: Inputs;
  answer: Answer;
  /** Where the call went (origin and path): relations between calls hold on one target. */
  target?: string;
}

/** A request URL's origin and path, the target a relation between calls is judged on. */
function targetOf(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

const isPromiseViolation = (v: Violation) => (promiseKinds as readonly string[]).includes(v.kind);

/** A REST exchange's answer as the promises see it. */
function restAnswer(recording: Recording): Answer {
  const { response } = recording;
  return {
    protocol: 'rest',
    status: response.status,
    contentType: headerValue(response.headers, 'content-type'),
    body: response.body,
  };
}

export type Target =
  | {
      kind: 'rest';
      service: OpenApiService;
      operation: Operation;
      pathParams: Record<string, string>;
    }
  | { kind: 'rpc'; service: OpenRpcService; method: RpcMethod };

/**
 * All the project's specs, checking exchanges; validators compile on first use and are reused.
 * Loading from disk is `Specs.load` (specs.ts).
 */
export class SpecsCore {
  #rest: OpenApiService[] | (() => OpenApiService[]);
  #rpc: OpenRpcService[] | (() => OpenRpcService[]);

  /** `rest` and `rpc` may be given as functions, called once on first use. */
  constructor(
    rest: OpenApiService[] | (() => OpenApiService[]),
    rpc: OpenRpcService[] | (() => OpenRpcService[]),
    /** Validators precompiled for relaxed views (see `relaxedFor`), by `relaxedKey`. */
    private readonly precompiledRelaxed: Record<string, Precompiled> = {},
  ) {
    this.#rest = rest;
    this.#rpc = rpc;
  }

  get rest(): OpenApiService[] {
    if (typeof this.#rest === 'function') this.#rest = this.#rest();
    return this.#rest;
  }

  #calls: CallsTracker | undefined;

  /** Every operation's and method's promises by id: what a `CallsTracker` follows. */
  allPromises(): [string, Promises][] {
    return [
      ...this.rest.flatMap((s) => s.operations.map((o): [string, Promises] => [o.id, o.promises])),
      ...this.rpc.flatMap((s) => s.methods.map((m): [string, Promises] => [m.id, m.promises])),
    ];
  }

  /** A new tracker of the relations between calls (`calls`), for one capture or run. */
  callsTracker(): CallsTracker {
    return new CallsTracker(this.allPromises());
  }

  /** Whether an answer of this operation or method takes part in a relation between calls. */
  #followed(id: string, promises: Promises): boolean {
    this.#calls ??= this.callsTracker();
    return this.#calls.follows(id, promises);
  }

  get rpc(): OpenRpcService[] {
    if (typeof this.#rpc === 'function') this.#rpc = this.#rpc();
    return this.#rpc;
  }

  get all(): { service: string; id: string; kind: 'rest' | 'rpc' }[] {
    return [
      ...this.rest.flatMap((s) =>
        s.operations.map((o) => ({ service: s.name, id: o.id, kind: 'rest' as const })),
      ),
      ...this.rpc.flatMap((s) =>
        s.methods.map((m) => ({ service: s.name, id: m.id, kind: 'rpc' as const })),
      ),
    ];
  }

  /** Finds the operation a REST request is for: by path and method, the host breaking ties. */
  matchRest(method: string, url: URL) {
    // Written out, not spread or flat-mapped: this runs once per REST exchange.
    const candidates: {
      service: OpenApiService;
      operation: Operation;
      pathParams: Record<string, string>;
    }[] = [];
    for (const service of this.rest) {
      const m = service.match(method, url.pathname);
      if (m) candidates.push({ service, operation: m.operation, pathParams: m.pathParams });
    }
    if (candidates.length < 2) return candidates[0];
    const byHost = candidates.find(({ service }) => serverHosts(service).has(url.host));
    return byHost ?? candidates[0];
  }

  matchRpc(methodName: string): { service: OpenRpcService; method: RpcMethod } | undefined {
    for (const service of this.rpc) {
      const method = service.getMethod(methodName);
      if (method) return { service, method };
    }
    return undefined;
  }

  isRpcCall(method: string, url: URL, body: unknown): boolean {
    if (method !== 'POST') return false;
    return looksLikeRpc(body) || this.rpc.some((s) => s.servesPath(url.pathname));
  }

  /** `isRpcCall` on the URL as recorded: its path is read only when the body does not tell. */
  #isRpc(request: Recording['request']): boolean {
    if (request.method !== 'POST') return false;
    if (looksLikeRpc(request.body)) return true;
    const pathname = pathnameOf(request.url);
    return this.rpc.some((s) => s.servesPath(pathname));
  }

  /**
   * Each answer of an exchange with the promises it is held to: one for a REST exchange, one
   * per call of a JSON-RPC batch (none for what matches no operation or method). What
   * `checkExchange` checks the promises on; reports read `exercisedRules` off it.
   */
  promiseSubjects(recording: Recording): PromiseSubject[] {
    const { request } = recording;
    if (!this.#isRpc(request)) {
      const url = new URL(request.url);
      const match = this.matchRest(request.method, url);
      if (!match) return [];
      return [
        {
          operation: match.operation.id,
          promises: match.operation.promises,
          inputs: restInputs(match.pathParams, parseQuery(url.searchParams)),
          answer: restAnswer(recording),
          target: targetOf(request.url),
        },
      ];
    }
    // An invalid URL throws here too, as reading it with `new URL` did, whatever the body.
    pathnameOf(request.url);
    const body = request.body;
    const subjects: PromiseSubject[] = [];
    const count = Array.isArray(body) ? body.length : 1;
    for (let i = 0; i < count; i++) {
      const call = Array.isArray(body) ? body[i] : body;
      const name = isObject(call) && typeof call.method === 'string' ? call.method : undefined;
      const found = name ? this.matchRpc(name) : undefined;
      if (!found) continue;
      subjects.push({
        operation: found.method.id,
        promises: found.method.promises,
        inputs: callInputs(found.method, call),
        answer: rpcAnswer(recording, replyTo(recording, call, i)),
        target: targetOf(request.url),
      });
    }
    return subjects;
  }

  /**
   * Validates one recorded exchange: request and response, against its operation or method.
   * Violations the recording's era marks list (`lenient`) are excused and counted apart.
   */
  checkExchange(recording: Recording, options: CheckOptions): ExchangeResult {
    if (!recording.lenient?.length) return this.checkUnmarked(recording, options);
    const strict = this.checkUnmarked(recording, options);
    const relaxedOptions = { strict: options.strict };
    // Listed members are left out of the exchange and not required anywhere in its
    // documents, so neither their presence nor their absence counts, even inside a oneOf.
    const names = recording.lenient.map((p) => p.split('/').at(-1) ?? '');
    const result = this.relaxedFor(names).checkUnmarked(
      withoutLenientMembers(recording),
      relaxedOptions,
    );
    // Promises speak of values, era marks of shapes: the promises are held against the
    // exchange as it was answered (a member left out of the copy is not "absent").
    const errors = [
      ...result.errors.filter((v) => !isPromiseViolation(v)),
      ...strict.errors.filter(isPromiseViolation),
    ].filter((v) => !isExcused(recording, v.where, v.path));
    return {
      ...result,
      ok: errors.length === 0,
      errors,
      excused: Math.max(0, strict.errors.length - errors.length),
    };
  }

  /**
   * These specs with the given member names removed from every `required` list; cached.
   * The corpus's era marks have theirs precompiled at build time.
   */
  relaxedFor(names: string[]): SpecsCore {
    const key = relaxedKey(names);
    let relaxed = this.relaxed.get(key);
    if (!relaxed) {
      // Copy on write: only the nodes on a path to a changed `required` are new, the rest is
      // shared with these specs (nothing mutates a loaded document); cloning cost ~20 ms a view.
      const strip = (node: unknown): unknown => {
        if (Array.isArray(node)) {
          const items = node.map(strip);
          return items.some((item, i) => item !== node[i]) ? items : node;
        }
        if (!isObject(node)) return node;
        let copy: Record<string, unknown> | undefined;
        for (const [k, v] of Object.entries(node)) {
          const next =
            k === 'required' && Array.isArray(v) && v.some((r) => names.includes(r as string))
              ? v.filter((r) => !names.includes(r as string))
              : strip(v);
          if (next === v) continue;
          copy ??= { ...node };
          copy[k] = next;
        }
        return copy ?? node;
      };
      const stripped = (doc: Record<string, unknown>) => strip(doc) as Record<string, unknown>;
      const precompiled = this.precompiledRelaxed[key] ?? {};
      // Built on first use: a JSON-RPC exchange never needs the REST documents, nor the reverse.
      relaxed = new SpecsCore(
        () => this.rest.map((s) => new OpenApiService(s.name, stripped(s.doc), precompiled)),
        () => this.rpc.map((s) => new OpenRpcService(s.name, stripped(s.doc), precompiled)),
      );
      this.relaxed.set(key, relaxed);
    }
    return relaxed;
  }

  /** The relaxed views made so far, by `relaxedKey`. */
  readonly relaxed = new Map<string, SpecsCore>();

  private checkUnmarked(recording: Recording, options: CheckOptions): ExchangeResult {
    const { request, response } = recording;
    // A JSON-RPC exchange needs only the URL's path (no `new URL`: ~1 µs an exchange).
    if (this.#isRpc(request)) return this.checkRpc(recording, pathnameOf(request.url), options);
    const url = new URL(request.url);
    const match = this.matchRest(request.method, url);
    if (!match) {
      return {
        file: recording.file,
        ok: false,
        errors: [
          violation(
            'unmatched',
            'request',
            '',
            `no operation matches ${request.method} ${url.pathname}`,
          ),
        ],
      };
    }
    const { service, operation, pathParams } = match;
    const query = parseQuery(url.searchParams);
    const errors = service.validateRequest(
      operation,
      { pathParams, query, body: request.body },
      options,
    );
    pushAll(errors, service.validateResponse(operation, response.status, response.body, options));
    const inputs = restInputs(pathParams, query);
    const answer = restAnswer(recording);
    pushAll(errors, checkPromises(operation.promises, inputs, answer));
    if (
      options.cursors &&
      (operation.promises.cursor || this.#followed(operation.id, operation.promises))
    )
      options.cursors.push({
        operation: operation.id,
        promises: operation.promises,
        inputs,
        answer,
        target: targetOf(request.url),
      });
    return {
      file: recording.file,
      service: service.name,
      operation: operation.id,
      ok: errors.length === 0,
      errors,
    };
  }

  private checkRpc(recording: Recording, pathname: string, options: CheckOptions): ExchangeResult {
    const body = recording.request.body;
    const errors: Violation[] = [];
    if (recording.response.status !== 200) {
      errors.push(
        violation(
          'undeclared-status',
          'response.status',
          '',
          `JSON-RPC answers with HTTP 200, got ${recording.response.status}`,
        ),
      );
    }
    // One call or a batch, without an array or closure made for the single call.
    let found: { service: OpenRpcService; method: RpcMethod } | undefined;
    let service: string | undefined;
    let operation = '';
    let named = 0;
    const count = Array.isArray(body) ? body.length : 1;
    for (let i = 0; i < count; i++) {
      const call = Array.isArray(body) ? body[i] : body;
      found = this.#checkCall(recording, call, i, pathname, errors, options);
      if (!found) continue;
      service = found.service.name;
      operation = named++ === 0 ? found.method.id : `${operation},${found.method.id}`;
    }
    const result: ExchangeResult = {
      file: recording.file,
      operation,
      ok: errors.length === 0,
      errors,
    };
    if (service) result.service = service;
    return result;
  }

  /** One call of a JSON-RPC exchange: its method, request, reply and promises. */
  #checkCall(
    recording: Recording,
    call: unknown,
    i: number,
    pathname: string,
    errors: Violation[],
    options: CheckOptions,
  ): { service: OpenRpcService; method: RpcMethod } | undefined {
    const name = isObject(call) && typeof call.method === 'string' ? call.method : undefined;
    const found = name ? this.matchRpc(name) : undefined;
    if (!found) {
      errors.push(
        violation(
          'unmatched',
          'request.body',
          '/method',
          `no method named ${JSON.stringify(name)} in the specs`,
        ),
      );
      return undefined;
    }
    const id = isObject(call) ? call.id : undefined;
    const reply = replyTo(recording, call, i);
    pushAll(errors, found.service.validateCall(found.method, pathname, call, options));
    pushAll(errors, found.service.validateReply(found.method, id, reply, options));
    const { promises } = found.method;
    const cursor =
      options.cursors !== undefined &&
      (promises.cursor !== undefined || this.#followed(found.method.id, promises));
    // Most methods promise only a content type: their call's inputs are not read.
    const inputs = cursor || readsInputs(promises) ? callInputs(found.method, call) : noInputs;
    const answer = rpcAnswer(recording, reply);
    if (cursor)
      options.cursors?.push({
        operation: found.method.id,
        promises,
        inputs,
        answer,
        target: targetOf(recording.request.url),
      });
    const promised = checkPromises(promises, inputs, answer);
    for (const v of promised) {
      // The content type is the exchange's: told once for a batch.
      if (v.kind === 'content-type' && errors.some((e) => e.kind === 'content-type')) continue;
      errors.push(v);
    }
    return found;
  }
}

/** Pushes `more` onto `out` (most lists are empty: no spread of them). */
function pushAll(out: Violation[], more: Violation[]): void {
  for (let k = 0; k < more.length; k++) out.push(more[k] as Violation);
}

/** Whether a body is a JSON-RPC call (or a batch starting with one) by its own members. */
function looksLikeRpc(body: unknown): boolean {
  const first = Array.isArray(body) ? body[0] : body;
  return isObject(first) && typeof first.method === 'string' && 'jsonrpc' in first;
}

const hostSets = new WeakMap<OpenApiService, Set<string>>();

/** The hosts of a document's `servers`, read once (not per exchange). */
function serverHosts(service: OpenApiService): Set<string> {
  let hosts = hostSets.get(service);
  if (!hosts) {
    hosts = new Set();
    for (const s of Array.isArray(service.doc.servers) ? service.doc.servers : [])
      if (isObject(s) && typeof s.url === 'string' && URL.canParse(s.url))
        hosts.add(new URL(s.url).host);
    hostSets.set(service, hosts);
  }
  return hosts;
}

/** The reply to the `i`-th call of an exchange: by id in a batch. */
function replyTo(recording: Recording, call: unknown, i: number): unknown {
  const body = recording.response.body;
  if (!Array.isArray(body)) return i === 0 ? body : undefined;
  const id = isObject(call) ? call.id : undefined;
  return body.find((r) => isObject(r) && r.id === id);
}

/** The inputs handed to promises that read none. */
const noInputs: Inputs = Object.freeze({});

/** Each method's parameter names, in order: read per call, listed once. */
const paramNames = new WeakMap<RpcMethod, string[]>();

function callInputs(method: RpcMethod, call: unknown): Inputs {
  let names = paramNames.get(method);
  if (!names) {
    names = method.params.map((p) => p.name);
    paramNames.set(method, names);
  }
  return rpcInputs(names, isObject(call) ? call.params : undefined);
}

function rpcAnswer(recording: Recording, reply: unknown): Answer {
  return {
    protocol: 'rpc',
    status: recording.response.status,
    contentType: headerValue(recording.response.headers, 'content-type'),
    reply,
  };
}
