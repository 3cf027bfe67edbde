import { canonical, getPointer, isObject } from '../json-pointer.js';
import { type Violation, violation } from '../schema-set.js';
import type { Answer } from './check.js';
import { compare, type Inputs } from './values.js';
import type { CallsPromise, Promises } from './vocabulary.js';

/*
 * Relations between calls (`calls`): one operation's or method's answer against another's on
 * the same target, asked with the same values of the linked inputs. One answer cannot break
 * them; `CallsTracker` remembers the latest success answers of each target and judges a pair
 * when its second call comes (`check` over a capture, `contract` over its linked cases).
 * `callsKeep` is the same reading for the replay server, which makes its answers agree.
 */

/** One success answer remembered: its inputs and value. */
interface Seen {
  inputs: Inputs;
  value: unknown;
}

/** The success value of an answer (REST 2xx body, JSON-RPC result); undefined otherwise. */
export function successValue(answer: Answer): unknown {
  if (answer.protocol === 'rest')
    return answer.status >= 200 && answer.status < 300 ? answer.body : undefined;
  return isObject(answer.reply) && 'result' in answer.reply ? answer.reply.result : undefined;
}

/** Whether the other call was asked with the same values of the linked inputs. */
function linked(c: CallsPromise, mine: Inputs, theirs: Inputs): boolean {
  for (const [a, b] of Object.entries(c.inputs ?? {}))
    if (canonical(mine[a] ?? null) !== canonical(theirs[b] ?? null)) return false;
  return true;
}

/** Why `member` (this answer) and `other` (the other's) break the relation; undefined when kept. */
export function callsBreak(c: CallsPromise, member: unknown, other: unknown): string | undefined {
  if (member === undefined || other === undefined) return undefined;
  if (c.compare === 'keys') {
    if (!isObject(member) || !isObject(other)) return undefined;
    const mine = Object.keys(member).sort();
    const theirs = Object.keys(other).sort();
    return canonical(mine) === canonical(theirs)
      ? undefined
      : `keys ${JSON.stringify(mine)}, expected the keys ${JSON.stringify(theirs)}`;
  }
  if (c.map) {
    const want = c.map[String(member)];
    if (want === undefined) {
      // A value the map does not name is fine only when the other is not one it names either.
      const named = Object.entries(c.map).find(([, v]) => compare(v, other) === 0);
      return named
        ? `${JSON.stringify(member)}, expected ${JSON.stringify(named[0])} with ${JSON.stringify(other)}`
        : undefined;
    }
    return compare(want, other) === 0
      ? undefined
      : `${JSON.stringify(member)} (${JSON.stringify(want)}), expected the value that goes with ${JSON.stringify(other)}`;
  }
  return compare(member, other) === 0
    ? undefined
    : `${JSON.stringify(member)}, expected ${JSON.stringify(other)}`;
}

/** `/networkID` as `networkID`; the whole answer as `the answer`. */
const label = (pointer: string) =>
  pointer === '' ? 'the answer' : pointer.slice(1).replaceAll('/', '.');

/**
 * Follows the success answers of a capture (or a contract run), per target (a URL's origin
 * and path), and judges each `calls` relation once both of its calls were seen: on the later
 * one. At most `maxSeen` answers per target and operation are remembered (the latest).
 */
export class CallsTracker {
  readonly #seen = new Map<string, Seen[]>();
  /** Operation or method → the relations other ones declare towards it. */
  readonly #callers = new Map<string, [string, CallsPromise][]>();

  constructor(
    all: Iterable<[string, Promises]>,
    readonly maxSeen = 16,
  ) {
    for (const [id, p] of all)
      for (const c of p.calls ?? [])
        this.#callers.set(c.with, [...(this.#callers.get(c.with) ?? []), [id, c]]);
  }

  /** Whether an operation takes part in any relation between calls (else nothing is kept). */
  follows(id: string, promises: Promises): boolean {
    return (promises.calls?.length ?? 0) > 0 || this.#callers.has(id);
  }

