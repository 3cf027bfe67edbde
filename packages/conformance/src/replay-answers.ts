import { createHash } from 'node:crypto';
import { deref, isObject } from './json-pointer.js';
import type { OpenApiService, Operation, RestRequest } from './openapi.js';
import type { OpenRpcService, RpcMethod } from './openrpc.js';
import type { Recording } from './recordings.js';
import type { Specs } from './specs.js';

/*
 * Which request values name the thing asked for ("identity"), decided per operation:
 * - REST: every path parameter, every required query parameter, the query parameters an
 *   operation's exactlyOne/atLeastOne rule names (addresses, nodeIds of listPending…), and
 *   `addresses` wherever it is taken (whose UTXOs, whose chains). Filters, sort order and
 *   paging (pageSize, pageToken) are not identity.
 * - JSON-RPC: the params in `rpcIdentityParams` a method takes. `encoding` is matched on its
 *   own (so a wrong encoding is an encoding error, not a not-found); limit, startIndex,
 *   numToFetch page over the stored items; filters (tags, nodeIDs) are not identity.
 */
export const rpcIdentityParams = [
  'txID',
  'blockID',
  'height',
  'address',
  'addresses',
  'assetID',
  'id',
  'index',
  'alias',
  'chain',
  'containerID',
  'sourceChain',
];

/** Query parameters that name what is asked for even where the spec leaves them optional. */
const restIdentityQuery = ['addresses'];

/** One stored answer and what it answers. */
interface Candidate<T> {
  /** Canonical identity values of the request it answered. */
  identity: string;
  /** The same values one by one, canonical each. */
  values: Record<string, string>;
  /** Canonical form of the whole request (identity, filters, paging). */
  full: string;
  /** Encoding the answer is in (JSON-RPC methods with an `encoding` param only). */
  encoding?: string;
  /** False for a recording marked trimmed or from an older era. */
  preferred: boolean;
  /** How much the answer holds: more is taken as more complete. */
  size: number;
  answer: T;
}

export interface RestAnswer {
  status: number;
  body: unknown;
}

export type RpcAnswer = { result: unknown } | { error: unknown };

export const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, val) =>
    isObject(val)
      ? Object.fromEntries(Object.entries(val).sort(([a], [b]) => a.localeCompare(b)))
      : val,
  );

/** A value as identity: numbers and decimal strings alike, hex case-folded, lists as sets. */
function identityValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(identityValue).map(String).sort();
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') {
    if (/^0x[0-9a-f]+$/i.test(v)) return v.toLowerCase();
    if (v.includes(',')) return identityValue(v.split(',').map((s) => s.trim()));
    return v;
  }
  return v;
}

function size(v: unknown): number {
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + size(x), 1);
  if (isObject(v)) return Object.values(v).reduce((n: number, x) => n + size(x), 1);
  return 1;
}

/** A recording the era marks call trimmed, older or incomplete is used only when nothing else fits. */
function preferred(rec: Recording): boolean {
  return rec.era === undefined && rec.trimmed !== true && (rec.lenient?.length ?? 0) === 0;
}

/** Best first: a success, unmarked, the same request exactly, then the most complete. */
function rank<T>(list: Candidate<T>[], full: string, ok: (c: Candidate<T>) => boolean) {
  const score = (c: Candidate<T>) => [
    ok(c) ? 0 : 1,
    c.preferred ? 0 : 1,
    c.full === full ? 0 : 1,
    -c.size,
  ];
  return [...list].sort((a, b) => {
    const sa = score(a);
    const sb = score(b);
    for (let i = 0; i < sa.length; i++)
      if (sa[i] !== sb[i]) return (sa[i] as number) - (sb[i] as number);
    return 0;
  });
}

export function restIdentityNames(op: Operation): string[] {
  const names = new Set(op.parameters.filter((p) => p.in === 'path').map((p) => p.name));
  for (const p of op.parameters)
    if (p.in === 'query' && (p.required || restIdentityQuery.includes(p.name))) names.add(p.name);
  for (const rule of op.rules)
    if (rule.in === 'query' && rule.rule !== 'sumAtMost') for (const f of rule.fields) names.add(f);
  return [...names];
}

function restKeys(
  op: Operation,
  pathParams: Record<string, string>,
  query: Record<string, string[]>,
) {
  const values: Record<string, unknown> = { ...pathParams };
  for (const [k, v] of Object.entries(query)) values[k] = v.length === 1 ? v[0] : v;
  const identity: Record<string, unknown> = {};
  for (const name of restIdentityNames(op))
    if (values[name] !== undefined) identity[name] = identityValue(values[name]);
  const paging = new Set(['pageToken', 'pageSize']);
  const full = Object.fromEntries(Object.entries(values).filter(([k]) => !paging.has(k)));
  return { identity: canonical(identity), values: eachCanonical(identity), full: canonical(full) };
}

const eachCanonical = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, canonical(v)]));

const isSuccess = (status: number) => status >= 200 && status < 300;

