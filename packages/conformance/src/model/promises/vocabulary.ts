import { isObject } from '../json-pointer.js';

/*
 * The `x-promises` vocabulary: what an answer promises about its request beyond its shape.
 * Its meta-schema is specs/x-promises.schema.json (checked when the specs are bundled and
 * linted); this file gives the same vocabulary types and reads it off an operation or method.
 * Pointers point into the success answer (REST body, JSON-RPC `result`); inputs are parameter
 * names.
 */

export type Direction = 'asc' | 'desc';
export type How = 'equal' | 'oneOf' | 'contains' | 'intersects' | 'atLeast' | 'atMost';
export type Normalize = 'lower' | 'address' | 'number';
/**
 * Input name → the values under which a promise holds (`null`: the input is absent;
 * `{pattern}`: a sent value that matches the regular expression, e.g. a chain named by its
 * numeric id rather than its blockchain id).
 */
export type When = Record<string, (string | number | boolean | null | { pattern: string })[]>;

export interface PagePromise {
  input: string;
  default?: number;
  max?: number;
  description?: string;
}

export interface CursorPromise {
  input: string;
  next: string;
  distinct?: string[];
  /** The answer hands out `next` only when more items follow: the page it leads to is not empty. */
  more?: boolean;
  description?: string;
}

export interface OrderPromise {
  key: string[];
  direction?: Direction;
  input?: string;
  default?: Direction;
  when?: When;
  description?: string;
}

export interface MatchPromise {
  input: string;
  member: string[];
  match: How;
  normalize?: Normalize;
  absent?: 'fail' | 'pass';
  /** The value the filter applies with when the input is left out (items without the member pass). */
  default?: string | number | boolean;
  when?: When;
  description?: string;
}

/**
 * A member of the answer (or of each item, with `each`) restates the request's scope: it
 * equals the input, or `default` when the input is left out; values in one `same` group are
 * one (`fuji` and `testnet`).
 */
export interface ScopePromise {
  input: string;
  member: string[];
  each?: boolean;
  default?: string | number | boolean;
  same?: (string | number)[][];
  normalize?: Normalize;
  absent?: 'fail' | 'pass';
  when?: When;
  description?: string;
}

/** The units a convention fixes for members: time in Unix seconds, a fraction 0..1, a percentage 0..100. */
export type Unit = 'unix-seconds' | 'fraction' | 'percent';

export interface UnitsPromise {
  member: string[];
  each?: boolean;
  unit: Unit;
  description?: string;
}

/**
 * A relation between members of one answer: `member` is `is` (at least, at most, equal to)
 * `than` (another member) or `value`. `of`: both in the answer (`answer`), both in each item
 * (`item`), or `member` in the answer and `than` in every item (`items`). With `if`, only
 * where the member `if.member` equals `if.equals`.
 */
export interface RelationPromise {
  member: string;
  is: 'atLeast' | 'atMost' | 'equal';
  than?: string;
  value?: unknown;
  of?: 'answer' | 'item' | 'items';
  if?: { member: string; equals: unknown };
  description?: string;
}

/**
 * A relation between this call's answer and another operation's or method's (`with`) on the
 * same target, asked with the same values of `inputs` (this call's input → the other's):
 * `member` of this answer equals `other` of that one, or maps to it through `map`; with
 * `compare: keys` the two maps hold the same keys.
 */
export interface CallsPromise {
  with: string;
  member: string;
  other: string;
  inputs?: Record<string, string>;
  map?: Record<string, string | number>;
  compare?: 'equal' | 'keys';
  description?: string;
}

export interface IdentityPromise {
  input: string;
  member?: string[];
  match?: How;
  normalize?: Normalize;
  absent?: 'fail' | 'pass';
  when?: When;
  description?: string;
}

export interface CountPromise {
  count: string;
  of: string;
  when?: When;
  description?: string;
}

export interface RangePromise {
  start: string;
  count: string;
  index: string;
  max?: number;
  description?: string;
}

export interface StatusPromise {
  member: string;
  true: number;
  false: number;
  description?: string;
}

export interface AllPromise {
  flag: string;
  each: string;
  failing: string;
  description?: string;
}

export type NotFound =
  | { status: number }
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } };

/**
 * An error answer's body restates its HTTP status: the member `status` equals it and the
 * member `name` holds the name `names` gives that status.
 */
export interface ErrorBodyPromise {
  status: string;
  name?: string;
  names?: Record<string, string>;
  description?: string;
}

