import { isObject } from '../model/json-pointer.js';
import type { OpenApiService, Operation } from '../model/openapi.js';
import { parseQuery } from '../model/openapi.js';
import type { OpenRpcService, RpcMethod } from '../model/openrpc.js';
import type { Inputs } from '../model/promises/values.js';
import type { Promises } from '../model/promises/vocabulary.js';
import type { Specs } from '../model/specs.js';
import { buildPath } from './build-path.js';
import { restValues, rpcValues } from './case-values.js';
import type { ContractCase, ContractResult } from './contract-case.js';

/*
 * A case's request read and changed by input name, the way `x-promises` names inputs: REST
 * path and query parameters, JSON-RPC named params (by-position methods mapped to names).
 */

export type CaseTarget =
  | { kind: 'rest'; service: OpenApiService; op: Operation; promises: Promises }
  | { kind: 'rpc'; service: OpenRpcService; method: RpcMethod; promises: Promises };

/** The operation or method a case calls, with its promises. */
export function targetOf(
  specs: Specs,
  c: Pick<ContractCase, 'service' | 'operation'>,
): CaseTarget | undefined {
  const rest = specs.rest.find((s) => s.name === c.service);
  if (rest) {
    const op = rest.getOperation(c.operation);
    return op && { kind: 'rest', service: rest, op, promises: op.promises };
  }
  const rpc = specs.rpc.find((s) => s.name === c.service);
  const method = rpc?.getMethod(c.operation);
  return rpc && method && { kind: 'rpc', service: rpc, method, promises: method.promises };
}

/** The inputs a case sends, by name (a repeated query parameter as a list). */
export function inputsOf(target: CaseTarget, c: ContractCase): Inputs {
  if (target.kind === 'rpc')
    return rpcValues(target.method, isObject(c.body) ? c.body.params : undefined);
  const url = new URL(c.path, 'http://x');
  return restValues(target.op, url.pathname, url.search, undefined);
}

/** The part of an answer `x-promises` pointers point into: the REST body, the JSON-RPC result. */
export function answerOf(target: CaseTarget, r: ContractResult): unknown {
  const body = r.exchange?.response.body;
  if (target.kind === 'rest') return body;
  return isObject(body) && !isObject(body.error) ? body.result : undefined;
}

/**
 * The case with some inputs set (undefined leaves one out); the rest of the request kept.
 * Its value labels are dropped: they are read again from the new request.
 */
export function withInputs(
  target: CaseTarget,
  c: ContractCase,
  changes: Record<string, unknown>,
): ContractCase {
  const out: ContractCase = { ...c };
  delete out.values;
  if (target.kind === 'rpc') {
    const call = isObject(c.body) ? c.body : {};
    const named = { ...rpcValues(target.method, call.params) };
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) delete named[k];
      else named[k] = v;
    }
    let params: unknown = named;
    if (Array.isArray(call.params) || target.method.paramStructure === 'by-position') {
      const list = target.method.params.map((p) => named[p.name]);
      while (list.length > 0 && list.at(-1) === undefined) list.pop();
      params = list;
    }
    out.body = { ...call, params };
    return out;
  }
  const { op } = target;
  const url = new URL(c.path, 'http://x');
  const m = op.regex.exec(url.pathname);
  const pathParams: Record<string, string> = {};
  op.pathParams.forEach((name, i) => {
    pathParams[name] = decodeURIComponent(m?.[i + 1] ?? '');
  });
  const query = parseQuery(url.searchParams);
  for (const [k, v] of Object.entries(changes)) {
    if (op.pathParams.includes(k)) pathParams[k] = String(v);
    else if (v === undefined) delete query[k];
    else query[k] = (Array.isArray(v) ? v : [v]).map(String);
  }
  out.path = buildPath(op.path, { pathParams, query });
  return out;
}