export type RestPick =
  | { kind: 'answer'; answer: RestAnswer }
  | { kind: 'not-found'; name?: string; value?: string };

export type RpcPick =
  | { kind: 'answer'; answer: RpcAnswer }
  | { kind: 'not-found' }
  | { kind: 'encoding'; requested: string; stored: string[] }
  | { kind: 'none' };

/** The stored answers per operation and method, indexed once on first use. */
export class AnswerBook {
  private readonly rest = new Map<string, Candidate<RestAnswer>[]>();
  private readonly rpc = new Map<string, Candidate<RpcAnswer>[]>();

  constructor(
    private readonly specs: Specs,
    private readonly recordings: Recording[],
  ) {}

  private restCandidates(service: OpenApiService, op: Operation): Candidate<RestAnswer>[] {
    const key = `${service.name} ${op.id}`;
    let list = this.rest.get(key);
    if (list) return list;
    list = [];
    for (const rec of this.recordings) {
      const url = new URL(rec.request.url);
      const m = this.specs.matchRest(rec.request.method, url);
      if (m?.operation !== op || m.service !== service) continue;
      // A recorded 400 is the validator's job; a recorded 404, 503 … answers its own request.
      if (rec.response.status === 400) continue;
      const query: Record<string, string[]> = {};
      for (const [k, v] of url.searchParams) query[k] = [...(query[k] ?? []), v];
      list.push({
        ...restKeys(op, m.pathParams, query),
        preferred: preferred(rec),
        size: size(rec.response.body),
        answer: { status: rec.response.status, body: rec.response.body },
      });
    }
    // Error examples share the success example's parameters, so only successes answer.
    for (const ex of service.examples(op)) {
      if (!isSuccess(ex.status)) continue;
      list.push({
        ...restKeys(op, ex.request?.pathParams ?? {}, ex.request?.query ?? {}),
        preferred: true,
        size: size(ex.body),
        answer: { status: ex.status, body: ex.body },
      });
    }
    this.rest.set(key, list);
    return list;
  }

  /**
   * A list answer made of the stored items that carry the asked value (`nodeIds=X` → items
   * whose `nodeId` is X), so a value read off one answer finds its items in another.
   */
  pickRestItems(
    service: OpenApiService,
    op: Operation,
    request: RestRequest,
  ): RestAnswer | undefined {
    const asked = Object.entries(request.query).filter(([k]) => restIdentityNames(op).includes(k));
    if (asked.length === 0) return undefined;
    const matches = (item: unknown) =>
      isObject(item) &&
      asked.every(([name, values]) => {
        const field = item[name] ?? item[name.replace(/s$/, '')];
        const have = (Array.isArray(field) ? field : [field]).map(String);
        return values.flatMap((v) => v.split(',')).some((v) => have.includes(v));
      });
    for (const c of this.restCandidates(service, op)) {
      if (!isSuccess(c.answer.status) || !isObject(c.answer.body)) continue;
      const same = op.pathParams.every((n) => c.values[n] === canonical(request.pathParams[n]));
      const list = Object.entries(c.answer.body).find(([, v]) => Array.isArray(v));
      if (!same || !list) continue;
      const items = (list[1] as unknown[]).filter(matches);
      if (items.length > 0)
        return { status: c.answer.status, body: { ...c.answer.body, [list[0]]: items } };
    }
    return undefined;
  }

  /** The stored answer for a REST request with the same identity, best first; else not-found. */
  pickRest(service: OpenApiService, op: Operation, request: RestRequest): RestPick {
    const candidates = this.restCandidates(service, op);
    const { identity, full } = restKeys(op, request.pathParams, request.query);
    const same = candidates.filter((c) => c.identity === identity);
    const best = rank(same, full, (c) => isSuccess(c.answer.status))[0];
    if (best) return { kind: 'answer', answer: best.answer };
    // Name the value nothing stored has, most specific first: query identity, then the path's last.
    const wanted = restKeys(op, request.pathParams, request.query).values;
    const given = restIdentityNames(op).filter((n) => wanted[n] !== undefined);
    const order = [
      ...given.filter((n) => request.pathParams[n] === undefined),
      ...given.filter((n) => request.pathParams[n] !== undefined).reverse(),
    ];
    const name = order.find((n) => !candidates.some((c) => c.values[n] === wanted[n])) ?? order[0];
    if (!name) return { kind: 'not-found' };
    return {
      kind: 'not-found',
      name,
      value: request.pathParams[name] ?? request.query[name]?.join(','),
    };
  }

  /** The encoding a method's `encoding` param defaults to, per the spec. */
  defaultEncoding(service: OpenRpcService, method: RpcMethod): string | undefined {
    const param = method.params.find((p) => p.name === 'encoding');
    if (!param) return undefined;
    const schema = deref(service.doc, { $ref: `#${param.schema}` }, '').node;
    return typeof schema.default === 'string' ? schema.default : 'hex';
  }

