import type { ContractCase, ContractResult } from './contract.js';
import { isObject } from './json-pointer.js';
import type { Specs } from './specs.js';

/** A chain of page requests: the first page, and how each answer leads to the next. */
export interface CaseChain {
  service: string;
  operation: string;
  first: ContractCase;
  /** The next request, or `end`, or a paging fault to report as drift on that answer. */
  next(result: ContractResult, sent: ContractCase, index: number): ContractCase | 'end' | Fault;
}

export interface Fault {
  fault: string;
}

const reply = (r: ContractResult): Record<string, unknown> | undefined => {
  const body = r.exchange?.response.body;
  return isObject(body) ? body : undefined;
};

function pageCase(from: ContractCase, path: string, body: unknown, n: number): ContractCase {
  const c: ContractCase = {
    ...from,
    source: `page ${n}: ${from.source.replace(/^page \d+: /, '')}`,
    path,
    class: 'page',
  };
  delete c.values;
  if (body !== undefined) c.body = body;
  else delete c.body;
  return c;
}

function restChain(seed: ContractCase): CaseChain {
  const url = new URL(seed.path, 'http://x');
  url.searchParams.delete('pageToken');
  url.searchParams.set('pageSize', '1');
  const first = pageCase(seed, url.pathname + url.search, seed.body, 1);
  const tokens = new Set<string>();
  return {
    service: seed.service,
    operation: seed.operation,
    first,
    next(result, sent, index) {
      const token = reply(result)?.nextPageToken;
      if (typeof token !== 'string' || token === '') return 'end';
      if (tokens.has(token))
        return {
          fault: `nextPageToken ${JSON.stringify(token)} was already given on an earlier page`,
        };
      tokens.add(token);
      const nextUrl = new URL(sent.path, 'http://x');
      nextUrl.searchParams.set('pageToken', token);
      return pageCase(seed, nextUrl.pathname + nextUrl.search, seed.body, index + 2);
    },
  };
}

function rpcParams(c: ContractCase): Record<string, unknown> {
  return isObject(c.body) && isObject(c.body.params) ? { ...c.body.params } : {};
}

function withParams(c: ContractCase, params: Record<string, unknown>, n: number): ContractCase {
  return pageCase(c, c.path, { ...(c.body as object), params }, n);
}

/** avm.getUTXOs: the answer's `endIndex` is the next request's `startIndex`. */
function utxoChain(seed: ContractCase): CaseChain {
  const params = rpcParams(seed);
  delete params.startIndex;
  params.limit = 1;
  const first = withParams(seed, params, 1);
  const seen = new Set<string>();
  return {
    service: seed.service,
    operation: seed.operation,
    first,
    next(result, sent, index) {
      const res = reply(result)?.result;
      if (!isObject(res) || Number(res.numFetched) < 1) return 'end';
      const key = JSON.stringify(res.endIndex);
      if (seen.has(key)) return { fault: `endIndex ${key} was already given on an earlier page` };
      seen.add(key);
      return withParams(seed, { ...rpcParams(sent), startIndex: res.endIndex }, index + 2);
    },
  };
}

/** index.getContainerRange: the next page starts one past the last container returned. */
function containerChain(seed: ContractCase): CaseChain {
  const params = { ...rpcParams(seed), numToFetch: 1 };
  const first = withParams(seed, params, 1);
  return {
    service: seed.service,
    operation: seed.operation,
    first,
    next(result, sent, index) {
      const res = reply(result)?.result;
      const list = isObject(res) && Array.isArray(res.containers) ? res.containers : [];
      const last = list.at(-1);
      if (list.length < 1 || !isObject(last)) return 'end';
      const from = Number(rpcParams(sent).startIndex);
      const start = Number(last.index) + 1;
      if (!(start > from)) return { fault: `page from index ${from} did not move past it` };
      const c = withParams(seed, { ...rpcParams(sent), startIndex: start }, index + 2);
      // Past the last accepted container the node answers its range error: the listing's end.
      c.expect = { ...c.expect, or: [{ status: 200, reply: 'error', errorCode: -32000 }] };
      return c;
    },
  };
}

/** One page chain per paginated operation and method, started from a known-good request. */
export function pagingChains(specs: Specs, seeds: ContractCase[]): CaseChain[] {
  const out: CaseChain[] = [];
  const firstOf = (service: string, operation: string) =>
    seeds.find((c) => c.service === service && c.operation === operation);
  for (const service of specs.rest)
    for (const op of service.operations) {
      if (!op.parameters.some((p) => p.name === 'pageToken')) continue;
      const seed = firstOf(service.name, op.id);
      if (!seed) continue;
      // pageSize 1 (every operation's minimum or above it) makes the most pages of few items.
      out.push(restChain(seed));
    }
  const utxo = firstOf('node-rpc', 'avm.getUTXOs');
  if (utxo) out.push(utxoChain(utxo));
  const range = firstOf('node-rpc', 'index.getContainerRange');
  if (range) out.push(containerChain(range));
  return out;
}
