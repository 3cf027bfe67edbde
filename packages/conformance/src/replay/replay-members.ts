import { getPointer } from '../model/json-pointer.js';
import {
  compare,
  firstPresent,
  type Inputs,
  inUnit,
  outOfUnit,
  presentPointers,
  relates,
  scopeKeeps,
  scopeWanted,
} from '../model/promises/values.js';
import type {
  PromiseKind,
  Promises,
  RelationPromise,
  ScopePromise,
} from '../model/promises/vocabulary.js';
import { otherValue, withPointer } from './replay-promises.js';

/*
 * The replay server keeps the rules about members of one answer (`scope`, `units`,
 * `relations`) on the answer it picked, or breaks the one a fault names, keeping the answer
 * schema-valid: a scope member set to the request's (or its default), a unit already kept by
 * the stored answers (a fault writes the next unit up), a relation's member set to the value
 * it must equal or bound.
 */

/** Where a rule about members reads: the answer (`''`), or each item of its list. */
function subjects(p: Promises, body: unknown, each: boolean | undefined): string[] {
  if (!each) return [''];
  const list = p.items === undefined ? undefined : getPointer(body, p.items);
  return Array.isArray(list) ? list.map((_, i) => `${p.items}/${i}`) : [];
}

/** The stored value's type kept: a decimal string stays a string, a number a number. */
const typed = (like: unknown, v: unknown) =>
  typeof like === 'string' && typeof v !== 'string'
    ? String(v)
    : typeof like === 'number' &&
        typeof v === 'string' &&
        v.trim() !== '' &&
        Number.isFinite(Number(v))
      ? Number(v)
      : v;

function keepScope(
  sc: ScopePromise,
  p: Promises,
  inputs: Inputs,
  body: unknown,
  choices: ((input: string) => readonly unknown[] | undefined) | undefined,
  fault: boolean,
  valid?: (body: unknown) => boolean,
): { body: unknown; broke: boolean } {
  const wanted = scopeWanted(sc, inputs);
  if (wanted === undefined) return { body, broke: false };
  let out = body;
  let broke = false;
  for (const at of subjects(p, out, sc.each)) {
    const member = firstPresent(getPointer(out, at), sc.member);
    if (member === undefined) continue;
    const pointer = `${at}${member}`;
    const like = getPointer(out, pointer);
    let value: unknown = scopeKeeps(sc, wanted, like) ? like : typed(like, wanted);
    if (fault && !broke) {
      // Another value the input's schema lists (another network), else one of the same form;
      // only one the answer's schema still allows (an encoding decides the block's shape).
      const candidates = [
        ...(choices?.(sc.input) ?? []).filter((c) => !scopeKeeps(sc, wanted, c)),
        otherValue(wanted),
      ];
      const other = candidates.find(
        (c) => c !== undefined && (valid?.(withPointer(out, pointer, typed(like, c))) ?? true),
      );
      if (other !== undefined) {
        value = typed(like, other);
        broke = true;
      }
    }
    out = withPointer(out, pointer, value);
  }
  return { body: out, broke };
}

function breakUnits(p: Promises, body: unknown): unknown {
  for (const u of p.units ?? [])
    for (const at of subjects(p, body, u.each))
      for (const member of presentPointers(getPointer(body, at), u.member)) {
        const v = getPointer(body, `${at}${member}`);
        if (inUnit(u.unit, v) === undefined) continue;
        return withPointer(body, `${at}${member}`, outOfUnit(u.unit, v));
      }
  return undefined;
}

/** The pairs a relation compares: the member's pointer and the other side's value. */
function relationPairs(r: RelationPromise, p: Promises, body: unknown): [string, unknown][] {
  const of = r.of ?? 'answer';
  if (of === 'items') {
    const others = subjects(p, body, true).map((at) =>
      r.than === undefined ? r.value : getPointer(body, `${at}${r.than}`),
    );
    return others.map((v) => [r.member, v]);
  }
  const out: [string, unknown][] = [];
  for (const at of subjects(p, body, of === 'item')) {
    const subject = getPointer(body, at);
    if (r.if && compare(getPointer(subject, r.if.member), r.if.equals) !== 0) continue;
    out.push([`${at}${r.member}`, r.than === undefined ? r.value : getPointer(subject, r.than)]);
  }
  return out;
}

function keepRelation(r: RelationPromise, p: Promises, body: unknown): unknown {
  let out = body;
  for (const [pointer, other] of relationPairs(r, p, out)) {
    const like = getPointer(out, pointer);
    if (like === undefined || like === null || other === undefined || other === null) continue;
    if (!relates(r.is, like, other)) out = withPointer(out, pointer, typed(like, other));
  }
  return out;
}

/** The first relation broken on this answer: the member set past its bound, or off its value. */
function breakRelation(p: Promises, body: unknown): unknown {
  for (const r of p.relations ?? []) {
    const of = r.of ?? 'answer';
    if (of === 'items') {
      const pairs = relationPairs(r, p, body).filter(([, v]) => v !== undefined && v !== null);
      const like = getPointer(body, r.member);
      if (pairs.length === 0 || like === undefined || r.is === 'equal') continue;
      const values = pairs.map(([, v]) => v);
      const edge = values.reduce((a, b) =>
        (r.is === 'atLeast' ? compare(a, b) < 0 : compare(a, b) > 0) ? a : b,
      );
      const n = Number(edge) + (r.is === 'atLeast' ? -1 : 1);
      return withPointer(body, r.member, typed(like, n));
    }
    for (const at of subjects(p, body, of === 'item')) {
      const subject = getPointer(body, at);
      const like = getPointer(subject, r.member);
      if (like === undefined || like === null) continue;
      let out = body;
      if (r.if) out = withPointer(out, `${at}${r.if.member}`, r.if.equals);
      const other = r.than === undefined ? r.value : getPointer(subject, r.than);
      const broken =
        r.is === 'equal'
          ? otherValue(other)
          : typed(like, Number(other) + (r.is === 'atLeast' ? -1 : 1));
      if (broken === undefined) continue;
      return withPointer(out, `${at}${r.member}`, broken);
    }
  }
  return undefined;
}

/**
 * The answer keeping (or, for the faults named, breaking) its scope, units and relations;
 * the kinds broken are pushed on `broken`.
 */
export function keepMembers(
  p: Promises,
  inputs: Inputs,
  stored: unknown,
  choices: ((input: string) => readonly unknown[] | undefined) | undefined,
  faults: ReadonlySet<PromiseKind>,
  broken: PromiseKind[],
  valid?: (body: unknown) => boolean,
): unknown {
  let body = stored;
  let scopeBroken = false;
  for (const sc of p.scope ?? []) {
    const kept = keepScope(
      sc,
      p,
      inputs,
      body,
      choices,
      faults.has('scope') && !scopeBroken,
      valid,
    );
    body = kept.body;
    scopeBroken ||= kept.broke;
  }
  if (scopeBroken) broken.push('scope');
  for (const r of p.relations ?? []) body = keepRelation(r, p, body);
  if (faults.has('units')) {
    const out = breakUnits(p, body);
    if (out !== undefined) {
      body = out;
      broken.push('units');
    }
  }
  if (faults.has('relation')) {
    const out = breakRelation(p, body);
    if (out !== undefined) {
      body = out;
      broken.push('relation');
    }
  }
  return body;
}
