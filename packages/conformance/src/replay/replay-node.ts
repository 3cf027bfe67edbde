import { deref, getPointer, isObject } from '../model/json-pointer.js';
import type { OpenRpcService, RpcMethod } from '../model/openrpc.js';
import { compare, type Inputs } from '../model/promises/values.js';
import { describedRelease, parseNodeVersion, presentIn } from '../model/versions.js';
import type { AnswerBook, RpcAnswer } from './replay-answers.js';
import { fillNotFound, withPointer } from './replay-promises.js';

/**
 * What the node answers when nothing stored matches a call's identity inputs: the method's
 * `notFound` annotation with its placeholders filled, else the database's bare "not found"
 * (the error AvalancheGo's services pass on from a failed lookup).
 */
export function rpcNotFound(method: RpcMethod, inputs: Inputs): RpcAnswer {
  const nf = method.promises.notFound;
  if (nf && ('result' in nf || 'error' in nf)) {
    const filled = fillNotFound(nf, inputs);
    if ('result' in filled) return { result: filled.result };
    if ('error' in filled) return { error: { data: null, ...filled.error } };
  }
  return { error: { code: -32000, message: 'not found', data: null } };
}

/**
 * The result with the member the method's `x-states-release` points at (info.getNodeVersion's
 * `/version`) set to the release the spec describes (`info.x-avalanchego-release`): the replay
 * server answers as a node of that release, whatever release a stored answer came from, so a
 * contract run that reads the release judges its answers by the right documents.
 */
export function withStatedRelease(service: OpenRpcService, method: RpcMethod, result: unknown) {
  const pointer = method.node['x-states-release'];
  const release = describedRelease(service.doc);
  if (typeof pointer !== 'string' || release === undefined) return result;
  if (typeof getPointer(result, pointer) !== 'string') return result;
  return withPointer(result, pointer, `avalanchego/${release.replace(/^v/, '')}`);
}

/** A JSON-RPC error object as a node sends it. */
export interface RpcFailure {
  code: number;
  message: string;
  data: null;
}

/** Node paths where geth's JSON-RPC server (batches, its own errors) answers, not gorilla's. */
export const isEvmPath = (pathname: string) => /\/rpc\/?$/.test(pathname);

/**
 * What the JSON-RPC server at `pathname` answers for a method it does not serve. The EVM
 * endpoint is geth's server: -32601. The node's own endpoints are gorilla/rpc behind
 * AvalancheGo's codec, which first turns `avm.getHeight` into `avm.GetHeight`; an unknown
 * service or method is then a plain Go error, so -32000 with gorilla's text (the spec's
 * x-error-kinds call both `unsupported`).
 */
export function methodNotServed(
  method: string,
  pathname: string,
  servicesHere: ReadonlySet<string>,
): RpcFailure {
  if (isEvmPath(pathname))
    return {
      code: -32601,
      message: `the method ${method} does not exist/is not available`,
      data: null,
    };
  const dot = method.indexOf('.');
  if (dot < 0 || method.indexOf('.', dot + 1) >= 0)
    return {
      code: -32000,
      message: `rpc: service/method request ill-formed: ${JSON.stringify(method)}`,
      data: null,
    };
  const name = method.slice(dot + 1);
  const asked = `${method.slice(0, dot)}.${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  const what = servicesHere.has(method.slice(0, dot)) ? 'method' : 'service';
  return { code: -32000, message: `rpc: can't find ${what} ${JSON.stringify(asked)}`, data: null };
}

/**
 * The methods a node of the release the document describes does not serve: those marked as gone
 * before it (`x-until`) or come after it (`x-since`). Such a node answers a call of one as a
 * method it does not know, and so does the replay.
 */
export function notServedByDescribedRelease(service: OpenRpcService): RpcMethod[] {
  const release = describedRelease(service.doc);
  if (release === undefined) return [];
  const version = parseNodeVersion(release);
  return service.methods.filter((m) => !presentIn(m.node, version, m.id));
}

/** One `$result` member a method's link hands to another method's param. */
interface ResultLink {
  pointer: string;
  to: RpcMethod;
  param: string;
  /** The link's other params, constants (e.g. `encoding`). */
  constants: Record<string, unknown>;
}

function resultLinks(service: OpenRpcService, method: RpcMethod): ResultLink[] {
  const out: ResultLink[] = [];
  const links = Array.isArray(method.node.links) ? method.node.links : [];
  for (const raw of links) {
    const link = deref(service.doc, raw, '').node;
    const to = typeof link.method === 'string' ? service.getMethod(link.method) : undefined;
    if (!to || !isObject(link.params)) continue;
    const constants = Object.fromEntries(
      Object.entries(link.params).filter(([, v]) => !(typeof v === 'string' && v.startsWith('$'))),
    );
    for (const [param, expr] of Object.entries(link.params)) {
      const m = typeof expr === 'string' ? /^\$result(?:\.([\w.]+)|#(\/.*))$/.exec(expr) : null;
      if (!m) continue;
      const pointer = m[2] ?? `/${(m[1] as string).replaceAll('.', '/')}`;
      out.push({ pointer, to, param, constants });
    }
  }
  return out;
}

/**
 * Answers that hang together: where a method's links hand a member of its result to another
 * method (`avm.getHeight`'s height to `avm.getBlockByHeight`), the member is a value that
 * method has stored answers for, in as many of the links' variants as any value is (the
 * highest of those). Computed once per method.
 */
export class LinkedValues {
  private readonly cache = new Map<string, { pointer: string; value: unknown }[]>();

  constructor(private readonly book: AnswerBook) {}

  private valuesFor(service: OpenRpcService, method: RpcMethod) {
    const key = `${service.name} ${method.id}`;
    let list = this.cache.get(key);
    if (list) return list;
    list = [];
    const byPointer = new Map<string, ResultLink[]>();
    for (const link of resultLinks(service, method))
      byPointer.set(link.pointer, [...(byPointer.get(link.pointer) ?? []), link]);
    for (const [pointer, links] of byPointer) {
      const values = links.flatMap((l) => this.book.storedValues(service, l.to, l.param));
      let best: { value: unknown; score: number } | undefined;
      for (const value of values) {
        const score = links.filter(
          (l) =>
            this.book.pickRpc(service, l.to, { ...l.constants, [l.param]: value }).kind ===
            'answer',
        ).length;
        if (
          score > 0 &&
          (!best || score > best.score || (score === best.score && compare(value, best.value) > 0))
        )
          best = { value, score };
      }
      if (best) list.push({ pointer, value: best.value });
    }
    this.cache.set(key, list);
    return list;
  }

  /** The result with its linked members set to values the linked methods answer. */
  apply(service: OpenRpcService, method: RpcMethod, result: unknown): unknown {
    let out = result;
    for (const { pointer, value } of this.valuesFor(service, method)) {
      const like = getPointer(out, pointer);
      if (like === undefined) continue;
      const typed =
        typeof like === 'string' ? String(value) : typeof like === 'number' ? Number(value) : value;
      out = withPointer(out, pointer, typed);
    }
    return out;
  }
}
