import type { ErrorKind, ErrorKinds } from './entries.js';
import { methods } from './generated/table.js';

/** The fields of a JSON-RPC error object a kind is read from. */
export interface RpcErrorFields {
  code: number;
  message: string;
}

/**
 * The kind the entries give an error: the first whose code equals the error's and whose pattern
 * (if it has one) matches the message; undefined when none does.
 */
export const kindOf = (kinds: ErrorKinds, { code, message }: RpcErrorFields) =>
  kinds.find(([, c, pattern]) => c === code && (!pattern || pattern.test(message)))?.[0];

/**
 * What a JSON-RPC error of `method` says, by the spec's x-error-kinds: `notFound`, `badRequest`,
 * `unsupported`, or undefined (an error the spec does not classify, or a method it lacks).
 * The client throws NotFoundError, BadRequestError, UnsupportedError or a plain RpcError by it.
 */
export function classifyRpcError(method: string, error: RpcErrorFields): ErrorKind | undefined {
  const entry = methods[method];
  return entry && kindOf(entry[3], error);
}
