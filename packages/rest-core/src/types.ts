// The method types of a client, generic over one operation of openapi-typescript's `operations`;
// each client's generated operations.ts binds them to its own spec.
import type { CallOptions } from './createOperations.js';

/** One entry of openapi-typescript's `operations`. */
export type OperationShape = {
  parameters: { path?: unknown; query?: unknown };
  responses: object;
};

type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** A parameter group, or nothing when the operation has none (openapi-typescript says `never`). */
type Group<T> = [Exclude<T, undefined>] extends [never] ? unknown : Exclude<T, undefined>;
/** The JSON body's fields; openapi-typescript marks an optional body `requestBody?`, none `requestBody?: never`. */
type Body<O> = O extends { requestBody?: infer R }
  ? [Exclude<R, undefined>] extends [{ content: { 'application/json': infer B } }]
    ? B
    : unknown
  : unknown;
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;

/** The one object an operation method takes: its path, query and body fields side by side. */
export type OperationParameters<O extends OperationShape> = Simplify<
  Group<O['parameters']['path']> & Group<O['parameters']['query']> & Body<O>
>;

/** The success body an operation method resolves to. */
export type OperationReturnType<O extends OperationShape> = Json<
  O['responses'][Extract<keyof O['responses'], 200 | 201 | 202 | 203>]
>;

/** The method for one operation; `params` may be left out only when nothing in it is required. */
export type OperationMethod<O extends OperationShape> =
  Partial<OperationParameters<O>> extends OperationParameters<O>
    ? (params?: OperationParameters<O>, options?: CallOptions) => Promise<OperationReturnType<O>>
    : (params: OperationParameters<O>, options?: CallOptions) => Promise<OperationReturnType<O>>;

/** One method per operation (per key of openapi-typescript's `operations`). */
export type OperationMethods<Operations extends { [K in keyof Operations]: OperationShape }> = {
  [K in keyof Operations]: OperationMethod<Operations[K]>;
};
