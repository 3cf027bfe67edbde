// The shapes of the method table's entries. The generated parts.ts and table.ts hold the data;
// the runtime (call, endpoint, checkParams) reads it through these types.

import type { SchemaRule } from '@avalanche-api/rest-core';
import type { checkParams } from './checkParams.js';
import type { fill } from './endpoint.js';

/** A parameter rule: the JSON Schema keywords rest-core's checkRule enforces, sub-rules by reference. */
export type Rule = SchemaRule;
/** [name, required (1) or not (0), rule] */
export type ParamEntry = readonly [name: string, required: 0 | 1, rule: Rule];
/**
 * [path template relative to the client's url, the spec's default of each variable, client
 * namespace, the code filling the variables (only where there are some)]
 */
export type EndpointEntry = readonly [
  path: string,
  defaults: Readonly<Record<string, string>>,
  namespace: string,
  fill?: typeof fill,
];
/** What a JSON-RPC error says, by the spec's x-error-kinds. */
export type ErrorKind = 'notFound' | 'badRequest' | 'unsupported';
/** [kind, code, pattern over the message (absent: any message with the code)] */
export type ErrorKindEntry = readonly [kind: ErrorKind, code: number, pattern?: RegExp];
/** A method's x-error-kinds in the order they are tried: its own, then its shared table's. */
export type ErrorKinds = readonly ErrorKindEntry[];
/**
 * [endpoint, flags, params, error kinds, the code checking the params (only where there are
 * some)]; flags: 1 params by position, 2 the endpoint takes batches.
 */
export type MethodEntry = readonly [
  endpoint: EndpointEntry,
  flags: number,
  params: readonly ParamEntry[],
  kinds: ErrorKinds,
  check?: typeof checkParams,
];
