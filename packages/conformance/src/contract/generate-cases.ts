import fc from 'fast-check';
import { restIdentityNames, rpcIdentityNames } from '../model/identity.js';
import { isObject } from '../model/json-pointer.js';
import type { OpenApiService, Operation, RestRequest } from '../model/openapi.js';
import { parseQuery } from '../model/openapi.js';
import type { OpenRpcService, RpcMethod } from '../model/openrpc.js';
import type { PagePromise } from '../model/promises/vocabulary.js';
import type { Specs } from '../model/specs.js';
import { buildPath } from './build-path.js';
import {
  type CaseClass,
  type Input,
  restInputs,
  restValues,
  rpcInputs,
  rpcValues,
  valueLabel,
} from './case-values.js';
import type { ContractCase } from './contract-case.js';
import type { Expectation } from './expectation.js';

export interface GenerateOptions {
  /** Seeds fast-check: the same seed gives the same cases. */
  seed: number;
  /** Most generated and most negative cases per operation or method (each). */
  maxCases: number;
  classes: ReadonlySet<CaseClass>;
  /**
   * The generated bound grows, per operation or method, to what sending every listed value
   * (enum, boolean) takes, as the spec lists them: the default when --max-cases is not given.
   */
  everyListedValue?: boolean;
}

/** One variation of a known-good request: which input, which value, and how it is named. */
interface Variation {
  input: string;
  value: unknown;
  label: string;
  /** The variation names something the corpus may not hold (another network, height…). */
  identity?: boolean;
  /** A documented bound or default: kept before sampled values when the bound cuts. */
  boundary?: boolean;
}

const absent = Symbol('absent');
const hexFamily = ['hex', 'hexc', 'hexnc'];

/** A small stable hash, so each operation's fast-check seed does not move when others are added. */
function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const numeric = (s: Record<string, unknown>) => s.type === 'integer' || s.type === 'number';
const digits = (s: Record<string, unknown>) =>
  s.type === 'string' && typeof s.pattern === 'string' && s.pattern.startsWith('^[0-9]+');

/** The integer branch of a `oneOf` of integer and decimal string (Uint64Param and kin). */
function uint64Branch(s: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!Array.isArray(s.oneOf)) return undefined;
  const int = s.oneOf.find((b) => isObject(b) && b.type === 'integer');
  const str = s.oneOf.find((b) => isObject(b) && b.type === 'string');
  return isObject(int) && str ? int : undefined;
}

const num = (v: unknown): number | undefined =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;

/** Valid values an input can take besides the seed's: enum members, bounds, default, one sampled. */
function validValues(input: Input, seed: number): Variation[] {
  const s = input.schema;
  const out: Variation[] = [];
  const add = (value: unknown, label = valueLabel(value), boundary = false) =>
    out.push({ input: input.name, value, label, ...(boundary ? { boundary } : {}) });
  if (input.domain) {
    if (s.type === 'array') {
      for (const v of input.domain) add([v]);
      if (input.domain.length > 1) add(input.domain.slice(0, 3));
    } else
      for (const v of input.domain)
        add(input.in === 'params' || input.in === 'body' ? cast(s, v) : v);
    return out;
  }
  const wire = (n: number) => (input.in === 'query' || input.in === 'path' ? String(n) : n);
  const uint = uint64Branch(s);
  const bounds = numeric(s) ? s : uint;
  if (bounds) {
    const min = num(bounds.minimum);
    const max = num(bounds.maximum);
    if (min !== undefined) add(wire(min), `${min} (minimum)`, true);
    if (max !== undefined) add(wire(max), `${max} (maximum)`, true);
    if (num(s.default) !== undefined && s.default !== min && s.default !== max)
      add(wire(Number(s.default)), `${s.default} (default)`, true);
    if (min !== undefined) {
      const hi = max ?? min + 1_000_000;
      const [sampled] = fc.sample(
        bounds.type === 'integer' || uint
          ? fc.integer({ min, max: hi })
          : fc.double({ min, max: hi, noNaN: true }),
        { seed, numRuns: 1 },
      );
      if (sampled !== undefined) add(wire(sampled), `${sampled} (sampled)`);
    }
    if (uint && max !== undefined) add(String(max), `"${max}" (decimal string)`);
    return out;
  }
  if (digits(s)) {
    for (const k of ['x-minimum', 'x-maximum'] as const)
      if (typeof s[k] === 'string') add(s[k], `${s[k]} (${k.slice(2)})`, true);
  }
  return out;
}

