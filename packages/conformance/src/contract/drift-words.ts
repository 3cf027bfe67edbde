// A drift in words a newcomer reads without the spec open: what the spec says (expected) and what
// the server answered (got), each naming the place in the answer (a JSON pointer, array indexes
// as `*`). One wording per drift kind; the report names the operation beside them.
import { getPointer, isObject, unescapePointer } from '../model/json-pointer.js';
import type { PromiseKind } from '../model/promises/vocabulary.js';
import type { Violation, ViolationKind } from '../model/schema-set.js';
import type { ContractResult } from './contract-case.js';
import { describeExpectation } from './expectation.js';

export interface DriftWords {
  /** What the spec says, starting `the spec …` (or JSON-RPC's, HTTP's own rule). */
  expected: string;
  /** What came back, starting `the server …`. */
  got: string;
}

type Wording = (v: Violation, r: ContractResult, at: At) => DriftWords;

/** The place of a violation and the value found there. */
interface At {
  /** `response.body/items/*`: where, with the pointer's indexes as `*`. */
  where: string;
  /** The value at the pointer, when the pointer reaches into a JSON answer. */
  value: { found: boolean; value?: unknown };
}

const starred = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

/** A value as JSON, at most about 200 characters. */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length - 200} more characters)` : text;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return `a ${typeof value}`;
}

const typeWords: Record<string, string> = {
  array: 'an array',
  object: 'an object',
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean',
  null: 'null',
};

/** The parent object's place and the member's name, for a pointer ending in a member. */
function member(v: Violation): { parent: string; name: string } {
  const cut = v.path.lastIndexOf('/');
  const parent = `${v.where}${starred(v.path.slice(0, cut))}`;
  return { parent, name: unescapePointer(v.path.slice(cut + 1)) };
}

const sentValue = (at: At) =>
  at.value.found
    ? `the server sent ${shown(at.value.value)} there`
    : 'the server sent nothing there';

const schemaRule: Wording = (v, _r, at) => ({
  expected: `the spec says the value at ${at.where} ${v.message}`,
  got: sentValue(at),
});

/** What the spec promises, per x-promises kind: the rule the answer broke. */
const promised: Record<PromiseKind, string> = {
  'page-size': 'a page holds at most the number of items asked for (or the default page size)',
  paging:
    'following its cursor or range moves on: a new cursor on every page, no item twice, no empty page behind a cursor',
  order: 'the items come sorted by the declared key, in the asked or default direction',
  filter: 'every item matches the filters the request sent',
  identity: 'the answer is about the thing the request names',
  count: 'a count equals the number of entries it counts',
  range: 'a range holds at most the asked count, indexed from the asked start',
  status: 'the status agrees with the body member that decides it',
  'content-type': 'the answer comes with the declared content type',
  scope:
    "a member restating the request's scope (its network, chain, currency, or their defaults) equals it",
  units: 'a value is in the unit the conventions fix (Unix seconds, a fraction, a percentage)',
  relation: 'members of one answer hold the relation the spec states between them',
  calls: "the answer agrees with another method's answer about the same target",
};

const promise: Wording = (v, _r, at) => ({
  expected: `the spec promises (x-promises ${v.kind}) that ${promised[v.kind as PromiseKind]}`,
  got: `the server's answer at ${at.where}: ${v.message.replace(new RegExp(`^${v.kind}: `), '')}`,
});

const answered = (r: ContractResult) => `the server answered ${r.got ?? 'nothing'}`;

/** Where a case's expectation comes from: a generated case says so, a recorded one is a file. */
const origin = (r: ContractResult) =>
  /^(example|generated|negative|page|linked|filter)\b/.test(r.source)
    ? r.source
    : `the recording ${r.source}`;

const statusWords: Wording = (_v, r) => ({
  expected: `for this request (${origin(r)}) the spec expects ${describeExpectation(r.expect)}`,
  got: answered(r),
});

/** A rule of HTTP, JSON or JSON-RPC itself. */
const protocol: Wording = (v, r, at) => {
  if (v.where === 'response')
    return {
      expected: 'an HTTP answer the client can read',
      got: `the server's answer failed: ${v.message}`,
    };
  if (!isObject(r.exchange?.response.body) && v.path === '')
    return {
      expected: 'every answer the specs describe is JSON',
      got: `the server sent ${v.message.replace(/^HTTP \d+ with /, '')}`,
    };
  return { expected: `JSON-RPC 2.0 says ${at.where} ${v.message}`, got: sentValue(at) };
};

const request: Wording = (v, r) => ({
  expected: `the spec says: ${v.message}`,
  got: `the request was ${r.method} ${r.path}`,
});

const wordings: Record<ViolationKind, Wording> = {
  'undeclared-property': (v, _r, at) => {
    const { parent, name } = member(v);
    return {
      expected: `the spec declares no member ${JSON.stringify(name)} in the object at ${parent}`,
      got: `the server sent ${JSON.stringify(name)}: ${shown(at.value.value)}`,
    };
  },
  'missing-required': (v, r) => {
    const { parent, name } = member(v);
    const object = getPointer(answerPart(v.where, r), v.path.slice(0, v.path.lastIndexOf('/')));
    const has = isObject(object) ? Object.keys(object) : [];
    return {
      expected: `the spec requires a member ${JSON.stringify(name)} in the object at ${parent}`,
      got: `the server's object has no ${JSON.stringify(name)} (${has.length ? `it has ${has.slice(0, 8).join(', ')}${has.length > 8 ? ', …' : ''}` : 'it is empty'})`,
    };
  },
  'wrong-type': (v, _r, at) => ({
    expected: `the spec types the value at ${at.where} as ${v.message
      .replace(/^must be /, '')
      .split(',')
      .map((t) => typeWords[t] ?? t)
      .join(' or ')}`,
    got: at.value.found
      ? `the server sent ${shown(at.value.value)}, ${jsonType(at.value.value)}`
      : 'the server sent nothing there',
  }),
  'undeclared-value': (v, _r, at) => ({
    expected: `the spec allows at ${at.where} only what it lists: ${v.message.replace(/^must be /, '')}`,
    got: `${sentValue(at)}, a value the spec does not list`,
  }),
  invalid: schemaRule,
  'undeclared-status': (_v, r) => ({
    expected: `the spec declares no ${r.status === undefined ? 'such' : `HTTP ${r.status}`} answer for ${r.operation}`,
    got: answered(r),
  }),
  rule: request,
  unmatched: request,
  protocol,
  'unexpected-status': statusWords,
  'unexpected-error': statusWords,
  paging: promise,
  'page-size': promise,
  order: promise,
  filter: promise,
  identity: promise,
  count: promise,
  range: promise,
  status: promise,
  'content-type': promise,
  scope: promise,
  units: promise,
  relation: promise,
  calls: promise,
};

/** The part of the answer a violation's pointer points into. */
function answerPart(where: string, r: ContractResult): unknown {
  const body = r.exchange?.response.body;
  if (where === 'response.body') return body;
  if (where === 'response.result' || where === 'response.error')
    return isObject(body) ? body[where.slice('response.'.length)] : undefined;
  return undefined;
}

/** What the spec says and what came back, for one violation of one case. */
export function driftWords(v: Violation, r: ContractResult): DriftWords {
  const part = answerPart(v.where, r);
  const value = part === undefined ? undefined : getPointer(part, v.path);
  const found = part !== undefined && (value !== undefined || v.path === '');
  const at: At = { where: `${v.where}${starred(v.path)}`, value: { found, value } };
  return wordings[v.kind](v, r, at);
}
