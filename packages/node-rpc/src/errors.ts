// Every error the client throws. The classes are this package's own (an error of another client
// is no NodeClientError); they take ClientError's one constructor (message, fields) from
// @avalanche-api/rest-core, and the shared ones have every client's names, fields and messages.
// `name` is spelled out in every class because minifiers rename classes.
import { ClientError, type ErrorClasses, parameterMessage } from '@avalanche-api/rest-core';

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
export class HttpError extends NodeClientError {
  override name = 'HttpError';
  declare status: number;
  declare error: string;
  declare body: unknown;
  declare url: string;
}

/** HTTP 429 once retries are used up; `retryAfterMs` is the server's Retry-After, if any. */
export class RateLimitError extends HttpError {
  override name = 'RateLimitError';
  declare retryAfterMs: number | undefined;
}

/** 5xx: the node or a gateway in front of it failed; an HTML page has its ParseError as `cause`. */
export class ServerError extends HttpError {
  override name = 'ServerError';
}

/** A 2xx answer that is not JSON, or JSON that is not a well-formed JSON-RPC response. */
export class ParseError extends HttpError {
  override name = 'ParseError';
}

/** No complete answer (headers and body) within `timeoutMs`. Never retried. */
export class TimeoutError extends NodeClientError {
  override name = 'TimeoutError';
  declare timeoutMs: number;
  declare url: string;
}

/** No HTTP answer at all (connection refused, reset, DNS, TLS, CORS), after the retries. */
export class ConnectionError extends NodeClientError {
  override name = 'ConnectionError';
  declare url: string;
  declare code: string | undefined;
}

/** A redirect answered while a credential header was attached; not followed. */
export class RedirectError extends NodeClientError {
  override name = 'RedirectError';
  declare status: number;
  declare location: string;
  declare url: string;
}

/** The body grew past `maxResponseBytes` (default 32 MiB); reading stopped there. */
export class ResponseTooLargeError extends NodeClientError {
  override name = 'ResponseTooLargeError';
  declare maxResponseBytes: number;
  declare url: string;
}

/** A parameter breaks a rule of the spec; raised before anything is sent. */
export class ParameterError extends NodeClientError {
  override name = 'ParameterError';
  declare operation: string;
  declare parameter: string;
  declare value: unknown;
  declare rule: string;
}

/** A paginator (`avm.utxos`) was handed a cursor it had followed before; following it would loop. */
export class PaginationError extends NodeClientError {
  override name = 'PaginationError';
  declare pageToken: string;
  declare page: number;
}

/**
 * A JSON-RPC error object, answered with HTTP 200. `message` is the node's own text;
 * `code` and `data` are the error object's.
 */
export class RpcError extends NodeClientError {
  override name = 'RpcError';
  declare readonly method: string;
  declare readonly code: number;
  declare readonly data: unknown;
}

/** The response's ids are not the request's (a single call, or a batch's set of ids). */
export class IdMismatchError extends NodeClientError {
  override name = 'IdMismatchError';
  declare readonly expected: unknown;
  declare readonly received: unknown;
  declare readonly url: string;
}

/** An IdMismatchError: the ids sent (one, or a batch's list) and the ids that came back. */
export const idMismatch = (expected: unknown, received: unknown, url: string) =>
  new IdMismatchError(
    `response id ${show(received)} is not request id ${show(expected)} (${url})`,
    {
      expected,
      received,
      url,
    },
  );

/** A PaginationError: the paginators' cursor `pageToken` came back after `page` pages. */
export const repeatedCursor = (pageToken: string, page: number) =>
  new PaginationError(`page ${page} repeats an earlier page token`, {
    details: `nextPageToken ${pageToken}`,
    pageToken,
    page,
  });

/**
 * A ParameterError naming the method, the parameter, its value and the rule, in the REST clients'
 * words (`encoding: "xml" is not one of hex, hexc, hexnc (avm.getUTXOs)`).
 */
export const parameterError = (
  method: string,
  parameter: string,
  value: unknown,
  rule: string,
  text: string,
) =>
  new ParameterError(parameterMessage(parameter, value, text, method), {
    operation: method,
    parameter,
    value,
    rule,
  });

/** A result does not have the shape the spec promises (with `validate: createValidator()`). */
export class ResponseValidationError extends NodeClientError {
  override name = 'ResponseValidationError';
  /** The JSON-RPC method. */
  declare readonly operationId: string;
  declare readonly url: string;
  /** One line per problem, each starting with the JSON path. */
  declare readonly issues: string[];
}

/** The classes the shared transport throws for this package. */
export const errors: Pick<
  ErrorClasses,
  'TimeoutError' | 'ConnectionError' | 'ParseError' | 'RedirectError' | 'ResponseTooLargeError'
> = { TimeoutError, ConnectionError, ParseError, RedirectError, ResponseTooLargeError };
