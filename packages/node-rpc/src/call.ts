import { httpErrorClass, retryAfterMs, rpcFailure } from '@avalanche-api/rest-core';
import { kindOf } from './classifyRpcError.js';
import type { ChainCallOptions, NodeCore } from './core.js';
import type { EndpointEntry, ErrorKinds, MethodEntry } from './entries.js';
import { CLIENT, idMismatch, ParseError, parameterError } from './errors.js';
import type { IndexPath } from './generated/methods.js';
import { serverText } from './serverText.js';
import type { Answer, CallOptions } from './transport.js';

/** Per-call options of the index methods. */
export interface IndexCallOptions extends CallOptions {
  /** Which index the method reads. Default `X/block`. */
  index?: IndexPath;
}

/** Options of `client.request`: where a method's endpoint has variables, set them here. */
export interface RequestOptions extends ChainCallOptions {
  /** Which index the index methods read. Default `X/block`. */
  index?: IndexPath;
}

/** Endpoint variables a namespace binds (`client.evm('C')`; `client.index('X/tx')` binds `index`). */
export type Vars = Record<string, string | undefined>;

/** The last JSON-RPC id: one counter for every client in the module, so an id is never reused. */
let last = 0;

export const malformed = (a: Answer, reason: string, cause?: unknown) =>
  new ParseError(`malformed answer (HTTP ${a.status}) from ${a.url}: ${reason}`, {
    client: CLIENT,
    cause,
    status: a.status,
    error: 'malformed',
    body: a.text.slice(0, 1000),
    url: a.url,
  });

/** The JSON body of an answer whose status is `ok` (by default: a 2xx), or its typed error. */
export function json(a: Answer, ok = /^2/.test(`${a.status}`)): unknown {
  let body: unknown;
  let failure: ParseError | undefined;
  try {
    body = JSON.parse(a.text);
  } catch (e) {
    failure = malformed(a, 'not JSON', e);
  }
  if (ok && failure) throw failure;
  if (!ok) {
    // The REST clients' class per status (a gateway's HTML 502 is still a ServerError; the body
    // that could not be read is its cause), with the server's own words, as the REST clients keep
    // them (`HTTP 404 from …: 404 page not found`).
    const text = serverText(body, a.text);
    throw new (httpErrorClass(a.status))(`HTTP ${a.status} from ${a.url}${text && `: ${text}`}`, {
      client: CLIENT,
      cause: failure,
      status: a.status,
      error: `HTTP ${a.status}`,
      body: body ?? a.text.slice(0, 1000),
      url: a.url,
      // Only a RateLimitError has the field.
      ...(a.status === 429 && { retryAfterMs: retryAfterMs(a.headers.get('retry-after')) }),
    });
  }
  return body;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** The url of a method's endpoint; an endpoint with variables carries the code that fills them. */
export const endpointUrl = (
  url: string,
  method: string,
  e: EndpointEntry,
  o: RequestOptions,
  vars?: Vars,
): string => (e[3] ? e[3](url, method, e, o, vars) : url + e[0]);

/**
 * A method's request object, with its params as they go on the wire: an object by name, or an
 * array by position (`{}` or `[]` when left out). A method with params carries the code that
 * checks them against the spec, so an app calling only methods without params does not ship it.
 */
export function request(method: string, [, flags, list, , check]: MethodEntry, params: unknown) {
  const byPosition = flags & 1;
  const given = params ?? (byPosition ? [] : {});
  if (byPosition ? !Array.isArray(given) : !isObject(given)) {
    const type = byPosition ? 'array' : 'object';
    throw parameterError(method, 'params', given, 'type', `is not of type ${type}`);
  }
  check?.(method, list, given as Record<string | number, unknown>, byPosition);
  return { jsonrpc: '2.0', id: ++last, method, params: given };
}

/**
 * The result of one JSON-RPC response object (checked by `expect`, then by the core's validator),
 * or the error it carries, typed by the method's error `kinds` (NotFoundError, …, or RpcError).
 */
export function unwrap(
  core: NodeCore,
  body: unknown,
  id: number,
  method: string,
  kinds: ErrorKinds,
  a: Answer,
  expect?: (result: unknown, a: Answer) => void,
): unknown {
  if (!isObject(body) || body.jsonrpc !== '2.0') throw malformed(a, 'not JSON-RPC 2.0');
  const { error } = body;
  // Exactly one of the two; a null error next to a result is tolerated, some servers send it.
  if ('result' in body === (error !== undefined && error !== null))
    throw malformed(a, 'not exactly one of result and error');
  // A server that could not read the request answers id null.
  if (body.id !== id && !(error && body.id === null)) throw idMismatch(id, body.id, a.url);
  if (error === undefined || error === null) {
    expect?.(body.result, a);
    core.validate?.({ operationId: method, url: a.url, body: body.result });
    return body.result;
  }
  if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') {
    throw malformed(a, 'not a JSON-RPC error object');
  }
  const fields = { code: error.code as number, message: error.message };
  throw rpcFailure(kindOf(kinds, fields), {
    ...fields,
    client: CLIENT,
    details: `${method}, code ${error.code}`,
    method,
    data: error.data,
    url: a.url,
  });
}

/**
 * One JSON-RPC call of `method` (described by its `entry`): params checked, posted to the
 * method's endpoint, the result or its typed error. Every one-call function and client method
 * ends here.
 */
export async function call(
  core: NodeCore,
  method: string,
  entry: MethodEntry,
  params: unknown,
  o: RequestOptions = {},
  vars?: Vars,
  expect?: (result: unknown, a: Answer) => void,
): Promise<unknown> {
  const q = request(method, entry, params);
  const a = await core.transport(
    endpointUrl(core.baseUrl, method, entry[0], o, vars),
    JSON.stringify(q),
    o,
  );
  return unwrap(core, json(a), q.id, method, entry[3], a, expect);
}

// The generated one-call functions import their runtime from this one module.
export type { ChainCallOptions, NodeCore } from './core.js';
export type { CallOptions } from './transport.js';
