import { isObject } from './json-pointer.js';
import type { OpenApiService, RestRequest } from './openapi.js';
import type { OpenRpcService, RpcMethod } from './openrpc.js';
import type { Recording } from './recordings.js';
import { type Violation, type ViolationKind, violation } from './schema-set.js';
import type { Specs } from './specs.js';

/** One request the contract tester sends, built from a recording or a spec example. */
export interface ContractCase {
  service: string;
  operation: string;
  source: string;
  method: string;
  /** Path and query, relative to the service's base URL. */
  path: string;
  body?: unknown;
  nodeSpecific: boolean;
}

export interface ContractResult extends ContractCase {
  url: string;
  status?: number;
  ok: boolean;
  violations: Violation[];
  /** Set when the target could not be reached at all. */
  unreachable?: string;
  exchange?: Recording;
}

/** Base URL per service name (`data-api`, `metrics-api`, `node-health`, `node-rpc`). */
export type Targets = Record<string, string>;

/** The public hosts the specs declare, for `--target live`. */
export function liveTargets(specs: Specs): Targets {
  const out: Targets = {};
  for (const s of [...specs.rest, ...specs.rpc]) {
    const servers = Array.isArray(s.doc.servers) ? s.doc.servers : [];
    const first = servers.find((v) => isObject(v) && typeof v.url === 'string');
    if (!isObject(first)) continue;
    let url = String(first.url);
    if (isObject(first.variables)) {
      for (const [name, v] of Object.entries(first.variables)) {
        if (isObject(v)) url = url.replaceAll(`{${name}}`, String(v.default));
      }
    }
    out[s.name] = new URL(url).origin;
  }
  return out;
}

/** Parses `--target`: `replay`, `live`, one URL for every service, or `name=url,…`. */
export function parseTargets(value: string, specs: Specs): Targets | 'replay' {
  if (value === 'replay') return 'replay';
  if (value === 'live') return liveTargets(specs);
  const names = [...specs.rest, ...specs.rpc].map((s) => s.name);
  const out: Targets = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const [name, url] =
      eq > 0 && !part.slice(0, eq).includes(':')
        ? [part.slice(0, eq), part.slice(eq + 1)]
        : [undefined, part];
    if (!URL.canParse(url))
      throw new Error(
        `--target: ${JSON.stringify(url)} is not a URL (expected replay, live, a URL or name=url,…)`,
      );
    if (name && !names.includes(name))
      throw new Error(
        `--target: unknown service ${JSON.stringify(name)}; services are ${names.join(', ')}`,
      );
    for (const n of name ? [name] : names) out[n] = new URL(url).href.replace(/\/$/, '');
  }
  return out;
}

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
      };
      if (rec.request.body !== undefined) c.body = rec.request.body;
      out.push(c);
    }
    const ex = service.examples(op).find((e) => e.status >= 200 && e.status < 300);
    if (ex?.request) {
      const c: ContractCase = {
        service: service.name,
        operation: op.id,
        source: `example ${ex.name}`,
        method: op.method,
        path: buildPath(op.path, ex.request),
        nodeSpecific,
      };
      if (ex.request.body !== undefined) c.body = ex.request.body;
      out.push(c);
    }
  }
  return out;
}

export function buildPath(template: string, request: RestRequest): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(request.pathParams[name] ?? ''),
  );
  const query = new URLSearchParams();
  for (const [k, values] of Object.entries(request.query))
    for (const v of values) query.append(k, v);
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

function rpcPath(method: RpcMethod): string {
  const endpoint = method.endpoints[0];
  if (!endpoint) return '/';
  return endpoint.path.replace(
    /\{([^}]+)\}/g,
    (_, v: string) => endpoint.variables[v]?.default ?? v,
  );
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
      });
    });
  }
  return out;
}

/** Every request the contract tester sends: each recording's and each example's. */
export function contractCases(specs: Specs, recordings: Recording[]): ContractCase[] {
  return [
    ...specs.rest.flatMap((s) => restCases(s, recordings, specs)),
    ...specs.rpc.flatMap((s) => rpcCases(s, recordings)),
  ];
}

