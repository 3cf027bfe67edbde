import { deref, isObject } from '../model/json-pointer.js';
import type { OpenApiService, Operation } from '../model/openapi.js';
import { parseQuery } from '../model/openapi.js';
import { namedParams, type OpenRpcService, type RpcMethod } from '../model/openrpc.js';

/** Which class of case a request belongs to; the report counts each per operation. */
export type CaseClass =
  | 'recorded'
  | 'example'
  | 'generated'
  | 'negative'
  | 'page'
  | 'linked'
  | 'filter';

export const caseClasses: readonly CaseClass[] = [
  'recorded',
  'example',
  'generated',
  'negative',
  'page',
  'linked',
  'filter',
];

/** One input an operation takes, flattened: a path/query parameter, a body member or an RPC param. */
export interface Input {
  name: string;
  in: 'path' | 'query' | 'body' | 'params';
  required: boolean;
  schema: Record<string, unknown>;
  /** The values the schema allows when it lists them (enum, boolean), as strings. */
  domain?: string[];
}

/** Follows `$ref`s, `allOf` of one and picks the schema a value is read against. */
export function resolveSchema(doc: unknown, schema: unknown): Record<string, unknown> {
  const node = deref(doc, schema, '').node;
  if (!isObject(node)) return {};
  if (Array.isArray(node.allOf) && node.allOf.length === 1)
    return { ...node, ...resolveSchema(doc, node.allOf[0]) };
  return node;
}

function domainOf(doc: unknown, schema: Record<string, unknown>): string[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum.map(String);
  if (schema.type === 'boolean') return ['true', 'false'];
  if (schema.type === 'array' && schema.items !== undefined) {
    const items = resolveSchema(doc, schema.items);
    if (Array.isArray(items.enum)) return items.enum.map(String);
  }
  return undefined;
}

export function restInputs(service: OpenApiService, op: Operation): Input[] {
  const out: Input[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const schema = resolveSchema(service.doc, { $ref: `#${p.schema}` });
    const input: Input = { name: p.name, in: p.in, required: p.required, schema };
    const domain = domainOf(service.doc, schema);
    if (domain) input.domain = domain;
    out.push(input);
  }
  if (op.requestBody) {
    const body = resolveSchema(service.doc, { $ref: `#${op.requestBody.schema}` });
    const required = Array.isArray(body.required) ? body.required.map(String) : [];
    for (const [name, raw] of Object.entries(isObject(body.properties) ? body.properties : {})) {
      const schema = resolveSchema(service.doc, raw);
      const input: Input = { name, in: 'body', required: required.includes(name), schema };
      const domain = domainOf(service.doc, schema);
      if (domain) input.domain = domain;
      out.push(input);
    }
  }
  return out;
}

export function rpcInputs(service: OpenRpcService, method: RpcMethod): Input[] {
  return method.params.map((p) => {
    const schema = resolveSchema(service.doc, { $ref: `#${p.schema}` });
    const input: Input = { name: p.name, in: 'params', required: p.required, schema };
    const domain = domainOf(service.doc, schema);
    if (domain) input.domain = domain;
    return input;
  });
}

/** How a value is named in coverage: `asc`, `[a,b]`, `absent`. */
export function valueLabel(v: unknown): string {
  if (v === undefined) return 'absent';
  if (Array.isArray(v)) return `[${v.map(valueLabel).join(',')}]`;
  if (isObject(v)) return 'object';
  return String(v);
}

/** The values a REST request carries, per input name. */
export function restValues(
  op: Operation,
  pathname: string,
  search: string,
  body: unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const m = op.regex.exec(pathname);
  op.pathParams.forEach((name, i) => {
    const raw = m?.[i + 1];
    if (raw !== undefined) out[name] = decodeURIComponent(raw);
  });
  const query = parseQuery(new URLSearchParams(search));
  for (const p of op.parameters) {
    const v = query[p.name];
    if (p.in === 'query' && v !== undefined) out[p.name] = p.isArray ? v : v[0];
  }
  if (isObject(body)) Object.assign(out, body);
  return out;
}

export function rpcValues(method: RpcMethod, params: unknown): Record<string, unknown> {
  return namedParams(method, params);
}
