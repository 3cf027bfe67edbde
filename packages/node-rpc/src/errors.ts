// Every error the client throws. The classes are this package's own (an error of another client
// is no NodeClientError); the shared ones take their constructors and fields from
// @avalanche-api/rest-core, so every client has the same names, fields and one-line messages.
// `name` is spelled out in every class because minifiers rename classes.
import {
  ApiErrorBase,
  ClientError,
  ConnectionErrorBase,
  type ErrorClasses,
  PaginationErrorBase,
  ParameterErrorBase,
  RateLimitErrorBase,
  RedirectErrorBase,
  ResponseTooLargeErrorBase,
  TimeoutErrorBase,
} from '@avalanche-api/rest-core';

/** JSON for messages; never throws (BigInt, cycles). */
export const show = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/** Base class of everything this package throws; `message` is one short line. */
export class NodeClientError extends ClientError {
  override name = 'NodeClientError';
  override docsUrl =
    'https://github.com/avalanche-api/avalanche-api/tree/main/packages/node-rpc#errors';
}

/** An HTTP status outside 2xx (for the health GET: other than 200 and 503). */
export class HttpError extends /* @__PURE__ */ ApiErrorBase(NodeClientError, 'HttpError') {}

/** HTTP 429 once retries are used up; `retryAfterMs` is the server's Retry-After, if any. */
export class RateLimitError extends /* @__PURE__ */ RateLimitErrorBase(HttpError) {}

/** 5xx: the node or a gateway in front of it failed; an HTML page has its ParseError as `cause`. */
export class ServerError extends HttpError {
  override name = 'ServerError';
}

/** A 2xx answer that is not JSON, or JSON that is not a well-formed JSON-RPC response. */
export class ParseError extends HttpError {
  override name = 'ParseError';
}

/** No complete answer (headers and body) within `timeoutMs`. Never retried. */
export class TimeoutError extends /* @__PURE__ */ TimeoutErrorBase(NodeClientError) {}

/** No HTTP answer at all (connection refused, reset, DNS, TLS, CORS), after the retries. */
export class ConnectionError extends /* @__PURE__ */ ConnectionErrorBase(NodeClientError) {}

/** A redirect answered while a credential header was attached; not followed. */
export class RedirectError extends /* @__PURE__ */ RedirectErrorBase(NodeClientError) {}

/** The body grew past `maxResponseBytes` (default 32 MiB); reading stopped there. */
export class ResponseTooLargeError extends /* @__PURE__ */ ResponseTooLargeErrorBase(
  NodeClientError,
) {}

/** A parameter breaks a rule of the spec; raised before anything is sent. */
export class ParameterError extends /* @__PURE__ */ ParameterErrorBase(NodeClientError) {}

/** A paginator (`avm.utxos`) was handed a cursor it had followed before; following it would loop. */
export class PaginationError extends /* @__PURE__ */ PaginationErrorBase(NodeClientError) {}

/**
 * A JSON-RPC error object, answered with HTTP 200. `message` is the node's own text;
 * `code` and `data` are the error object's.
 */
export class RpcError extends NodeClientError {
  override name = 'RpcError';
  declare readonly method: string;
  declare readonly code: number;
  declare readonly data: unknown;

  constructor(method: string, code: number, message: string, data: unknown) {
    super(message, { details: `${method}, code ${code}` });
    Object.assign(this, { method, code, data });
  }
}

/** The response's ids are not the request's (a single call, or a batch's set of ids). */
export class IdMismatchError extends NodeClientError {
  override name = 'IdMismatchError';
  declare readonly expected: unknown;
  declare readonly received: unknown;
  declare readonly url: string;

  constructor(expected: unknown, received: unknown, url: string) {
    super(`response id ${show(received)} is not request id ${show(expected)} (${url})`);
    Object.assign(this, { expected, received, url });
  }
}

/** A ParameterError naming the method, the parameter, its value and the rule. */
export const parameterError = (method: string, parameter: string, value: unknown, rule: string) =>
  new ParameterError(
    method,
    parameter,
    value,
    rule,
    `${parameter}: ${show(value)} breaks rule "${rule}" (${method})`,
  );

/** The classes the shared transport throws for this package. */
export const errors: Pick<
  ErrorClasses,
  'TimeoutError' | 'ConnectionError' | 'ParseError' | 'RedirectError' | 'ResponseTooLargeError'
> = { TimeoutError, ConnectionError, ParseError, RedirectError, ResponseTooLargeError };
