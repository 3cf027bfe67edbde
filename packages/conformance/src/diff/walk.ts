// What both differs share: the change list, $ref resolution with sibling keywords, and the
// comparison of two JSON Schemas as used on one side of the wire.
import { escapePointer, getPointer, isObject, unescapePointer } from '../model/json-pointer.js';
import { type Change, type RuleId, rules } from './rules.js';

export type Side = 'request' | 'response';
export type Obj = Record<string, unknown>;

/** Where a value travels, for `--usage`: e.g. ['query', 'pageSize'] or ['body', 'blocks', '*', 'txCount']. */
export type MemberPath = string[];

export interface Recorded extends Change {
  /** Present when the change concerns a member that traffic can show or not. */
  member?: { side: Side; path: MemberPath };
}

export class Changes {
  readonly list: Recorded[] = [];
  constructor(readonly spec: string) {}
  add(
    operation: string,
    location: string,
    rule: RuleId,
    message: string,
    member?: { side: Side; path: MemberPath },
  ) {
    const { client, server } = rules[rule];
    this.list.push({
      spec: this.spec,
      operation,
      location,
      rule,
      client,
      server,
      message,
      ...(member ? { member } : {}),
    });
  }
}

export const ptr = (...tokens: (string | number)[]) =>
  tokens.map((t) => `/${escapePointer(String(t))}`).join('');

export function same(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

export const show = (value: unknown) => JSON.stringify(value);

/**
 * Follows `$ref`s to the schema they name; keywords beside a `$ref` (OpenAPI 3.1 allows a
 * description there) override the target's. Unresolvable refs were rejected on load.
 */
export function resolve(doc: unknown, node: unknown, at: string): { node: unknown; at: string } {
  let current = node;
  let where = at;
  const seen = new Set<string>();
  let siblings: Obj = {};
  while (isObject(current) && typeof current.$ref === 'string' && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    const { $ref, ...rest } = current;
    siblings = { ...rest, ...siblings };
    where = decodeURIComponent(($ref as string).slice(1));
    current = getPointer(doc, where);
  }
  if (Object.keys(siblings).length > 0 && isObject(current)) current = { ...current, ...siblings };
  return { node: current, at: where };
}

/**
 * An answer member that carries a request input's own values, as the operation's `x-promises`
 * declare: a filter or identity matched `equal` (the member is the input's value) or `oneOf`
 * (it is one of the input's values, `each`). The input's schema is then also used in the
 * answer at `member`, so a value it gains is one the answer can carry.
 */
export interface Echo {
  input: string;
  /** Where in the answer (the REST body or the JSON-RPC result), `*` for each item. */
  member: MemberPath;
  each: boolean;
}

const pointerTokens = (pointer: string) =>
  pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointer);

/** The echoes an `x-promises` block declares (none for other matches or a normalized one). */
export function promisedEchoes(promises: unknown): Echo[] {
  if (!isObject(promises)) return [];
  const items = typeof promises.items === 'string' ? [...pointerTokens(promises.items), '*'] : [];
  const out: Echo[] = [];
  const each = (list: unknown, base: string[]) => {
    for (const entry of Array.isArray(list) ? list : []) {
      // A normalized match compares folded values: the answer need not carry the input's spelling.
      if (!isObject(entry) || typeof entry.input !== 'string' || entry.normalize !== undefined)
        continue;
      const how = entry.match ?? 'equal';
      if (how !== 'equal' && how !== 'oneOf') continue;
      const members = Array.isArray(entry.member) ? entry.member : [entry.member];
      for (const m of members)
        if (typeof m === 'string')
          out.push({
            input: entry.input,
            member: [...base, ...pointerTokens(m)],
            each: how === 'oneOf',
          });
    }
  };
  each(promises.filters, items);
  each(promises.identity, []);
  return out;
}

/**
 * Compares an input's schema once more as the answer uses it, for each echo of it that both
 * documents declare: `jailed` added to a filter's enum widens the answer's values too.
 */
