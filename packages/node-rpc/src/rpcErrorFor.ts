// The one place a JSON-RPC error object becomes the error the client throws. When the shared
// error classes land in @avalanche-api/rest-core, this function becomes its `rpcFailure`.
import type { ErrorKind } from './entries.js';
import { RpcError } from './errors.js';
import { BadRequestError, NotFoundError, UnsupportedError } from './rpcErrors.js';

const classes = {
  notFound: NotFoundError,
  badRequest: BadRequestError,
  unsupported: UnsupportedError,
};

/** The fields an RpcError keeps: the node's message, code and data, and the method called. */
export interface RpcFailureFields {
  message: string;
  details: string;
  method: string;
  code: number;
  data: unknown;
}

/** The typed error of a kind (a plain RpcError for none), with every field of the error object. */
export const rpcErrorFor = (
  kind: ErrorKind | undefined,
  { message, ...fields }: RpcFailureFields,
) => new (kind ? classes[kind] : RpcError)(message, fields);
