// The JSON-RPC errors, in a module of their own so that a REST client's bundle does not carry them.
import {
  BadRequestError,
  ClientError,
  type ClientErrorOptions,
  NotFoundError,
  UnsupportedError,
} from './errors.js';

/**
 * A JSON-RPC error object in the answer (HTTP 200): `message` is the node's own text, `code` and
 * `data` the error object's. `instanceof RpcError` also holds for the errors the node reported by
 * kind (a `NotFoundError`, `BadRequestError` or `UnsupportedError` with these same fields): any
 * ClientError with a numeric `code` (a ConnectionError's is a string).
 */
export class RpcError extends ClientError {
  static override errorName = 'RpcError';
  /** The JSON-RPC method called. */
  declare method: string;
  declare code: number;
  declare data: unknown;
  /** The request URL, without credentials. */
  declare url: string;

  static override [Symbol.hasInstance](value: unknown): value is RpcError {
    return typeof (value as RpcError)?.code === 'number' && value instanceof ClientError;
  }
}

/** The response's ids are not the request's (a single call, or a batch's set of ids). */
export class IdMismatchError extends ClientError {
  static override errorName = 'IdMismatchError';
  declare expected: unknown;
  declare received: unknown;
  declare url: string;
}

/** What the node meant by a JSON-RPC error, as read from its message; `undefined` when not known. */
export type RpcFailureKind = 'notFound' | 'badRequest' | 'unsupported';

/** What {@link rpcFailure} takes: the error object's fields and where it came from. */
export type RpcFailureFields = ClientErrorOptions & {
  method: string;
  code: number;
  message: string;
  data?: unknown;
  /** The request URL, without credentials. */
  url: string;
};

/**
 * The error for a JSON-RPC error object: a `NotFoundError`, `BadRequestError` or
 * `UnsupportedError` for a known `kind` (status 200, `body` the error object, and the RpcError
 * fields `method`, `code`, `data`, so `instanceof RpcError` holds too), else a plain `RpcError`.
 */
export function rpcFailure(
  kind: RpcFailureKind | undefined,
  { message, method, code, data, url, ...options }: RpcFailureFields,
): ClientError {
  const rpc = { ...options, method, code, data, url };
  if (!kind) return new RpcError(message, rpc);
  const Class = {
    notFound: NotFoundError,
    badRequest: BadRequestError,
    unsupported: UnsupportedError,
  }[kind];
  return new Class(message, {
    ...rpc,
    status: 200,
    error: `JSON-RPC error ${code}`,
    body: { code, message, ...(data !== undefined && { data }) },
  });
}
