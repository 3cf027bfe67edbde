// sha256 without node:crypto, so the engine runs in a browser (the fake fetch) too.
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { restIdentityNames, rpcIdentityNames } from '../model/identity.js';
import { canonical, deref, isObject } from '../model/json-pointer.js';
import type { OpenApiService, Operation, RestRequest } from '../model/openapi.js';
import { namedParams, type OpenRpcService, type RpcMethod } from '../model/openrpc.js';
import { type Inputs, membersOf } from '../model/promises/values.js';
import type { Promises } from '../model/promises/vocabulary.js';
import type { SpecsCore } from '../model/spec-check.js';
import type { Recording } from '../recordings/recordings.js';
import { filterDecided, identityMatches, memberDecided } from './replay-promises.js';

/** One stored answer and what it answers. */
interface Candidate<T> {
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

/** A REST request's inputs: path parameters, query parameters (a repeated one as a list). */
export function restInputs(pathParams: Record<string, string>, query: Record<string, string[]>) {
  const values: Inputs = { ...pathParams };
  for (const [k, v] of Object.entries(query)) values[k] = v.length === 1 ? v[0] : v;
  return values;
}

function keysOf(names: string[], values: Inputs, ignore: Set<string>) {
  const identity: Record<string, unknown> = {};
  for (const name of names)
    if (values[name] !== undefined) identity[name] = identityValue(values[name]);
  const full = Object.fromEntries(
    Object.entries(values)
      .filter(([k]) => !ignore.has(k))
      .map(([k, v]) => [k, identityValue(v)]),
  );
  return { values: eachCanonical(identity), full: canonical(full) };
}

const eachCanonical = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, canonical(v)]));

const isSuccess = (status: number) => status >= 200 && status < 300;

/** The success body or result a stored answer holds, for the member checks. */
const successOf = (answer: RestAnswer | RpcAnswer): unknown =>
  'status' in answer
    ? isSuccess(answer.status)
      ? answer.body
      : undefined
    : 'result' in answer
      ? answer.result
      : undefined;

/**
 * Whether a stored answer answers these inputs: each identity input the answer's members
 * decide matches them, every other one equals the stored request's (absent alike).
 */
function accepts<T extends RestAnswer | RpcAnswer>(
  p: Promises,
  names: string[],
  wanted: Record<string, string>,
  inputs: Inputs,
  c: Candidate<T>,
  sameForm = true,
): boolean {
  // An answer in another encoding has other members: its stored request decides.
  const body = sameForm ? successOf(c.answer) : undefined;
  const decided =
    body === undefined
      ? new Set<string>()
      : new Set([...memberDecided(p, inputs, body), ...filterDecided(p, inputs, body)]);
  if (body !== undefined && identityMatches(p, inputs, body) === false) return false;
  return names.every((n) => decided.has(n) || c.values[n] === wanted[n]);
}

export type RestPick =
  | { kind: 'answer'; answer: RestAnswer; others: RestAnswer[] }
  | { kind: 'not-found'; name?: string; value?: string };

export type RpcPick =
  | { kind: 'answer'; answer: RpcAnswer; others: RpcAnswer[] }
  | { kind: 'not-found' }
  | { kind: 'encoding'; requested: string; stored: string[] }
  | { kind: 'none' };

const pagingNames = (p: Promises) =>
  new Set([p.page?.input, p.cursor?.input].filter((n): n is string => n !== undefined));

/** The stored answers per operation and method, indexed once on first use. */
export class AnswerBook {
  private readonly rest = new Map<string, Candidate<RestAnswer>[]>();
  private readonly rpc = new Map<string, Candidate<RpcAnswer>[]>();

  constructor(
    private readonly specs: SpecsCore,
    private readonly recordings: Recording[],
  ) {}