/** Converts an enum member written as a string back to the JSON type its schema has. */
function cast(schema: Record<string, unknown>, v: string): unknown {
  if (schema.type === 'boolean') return v === 'true';
  if (Array.isArray(schema.enum)) return schema.enum.find((e) => String(e) === v) ?? v;
  return v;
}

/** Values that break one rule each, with the rule they break. */
function invalidValues(input: Input): Variation[] {
  const s = input.schema;
  const out: Variation[] = [];
  const onWire = input.in === 'query' || input.in === 'path';
  const add = (value: unknown, rule: string) =>
    out.push({ input: input.name, value, label: `${valueLabel(value)} (${rule})` });
  if (input.required && input.in !== 'path') add(absent, 'missing required');
  if (input.domain && s.type !== 'boolean') {
    add(s.type === 'array' ? ['NotAValue'] : 'not-a-value', 'outside the enum');
  }
  if (s.type === 'boolean') add(onWire ? 'maybe' : 'yes', 'wrong type');
  const uint = uint64Branch(s);
  const bounds = numeric(s) ? s : uint;
  if (bounds) {
    add(onWire ? 'abc' : uint ? true : 'abc', 'wrong type');
    const min = num(bounds.minimum);
    const max = num(bounds.maximum);
    if (min !== undefined) add(onWire ? String(min - 1) : min - 1, 'below minimum');
    if (max !== undefined) add(onWire ? String(max + 1) : max + 1, 'above maximum');
    if (bounds.type === 'integer' && onWire) add('1.5', 'not an integer');
  }
  if (digits(s)) add('-1', 'not digits');
  if (!onWire && s.type === 'string' && !input.domain) add(12345, 'wrong type');
  if (!onWire && (s.type === 'object' || s.type === 'array') && !input.domain)
    add('abc', 'wrong type');
  if (s.type === 'array' && num(s.minItems) !== undefined && (num(s.minItems) as number) > 0)
    add([], 'fewer items than minItems');
  if (s.type === 'string' && (num(s.minLength) ?? 0) > 0 && input.in !== 'path') add('', 'empty');
  if (s.type === 'string' && typeof s.pattern === 'string' && !digits(s)) {
    // A value outside the pattern (non-empty, so that a path keeps its segment).
    const breaks = patternBreaker(s.pattern);
    if (breaks !== undefined) add(breaks, 'pattern');
  }
  return out;
}

/** A short value the pattern refuses, or undefined when it accepts every candidate. */
function patternBreaker(pattern: string): string | undefined {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  return ['0OIl!', 'not-valid', '-1', 'x'].find((v) => !re.test(v));
}

// ---- REST -------------------------------------------------------------------------------

interface RestState {
  pathParams: Record<string, string>;
  query: Record<string, string[]>;
  body?: unknown;
}

function restState(op: Operation, c: ContractCase): RestState {
  const url = new URL(c.path, 'http://x');
  const m = op.regex.exec(url.pathname);
  const pathParams: Record<string, string> = {};
  op.pathParams.forEach((name, i) => {
    pathParams[name] = decodeURIComponent(m?.[i + 1] ?? '');
  });
  const state: RestState = { pathParams, query: parseQuery(url.searchParams) };
  if (c.body !== undefined) state.body = structuredClone(c.body);
  return state;
}

function applyRest(state: RestState, input: Input, value: unknown): RestState {
  const next: RestState = {
    pathParams: { ...state.pathParams },
    query: { ...state.query },
    ...(state.body !== undefined ? { body: structuredClone(state.body) } : {}),
  };
  if (input.in === 'path') next.pathParams[input.name] = String(value);
  else if (input.in === 'query') {
    if (value === absent) delete next.query[input.name];
    else next.query[input.name] = (Array.isArray(value) ? value : [value]).map(String);
  } else {
    const body = isObject(next.body) ? next.body : {};
    if (value === absent) delete body[input.name];
    else body[input.name] = value;
    next.body = body;
  }
  return next;
}

