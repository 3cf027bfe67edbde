// Every error the client throws. The classes are @avalanche-api/rest-core's, shared with the Data
// and Metrics clients, so `instanceof NotFoundError` holds whichever client threw; each error's
// `client` names the package that threw it, and NodeClientError matches this package's errors only.
// `show` is the REST clients' (one line, shortened): one way to put a value in a message.
import {
  type ClientError,
  type ClientErrorOptions,
  clientErrorBrand,
  IdMismatchError,
  PaginationError,
  ParameterError,
  type ParameterRule,
  parameterMessage,
  show,
} from '@avalanche-api/rest-core';

export {
  BadRequestError,
  ClientError,
  ConnectionError,
  ForbiddenError,
  HttpError,
  IdMismatchError,
  NotFoundError,
  PaginationError,
  ParameterError,
  ParseError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  ResponseValidationError,
  RpcError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnsupportedError,
} from '@avalanche-api/rest-core';

/** This package's name: the `client` of every error it throws. */
export const CLIENT = '@avalanche-api/node-rpc';

export type NodeClientErrorOptions = ClientErrorOptions;

/**
 * `error instanceof NodeClientError` holds for every error this package threw (its `client` is
 * `@avalanche-api/node-rpc`), of whichever class, and for no other package's.
 */
export const NodeClientError = /* @__PURE__ */ clientErrorBrand('NodeClientError', CLIENT);
/** An error this package threw: a {@link ClientError} whose `client` is this package. */
export type NodeClientError = ClientError;

/** An IdMismatchError: the ids sent (one, or a batch's list) and the ids that came back. */
export const idMismatch = (expected: unknown, received: unknown, url: string) =>
  new IdMismatchError(
    `response id ${show(received)} is not request id ${show(expected)} (${url})`,
    { client: CLIENT, expected, received, url },
  );

/** A PaginationError: the paginators' cursor `pageToken` came back after `page` pages. */
export const repeatedCursor = (pageToken: string, page: number) =>
  new PaginationError(`page ${page} repeats an earlier page token`, {
    client: CLIENT,
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
  rule: ParameterRule,
  text: string,
) =>
  new ParameterError(parameterMessage(parameter, value, text, method), {
    client: CLIENT,
    operation: method,
    parameter,
    value,
    rule,
  });