export interface RunOptions {
  targets: Targets;
  /** Sent as `x-glacier-api-key` to the data-api target only. */
  apiKey?: string;
  concurrency: number;
  timeoutMs: number;
  /** Longest wait honoured for a Retry-After. */
  maxRetryAfterMs: number;
  retries: number;
  fetch?: typeof fetch;
  onResult?: (result: ContractResult, done: number, total: number) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

async function runCase(
  specs: Specs,
  c: ContractCase,
  options: RunOptions,
): Promise<ContractResult> {
  const base = options.targets[c.service];
  const url = `${base}${c.path}`;
  const result: ContractResult = { ...c, url, ok: false, violations: [] };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  if (c.service === 'data-api' && options.apiKey) headers['x-glacier-api-key'] = options.apiKey;
  const doFetch = options.fetch ?? fetch;
  let response: Response | undefined;
  let text = '';
  for (let attempt = 0; ; attempt++) {
    try {
      const init: RequestInit = {
        method: c.method,
        headers,
        signal: AbortSignal.timeout(options.timeoutMs),
      };
      if (c.body !== undefined) init.body = JSON.stringify(c.body);
      response = await doFetch(url, init);
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        result.violations.push(
          violation('protocol', 'response', '', `no answer within ${options.timeoutMs} ms`),
        );
      } else {
        result.unreachable = networkReason(error);
        result.violations.push(
          violation('protocol', 'response', '', `unreachable: ${result.unreachable}`),
        );
      }
      return result;
    }
    if (response.status !== 429 || attempt >= options.retries) break;
    const wait = retryAfterMs(response.headers.get('retry-after')) ?? 1000 * 2 ** attempt;
    if (wait > options.maxRetryAfterMs) break;
    await sleep(wait);
  }
  result.status = response.status;
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      const type = response.headers.get('content-type') ?? 'no content type';
      result.violations.push(
        violation(
          'protocol',
          'response.body',
          '',
          `HTTP ${response.status} with a body that is not JSON (${type}): ${JSON.stringify(text.slice(0, 60))}`,
        ),
      );
    }
  }
  const exchange: Recording = {
    file: `${c.operation}`,
    request: { method: c.method, url },
    response: {
      status: response.status,
      headers: { 'content-type': response.headers.get('content-type') ?? '' },
    },
  };
  if (c.body !== undefined) exchange.request.body = c.body;
  if (body !== undefined) exchange.response.body = body;
  result.exchange = exchange;
  if (result.violations.length === 0) {
    const check = specs.checkExchange(exchange, { strict: true });
    // Only the answer is under test here; the request came from the corpus.
    result.violations.push(...check.errors.filter((e) => e.where.startsWith('response')));
    if (!check.operation && check.errors.length > 0) result.violations.push(...check.errors);
  }
  result.ok = result.violations.length === 0;
  return result;
}

/** Sends every case to its target with bounded concurrency; results in case order. */
export async function runContract(
  specs: Specs,
  cases: ContractCase[],
  options: RunOptions,
): Promise<ContractResult[]> {
  const results: ContractResult[] = new Array(cases.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      const c = cases[i] as ContractCase;
      results[i] = await runCase(specs, c, options);
      done++;
      options.onResult?.(results[i] as ContractResult, done, cases.length);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(options.concurrency, cases.length)) }, worker),
  );
  return results;
}

export interface OperationVerdict {
  service: string;
  operation: string;
  cases: number;
  statuses: number[];
  ok: boolean;
  drift: Partial<Record<ViolationKind, number>>;
}

export function verdicts(results: ContractResult[]): OperationVerdict[] {
  const map = new Map<string, OperationVerdict>();
  for (const r of results) {
    const key = `${r.service} ${r.operation}`;
    const v = map.get(key) ?? {
      service: r.service,
      operation: r.operation,
      cases: 0,
      statuses: [],
      ok: true,
      drift: {},
    };
    v.cases++;
    if (r.status !== undefined && !v.statuses.includes(r.status)) v.statuses.push(r.status);
    v.ok &&= r.ok;
    for (const x of r.violations) v.drift[x.kind] = (v.drift[x.kind] ?? 0) + 1;
    map.set(key, v);
  }
  return [...map.values()];
}