function restCase(
  op: Operation,
  seed: ContractCase,
  state: RestState,
  cls: CaseClass,
  what: string,
  expect: Expectation,
): ContractCase {
  const c: ContractCase = {
    service: seed.service,
    operation: op.id,
    source: `${cls}: ${what}`,
    method: op.method,
    path: buildPath(op.path, state as RestRequest),
    nodeSpecific: seed.nodeSpecific,
    expect,
    class: cls,
  };
  if (state.body !== undefined) c.body = state.body;
  // Answered from the same marked recording by the replay server, so judged by its marks.
  if (seed.lenient) c.lenient = seed.lenient;
  return c;
}

const declares400 = (op: Operation) => {
  const responses = isObject(op.node.responses) ? op.node.responses : {};
  return '400' in responses || '4XX' in responses;
};

/** What the generators of one REST operation's cases read. */
interface RestGen {
  op: Operation;
  /** The first seed case: its path and expectation are the base of every generated one. */
  first: ContractCase;
  base: RestState;
  inputs: Input[];
  identity: Set<string>;
  valid: (s: RestState) => boolean;
  seedBase: number;
  options: GenerateOptions;
}

/**
 * The single-input variations: each input's valid values (identifying ones only when listed),
 * absent for optional ones, and corpus or sampled values for operations that only identify.
 */
function restVariations(g: RestGen, free: Input[], known: Known, elsewhere: Known): Variation[] {
  const { base, inputs, identity, valid, seedBase } = g;
  const variations: Variation[] = [];
  inputs.forEach((input, k) => {
    // Identifying values come from the corpus; only listed ones (enums, bounds) are varied.
    if (identity.has(input.name) && !input.domain && !numeric(input.schema)) return;
    for (const v of validValues(input, seedBase + k))
      variations.push({ ...v, identity: identity.has(input.name) });
    if (!input.required && !identity.has(input.name))
      variations.push({ input: input.name, value: absent, label: 'absent' });
    const present =
      base.query[input.name] ?? (isObject(base.body) ? base.body[input.name] : undefined);
    const seen = known.get(input.name)?.[0];
    // An optional free value the seed leaves out is sent with one the corpus holds.
    if (
      !input.required &&
      !input.domain &&
      !validValues(input, 0).length &&
      present === undefined &&
      seen !== undefined
    )
      variations.push({
        input: input.name,
        value: seen,
        label: `${valueLabel(seen)} (from the corpus)`,
      });
  });
  // An operation every input of which identifies (a chain, a block, a token) is sent other
  // values the corpus holds for inputs of those names: the thing, or the not-found answer.
  if (free.length === 0)
    for (const input of inputs) {
      if (input.domain || numeric(input.schema)) continue;
      const mine = String(base.pathParams[input.name] ?? base.query[input.name]?.[0] ?? '');
      const others = [...(known.get(input.name) ?? []), ...(elsewhere.get(input.name) ?? [])]
        .filter((v) => typeof v === 'string' && v !== mine)
        .filter((v, i, all) => all.indexOf(v) === i)
        .filter((v) => valid(applyRest(base, input, v)));
      // None known: a value sampled from the input's pattern (a chain id, a transaction hash).
      const pattern = typeof input.schema.pattern === 'string' ? input.schema.pattern : '';
      if (others.length === 0 && pattern) {
        const [v] = fc.sample(fc.stringMatching(new RegExp(pattern, 'u')), {
          seed: seedBase,
          numRuns: 1,
        });
        if (v !== undefined && v.length <= 100) others.push(v);
      }
      const corpus = new Set([
        ...(known.get(input.name) ?? []),
        ...(elsewhere.get(input.name) ?? []),
      ]);
      let sent = 0;
      for (const value of others) {
        if (sent >= 2) break;
        if (!valid(applyRest(base, input, value))) continue;
        variations.push({
          input: input.name,
          value,
          label: `${valueLabel(value)} (${corpus.has(value) ? 'from the corpus' : 'sampled'})`,
          identity: true,
        });
        sent++;
      }
    }
  return variations;
}

/** The page input's bounds and default, which ride along the packed cases. */
function pageBoundsOf(g: RestGen, free: Input[]) {
  const pageInput = free.find((i) => i.name === g.op.promises.page?.input);
  const bounds = pageInput ? validValues(pageInput, g.seedBase).filter((v) => v.boundary) : [];
  return { pageInput, bounds };
}