export function diffEchoes(
  response: Scope,
  echoes: { old: Echo[]; new: Echo[] },
  input: string,
  schemas: { old: unknown; new: unknown; oldAt: string; newAt: string },
  prefix: string,
) {
  for (const e of echoes.new) {
    if (e.input !== input) continue;
    if (!echoes.old.some((x) => x.input === input && same(x.member, e.member) && x.each === e.each))
      continue;
    const value = (doc: unknown, raw: unknown, at: string) => {
      if (!e.each) return { raw, at };
      const r = resolve(doc, raw, at);
      // A list input's values are its items; a comma-separated string has no item schema.
      return isObject(r.node) && r.node.items !== undefined
        ? { raw: r.node.items, at: `${r.at}/items` }
        : undefined;
    };
    const o = value(response.oldDoc, schemas.old, schemas.oldAt);
    const n = value(response.newDoc, schemas.new, schemas.newAt);
    if (o && n) diffSchema(response, o.raw, n.raw, o.at, n.at, [prefix, ...e.member]);
  }
}

/** The documents and the operation a schema comparison is made for. */
export interface Scope {
  out: Changes;
  oldDoc: unknown;
  newDoc: unknown;
  operation: string;
  side: Side;
  /**
   * Uses already compared in this operation (side, member and the two schema pointers): a
   * schema reached twice at the same member (the alternatives of a union) is told once, one
   * reached at two members once per member.
   */
  visited: Set<string>;
  /** The schema pairs being compared on the current path, against cycles. */
  open?: Set<string>;
}

const docsKeywords = new Set(['description', 'title', 'summary', '$comment', 'externalDocs']);
const exampleKeywords = new Set(['example', 'examples']);
const minKeywords = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const maxKeywords = [
  'maximum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
  'maxProperties',
  'multipleOf',
];
const patternKeywords = ['pattern', 'format', 'contentEncoding'];
const handled = new Set([
  ...docsKeywords,
  ...exampleKeywords,
  ...minKeywords,
  ...maxKeywords,
  ...patternKeywords,
  'type',
  'enum',
  'const',
  'default',
  'deprecated',
  'properties',
  'required',
  'items',
  'additionalProperties',
  'oneOf',
  'anyOf',
  'allOf',
  'x-since',
  'x-until',
  'x-required-since',
  'x-required',
  'x-deprecated-since',
  'x-replaced-by',
  '$ref',
]);

const allTypes = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];

/** The JSON types a schema admits, from `type` and `const`/`enum`; undefined when unconstrained. */
function typeSet(schema: Obj): Set<string> | undefined {
  const t = schema.type;
  if (typeof t === 'string') return new Set(t === 'number' ? ['number', 'integer'] : [t]);
  if (Array.isArray(t))
    return new Set(t.flatMap((x) => (x === 'number' ? ['number', 'integer'] : [String(x)])));
  return undefined;
}

function subset(a: Set<string>, b: Set<string>) {
  return [...a].every((x) => b.has(x));
}

function valueSet(schema: Obj): string[] | undefined {
  if ('const' in schema) return [stableJson(schema.const)];
  if (Array.isArray(schema.enum)) return schema.enum.map(stableJson);
  return undefined;
}

/** The member path in words, for messages: `blocks[].txCount`. */
export function memberName(path: MemberPath): string {
  return path.map((p, i) => (p === '*' ? '[]' : i === 0 ? p : `.${p}`)).join('');
}

/** Keys of a `oneOf`/`anyOf` alternative, to pair alternatives across versions. */
function alternativeKey(doc: unknown, alt: unknown, index: number): string {
  if (isObject(alt) && typeof alt.$ref === 'string') return `ref:${alt.$ref.split('/').pop()}`;
  const { node } = resolve(doc, alt, '');
  if (isObject(node) && isObject(node.properties)) {
    for (const [name, prop] of Object.entries(node.properties)) {
      if (isObject(prop) && 'const' in prop) return `tag:${name}=${stableJson(prop.const)}`;
    }
  }
  if (isObject(node) && typeof node.title === 'string') return `title:${node.title}`;
  return `index:${index}`;
}

function sinceOf(schema: Obj): string | undefined {
  return typeof schema['x-since'] === 'string' ? schema['x-since'] : undefined;
}

