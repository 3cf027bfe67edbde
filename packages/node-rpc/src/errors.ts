const DOCS = 'https://github.com/avalanche-api/avalanche-api/tree/main/packages/node-rpc#errors';

/** The url without user info or query string, which may carry credentials. */
export const redact = (url: string): string =>
  url.replace(/\/\/[^/@]*@/, '//').replace(/[?#].*/, '');

/** JSON for messages; never throws (BigInt, cycles). */
export const show = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/**
 * Base class of every error the client throws. Subclasses differ in name and fields only;
 * `fields` become properties of the error (a `url` is stored without credentials).
 */
export class NodeClientError extends Error {
  override name = 'NodeClientError';
  /** One line saying what went wrong; `message` adds the details and the docs link. */
  declare readonly shortMessage: string;
  declare readonly details: string | undefined;
  declare readonly docsUrl: string;

  constructor(
    shortMessage: string,
    details?: string,
    fields?: { cause?: unknown; [key: string]: unknown },
  ) {
    super(`${shortMessage}${details ? `\nDetails: ${details}` : ''}\nDocs: ${DOCS}`, fields);
    Object.assign(this, { shortMessage, details, docsUrl: DOCS }, fields);
  }
}

/**
 * A JSON-RPC error object, answered with HTTP 200. `shortMessage` is the node's own text;
 * `code` and `data` are the error object's.
 */
export class RpcError extends NodeClientError {
  override name = 'RpcError';
  declare readonly method: string;
  declare readonly code: number;
  declare readonly data: unknown;
}

/** An HTTP status outside 2xx (for the health GET: other than 200 and 503). */
export class HttpError extends NodeClientError {
  override name = 'HttpError';
  declare readonly status: number;
  /** The request url, without user info or query string. */
  declare readonly url: string;
  /** The response body. */
  declare readonly body: string;
}

/** HTTP 429 once retries are used up; `retryAfterMs` is the server's Retry-After, if any. */
export class RateLimitError extends HttpError {
  override name = 'RateLimitError';
  declare readonly retryAfterMs: number | undefined;
}

/** No complete answer (headers and body) within `timeoutMs`. Never retried. */
export class TimeoutError extends NodeClientError {
  override name = 'TimeoutError';
  declare readonly url: string;
  declare readonly timeoutMs: number;
}

/** No HTTP answer at all (connection refused, DNS, TLS, CORS), after the retries. */
export class NetworkError extends NodeClientError {
  override name = 'NetworkError';
  declare readonly url: string;
}

/** A 2xx answer that is not JSON, or JSON that is not a well-formed JSON-RPC response. */
export class ParseError extends NodeClientError {
  override name = 'ParseError';
  declare readonly status: number;
  declare readonly url: string;
  /** The response body. */
  declare readonly body: string;
}

/** The response's `id` is not the request's. */
export class IdMismatchError extends NodeClientError {
  override name = 'IdMismatchError';
  declare readonly expected: number;
  declare readonly received: unknown;
  declare readonly url: string;
}

/** A parameter breaks a rule of the spec; raised before anything is sent. */
export class ParameterError extends NodeClientError {
  override name = 'ParameterError';
  declare readonly method: string;
  /** Path of the parameter, e.g. `numToFetch`, `addresses[0]`, `startIndex.utxo`. */
  declare readonly parameter: string;
  declare readonly value: unknown;
  /** The rule, e.g. `maximum 1024`, `required`, `enum ["hex"]`. */
  declare readonly rule: string;
}

/** A ParameterError naming the method, the parameter, its value and the rule. */
export const parameterError = (method: string, parameter: string, value: unknown, rule: string) =>
  new ParameterError(`${method}: ${parameter} = ${show(value)} breaks rule "${rule}"`, undefined, {
    method,
    parameter,
    value,
    rule,
  });