/** How many packed cases send every listed value: as many as the longest list (at least 2). */
function packsWanted(g: RestGen, listed: Input[], free: Input[]): number {
  const scalarSizes = listed
    .filter((i) => i.schema.type !== 'array')
    .map((i) => i.domain?.length ?? 0);
  return Math.max(2, ...scalarSizes, pageBoundsOf(g, free).bounds.length);
}

/**
 * The generated cases it takes to send every listed value: the page-less case, the packs, and
 * one case per other value of each listed identifying input (another network, chain, metric).
 */
function listedNeed(g: RestGen, listed: Input[], free: Input[], pageless: boolean): number {
  const identifying = g.inputs.filter((i) => i.domain && g.identity.has(i.name));
  return (
    (pageless ? 1 : 0) +
    packsWanted(g, listed, free) +
    identifying.reduce((n, i) => n + (i.domain?.length ?? 1) - 1, 0)
  );
}

/** The packed cases: every listed value of the non-identifying inputs, page bounds alongside. */
function packedCases(g: RestGen, listed: Input[], free: Input[], room: number): ContractCase[] {
  const { op, first, base, valid } = g;
  const generated: ContractCase[] = [];
  // Every listed value of the non-identifying inputs in as few cases as the longest list:
  // case k sends each input's k-th value (arrays: every n-th item), so the bound keeps them all.
  // The page input's bounds and default ride along, so the bound never cuts them.
  const { pageInput, bounds: pageBounds } = pageBoundsOf(g, free);
  const packs = Math.min(room, packsWanted(g, listed, free));
  for (let k = 0; k < packs && (listed.length > 0 || pageBounds.length > 0); k++) {
    let state = base;
    const parts: string[] = [];
    const bound = pageBounds[k];
    if (pageInput && bound) {
      state = applyRest(state, pageInput, bound.value);
      parts.push(`${pageInput.name}=${bound.label}`);
    }
    for (const input of listed) {
      const domain = input.domain as string[];
      const value =
        input.schema.type === 'array'
          ? domain.filter((_, i) => i % packs === k)
          : cast(input.schema, domain[k % domain.length] as string);
      if (Array.isArray(value) && value.length === 0) continue;
      state = applyRest(state, input, value);
      parts.push(`${input.name}=${valueLabel(value)}`);
    }
    if (valid(state))
      generated.push(restCase(op, first, state, 'generated', parts.join('&'), { ...first.expect }));
  }
  return generated;
}

/** One case per variation the packed cases do not cover; a changed identity may be not found. */
function variationCases(g: RestGen, variations: Variation[], listed: Input[]): ContractCase[] {
  const { op, first, base, inputs, valid } = g;
  const generated: ContractCase[] = [];
  // Listed values first (value coverage), then bounds and defaults, then sampled values.
  const rank = (v: Variation) =>
    inputs.find((i) => i.name === v.input)?.domain ? 0 : v.boundary ? 1 : 2;
  const ranked = [0, 1, 2].flatMap((r) => variations.filter((v) => rank(v) === r));
  for (const v of ranked) {
    const listedInput = listed.find((i) => i.name === v.input);
    // Covered by the packed cases above, except one single item of an array.
    if (
      listedInput &&
      !(Array.isArray(v.value) && v.value.length === 1 && v.value[0] === listedInput.domain?.[0])
    )
      continue;
    const input = inputs.find((i) => i.name === v.input) as Input;
    const state = applyRest(base, input, v.value);
    if (!valid(state)) continue;
    const changed =
      v.identity && String(v.value) !== String(base.pathParams[v.input] ?? base.query[v.input]);
    const notFound = op.promises.notFound;
    const missing = notFound && 'status' in notFound ? notFound.status : 404;
    const expect: Expectation = changed
      ? { ...first.expect, or: [{ status: missing }] }
      : { ...first.expect };
    generated.push(restCase(op, first, state, 'generated', `${v.input}=${v.label}`, expect));
  }
  return generated;
}