/** An operation's or method's promises, pointers lists normalised to arrays. */
export interface Promises {
  items?: string;
  page?: PagePromise;
  cursor?: CursorPromise;
  order?: OrderPromise[];
  filters?: MatchPromise[];
  identity?: IdentityPromise[];
  counts?: CountPromise[];
  range?: RangePromise;
  status?: StatusPromise;
  all?: AllPromise;
  contentType?: string;
  notFound?: NotFound;
  scope?: ScopePromise[];
  units?: UnitsPromise[];
  relations?: RelationPromise[];
  calls?: CallsPromise[];
  errorBody?: ErrorBodyPromise;
}

/** The rule kinds a broken promise is reported as (a violation's kind; a cursor's is `paging`). */
export const promiseKinds = [
  'page-size',
  'paging',
  'order',
  'filter',
  'identity',
  'count',
  'range',
  'status',
  'content-type',
  'scope',
  'units',
  'relation',
  'calls',
] as const;
export type PromiseKind = (typeof promiseKinds)[number];

const list = (v: unknown): string[] | undefined =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.map(String) : undefined;

function withPointers<T extends Record<string, unknown>>(entry: T, keys: string[]): T {
  const out: Record<string, unknown> = { ...entry };
  for (const k of keys) if (out[k] !== undefined) out[k] = list(out[k]);
  return out as T;
}

/**
 * The promises on `node` (an OpenAPI operation or OpenRPC method), over `defaults` (the
 * document's own `x-promises`); an absent member of the node takes the default's.
 * The shape is trusted: the meta-schema has checked it when the specs were bundled.
 */
export function readPromises(node: Record<string, unknown>, defaults?: unknown): Promises {
  const own = isObject(node['x-promises']) ? node['x-promises'] : {};
  const raw: Record<string, unknown> = { ...(isObject(defaults) ? defaults : {}), ...own };
  const p: Promises = {};
  if (typeof raw.items === 'string') p.items = raw.items;
  if (isObject(raw.page)) p.page = raw.page as unknown as PagePromise;
  if (isObject(raw.cursor))
    p.cursor = withPointers(raw.cursor, ['distinct']) as unknown as CursorPromise;
  if (Array.isArray(raw.order))
    p.order = raw.order.filter(isObject).map((o) => withPointers(o, ['key'])) as never;
  if (Array.isArray(raw.filters))
    p.filters = raw.filters.filter(isObject).map((f) => withPointers(f, ['member'])) as never;
  if (Array.isArray(raw.identity))
    p.identity = raw.identity.filter(isObject).map((f) => withPointers(f, ['member'])) as never;
  if (Array.isArray(raw.counts)) p.counts = raw.counts.filter(isObject) as never;
  if (isObject(raw.range)) p.range = raw.range as unknown as RangePromise;
  if (isObject(raw.status)) p.status = raw.status as unknown as StatusPromise;
  if (isObject(raw.all)) p.all = raw.all as unknown as AllPromise;
  if (typeof raw.contentType === 'string') p.contentType = raw.contentType;
  if (isObject(raw.notFound)) p.notFound = raw.notFound as NotFound;
  if (Array.isArray(raw.scope))
    p.scope = raw.scope.filter(isObject).map((f) => withPointers(f, ['member'])) as never;
  if (Array.isArray(raw.units))
    p.units = raw.units.filter(isObject).map((f) => withPointers(f, ['member'])) as never;
  if (Array.isArray(raw.relations)) p.relations = raw.relations.filter(isObject) as never;
  if (Array.isArray(raw.calls)) p.calls = raw.calls.filter(isObject) as never;
  if (isObject(raw.errorBody)) p.errorBody = raw.errorBody as unknown as ErrorBodyPromise;
  return p;
}

/** The rule kinds an operation's promises declare, for reports ("rules checked"). */
export function declaredKinds(p: Promises): PromiseKind[] {
  const kinds: PromiseKind[] = [];
  if (p.page) kinds.push('page-size');
  if (p.cursor) kinds.push('paging');
  if (p.order?.length) kinds.push('order');
  if (p.filters?.length) kinds.push('filter');
  if (p.identity?.some((i) => i.member)) kinds.push('identity');
  if (p.counts?.length) kinds.push('count');
  if (p.range) kinds.push('range');
  if (p.status || p.all || p.errorBody) kinds.push('status');
  if (p.contentType) kinds.push('content-type');
  if (p.scope?.length) kinds.push('scope');
  if (p.units?.length) kinds.push('units');
  if (p.relations?.length) kinds.push('relation');
  if (p.calls?.length) kinds.push('calls');
  return kinds;
}
