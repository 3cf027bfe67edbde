// `--usage`: which operations and members real traffic touched, so that a breaking change on
// something nobody sends or reads is marked (and judged a warning for clients), as GraphQL
// Inspector does with usage data.

import { isObject } from '../model/json-pointer.js';
import type { Recording } from '../recordings/recordings.js';
import type { SpecDocument } from './load.js';
import type { Recorded } from './walk.js';

/** `spec|operation` → member paths seen (`request|query|pageSize`, `response|body|blocks|*`). */
export type Usage = Map<string, Set<string>>;

function collect(value: unknown, prefix: string[], into: Set<string>) {
  if (Array.isArray(value))
    for (const item of value) {
      into.add([...prefix, '*'].join('|'));
      collect(item, [...prefix, '*'], into);
    }
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) {
      into.add([...prefix, k].join('|'));
      collect(v, [...prefix, k], into);
    }
}

interface RestOp {
  spec: string;
  name: string;
  method: string;
  pattern: RegExp;
  params: number;
  pathParams: string[];
}

function restOperations(spec: SpecDocument): RestOp[] {
  const out: RestOp[] = [];
  const paths = isObject(spec.doc.paths) ? spec.doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!isObject(op) || !isObject(op.responses)) continue;
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
      const source = path
        .split(/\{[^}]+\}/)
        .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      out.push({
        spec: spec.name,
        name:
          typeof op.operationId === 'string' ? op.operationId : `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        // The server's base path may come before the template.
        pattern: new RegExp(`${source}$`),
        params: pathParams.length,
        pathParams,
      });
    }
  }
  return out;
}

/** What the given exchanges used of the given specs' operations and methods. */
export function observe(specs: readonly SpecDocument[], exchanges: readonly Recording[]): Usage {
  const usage: Usage = new Map();
  const seen = (key: string) => {
    let set = usage.get(key);
    if (!set) {
      set = new Set();
      usage.set(key, set);
    }
    return set;
  };
  const rest = specs.filter((s) => s.kind === 'openapi').flatMap(restOperations);
  const rpc = specs.filter((s) => s.kind === 'openrpc');
  for (const e of exchanges) {
    let url: URL;
    try {
      url = new URL(e.request.url, 'http://localhost');
    } catch {
      continue;
    }
    const body = e.request.body;
    const calls = Array.isArray(body) ? body : [body];
    if (
      isObject(calls[0]) &&
      typeof calls[0].method === 'string' &&
      calls[0].jsonrpc !== undefined
    ) {
      const answers = Array.isArray(e.response.body) ? e.response.body : [e.response.body];
      calls.forEach((call, i) => {
        if (!isObject(call)) return;
        for (const spec of rpc) {
          const methods = Array.isArray(spec.doc.methods) ? spec.doc.methods : [];
          const method = methods.find((m) => isObject(m) && m.name === call.method);
          if (!isObject(method)) continue;
          const set = seen(`${spec.name}|${String(call.method)}`);
          const names = (Array.isArray(method.params) ? method.params : []).map((p) =>
            isObject(p) ? String(p.name) : '',
          );
          const params = Array.isArray(call.params)
            ? Object.fromEntries(call.params.map((v, j) => [names[j] ?? String(j), v]))
            : call.params;
          collect(params, ['request', 'params'], set);
          const answer = answers.find((a) => isObject(a) && a.id === call.id) ?? answers[i];
          if (isObject(answer) && 'result' in answer)
            collect({ result: answer.result }, ['response'], set);
        }
      });
      continue;
    }
    const candidates = rest
      .filter((op) => op.method === e.request.method.toUpperCase() && op.pattern.test(url.pathname))
      .sort((a, b) => a.params - b.params);
    const op = candidates[0];
    if (!op) continue;
    const set = seen(`${op.spec}|${op.name}`);
    for (const p of op.pathParams) set.add(`request|path|${p}`);
    for (const k of url.searchParams.keys()) set.add(`request|query|${k}`);
    for (const k of Object.keys(e.request.headers ?? {}))
      set.add(`request|header|${k.toLowerCase()}`);
    if (body !== undefined) {
      set.add('request|body');
      collect(body, ['request', 'body'], set);
    }
    const status = e.response.status;
    const where = status >= 200 && status < 300 ? 'body' : `error ${status}`;
    set.add(`response|${where}`);
    collect(e.response.body, ['response', where], set);
  }
  return usage;
}

/**
 * Marks each client-breaking change on an operation or member the traffic never touched as
 * `usage: 'unseen'` and judges it a warning for clients; the change is still listed.
 */
export function markUnused(
  changes: readonly Recorded[],
  specs: readonly SpecDocument[],
  exchanges: readonly Recording[],
): Recorded[] {
  const usage = observe(specs, exchanges);
  return changes.map((c) => {
    if (c.client !== 'breaking' || c.operation === '*') return c;
    const set = usage.get(`${c.spec}|${c.operation}`);
    let used = set !== undefined;
    if (set && c.member) {
      const path =
        c.member.path[0] === 'header' ? c.member.path.map((p) => p.toLowerCase()) : c.member.path;
      const key = [c.member.side, ...path].join('|');
      used = [...set].some((s) => s === key || s.startsWith(`${key}|`));
    }
    return used ? c : { ...c, client: 'warning', usage: 'unseen' };
  });
}
