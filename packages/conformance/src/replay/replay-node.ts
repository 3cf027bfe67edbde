import { deref, getPointer, isObject } from '../model/json-pointer.js';
import type { OpenRpcService, RpcMethod } from '../model/openrpc.js';
import { compare, type Inputs } from '../model/promises/values.js';
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
  const info = service.doc.info;
  const release = isObject(info) ? info['x-avalanchego-release'] : undefined;
  if (typeof pointer !== 'string' || typeof release !== 'string') return result;
  if (typeof getPointer(result, pointer) !== 'string') return result;
  return withPointer(result, pointer, `avalanchego/${release.replace(/^v/, '')}`);
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