/** Property-based combinations of the non-identifying inputs, each checked against the spec. */
function combinationCases(g: RestGen, free: Input[]): ContractCase[] {
  const { op, first, base, valid, seedBase, options } = g;
  const generated: ContractCase[] = [];
  const choices = free.map((input, k) => [
    ...(input.required ? [] : [absent]),
    ...validValues(input, seedBase + 100 + k).map((v) => v.value),
  ]);
  if (free.length > 1) {
    const combos = fc.sample(
      fc.tuple(...choices.map((c) => (c.length ? fc.constantFrom(...c) : fc.constant(absent)))),
      { seed: seedBase, numRuns: options.maxCases },
    );
    for (const combo of combos) {
      let state = base;
      const parts: string[] = [];
      combo.forEach((value, k) => {
        const input = free[k] as Input;
        state = applyRest(state, input, value);
        if (value !== absent) parts.push(`${input.name}=${valueLabel(value)}`);
      });
      if (!valid(state)) continue;
      generated.push(
        restCase(op, first, state, 'generated', `combination ${parts.join('&') || '(none)'}`, {
          ...first.expect,
        }),
      );
    }
  }
  return generated;
}

/** How a case that leaves the page input out is labelled: the default it checks. */
const pagelessLabel = (page: PagePromise) =>
  `${page.input}=absent (${page.default === undefined ? 'no default promised' : `default ${page.default}`})`;

/**
 * The page input left out, so the default page size is checked on every paginated operation;
 * undefined when a seed already leaves it out (or the input is required).
 */
function pagelessCase(g: RestGen, seeds: ContractCase[]): ContractCase | undefined {
  const page = g.op.promises.page;
  const input = page && g.inputs.find((i) => i.name === page.input);
  if (!page || !input || input.required) return undefined;
  const lacks = (c: ContractCase) => {
    const state = restState(g.op, c);
    return (
      state.query[page.input] === undefined && !(isObject(state.body) && page.input in state.body)
    );
  };
  if (seeds.some(lacks)) return undefined;
  const state = applyRest(g.base, input, absent);
  if (!g.valid(state)) return undefined;
  return restCase(g.op, g.first, state, 'generated', pagelessLabel(page), { ...g.first.expect });
}

/**
 * Requests the spec rejects (broken cross-field rules first, then invalid values, the path
 * parameters' first): each expects a 400.
 */
function negativeCases(g: RestGen): ContractCase[] {
  const { op, first, base, inputs, valid } = g;
  const negatives: ContractCase[] = [];
  // A broken cross-field rule first: the bound must not crowd it out.
  for (const rule of op.rules) {
    const inputsOf = rule.fields.map((f) => inputs.find((i) => i.name === f) as Input);
    const have = rule.fields.map((f) =>
      rule.in === 'body' ? (isObject(base.body) ? base.body[f] : undefined) : base.query[f]?.[0],
    );
    const known = have.find((v) => v !== undefined);
    let broken: RestState | undefined;
    if (rule.rule === 'atLeastOne' || rule.rule === 'exactlyOne') {
      broken = inputsOf.reduce((s, i) => (i ? applyRest(s, i, absent) : s), base);
      negatives.push(
        restCase(
          op,
          first,
          broken,
          'negative',
          `${rule.rule} ${rule.fields.join(',')} (none given)`,
          {
            status: 400,
          },
        ),
      );
    }
    if (rule.rule === 'exactlyOne' && known !== undefined) {
      const both = inputsOf.reduce((s, i) => (i ? applyRest(s, i, known) : s), base);
      negatives.push(
        restCase(op, first, both, 'negative', `exactlyOne ${rule.fields.join(',')} (all given)`, {
          status: 400,
        }),
      );
    }
    if (rule.rule === 'sumAtMost' && rule.max !== undefined) {
      const over = inputsOf.reduce(
        (s, i) =>
          i ? applyRest(s, i, Math.ceil(((rule.max as number) + 1) / inputsOf.length)) : s,
        base,
      );
      negatives.push(
        restCase(op, first, over, 'negative', `sumAtMost ${rule.fields.join('+')} > ${rule.max}`, {
          status: 400,
        }),
      );
    }
  }
  // Then invalid values, the path's first: a spec may list its path parameters last, and the
  // bound must not leave the path untested behind many query inputs.
  const ordered = [
    ...inputs.filter((i) => i.in === 'path'),
    ...inputs.filter((i) => i.in !== 'path'),
  ];
  for (const input of ordered) {
    for (const v of invalidValues(input)) {
      const state = applyRest(base, input, v.value);
      if (valid(state)) continue;
      negatives.push(
        restCase(op, first, state, 'negative', `${v.input}=${v.label}`, { status: 400 }),
      );
    }
  }
  return negatives;
}

