import type { ValidateFunction } from 'ajv';
import { deref, isObject } from './json-pointer.js';
import { type Promises, readPromises } from './promises/vocabulary.js';
import {
  type Precompiled,
  pointerOf,
  type SchemaSet,
  toViolations,
  type Violation,
  violation,
} from './schema-set.js';
import { forEachOpenRpcSchema } from './schema-walk.js';
import { SpecDocument, templateRegex } from './spec-document.js';

export interface RpcParam {
  name: string;
  required: boolean;
  schema: string;
}

export interface RpcEndpoint {
  /** Server url template as written, e.g. `{baseUrl}/ext/bc/{blockchainId}`. */
  template: string;
  /** The path part from `/ext/` on, e.g. `/ext/bc/{blockchainId}`. */
  path: string;
  regex: RegExp;
  variables: Record<string, { default?: string; enum?: string[] }>;
}

export interface RpcMethod {
  kind: 'rpc';
  service: string;
  id: string;
  pointer: string;
  node: Record<string, unknown>;
  params: RpcParam[];
  paramStructure: 'by-name' | 'by-position' | 'either';
  result?: string;
  endpoints: RpcEndpoint[];
  errorCodes: number[];
  /** What its answers promise about the call (`x-promises`, over the document's own). */
  promises: Promises;
}

export interface RpcExample {
  name: string;
  params: unknown;
  result: unknown;
}

function endpointOf(server: Record<string, unknown>): RpcEndpoint {
  const template = String(server.url);
  const variables: RpcEndpoint['variables'] = {};
  if (isObject(server.variables)) {
    for (const [name, v] of Object.entries(server.variables)) {
      if (!isObject(v)) continue;
      variables[name] = {};
      if (v.default !== undefined)
        (variables[name] as { default?: string }).default = String(v.default);
      if (Array.isArray(v.enum)) (variables[name] as { enum?: string[] }).enum = v.enum.map(String);
    }
  }
  const at = template.indexOf('/ext/');
  const path = at >= 0 ? template.slice(at) : new URL(template.replace(/\{[^}]+\}/g, 'x')).pathname;
  const { regex } = templateRegex(path, (name) => variables[name]?.enum, true);
  return { template, path, regex, variables };
}

/** An OpenRPC document with its methods indexed and its schemas loaded into ajv. */
export class OpenRpcService extends SpecDocument {
  readonly methods: RpcMethod[] = [];

  constructor(name: string, doc: Record<string, unknown>, precompiled: Precompiled = {}) {
    super(name, doc, precompiled, forEachOpenRpcSchema);
    const docServers = Array.isArray(doc.servers) ? doc.servers : [];
    (Array.isArray(doc.methods) ? doc.methods : []).forEach((raw, i) => {
      const { node, pointer } = deref(doc, raw, pointerOf('methods', i));
      const params: RpcParam[] = (Array.isArray(node.params) ? node.params : []).map(
        (rawParam, j) => {
          const { node: p, pointer: pPtr } = deref(doc, rawParam, `${pointer}/params/${j}`);
          return { name: String(p.name), required: p.required === true, schema: `${pPtr}/schema` };
        },
      );
      let result: string | undefined;
      if (node.result) result = `${deref(doc, node.result, `${pointer}/result`).pointer}/schema`;
      const servers =
        Array.isArray(node.servers) && node.servers.length > 0 ? node.servers : docServers;
      const errorCodes = (Array.isArray(node.errors) ? node.errors : [])
        .map((e, k) => deref(doc, e, `${pointer}/errors/${k}`).node.code)
        .filter((c): c is number => typeof c === 'number');
      const method: RpcMethod = {
        kind: 'rpc',
        service: name,
        id: String(node.name),
        pointer,
        node,
        params,
        paramStructure: (node.paramStructure as RpcMethod['paramStructure']) ?? 'either',
        endpoints: servers.filter(isObject).map(endpointOf),
        errorCodes,
        promises: readPromises(node, doc['x-promises']),
      };
      if (result) method.result = result;
      this.methods.push(method);
    });
  }

