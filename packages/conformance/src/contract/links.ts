import { deref, getPointer, isObject } from '../model/json-pointer.js';
import type { Operation } from '../model/openapi.js';
import { parseQuery } from '../model/openapi.js';
import type { RpcMethod } from '../model/openrpc.js';
import type { Specs } from '../model/specs.js';
import { buildPath } from './build-path.js';
import type { ContractCase, ContractResult } from './contract-case.js';

/**
 * A link the specs declare from one operation's answer to the next call: OpenAPI 3.1
 * `links` on a response, OpenRPC `links` on a method. Values are constants or runtime
 * expressions: `$request.path.x`, `$request.query.x`, `$response.body#/pointer` (OpenAPI);
 * `$params.x`, `$result.a.b` or `$result#/pointer` (OpenRPC).
 */
export interface LinkSpec {
  service: string;
  from: string;
  name: string;
  to: string;
  params: Record<string, unknown>;
  /** OpenRPC only: where the linked method is called, its variables possibly expressions. */
  server?: { url: string; variables: Record<string, string> };
}

/** Every link of the specs. */
export function readLinks(specs: Specs): LinkSpec[] {
  const out: LinkSpec[] = [];
  for (const service of specs.rest)
    for (const op of service.operations) {
      const responses = isObject(op.node.responses) ? op.node.responses : {};
      for (const raw of Object.values(responses)) {
        const response = deref(service.doc, raw, '').node;
        if (!isObject(response.links)) continue;
        for (const [name, rawLink] of Object.entries(response.links)) {
          const link = deref(service.doc, rawLink, '').node;
          if (typeof link.operationId !== 'string') continue;
          out.push({
            service: service.name,
            from: op.id,
            name,
            to: link.operationId,
            params: isObject(link.parameters) ? link.parameters : {},
          });
        }
      }
    }
  for (const service of specs.rpc)
    for (const method of service.methods) {
      const links = Array.isArray(method.node.links) ? method.node.links : [];
      for (const raw of links) {
        const link = deref(service.doc, raw, '').node;
        if (typeof link.method !== 'string') continue;
        const spec: LinkSpec = {
          service: service.name,
          from: method.id,
          name: String(link.name),
          to: link.method,
          params: isObject(link.params) ? link.params : {},
        };
        if (isObject(link.server) && typeof link.server.url === 'string') {
          const variables: Record<string, string> = {};
          for (const [k, v] of Object.entries(
            isObject(link.server.variables) ? link.server.variables : {},
          ))
            if (isObject(v) && v.default !== undefined) variables[k] = String(v.default);
          spec.server = { url: link.server.url, variables };
        }
        out.push(spec);
      }
    }
  return out;
}

const missing = Symbol('missing');

/** Evaluates one link value against the request and answer it follows from. */
function evaluate(
  expr: unknown,
  ctx: {
    pathParams: Record<string, string>;
    query: Record<string, string[]>;
    params: Record<string, unknown>;
    body: unknown;
  },
): unknown {
  if (typeof expr !== 'string' || !expr.startsWith('$')) return expr;
  let m = /^\$request\.path\.(.+)$/.exec(expr);
  if (m) return ctx.pathParams[m[1] as string] ?? missing;
  m = /^\$request\.query\.(.+)$/.exec(expr);
  if (m) return ctx.query[m[1] as string]?.[0] ?? missing;
  m = /^\$response\.body#(.*)$/.exec(expr);
  if (m) return getPointer(ctx.body, m[1] as string) ?? missing;
  m = /^\$params\.(.+)$/.exec(expr);
  if (m) return ctx.params[m[1] as string] ?? missing;
  const result = isObject(ctx.body) ? ctx.body.result : undefined;
  m = /^\$result#(.*)$/.exec(expr);
  if (m) return getPointer(result, m[1] as string) ?? missing;
  m = /^\$result(?:\.(.+))?$/.exec(expr);
  if (m)
    return getPointer(result, m[1] ? `/${(m[1] as string).split('.').join('/')}` : '') ?? missing;
  return missing;
}

const successStatus = (op: Operation) => {
  const responses = isObject(op.node.responses) ? op.node.responses : {};
  return Number(Object.keys(responses).find((k) => /^2\d\d$/.test(k)) ?? 200);
};

/** The call a link makes from a conforming answer, or undefined when a value is missing. */
export function linkedCase(
  specs: Specs,
  link: LinkSpec,
  source: ContractResult,
): ContractCase | undefined {
  const exchange = source.exchange;
  if (!exchange) return undefined;
  const url = new URL(exchange.request.url);
  const ctx = {
    pathParams: {} as Record<string, string>,
    query: parseQuery(url.searchParams),
    params: {} as Record<string, unknown>,
    body: exchange.response.body,
  };
  const rest = specs.rest.find((s) => s.name === link.service);
  if (rest) {
    const from = rest.getOperation(link.from);
    const to = rest.getOperation(link.to);
    if (!from || !to) return undefined;
    const m = from.regex.exec(url.pathname);
    from.pathParams.forEach((n, i) => {
      ctx.pathParams[n] = decodeURIComponent(m?.[i + 1] ?? '');
    });
    const pathParams: Record<string, string> = {};
    const query: Record<string, string[]> = {};
    for (const p of to.parameters) {
      if (!(p.name in link.params)) continue;
      const v = evaluate(link.params[p.name], ctx);
      if (v === missing || v === undefined || v === null) continue;
      if (p.in === 'path') pathParams[p.name] = String(v);
      if (p.in === 'query') query[p.name] = (Array.isArray(v) ? v : [v]).map(String);
    }
    if (to.pathParams.some((n) => pathParams[n] === undefined)) return undefined;
    return {
      service: rest.name,
      operation: to.id,
      source: `linked: ${link.from} → ${link.name}`,
      method: to.method,
      path: buildPath(to.path, { pathParams, query }),
      nodeSpecific: source.nodeSpecific,
      expect: { status: successStatus(to) },
      class: 'linked',
    };
  }
  const found = specs.matchRpc(link.to);
  const body = exchange.request.body;
  if (!found || !isObject(body)) return undefined;
  ctx.params = isObject(body.params) ? body.params : {};
  const params: Record<string, unknown> = {};
  for (const [name, expr] of Object.entries(link.params)) {
    const v = evaluate(expr, ctx);
    if (v === missing) return undefined;
    params[name] = v;
  }
  let path = url.pathname;
  if (link.server) {
    let serverPath = link.server.url.slice(link.server.url.indexOf('/ext/'));
    for (const [k, expr] of Object.entries(link.server.variables)) {
      const v = evaluate(expr, ctx);
      if (v === missing) return undefined;
      serverPath = serverPath.replaceAll(`{${k}}`, encodeURIComponent(String(v)));
    }
    path = serverPath;
  }
  return {
    service: found.service.name,
    operation: link.to,
    source: `linked: ${link.from} → ${link.name}`,
    method: 'POST',
    path,
    body: { jsonrpc: '2.0', id: 1, method: link.to, params: byStructure(found.method, params) },
    nodeSpecific: source.nodeSpecific || found.method.node['x-node-specific'] === true,
    expect: { status: 200, reply: 'result' },
    class: 'linked',
  };
}

function byStructure(method: RpcMethod, named: Record<string, unknown>): unknown {
  if (method.paramStructure !== 'by-position') return named;
  return method.params.map((p) => named[p.name]).filter((v) => v !== undefined);
}