  private rpcKeys(service: OpenRpcService, method: RpcMethod, params: unknown) {
    const named = namedParams(method, params);
    const identity: Record<string, unknown> = {};
    for (const p of method.params)
      if (rpcIdentityParams.includes(p.name) && named[p.name] !== undefined)
        identity[p.name] = identityValue(named[p.name]);
    const out: {
      identity: string;
      values: Record<string, string>;
      full: string;
      encoding?: string;
    } = {
      identity: canonical(identity),
      values: eachCanonical(identity),
      full: canonical(
        Object.fromEntries(Object.entries(named).map(([k, v]) => [k, identityValue(v)])),
      ),
    };
    const encoding = this.defaultEncoding(service, method);
    if (encoding !== undefined)
      out.encoding = typeof named.encoding === 'string' ? named.encoding : encoding;
    return out;
  }

  private rpcCandidates(service: OpenRpcService, method: RpcMethod): Candidate<RpcAnswer>[] {
    const key = `${service.name} ${method.id}`;
    let list = this.rpc.get(key);
    if (list) return list;
    list = [];
    for (const rec of this.recordings) {
      const calls = Array.isArray(rec.request.body) ? rec.request.body : [rec.request.body];
      const replies = Array.isArray(rec.response.body) ? rec.response.body : [rec.response.body];
      calls.forEach((call, i) => {
        if (!isObject(call) || call.method !== method.id) return;
        const reply = Array.isArray(rec.response.body)
          ? replies.find((r) => isObject(r) && r.id === call.id)
          : replies[i];
        if (!isObject(reply)) return;
        const answer = 'result' in reply ? { result: reply.result } : { error: reply.error };
        list?.push({
          ...this.rpcKeys(service, method, call.params),
          preferred: preferred(rec),
          size: size(answer),
          answer,
        });
      });
    }
    for (const ex of service.examples(method)) {
      list.push({
        ...this.rpcKeys(service, method, ex.params),
        preferred: true,
        size: size(ex.result),
        answer: { result: ex.result },
      });
    }
    this.rpc.set(key, list);
    return list;
  }

  /** The highest height a method's stored answers are asked by (avm.getBlockByHeight's). */
  newestHeight(service: OpenRpcService, methodId: string): string | undefined {
    const method = service.getMethod(methodId);
    if (!method) return undefined;
    const heights = this.rpcCandidates(service, method)
      .map((c) => (c.values.height === undefined ? undefined : JSON.parse(c.values.height)))
      .filter((h): h is string => typeof h === 'string' && /^\d+$/.test(h))
      .map(BigInt);
    if (heights.length === 0) return undefined;
    return String(heights.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).at(-1));
  }

  /** The stored reply for a call with the same identity in the asked encoding, best first. */
  pickRpc(service: OpenRpcService, method: RpcMethod, params: unknown): RpcPick {
    const candidates = this.rpcCandidates(service, method);
    if (candidates.length === 0) return { kind: 'none' };
    const wanted = this.rpcKeys(service, method, params);
    const same = candidates.filter((c) => c.identity === wanted.identity);
    if (same.length === 0) return { kind: 'not-found' };
    const inEncoding = same.filter((c) => c.encoding === wanted.encoding);
    if (inEncoding.length === 0 && wanted.encoding !== undefined) {
      // The bytes encodings differ only by the checksum: one stored form answers all three.
      const bytes = same.filter((c) => bytesEncodings.includes(c.encoding ?? ''));
      const best = rank(bytes, wanted.full, (c) => 'result' in c.answer)[0];
      if (best && bytesEncodings.includes(wanted.encoding))
        return {
          kind: 'answer',
          answer: reencode(best.answer, best.encoding as string, wanted.encoding),
        };
      const stored = [...new Set(same.map((c) => c.encoding ?? ''))];
      return { kind: 'encoding', requested: wanted.encoding, stored };
    }
    const best = rank(inEncoding, wanted.full, (c) => 'result' in c.answer)[0];
    return best ? { kind: 'answer', answer: best.answer } : { kind: 'not-found' };
  }
}

const bytesEncodings = ['hex', 'hexc', 'hexnc'];

/** Bytes written in AvalancheGo's hex forms: hex and hexc end in a 4-byte sha256 checksum. */
function reencodeBytes(text: string, from: string, to: string): string {
  const withSum = (e: string) => e !== 'hexnc';
  let hex = text.slice(2);
  if (withSum(from)) hex = hex.slice(0, -8);
  if (withSum(to))
    hex += createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex').slice(-8);
  return `0x${hex}`;
}

/** A stored answer in another bytes encoding: every 0x string re-encoded, `encoding` echoed. */
function reencode(answer: RpcAnswer, from: string, to: string): RpcAnswer {
  if (!('result' in answer) || from === to) return answer;
  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string' && /^0x([0-9a-f]{2})*$/i.test(v)) return reencodeBytes(v, from, to);
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return key === 'encoding' ? to : v;
  };
  const result = walk(answer.result);
  if (isObject(result) && 'encoding' in result) result.encoding = to;
  return { result };
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