function restGenerated(
  service: OpenApiService,
  op: Operation,
  seeds: ContractCase[],
  options: GenerateOptions,
  known: Known,
  elsewhere: Known,
): ContractCase[] {
  const first = seeds[0];
  if (!first) return [];
  const base = restState(op, first);
  const inputs = restInputs(service, op).filter((i) => i.name !== 'pageToken');
  const identity = new Set(restIdentityNames(op));
  const valid = (s: RestState) =>
    service.validateRequest(op, s as RestRequest, { strict: false }).length === 0;
  const seedBase = options.seed ^ hash(`${service.name} ${op.id}`);
  const g: RestGen = { op, first, base, inputs, identity, valid, seedBase, options };
  const out: ContractCase[] = [];
  const seen = new Set<string>(seeds.map((s) => s.path + JSON.stringify(s.body ?? null)));
  const push = (c: ContractCase) => {
    const key = c.path + JSON.stringify(c.body ?? null);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(c);
  };
  if (options.classes.has('generated')) {
    const free = inputs.filter((i) => !identity.has(i.name));
    const variations = restVariations(g, free, known, elsewhere);
    const listed = inputs.filter((i) => i.domain && !identity.has(i.name));
    // The page input left out comes first, so the bound never cuts the default's check.
    const pageless = pagelessCase(g, seeds);
    // The default bound grows to what sending every listed value takes.
    const bound = options.everyListedValue
      ? Math.max(options.maxCases, listedNeed(g, listed, free, pageless !== undefined))
      : options.maxCases;
    // The packs fill what the page-less case leaves of the bound: none is cut after it.
    const packs = packedCases(g, listed, free, bound - (pageless ? 1 : 0));
    const generated = [...(pageless ? [pageless] : []), ...packs];
    generated.push(...variationCases(g, variations, listed));
    generated.push(...combinationCases(g, free));
    for (const c of generated) if (out.length < bound) push(c);
  }
  if (options.classes.has('negative') && declares400(op)) {
    const negatives = negativeCases(g);
    let n = 0;
    for (const c of negatives) {
      if (n >= options.maxCases) break;
      const before = out.length;
      push(c);
      if (out.length > before) n++;
    }
  }
  return out;
}

// ---- JSON-RPC ---------------------------------------------------------------------------

function rpcCase(
  method: RpcMethod,
  seed: ContractCase,
  named: Record<string, unknown>,
  cls: CaseClass,
  what: string,
  expect: Expectation,
  id: number,
): ContractCase {
  let params: unknown = named;
  if (method.paramStructure === 'by-position') {
    const list = method.params.map((p) => named[p.name]);
    while (list.length > 0 && list.at(-1) === undefined) list.pop();
    // A position left out before one given goes on the wire as null: the case says so, so that
    // the report holds what was sent and reads back the same from its JSON.
    params = list.map((v) => (v === undefined ? null : v));
  }
  const c: ContractCase = {
    service: seed.service,
    operation: method.id,
    source: `${cls}: ${what}`,
    method: 'POST',
    path: seed.path,
    body: { jsonrpc: '2.0', id, method: method.id, params },
    nodeSpecific: seed.nodeSpecific,
    expect,
    class: cls,
  };
  if (seed.lenient) c.lenient = seed.lenient;
  return c;
}