  getMethod(name: string): RpcMethod | undefined {
    if (!this.#byName) {
      this.#byName = new Map();
      // The first of a name wins, as `find` had it.
      for (const m of this.methods) if (!this.#byName.has(m.id)) this.#byName.set(m.id, m);
    }
    return this.#byName.get(name);
  }

  /** Methods by name, built on first lookup (once per exchange's call). */
  #byName: Map<string, RpcMethod> | undefined;

  /** Whether some method of this document is served at `pathname`. */
  servesPath(pathname: string): boolean {
    return this.methods.some((m) => m.endpoints.some((e) => e.regex.test(pathname)));
  }

  /** Checks the endpoint path, the params (by name or position) and the JSON-RPC envelope. */
  validateCall(
    method: RpcMethod,
    pathname: string,
    request: unknown,
    options: { strict: boolean },
  ): Violation[] {
    const out: Violation[] = [];
    if (!servedAt(method, pathname)) {
      const paths = method.endpoints.map((e) => e.path).join(' or ');
      out.push(
        violation(
          'unmatched',
          'request.url',
          '',
          `${method.id} is served at ${paths}, not ${pathname}`,
        ),
      );
    }
    if (!isObject(request))
      return [
        ...out,
        violation('protocol', 'request.body', '', 'must be a JSON-RPC request object'),
      ];
    if (request.jsonrpc !== '2.0')
      out.push(violation('protocol', 'request.body', '/jsonrpc', 'must be "2.0"'));
    const set = this.schemas(options);
    const params = request.params;
    if (params === undefined || params === null) {
      for (const p of method.params.filter((q) => q.required)) {
        out.push(
          violation(
            'missing-required',
            'request.params',
            pointerOf(p.name),
            'is required but missing',
          ),
        );
      }
      return out;
    }
    if (Array.isArray(params)) {
      if (method.paramStructure === 'by-name') {
        out.push(
          violation(
            'protocol',
            'request.params',
            '',
            `${method.id} takes params by name (an object)`,
          ),
        );
        return out;
      }
      const fn = set.knownFor(method, 'by-position') ?? byPosition(set, method);
      if (!fn(params)) out.push(...toViolations(fn.errors, 'request.params', params));
      return out;
    }
    if (!isObject(params))
      return [...out, violation('wrong-type', 'request.params', '', 'must be an object or array')];
    if (method.paramStructure === 'by-position') {
      out.push(
        violation(
          'protocol',
          'request.params',
          '',
          `${method.id} takes params by position (an array)`,
        ),
      );
      return out;
    }
    const fn = set.knownFor(method, 'by-name') ?? byName(set, method, options.strict);
    if (!fn(params)) {
      for (const v of toViolations(fn.errors, 'request.params', params)) {
        if (v.kind === 'undeclared-property') v.message = `is not a parameter of ${method.id}`;
        out.push(v);
      }
    }
    return out;
  }

  /** Checks a JSON-RPC response: envelope, id, and the result or error against the spec. */
  validateReply(
    method: RpcMethod,
    requestId: unknown,
    reply: unknown,
    options: { strict: boolean },
  ): Violation[] {
    if (!isObject(reply))
      return [violation('protocol', 'response.body', '', 'must be a JSON-RPC response object')];
    const out: Violation[] = [];
    if (reply.jsonrpc !== '2.0')
      out.push(violation('protocol', 'response.body', '/jsonrpc', 'must be "2.0"'));
    if (requestId !== undefined && reply.id !== requestId) {
      out.push(
        violation(
          'protocol',
          'response.body',
          '/id',
          `must echo the request id ${JSON.stringify(requestId)}`,
        ),
      );
    }
    const hasResult = 'result' in reply;
    const hasError = 'error' in reply;
    if (hasResult === hasError) {
      return [
        ...out,
        violation('protocol', 'response.body', '', 'must carry exactly one of result and error'),
      ];
    }
    if (hasError) {
      const error = reply.error;
      if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') {
        out.push(
          violation(
            'protocol',
            'response.body',
            '/error',
            'must be {code: integer, message: string, data?}',
          ),
        );
      } else if (options.strict) {
        for (const key of Object.keys(error)) {
          if (!['code', 'message', 'data'].includes(key))
            out.push(
              violation(
                'undeclared-property',
                'response.body',
                `/error${pointerOf(key)}`,
                'is not part of a JSON-RPC error',
              ),
            );
        }
      }
      return out;
    }
    if (method.result)
      out.push(...this.schemas(options).validate(method.result, reply.result, 'response.result'));
    return out;
  }

  /** The method's example pairings, params as the wire form its structure asks for. */
  examples(method: RpcMethod): RpcExample[] {
    const list = Array.isArray(method.node.examples) ? method.node.examples : [];
    return list.map((raw, i) => {
      const { node: ex } = deref(this.doc, raw, `${method.pointer}/examples/${i}`);
      const pairs = (Array.isArray(ex.params) ? ex.params : []).map(
        (p, j) =>
          deref<Record<string, unknown>>(this.doc, p, `${method.pointer}/examples/${i}/params/${j}`)
            .node,
      );
      const params =
        method.paramStructure === 'by-position'
          ? method.params
              .map((p) => pairs.find((q) => q.name === p.name)?.value)
              .filter((_, k) => k < pairs.length)
          : Object.fromEntries(pairs.map((q) => [String(q.name), q.value]));
      const result = isObject(ex.result)
        ? deref<Record<string, unknown>>(this.doc, ex.result, '').node.value
        : undefined;
      return { name: String(ex.name ?? `example ${i + 1}`), params, result };
    });
  }
}

/** Whether one of the method's endpoints serves `pathname` (a loop: once a call). */
function servedAt(method: RpcMethod, pathname: string): boolean {
  for (const e of method.endpoints) if (e.regex.test(pathname)) return true;
  return false;
}

// The params validators are built apart from `validateCall`, so that the calls that find them
// compiled already make no closure over its variables.

function byPosition(set: SchemaSet, method: RpcMethod): ValidateFunction {
  return set.compileFor(method, 'by-position', () => ({
    type: 'array',
    ...(method.params.length > 0
      ? { prefixItems: method.params.map((p) => set.ref(p.schema)) }
      : {}),
    minItems: method.params.filter((p) => p.required).length,
    maxItems: method.params.length,
  }));
}

function byName(set: SchemaSet, method: RpcMethod, strict: boolean): ValidateFunction {
  return set.compileFor(method, 'by-name', () => ({
    type: 'object',
    properties: Object.fromEntries(method.params.map((p) => [p.name, set.ref(p.schema)])),
    required: method.params.filter((p) => p.required).map((p) => p.name),
    ...(strict ? { additionalProperties: false } : {}),
  }));
}

/** Params as a name → value map, whether sent by name or by position. */
export function namedParams(method: RpcMethod, params: unknown): Record<string, unknown> {
  if (isObject(params)) return params;
  if (Array.isArray(params))
    return Object.fromEntries(
      method.params.flatMap((p, i) => (i < params.length ? [[p.name, params[i]]] : [])),
    );
  return {};
}