/** Compares dotted release strings (`v1.13.2`). */
export function compareReleases(a: string, b: string): number {
  const parse = (v: string) => v.replace(/^v/, '').split('.').map(Number);
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The node release annotations of one schema member or method. `requiredMember` is true for a
 * member a reader can count on (required in a response).
 */
export function diffReleaseMarks(
  scope: Pick<Scope, 'out' | 'operation' | 'side'>,
  oldNode: Obj,
  newNode: Obj,
  at: string,
  what: string,
  requiredMember: boolean,
  member?: MemberPath,
) {
  const m = member ? { side: scope.side, path: member } : undefined;
  const [os, ns] = [sinceOf(oldNode), sinceOf(newNode)];
  if (os !== ns) {
    const later = ns !== undefined && (os === undefined || compareReleases(ns, os) > 0);
    const rule: RuleId =
      later && requiredMember && scope.side === 'response'
        ? 'since-on-required-member'
        : 'since-changed';
    scope.out.add(
      scope.operation,
      `${at}/x-since`,
      rule,
      `${what}: x-since ${show(os ?? null)} → ${show(ns ?? null)}`,
      m,
    );
  }
  const [ou, nu] = [oldNode['x-until'], newNode['x-until']];
  if (!same(ou, nu)) {
    const earlier =
      typeof nu === 'string' && (typeof ou !== 'string' || compareReleases(nu, ou) < 0);
    scope.out.add(
      scope.operation,
      `${at}/x-until`,
      earlier ? 'until-added' : 'until-removed',
      `${what}: x-until ${show(ou ?? null)} → ${show(nu ?? null)}`,
      m,
    );
  }
  for (const key of ['x-required-since', 'x-required']) {
    if (!same(oldNode[key], newNode[key]))
      scope.out.add(
        scope.operation,
        `${at}/${key}`,
        'required-since-changed',
        `${what}: ${key} ${show(oldNode[key] ?? null)} → ${show(newNode[key] ?? null)}`,
        m,
      );
  }
  for (const key of ['x-deprecated-since', 'x-replaced-by']) {
    if (!same(oldNode[key], newNode[key]))
      scope.out.add(
        scope.operation,
        `${at}/${key}`,
        'deprecated-changed',
        `${what}: ${key} ${show(oldNode[key] ?? null)} → ${show(newNode[key] ?? null)}`,
      );
  }
}

/** Prose, examples, deprecation, defaults and unknown x- annotations of any spec object. */
export function diffAnnotations(
  scope: Pick<Scope, 'out' | 'operation'>,
  oldNode: Obj,
  newNode: Obj,
  at: string,
  what: string,
  skip: ReadonlySet<string> = new Set(),
) {
  for (const key of new Set([...Object.keys(oldNode), ...Object.keys(newNode)])) {
    if (skip.has(key) || same(oldNode[key], newNode[key])) continue;
    const rule: RuleId | undefined =
      docsKeywords.has(key) || key === 'tags'
        ? 'description-changed'
        : exampleKeywords.has(key)
          ? 'example-changed'
          : key === 'deprecated'
            ? 'deprecated-changed'
            : key === 'default'
              ? 'default-changed'
              : key.startsWith('x-') && !handled.has(key)
                ? 'extension-changed'
                : undefined;
    if (!rule) continue;
    const detail =
      rule === 'description-changed' || rule === 'example-changed'
        ? `${key} changed`
        : `${key} ${show(oldNode[key] ?? null)} → ${show(newNode[key] ?? null)}`;
    scope.out.add(scope.operation, `${at}/${escapePointer(key)}`, rule, `${what}: ${detail}`);
  }
}

/**
 * Compares two schemas used on `scope.side`. `member` is where the value travels;
 * `requiredMember` whether a reader can count on it (for `x-since` on a response member).
 */
export function diffSchema(
  scope: Scope,
  oldRaw: unknown,
  newRaw: unknown,
  oldAt: string,
  newAt: string,
  member: MemberPath,
  requiredMember = false,
): void {
  const o = resolve(scope.oldDoc, oldRaw, oldAt);
  const n = resolve(scope.newDoc, newRaw, newAt);
  const pairKey = `${o.at}|${n.at}`;
  const key = `${scope.side}|${member.join('\u0000')}|${pairKey}`;
  scope.open ??= new Set();
  if (scope.visited.has(key) || scope.open.has(pairKey)) return;
  scope.visited.add(key);
  scope.open.add(pairKey);
  try {
    diffSchemaPair(scope, o, n, member, requiredMember);
  } finally {
    scope.open.delete(pairKey);
  }
}

function diffSchemaPair(
  scope: Scope,
  o: { node: unknown; at: string },
  n: { node: unknown; at: string },
  member: MemberPath,
  requiredMember: boolean,
): void {
  const at = n.at;
  const what = memberName(member);
  const m = { side: scope.side, path: member };
  const add = (rule: RuleId, message: string, where = at) =>
    scope.out.add(scope.operation, where, rule, `${what}: ${message}`, m);
  if (!isObject(o.node) || !isObject(n.node)) {
    if (!same(o.node, n.node))
      add('schema-keyword-changed', `schema ${show(o.node)} → ${show(n.node)}`);
    return;
  }
  const [os, ns] = [o.node, n.node];
  const request = scope.side === 'request';
  const pair: SchemaPair = { scope, os, ns, oldAt: o.at, at, member, request, add };

  const { reshaped, restructured } = unionChange(pair);
  diffTypes(pair, restructured);
  diffEnums(pair);
  diffBounds(pair);
  diffMembers(pair, restructured);
  diffItems(pair);
  diffAlternatives(pair, reshaped);

  diffAnnotations(scope, os, ns, at, what);
  diffReleaseMarks(scope, os, ns, at, what, requiredMember, member);

  // Anything else (propertyNames, uniqueItems, not, …) is reported, never dropped.
  for (const k of new Set([...Object.keys(os), ...Object.keys(ns)])) {
    if (handled.has(k) || k.startsWith('x-') || same(os[k], ns[k])) continue;
    add(
      'schema-keyword-changed',
      `${k} ${show(os[k] ?? null)} → ${show(ns[k] ?? null)}`,
      `${at}/${escapePointer(k)}`,
    );
  }
}

/** Two object schemas under comparison, where they are, and how a change is told. */
interface SchemaPair {
  scope: Scope;
  os: Obj;
  ns: Obj;
  /** Where the old schema is in the old document; `at` is the new one's, where changes are told. */
  oldAt: string;
  at: string;
  member: MemberPath;
  request: boolean;
  add: (rule: RuleId, message: string, where?: string) => void;
}

/** A schema that became a union, or stopped being one: one change, not one per member. */
function unionChange(p: SchemaPair): { reshaped: boolean; restructured: boolean } {
  const { os, ns, oldAt, at, request, add } = p;
  // When its members moved into the alternatives, comparing its own type and members would
  // report each as removed.
  const union = (s: Obj) => (['oneOf', 'anyOf'] as const).find((k) => Array.isArray(s[k]));
  const [ou, nu] = [union(os), union(ns)];
  const reshaped = (ou === undefined) !== (nu === undefined);
  let restructured = false;
  if (reshaped) {
    const became = nu !== undefined;
    const k = (nu ?? ou) as 'oneOf' | 'anyOf';
    const count = ((became ? ns : os)[k] as unknown[]).length;
    const rule: RuleId = became
      ? request
        ? 'request-union-widened'
        : 'response-union-widened'
      : request
        ? 'request-union-narrowed'
        : 'response-union-narrowed';
    add(
      rule,
      became ? `became a ${k} of ${count} shapes` : `is no longer a ${k} of ${count} shapes`,
      `${became ? at : oldAt}/${k}`,
    );
    const [plain, alts] = became ? [os, ns] : [ns, os];
    restructured = isObject(plain.properties) && !isObject(alts.properties);
  }
  return { reshaped, restructured };
}

/** `type`: narrowed, widened or changed. */
function diffTypes(p: SchemaPair, restructured: boolean): void {
  const { os, ns, at, request, add } = p;
  const [ot, nt] = restructured ? [undefined, undefined] : [typeSet(os), typeSet(ns)];
  if (ot || nt) {
    const a = ot ?? new Set(allTypes);
    const b = nt ?? new Set(allTypes);
    if (!(subset(a, b) && subset(b, a))) {
      const text = `type ${show(os.type ?? 'any')} → ${show(ns.type ?? 'any')}`;
      if (subset(b, a))
        add(request ? 'request-type-narrowed' : 'response-type-narrowed', text, `${at}/type`);
      else if (subset(a, b))
        add(request ? 'request-type-widened' : 'response-type-widened', text, `${at}/type`);
      else add('type-changed', text, `${at}/type`);
    }
  }
}

/** `enum` and `const`: values removed narrow, values added widen. */
function diffEnums(p: SchemaPair): void {
  const { os, ns, at, request, add } = p;
  const [ov, nv] = [valueSet(os), valueSet(ns)];
  if (ov || nv) {
    const removed = ov ? ov.filter((v) => !nv?.includes(v)) : [];
    const added = nv ? nv.filter((v) => !ov?.includes(v)) : [];
    const where = `${at}/${'const' in ns || 'const' in os ? 'const' : 'enum'}`;
    // An enum added where any value was accepted narrows; an enum dropped widens.
    if (!ov && nv)
      add(
        request ? 'request-enum-narrowed' : 'response-enum-narrowed',
        `values limited to ${nv.join(', ')}`,
        where,
      );
    else if (ov && !nv)
      add(
        request ? 'request-enum-widened' : 'response-enum-widened',
        'any value now allowed',
        where,
      );
    else {
      if (removed.length > 0)
        add(
          request ? 'request-enum-narrowed' : 'response-enum-narrowed',
          `value ${removed.join(', ')} removed`,
          where,
        );
      if (added.length > 0)
        add(
          request ? 'request-enum-widened' : 'response-enum-widened',
          `value ${added.join(', ')} added`,
          where,
        );
    }
  }
}

/** Numeric and length bounds, patterns and formats. */
function diffBounds(p: SchemaPair): void {
  const { os, ns, at, request, add } = p;
  for (const k of [...minKeywords, ...maxKeywords]) {
    const [a, b] = [os[k], ns[k]];
    if (same(a, b)) continue;
    const isMin = minKeywords.includes(k);
    let narrowed: boolean;
    if (typeof a !== 'number') narrowed = true;
    else if (typeof b !== 'number') narrowed = false;
    else if (k === 'multipleOf') narrowed = b % a === 0 ? b !== a : true;
    else narrowed = isMin ? b > a : b < a;
    const rule: RuleId = narrowed
      ? request
        ? 'request-range-narrowed'
        : 'response-range-narrowed'
      : request
        ? 'request-range-widened'
        : 'response-range-widened';
    add(rule, `${k} ${show(a ?? null)} → ${show(b ?? null)}`, `${at}/${k}`);
  }

  // Patterns and formats: any change is taken as narrowing (regular expressions are not compared).
  for (const k of patternKeywords) {
    const [a, b] = [os[k], ns[k]];
    if (same(a, b)) continue;
    const widened = b === undefined;
    const rule: RuleId = widened
      ? request
        ? 'request-pattern-widened'
        : 'response-pattern-widened'
      : request
        ? 'request-pattern-narrowed'
        : 'response-pattern-narrowed';
    add(rule, `${k} ${show(a ?? null)} → ${show(b ?? null)}`, `${at}/${k}`);
  }
}

/** `properties` and `required`: members removed, added, made required or optional, and each compared. */
function diffMembers(p: SchemaPair, restructured: boolean): void {
  const { scope, os, ns, oldAt, at, member, request } = p;
  const op = isObject(os.properties) && !restructured ? os.properties : {};
  const np = isObject(ns.properties) && !restructured ? ns.properties : {};
  const oreq = new Set(Array.isArray(os.required) ? os.required.map(String) : []);
  const nreq = new Set(Array.isArray(ns.required) ? ns.required.map(String) : []);
  for (const name of new Set([...Object.keys(op), ...Object.keys(np)])) {
    const sub = [...member, name];
    const sm = { side: scope.side, path: sub };
    const where = (base: string) => `${base}/properties/${escapePointer(name)}`;
    const subWhat = memberName(sub);
    if (!(name in np)) {
      scope.out.add(
        scope.operation,
        where(oldAt),
        request ? 'request-property-removed' : 'response-property-removed',
        `${subWhat}: removed`,
        sm,
      );
      continue;
    }
    if (!(name in op)) {
      const req = nreq.has(name);
      const rule: RuleId = request
        ? req
          ? 'request-property-added-required'
          : 'request-property-added-optional'
        : req
          ? 'response-property-added-required'
          : 'response-property-added-optional';
      scope.out.add(
        scope.operation,
        where(at),
        rule,
        `${subWhat}: added${req ? ' as required' : ''}`,
        sm,
      );
      continue;
    }
    const [wasReq, isReq] = [oreq.has(name), nreq.has(name)];
    if (wasReq !== isReq) {
      const rule: RuleId = request
        ? isReq
          ? 'request-property-made-required'
          : 'request-property-made-optional'
        : isReq
          ? 'response-property-made-required'
          : 'response-property-made-optional';
      scope.out.add(
        scope.operation,
        `${at}/required`,
        rule,
        `${subWhat}: made ${isReq ? 'required' : 'optional'}`,
        sm,
      );
    }
    diffSchema(scope, op[name], np[name], where(oldAt), where(at), sub, isReq);
  }
}

/** Array items and map values (`additionalProperties`). */
function diffItems(p: SchemaPair): void {
  const { scope, os, ns, oldAt, at, member, add } = p;
  if (os.items !== undefined || ns.items !== undefined) {
    if (os.items === undefined || ns.items === undefined)
      add('schema-keyword-changed', 'items added or removed', `${at}/items`);
    else diffSchema(scope, os.items, ns.items, `${oldAt}/items`, `${at}/items`, [...member, '*']);
  }
  if (!same(os.additionalProperties, ns.additionalProperties)) {
    if (isObject(os.additionalProperties) && isObject(ns.additionalProperties))
      diffSchema(
        scope,
        os.additionalProperties,
        ns.additionalProperties,
        `${oldAt}/additionalProperties`,
        `${at}/additionalProperties`,
        [...member, '*'],
      );
    else
      add(
        'schema-keyword-changed',
        `additionalProperties ${show(os.additionalProperties ?? null)} → ${show(ns.additionalProperties ?? null)}`,
        `${at}/additionalProperties`,
      );
  }
}

/** `oneOf`/`anyOf` alternatives matched by key, and `allOf` part by part. */
function diffAlternatives(p: SchemaPair, reshaped: boolean): void {
  const { scope, os, ns, oldAt, at, member, request, add } = p;
  for (const k of ['oneOf', 'anyOf'] as const) {
    if (reshaped) break;
    const oa = Array.isArray(os[k]) ? (os[k] as unknown[]) : [];
    const na = Array.isArray(ns[k]) ? (ns[k] as unknown[]) : [];
    if (oa.length === 0 && na.length === 0) continue;
    const okeys = oa.map((x, i) => alternativeKey(scope.oldDoc, x, i));
    const nkeys = na.map((x, i) => alternativeKey(scope.newDoc, x, i));
    okeys.forEach((key, i) => {
      const j = nkeys.indexOf(key);
      if (j < 0)
        add(
          request ? 'request-union-narrowed' : 'response-union-narrowed',
          `${k} alternative ${key.replace(/^\w+:/, '')} removed`,
          `${oldAt}/${k}/${i}`,
        );
      else diffSchema(scope, oa[i], na[j], `${oldAt}/${k}/${i}`, `${at}/${k}/${j}`, member);
    });
    nkeys.forEach((key, j) => {
      if (!okeys.includes(key))
        add(
          request ? 'request-union-widened' : 'response-union-widened',
          `${k} alternative ${key.replace(/^\w+:/, '')} added`,
          `${at}/${k}/${j}`,
        );
    });
  }
  if (os.allOf !== undefined || ns.allOf !== undefined) {
    const oa = Array.isArray(os.allOf) ? os.allOf : [];
    const na = Array.isArray(ns.allOf) ? ns.allOf : [];
    if (oa.length !== na.length)
      add(
        'schema-keyword-changed',
        `allOf has ${na.length} parts instead of ${oa.length}`,
        `${at}/allOf`,
      );
    else
      oa.forEach((x, i) => {
        diffSchema(scope, x, na[i], `${oldAt}/allOf/${i}`, `${at}/allOf/${i}`, member);
      });
  }
}

export { escapePointer, getPointer, isObject };