function rpcGenerated(
  service: OpenRpcService,
  method: RpcMethod,
  seeds: ContractCase[],
  options: GenerateOptions,
  known: Known,
): ContractCase[] {
  const first = seeds[0];
  if (!first || method.params.length === 0) return [];
  const paramsOf = (c: ContractCase) =>
    rpcValues(method, isObject(c.body) ? c.body.params : undefined);
  const inputs = rpcInputs(service, method);
  const seedBase = options.seed ^ hash(`${service.name} ${method.id}`);
  const valid = (c: ContractCase) =>
    service.validateCall(method, new URL(c.path, 'http://x').pathname, c.body, { strict: false })
      .length === 0;
  const out: ContractCase[] = [];
  const seen = new Set<string>(seeds.map((s) => JSON.stringify(paramsOf(s))));
  let id = 1000;
  const push = (c: ContractCase) => {
    const key = JSON.stringify(isObject(c.body) ? c.body.params : null) + c.path;
    if (seen.has(key)) return false;
    seen.add(key);
    out.push(c);
    return true;
  };
  const set = (named: Record<string, unknown>, name: string, value: unknown) => {
    const next = { ...named };
    if (value === absent) delete next[name];
    else next[name] = value;
    return next;
  };
  if (options.classes.has('generated')) {
    let n = 0;
    // Bounds and defaults of every input before the sampled values of any: the bound keeps them.
    const pairs: { input: Input; v: Variation }[] = [];
    inputs.forEach((input, k) => {
      const isIdentity = rpcIdentityNames(method).includes(input.name);
      const variations: Variation[] = [];
      if (isIdentity) {
        // An identifying number is sent in its other allowed form: the same height or index.
        const v = paramsOf(first)[input.name];
        if (uint64Branch(input.schema) && v !== undefined)
          variations.push({
            input: input.name,
            value: typeof v === 'number' ? String(v) : Number(v),
            label: typeof v === 'number' ? 'decimal string' : 'number',
          });
      } else variations.push(...validValues(input, seedBase + k));
      if (!input.required && !isIdentity)
        variations.push({ input: input.name, value: absent, label: 'absent' });
      const seen = known.get(input.name)?.[0];
      if (
        !input.required &&
        !isIdentity &&
        paramsOf(first)[input.name] === undefined &&
        seen !== undefined &&
        !variations.some((v) => v.value !== absent)
      )
        variations.push({
          input: input.name,
          value: seen,
          label: `${valueLabel(seen)} (from the corpus)`,
        });
      for (const v of variations) pairs.push({ input, v });
    });
    // The page input left out first (unless a seed does), so the default page size is checked.
    const page = method.promises.page;
    const pageInput = page && inputs.find((i) => i.name === page.input && !i.required);
    if (page && pageInput && seeds.every((c) => paramsOf(c)[page.input] !== undefined)) {
      const c = rpcCase(
        method,
        first,
        set(paramsOf(first), page.input, absent),
        'generated',
        pagelessLabel(page),
        { ...first.expect },
        id++,
      );
      if (valid(c) && push(c)) n++;
    }
    const rank = ({ input, v }: { input: Input; v: Variation }) =>
      input.domain ? 0 : v.boundary ? 1 : 2;
    // The default bound grows to what sending every listed value takes: one case each.
    const bound = options.everyListedValue
      ? Math.max(options.maxCases, n + pairs.filter((p) => rank(p) === 0).length)
      : options.maxCases;
    for (const r of [0, 1, 2])
      for (const { input, v } of pairs.filter((p) => rank(p) === r)) {
        if (n >= bound) break;
        // An encoding is asked of a seed the corpus holds in it (or in a bytes form of it).
        let seed = first;
        if (input.name === 'encoding') {
          // Left out, the encoding is the default (hex).
          const want = typeof v.value === 'string' ? v.value : 'hex';
          const enc = (c: ContractCase) => String(paramsOf(c).encoding ?? 'hex');
          seed =
            seeds.find((c) => enc(c) === want) ??
            (hexFamily.includes(want)
              ? seeds.find((c) => hexFamily.includes(enc(c)))
              : undefined) ??
            first;
        }
        const named = set(paramsOf(seed), v.input, v.value);
        const c = rpcCase(
          method,
          seed,
          named,
          'generated',
          `${v.input}=${v.label}`,
          documentedRefusal(method, v) ?? { ...seed.expect },
          id++,
        );
        if (valid(c) && push(c)) n++;
      }
  }
  if (options.classes.has('negative')) {
    let n = 0;
    for (const input of inputs) {
      for (const v of invalidValues(input)) {
        if (n >= options.maxCases) break;
        const named = set(paramsOf(first), v.input, v.value);
        const c = rpcCase(
          method,
          first,
          named,
          'negative',
          `${v.input}=${v.label}`,
          { status: 200, reply: 'error' },
          id++,
        );
        if (!valid(c) && push(c)) n++;
      }
    }
  }
  return out;
}

