// Every error the client throws. The classes are this package's own (an error of another client
// is no NodeClientError); they take ClientError's one constructor (message, fields) from
// @avalanche-api/rest-core. The ones every client has come from errorClasses.ts (generated from
// the REST clients' template part); the JSON-RPC ones are here. `name` is spelled out in every
// class because minifiers rename classes.
// `show` is the REST clients' (one line, shortened): one way to put a value in a message.
import { type ErrorClasses, parameterMessage, show } from '@avalanche-api/rest-core';
import {
  ConnectionError,
  NodeClientError,
  PaginationError,
  ParameterError,
  ParseError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
} from './errorClasses.js';

export * from './errorClasses.js';

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
