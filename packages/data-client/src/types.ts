// Shared by the client packages (kept byte-identical; see src/internal/README.md).
import type { OperationId } from './generated/operations.js';
import type { operations } from './generated/types.js';
import type { CallOptions } from './internal/createOperations.js';

type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** A parameter group, or nothing when the operation has none (openapi-typescript says `never`). */
type Group<T> = [Exclude<T, undefined>] extends [never] ? unknown : Exclude<T, undefined>;
type Body<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : unknown;
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;

/** The one object an operation method takes: its path, query and body fields side by side. */
export type OperationParameters<K extends OperationId> = Simplify<
  Group<operations[K]['parameters']['path']> &
    Group<operations[K]['parameters']['query']> &
    Body<operations[K]>
>;

/** The success body an operation method resolves to. */
export type OperationReturnType<K extends OperationId> = Json<
  operations[K]['responses'][Extract<keyof operations[K]['responses'], 200 | 201 | 202 | 203>]
>;

/** The method for one operation; `params` may be left out only when nothing in it is required. */
export type OperationMethod<K extends OperationId> =
  Partial<OperationParameters<K>> extends OperationParameters<K>
    ? (params?: OperationParameters<K>, options?: CallOptions) => Promise<OperationReturnType<K>>
    : (params: OperationParameters<K>, options?: CallOptions) => Promise<OperationReturnType<K>>;

/** One method per operationId of the spec. */
export type OperationMethods = { [K in OperationId]: OperationMethod<K> };