  private restKeys(
    op: Operation,
    pathParams: Record<string, string>,
    query: Record<string, string[]>,
  ) {
    return keysOf(restIdentityNames(op), restInputs(pathParams, query), pagingNames(op.promises));
  }

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
        ...this.restKeys(op, m.pathParams, query),
        preferred: preferred(rec),
        size: size(rec.response.body),
        answer: { status: rec.response.status, body: rec.response.body },
      });
    }
    // Error examples share the success example's parameters, so only successes answer.
    for (const ex of service.examples(op)) {
      if (!isSuccess(ex.status)) continue;
      list.push({
        ...this.restKeys(op, ex.request?.pathParams ?? {}, ex.request?.query ?? {}),
        preferred: true,
        size: size(ex.body),
        answer: { status: ex.status, body: ex.body },
      });
    }
    this.rest.set(key, list);
    return list;
  }

  /** Every stored success body of an operation, whatever it was asked by. */
  restBodies(service: OpenApiService, op: Operation): unknown[] {
    return this.restCandidates(service, op)
      .filter((c) => isSuccess(c.answer.status))
      .map((c) => c.answer.body);
  }

  /**
   * The stored answer for a REST request with the same identity, best first, with the other
   * stored successes for it; else not-found naming the value nothing stored has.
   */
  pickRest(service: OpenApiService, op: Operation, request: RestRequest): RestPick {
    const candidates = this.restCandidates(service, op);
    const names = restIdentityNames(op);
    const { values: wanted, full } = this.restKeys(op, request.pathParams, request.query);
    const inputs = restInputs(request.pathParams, request.query);
    const same = candidates.filter((c) => accepts(op.promises, names, wanted, inputs, c));
    const [best, ...rest] = rank(same, full, (c) => isSuccess(c.answer.status));
    if (best)
      return {
        kind: 'answer',
        answer: best.answer,
        others: rest
          .filter((c) => isSuccess(c.answer.status) && (c.preferred || !best.preferred))
          .map((c) => c.answer),
      };
    // Name the value nothing stored has, most specific first: query identity, then the path's last.
    const given = names.filter((n) => wanted[n] !== undefined);
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
    const out: { values: Record<string, string>; full: string; encoding?: string } = keysOf(
      rpcIdentityNames(method),
      named,
      pagingNames(method.promises),
    );
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

  /** Every stored result of a method, whatever it was asked by. */
  rpcResults(service: OpenRpcService, method: RpcMethod): unknown[] {
    return this.rpcCandidates(service, method).flatMap((c) =>
      'result' in c.answer ? [c.answer.result] : [],
    );
  }

  /**
   * The values of one input the stored answers of a method answer: those they were asked
   * by, and those their identity members hold.
   */
  storedValues(service: OpenRpcService, method: RpcMethod, input: string): unknown[] {
    const out: unknown[] = [];
    for (const c of this.rpcCandidates(service, method)) {
      if (c.values[input] !== undefined) out.push(JSON.parse(c.values[input] as string));
      const result = successOf(c.answer);
      for (const e of method.promises.identity ?? [])
        if (e.input === input && e.member) out.push(...membersOf(result, e.member));
    }
    return out;
  }

  /** The stored reply for a call with the same identity in the asked encoding, best first. */
  pickRpc(service: OpenRpcService, method: RpcMethod, params: unknown): RpcPick {
    const candidates = this.rpcCandidates(service, method);
    if (candidates.length === 0) return { kind: 'none' };
    const wanted = this.rpcKeys(service, method, params);
    const inputs = namedParams(method, params);
    const names = rpcIdentityNames(method);
    const same = candidates.filter((c) =>
      accepts(method.promises, names, wanted.values, inputs, c, c.encoding === wanted.encoding),
    );
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
          others: [],
        };
      const stored = [...new Set(same.map((c) => c.encoding ?? ''))];
      return { kind: 'encoding', requested: wanted.encoding, stored };
    }
    const [best, ...rest] = rank(inEncoding, wanted.full, (c) => 'result' in c.answer);
    if (!best) return { kind: 'not-found' };
    return {
      kind: 'answer',
      answer: best.answer,
      others: rest
        .filter((c) => 'result' in c.answer && (c.preferred || !best.preferred))
        .map((c) => c.answer),
    };
  }
}

const bytesEncodings = ['hex', 'hexc', 'hexnc'];

/** Bytes written in AvalancheGo's hex forms: hex and hexc end in a 4-byte sha256 checksum. */
function reencodeBytes(text: string, from: string, to: string): string {
  const withSum = (e: string) => e !== 'hexnc';
  let hex = text.slice(2);
  if (withSum(from)) hex = hex.slice(0, -8);
  if (withSum(to)) hex += bytesToHex(sha256(hexToBytes(hex))).slice(-8);
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
