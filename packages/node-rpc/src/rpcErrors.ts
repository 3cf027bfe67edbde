// The typed JSON-RPC errors: an RpcError the spec's x-error-kinds classify. They keep every
// RpcError field (method, code, message, data), so `instanceof RpcError` holds for them too.
import { RpcError } from './errors.js';

/** The node answered that what was asked for does not exist (a block, transaction, index, …). */
export class NotFoundError extends RpcError {
  override name = 'NotFoundError';
}

/** The node refused an argument (it could not parse it, or it breaks a rule of the method). */
export class BadRequestError extends RpcError {
  override name = 'BadRequestError';
}

/** The node does not serve the method or feature (another release, an API it has turned off). */
export class UnsupportedError extends RpcError {
  override name = 'UnsupportedError';
}
