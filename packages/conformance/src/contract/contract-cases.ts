// The cases the corpus makes: one per recording and one per spec example, for every operation
// and method the specs declare.
import { isObject } from '../model/json-pointer.js';
import type { OpenApiService } from '../model/openapi.js';
import type { OpenRpcService, RpcMethod } from '../model/openrpc.js';
import type { Specs } from '../model/specs.js';
import type { Recording } from '../recordings/recordings.js';
import { buildPath } from './build-path.js';
import type { ContractCase } from './contract-case.js';
import type { Expectation } from './expectation.js';
import { skipConflicts } from './skip-conflicts.js';

function restCases(service: OpenApiService, recordings: Recording[], specs: Specs): ContractCase[] {
  const out: ContractCase[] = [];
  for (const op of service.operations) {
    const nodeSpecific = service.name === 'node-health';
    for (const rec of recordings) {
      const url = new URL(rec.request.url);
      const m = specs.matchRest(rec.request.method, url);
      if (m?.operation !== op || m.service !== service) continue;
      const c: ContractCase = {
        service: service.name,
        operation: op.id,
        source: rec.file,
        method: op.method,
        path: url.pathname + url.search,
        nodeSpecific,
        expect: { status: rec.response.status },
      };
      if (rec.request.body !== undefined) c.body = rec.request.body;
      if (rec.lenient?.length) c.lenient = rec.lenient;
      out.push(c);
    }
    // Error examples share the success example's request (OpenAPI pairs no request with a
    // response example), so only the success example makes a case a server can answer.
    const ex = service.examples(op).find((e) => e.status >= 200 && e.status < 300);
    if (ex?.request) {
      const c: ContractCase = {
        service: service.name,
        operation: op.id,
        source: `example ${ex.name}`,
        method: op.method,
        path: buildPath(op.path, ex.request),
        nodeSpecific,
        expect: { status: ex.status },
      };
      if (ex.request.body !== undefined) c.body = ex.request.body;
      out.push(c);
    }
  }
  return out;
}

function rpcPath(method: RpcMethod): string {
  const endpoint = method.endpoints[0];
  if (!endpoint) return '/';
  return endpoint.path.replace(
    /\{([^}]+)\}/g,
    (_, v: string) => endpoint.variables[v]?.default ?? v,
  );
}

/** What a recorded JSON-RPC reply expects: its HTTP status and a result or an error code. */
function rpcExpectation(rec: Recording): Expectation {
  const reply = rec.response.body;
  if (isObject(reply) && isObject(reply.error)) {
    const out: Expectation = { status: rec.response.status, reply: 'error' };
    if (typeof reply.error.code === 'number') out.errorCode = reply.error.code;
    return out;
  }
  return { status: rec.response.status, reply: 'result' };
}

function rpcCases(service: OpenRpcService, recordings: Recording[]): ContractCase[] {
  const out: ContractCase[] = [];
  for (const method of service.methods) {
    const nodeSpecific = method.node['x-node-specific'] === true;
    for (const rec of recordings) {
      const call = rec.request.body;
      if (!isObject(call) || call.method !== method.id) continue;
      out.push({
        service: service.name,
        operation: method.id,
        source: rec.file,
        method: 'POST',
        path: new URL(rec.request.url).pathname,
        body: call,
        nodeSpecific,
        expect: rpcExpectation(rec),
        ...(rec.lenient?.length ? { lenient: rec.lenient } : {}),
      });
    }
    service.examples(method).forEach((ex, i) => {
      const body = { jsonrpc: '2.0', id: i + 1, method: method.id, params: ex.params };
      out.push({
        service: service.name,
        operation: method.id,
        source: `example ${ex.name}`,
        method: 'POST',
        path: rpcPath(method),
        body,
        nodeSpecific,
        expect: { status: 200, reply: 'result' },
      });
    });
  }
  return out;
}

/** Every request the contract tester sends: each recording's and each example's. */
export function contractCases(specs: Specs, recordings: Recording[]): ContractCase[] {
  return skipConflicts([
    ...specs.rest.flatMap((s) => restCases(s, recordings, specs)),
    ...specs.rpc.flatMap((s) => rpcCases(s, recordings)),
  ]);
}