/**
 * Valid values the promises say may be refused: a range count of 0 (`range`: "`count` 0 or
 * above `max` … is an error", while the schema keeps 0 for older nodes): a result or the
 * method's server error both conform.
 */
function documentedRefusal(method: RpcMethod, v: Variation): Expectation | undefined {
  const range = method.promises.range;
  if (range && v.input === range.count && Number(v.value) === 0) {
    const code = method.errorCodes.find((c) => c > -32600 || c < -32700);
    return {
      status: 200,
      reply: 'result',
      or: [{ status: 200, reply: 'error', ...(code === undefined ? {} : { errorCode: code }) }],
    };
  }
  return undefined;
}

/** Whether a case asks for a success the corpus shows: the seeds generation varies. */
const isSeed = (c: ContractCase) =>
  !c.skip && c.expect.status >= 200 && c.expect.status < 300 && c.expect.reply !== 'error';

/**
 * Cases derived from the specs' parameter schemas around the corpus's known-good requests:
 * every enum member, bounds, defaults, optional inputs absent and present, both forms of a
 * 64-bit number (class `generated`), and one case per rule an input can break (`negative`).
 */
export function generateCases(
  specs: Specs,
  base: ContractCase[],
  options: GenerateOptions,
): ContractCase[] {
  const out: ContractCase[] = [];
  const known = knownValues(specs, base);
  /** What the other services' corpus sends, per input name. */
  const elsewhere = (service: string): Known => {
    const out: Known = new Map();
    for (const [name, values] of known)
      if (name !== service)
        for (const [input, list] of values) out.set(input, [...(out.get(input) ?? []), ...list]);
    return out;
  };
  for (const service of specs.rest)
    for (const op of service.operations) {
      const seeds = base.filter(
        (c) => c.service === service.name && c.operation === op.id && isSeed(c),
      );
      out.push(
        ...restGenerated(
          service,
          op,
          seeds,
          options,
          known.get(service.name) ?? new Map(),
          elsewhere(service.name),
        ),
      );
    }
  for (const service of specs.rpc)
    for (const method of service.methods) {
      const seeds = base.filter(
        (c) => c.service === service.name && c.operation === method.id && isSeed(c),
      );
      out.push(
        ...rpcGenerated(service, method, seeds, options, known.get(service.name) ?? new Map()),
      );
    }
  return out;
}

/** Values per input name that the corpus's requests send, per service. */
type Known = Map<string, unknown[]>;

function knownValues(specs: Specs, base: ContractCase[]): Map<string, Known> {
  const out = new Map<string, Known>();
  for (const c of base) {
    if (c.skip) continue;
    let values: Record<string, unknown> = {};
    if (isObject(c.body) && typeof c.body.method === 'string') {
      const found = specs.matchRpc(c.body.method);
      if (found) values = rpcValues(found.method, c.body.params);
    } else {
      const url = new URL(c.path, 'http://x');
      const m = specs.matchRest(c.method, url);
      if (m) values = restValues(m.operation, url.pathname, url.search, c.body);
    }
    const known = out.get(c.service) ?? new Map<string, unknown[]>();
    for (const [name, v] of Object.entries(values)) {
      const list = known.get(name) ?? [];
      if (!list.some((x) => JSON.stringify(x) === JSON.stringify(v))) list.push(v);
      known.set(name, list);
    }
    out.set(c.service, known);
  }
  return out;
}

/** The class of a case: its own, else recorded or example by where it came from. */
export const classOf = (c: ContractCase): CaseClass =>
  c.class ?? (c.source.startsWith('example ') ? 'example' : 'recorded');

/** Fills in each case's input values (for value coverage) from its request. */
export function annotateValues(specs: Specs, cases: ContractCase[]): void {
  for (const c of cases) {
    if (c.values) continue;
    let values: Record<string, unknown> = {};
    if (isObject(c.body) && typeof c.body.method === 'string') {
      const found = specs.matchRpc(c.body.method);
      if (!found) continue;
      values = rpcValues(found.method, c.body.params);
    } else {
      const url = new URL(c.path, 'http://x');
      const m = specs.matchRest(c.method, url);
      if (!m) continue;
      values = restValues(m.operation, url.pathname, url.search, c.body);
    }
    c.values = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, valueLabel(v)]));
  }
}