  /** The relations this answer breaks against the answers seen before it on the same target. */
  observe(
    target: string,
    id: string,
    promises: Promises,
    inputs: Inputs,
    answer: Answer,
  ): Violation[] {
    if (!this.follows(id, promises)) return [];
    const value = successValue(answer);
    if (value === undefined) return [];
    const where = answer.protocol === 'rest' ? 'response.body' : 'response.result';
    const out: Violation[] = [];
    // This answer's own relations, against the other's latest answer.
    for (const c of promises.calls ?? [])
      for (const other of this.#latest(target, c.with, (s) => linked(c, inputs, s.inputs)))
        this.#judge(
          out,
          where,
          c,
          getPointer(value, c.member),
          getPointer(other.value, c.other),
          'own',
        );
    // Relations others declare towards this one, against their latest answer.
    for (const [caller, c] of this.#callers.get(id) ?? [])
      for (const mine of this.#latest(target, caller, (s) => linked(c, s.inputs, inputs)))
        this.#judge(
          out,
          where,
          { ...c, with: caller },
          getPointer(mine.value, c.member),
          getPointer(value, c.other),
          'theirs',
        );
    this.#remember(target, id, { inputs, value });
    return out;
  }

  #judge(
    out: Violation[],
    where: string,
    c: CallsPromise,
    member: unknown,
    other: unknown,
    side: 'own' | 'theirs',
  ) {
    const why = callsBreak(c, member, other);
    if (why === undefined) return;
    const message =
      side === 'own'
        ? `calls: ${label(c.member)} ${why} (${label(c.other)} of ${c.with} on the same target)`
        : `calls: ${label(c.other)} ${JSON.stringify(other)} disagrees with ${c.with}'s ${label(c.member)} ${why.replace(/^/, '')} on the same target`;
    out.push(violation('calls', where, side === 'own' ? c.member : c.other, message));
  }

  *#latest(target: string, id: string, ok: (s: Seen) => boolean): Iterable<Seen> {
    const list = this.#seen.get(`${target} ${id}`) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const s = list[i] as Seen;
      if (ok(s)) {
        yield s;
        return;
      }
    }
  }

  #remember(target: string, id: string, seen: Seen) {
    const key = `${target} ${id}`;
    const list = this.#seen.get(key) ?? [];
    list.push(seen);
    if (list.length > this.maxSeen) list.shift();
    this.#seen.set(key, list);
  }
}

/**
 * The replay server's side: `member` of this answer made to agree with the other call's
 * answer `other` (its value at the relation's `other` pointer). Equal: the other's value;
 * a map: the key that goes with it; keys: the other's keys, each with this member's value
 * for it or its first value as a stand-in (values of one map share a schema). Undefined
 * when nothing can be made to agree (the value is kept as it is).
 */
export function callsKeep(c: CallsPromise, member: unknown, other: unknown): unknown {
  if (member === undefined || other === undefined) return undefined;
  if (c.compare === 'keys') {
    if (!isObject(member) || !isObject(other)) return undefined;
    const template = Object.values(member)[0];
    if (template === undefined && Object.keys(other).length > 0) return undefined;
    return Object.fromEntries(Object.keys(other).map((k) => [k, member[k] ?? template]));
  }
  if (c.map) {
    const key = Object.entries(c.map).find(([, v]) => compare(v, other) === 0)?.[0];
    if (key === undefined) return undefined;
    return typeof member === 'number' ? Number(key) : key;
  }
  return typeof member === 'number' && typeof other === 'string' ? Number(other) : other;
}

/** A value that breaks the relation (for the replay server's `calls` fault); undefined when none. */
export function callsBroken(c: CallsPromise, member: unknown, other: unknown): unknown {
  if (member === undefined || other === undefined) return undefined;
  if (c.compare === 'keys') {
    if (!isObject(member) || !isObject(other)) return undefined;
    // One key left out (a key made up could be one the schema does not allow).
    const [first] = Object.keys(member);
    if (first === undefined) return undefined;
    const { [first]: _, ...rest } = member;
    return rest;
  }
  if (c.map) {
    const key = Object.entries(c.map).find(([, v]) => compare(v, other) !== 0)?.[0];
    if (key === undefined) return undefined;
    return typeof member === 'number' ? Number(key) : key;
  }
  if (typeof member === 'string' && /^\d+$/.test(member)) return String(BigInt(member) + 1n);
  if (typeof member === 'number') return member + 1;
  return undefined;
}
