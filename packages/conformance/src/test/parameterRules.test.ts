// One suite for the three clients: from the bundled specs, for every operation and method and
// every parameter (members of structured params and bodies included), one value breaking each of
// its rules. The real client must refuse it with a ParameterError naming the parameter and the
// rule, and send nothing; the spec's examples must pass. ajv (the toolkit's validator) confirms
// independently that every generated value is invalid and every example valid.
//
// Rules not generated here, and why:
// | rule | why |
// |---|---|
// | pathSegment, wellFormedUnicode | transport limits, not spec rules (createOperations.test.ts) |
// | `oneOf` matched twice | the specs' unions are disjoint: no value matches two alternatives |
// | undeclared by-name node param | the spec declares no additionalProperties there; the node ignores it |
// | format | no parameter of the specs has one; the generators refuse a parameter that does |
// biome-ignore-all lint/suspicious/noExplicitAny: the specs are untyped JSON, walked generically
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createDataClient } from '@avalanche-api/data-client';
import { createMetricsClient } from '@avalanche-api/metrics-client';
import * as node from '@avalanche-api/node-rpc';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { PARAMETER_RULES } from '../../../rest-core/src/parameterRules.js';

type Schema = Record<string, unknown> & { $ref?: string };
type Doc = Record<string, unknown>;
/** One generated call: `path` is the parameter the error must name, `rules` the names it may give. */
interface Case {
  client: 'data' | 'metrics' | 'node';
  operation: string;
  path: string;
  value: unknown;
  rules: string[];
  params: unknown;
  /** The schema the broken parameter (or body) must fail for ajv, and that value. */
  ajv?: [schema: unknown, value: unknown];
}

const spec = (name: string): Doc =>
  JSON.parse(readFileSync(new URL(`../../../../specs/dist/${name}.json`, import.meta.url), 'utf8'));
const docs = { data: spec('data-api'), metrics: spec('metrics-api'), node: spec('node-rpc') };

const deref = (doc: Doc, node: unknown): Schema => {
  let n = node as Schema;
  while (n?.$ref)
    n = n.$ref
      .slice(2)
      .split('/')
      .reduce<any>((a, k) => a?.[k], doc);
  return n ?? {};
};
const kind = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;
const typesOf = (s: Schema): string[] | undefined =>
  s.type === undefined ? undefined : [s.type as string].flat();
const hasKind = (s: Schema, v: unknown) =>
  !typesOf(s) ||
  typesOf(s)?.some((t) => t === kind(v) || (t === 'number' && kind(v) === 'integer'));

// ajv over the whole document, so a parameter's `#/components/...` refs resolve.
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
for (const [id, doc] of Object.entries(docs)) ajv.addSchema(doc, id);
const compiled = new Map<string, (v: unknown) => boolean>();
const valid = (id: string, schema: unknown, value: unknown) => {
  const text = JSON.stringify(schema).replaceAll('"#/', `"${id}#/`);
  const fn = compiled.get(text) ?? (ajv.compile(JSON.parse(text)) as (v: unknown) => boolean);
  compiled.set(text, fn);
  return fn(value);
};

/** A value of each JSON kind, for a type break: the first the schema does not allow. */
const KINDS: unknown[] = [true, 'text', 7, 1.5, [], {}];
/** Strings to break a pattern: `abc` first, so `height: 'abc'` is a case. */
const NOT_MATCHING = ['abc', '!', '0x', 'zz zz', '-1'];

/** A valid value of a simple schema: its example, a const or enum member, a bound, or a short string ajv accepts. */
function sample(id: string, doc: Doc, node: unknown): unknown {
  const s = deref(doc, node);
  const tries = [
    s.example,
    (s.examples as unknown[])?.[0],
    s.const,
    (s.enum as unknown[])?.[0],
    s.default,
    s.minimum,
    0,
    '1',
    'a'.repeat((s.minLength as number) ?? 1),
    `0x${'0'.repeat(64)}`,
    `0x${'0'.repeat(40)}`,
    true,
  ];
  if (typesOf(s)?.includes('object') && !s.oneOf && !s.anyOf) {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    tries.unshift(
      Object.fromEntries(
        ((s.required ?? []) as string[]).map((k) => [k, sample(id, doc, props[k])]),
      ),
    );
  }
  if (typesOf(s)?.includes('array')) tries.unshift([]);
  return tries.find((v) => v !== undefined && valid(id, node, v));
}

/** The member of `root` at `path` replaced (or removed, for `undefined`). */
function replace(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  const next = replace(copy[head], rest, value);
  if (next === undefined && !Array.isArray(copy)) delete copy[head];
  else copy[head] = next;
  return copy;
}
const show = (path: (string | number)[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join('');

/** The value to put `at` a path (undefined removes the member) and the parameter the error names. */
interface Break {
  at: (string | number)[];
  value: unknown;
  name: (string | number)[];
  rules: string[];
}
const here = (at: (string | number)[], value: unknown, rules: string[]): Break => ({
  at,
  value,
  name: at,
  rules,
});

/** The string rules `v` breaks, besides the one aimed at (a short string may miss the pattern too). */
const alsoBroken = (s: Schema, v: unknown) =>
  typeof v !== 'string'
    ? []
    : [
        s.pattern !== undefined && !new RegExp(s.pattern as string, 'u').test(v) && 'pattern',
        s.enum && !(s.enum as unknown[]).includes(v) && 'enum',
        s.minLength !== undefined && [...v].length < (s.minLength as number) && 'minLength',
        s.maxLength !== undefined && [...v].length > (s.maxLength as number) && 'maxLength',
      ].filter((r): r is string => !!r);

/** Values breaking each rule of a scalar schema, starting from `good`. */
function scalarBreaks(s: Schema, good: unknown): [unknown, string][] {
  const out: [unknown, string][] = [];
  const allowed = typesOf(s);
  const other = allowed && KINDS.find((v) => !hasKind(s, v));
  if (other !== undefined) out.push([other, 'type']);
  const numeric = allowed?.some((t) => t === 'integer' || t === 'number');
  const step = allowed?.includes('integer') ? 1 : 0.5;
  if (s.enum && typeof good === 'string') out.push(['zz-not-listed', 'enum']);
  if (s.enum && numeric) out.push([Math.max(...(s.enum as number[])) + 1, 'enum']);
  if (s.const !== undefined) out.push([`${s.const}-other`, 'const']);
  if (numeric && s.minimum !== undefined) out.push([(s.minimum as number) - step, 'minimum']);
  if (numeric && s.maximum !== undefined) out.push([(s.maximum as number) + step, 'maximum']);
  // A big integer as a digit string carries its range in x-minimum / x-maximum.
  if (s['x-minimum'] !== undefined && BigInt(s['x-minimum'] as string) > 0n)
    out.push([String(BigInt(s['x-minimum'] as string) - 1n), 'minimum']);
  if (s['x-maximum'] !== undefined)
    out.push([String(BigInt(s['x-maximum'] as string) + 1n), 'maximum']);
  if (typeof good === 'string') {
    if ((s.minLength as number) > 0)
      out.push([good.slice(0, (s.minLength as number) - 1), 'minLength']);
    if (s.maxLength !== undefined)
      out.push([good.padEnd((s.maxLength as number) + 1, 'a'), 'maxLength']);
    const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
    const miss = pattern && NOT_MATCHING.find((v) => !pattern.test(v));
    if (miss) out.push([miss, 'pattern']);
  }
  return out;
}

/**
 * Every break of `node` below `path`, starting from the valid `good`. A union's cases follow the
 * rule the clients apply: when the value has the type (and tag) of one alternative only, that
 * alternative's rule is named; otherwise the union's keyword.
 */
function breaks(
  id: string,
  doc: Doc,
  node: unknown,
  good: unknown,
  path: (string | number)[],
): Break[] {
  // Each break starts from a valid value, so it breaks one thing.
  if (!valid(id, node, good)) return [];
  const s = deref(doc, node);
  const out = scalarBreaks(s, good).map(([value, rule]) =>
    here(path, value, [...new Set([rule, ...alsoBroken(s, value)])]),
  );
  for (const part of (s.allOf ?? []) as unknown[]) out.push(...breaks(id, doc, part, good, path));
  for (const u of ['oneOf', 'anyOf'] as const) out.push(...unionBreaks(id, doc, s, u, good, path));
  if (kind(good) === 'array' && s.items) {
    const list = good as unknown[];
    if ((s.minItems as number) > 0)
      out.push(here(path, list.slice(0, (s.minItems as number) - 1), ['minItems']));
    const item = list[0] ?? sample(id, doc, s.items);
    if (s.maxItems !== undefined && item !== undefined)
      out.push(here(path, Array((s.maxItems as number) + 1).fill(item), ['maxItems']));
    if (item !== undefined) {
      for (const b of breaks(id, doc, s.items, item, [])) {
        const value = replace([item, ...list.slice(1)], [0, ...b.at], b.value);
        out.push({ at: path, value, name: [...path, 0, ...b.name], rules: b.rules });
      }
    }
  }
  if (kind(good) === 'object' && (s.properties || s.required || s.additionalProperties === false)) {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    for (const k of (s.required ?? []) as string[])
      out.push(here([...path, k], undefined, ['required']));
    if (s.additionalProperties === false) out.push(here([...path, 'zzUnknown'], 1, ['unknown']));
    for (const [k, sub] of Object.entries(props)) {
      const given = (good as Record<string, unknown>)[k];
      const v = given ?? sample(id, doc, sub);
      if (v === undefined) continue;
      // A member left out of `good` is put in whole, from its sample.
      for (const b of breaks(id, doc, sub, v, [])) {
        const name = [...path, k, ...b.name];
        if (given !== undefined)
          out.push({ at: [...path, k, ...b.at], value: b.value, name, rules: b.rules });
        else out.push({ at: [...path, k], value: replace(v, b.at, b.value), name, rules: b.rules });
      }
    }
  }
  return out;
}

/**
 * A union's breaks: a value of a type no alternative has, then each alternative's own breaks
 * (from `good` when it is that alternative's, else from a sample of it). The clients name the
 * alternative's rule when the value has the type and tag of that alternative only, else the
 * union's keyword.
 */
function unionBreaks(
  id: string,
  doc: Doc,
  s: Schema,
  u: 'oneOf' | 'anyOf',
  good: unknown,
  path: (string | number)[],
) {
  const raw = (s[u] ?? []) as unknown[];
  const alternatives = raw.map((a) => deref(doc, a));
  const out: Break[] = [];
  if (!alternatives.length) return out;
  const other = KINDS.find((v) => !alternatives.some((a) => hasKind(a, v)));
  if (alternatives.every(typesOf) && other !== undefined) out.push(here(path, other, ['type']));
  alternatives.forEach((a, i) => {
    const start = valid(id, raw[i], good) ? good : sample(id, doc, raw[i]);
    if (start === undefined) return;
    for (const b of breaks(id, doc, raw[i], start, [])) {
      const whole = replace(start, b.at, b.value);
      // Alternatives may overlap: a value another one accepts breaks nothing.
      if (valid(id, { [u]: raw }, whole)) continue;
      const near = alternatives.filter((x) => hasKind(x, whole) && !tagMismatch(doc, x, whole));
      // A value another alternative alone could mean is that alternative's case.
      if (near.length === 1 && near[0] !== a) continue;
      if (near.length === 1)
        out.push({ at: path, value: whole, name: [...path, ...b.name], rules: b.rules });
      else {
        const typed = alternatives.some((x) => hasKind(x, whole));
        out.push(here(path, whole, [typed ? u : 'type']));
      }
    }
  });
  return out;
}

/** Whether `v` carries a tag (a member with a `const`) other than the alternative's. */
function tagMismatch(doc: Doc, alternative: Schema, v: unknown) {
  if ('const' in alternative) return v !== alternative.const;
  if (kind(v) !== 'object') return false;
  return Object.entries((alternative.properties ?? {}) as Record<string, unknown>).some(
    ([k, p]) => {
      const tag = deref(doc, p);
      return (
        'const' in tag &&
        (v as Record<string, unknown>)[k] !== undefined &&
        (v as Record<string, unknown>)[k] !== tag.const
      );
    },
  );
}

// ---- the specs' operations and methods, their examples, and the cases -------------------------

interface Operation {
  client: Case['client'];
  id: string;
  /** The spec's example params: a valid call. */
  params: Record<string, unknown> | unknown[];
  /** [parameter name, schema, required] in call order. */
  list: [string, unknown, boolean][];
  /** A body of several shapes: its schema, checked as a whole. */
  shape?: unknown;
  /** Positions of a by-position method's params. */
  byPosition?: boolean;
  cross?: { rule: string; fields: string[]; max?: number }[];
}

const HTTP = ['get', 'put', 'post', 'delete', 'patch'];

function restOperations(client: 'data' | 'metrics'): Operation[] {
  const doc = docs[client];
  const out: Operation[] = [];
  for (const item of Object.values(doc.paths as Record<string, Record<string, any>>)) {
    for (const method of HTTP) {
      const op = item[method];
      if (!op?.operationId) continue;
      const list: Operation['list'] = [];
      const params: Record<string, unknown> = {};
      for (const ref of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const p = deref(doc, ref) as any;
        const example = p.example ?? p.examples?.[Object.keys(p.examples)[0] as string]?.value;
        const value = example ?? (p.required ? sample(client, doc, p.schema) : undefined);
        if (value !== undefined) params[p.name] = value;
        list.push([p.name, p.schema, p.in === 'path' || !!p.required]);
      }
      const content =
        op.requestBody && (deref(doc, op.requestBody).content as any)?.['application/json'];
      const body = content && deref(doc, content.schema);
      let shape: unknown;
      if (body) {
        const example = content.example ?? (Object.values(content.examples ?? {})[0] as any)?.value;
        Object.assign(params, example ?? sample(client, doc, content.schema));
        if (body.oneOf || body.anyOf) shape = content.schema;
        else {
          for (const [k, sub] of Object.entries(body.properties as Record<string, unknown>))
            list.push([k, sub, (body.required ?? []).includes(k)]);
        }
      }
      out.push({ client, id: op.operationId, params, list, shape, cross: op['x-avalanche-rules'] });
    }
  }
  return out;
}

function nodeMethods(): Operation[] {
  const doc = docs.node;
  return (doc.methods as any[]).map((m) => {
    const byPosition = m.paramStructure === 'by-position';
    const given = Object.fromEntries(
      ((m.examples?.[0]?.params ?? []) as any[]).map((p) => [p.name, p.value]),
    );
    const list: Operation['list'] = (m.params as any[]).map((p) => [
      p.name,
      p.schema,
      !!p.required,
    ]);
    const params = byPosition ? list.map(([name]) => given[name]) : given;
    // By position, trailing params left out are not sent as nulls.
    if (byPosition)
      while ((params as unknown[]).length && (params as unknown[]).at(-1) === undefined)
        (params as unknown[]).pop();
    return { client: 'node' as const, id: m.name, params, list, byPosition };
  });
}

const operations = [...restOperations('data'), ...restOperations('metrics'), ...nodeMethods()];

/** The params of a call with one member replaced; for a REST body of several shapes, the body's fields. */
function withBreak(op: Operation, name: string | number, b: Break) {
  return replace(op.params, [name, ...b.at], b.value);
}

/**
 * A body of several shapes is checked field by field first, as the client's generator flattens
 * it: a field has the type its shapes share, the values of its tags (const or enum in every shape
 * that has it), and is required when every shape requires it. The field at the lowest position
 * that is broken or missing is named.
 */
function flatBreak(doc: Doc, shape: unknown, params: Record<string, unknown>) {
  const shapes = ((deref(doc, shape).oneOf ?? deref(doc, shape).anyOf) as unknown[]).map((x) =>
    deref(doc, x),
  );
  const names = [...new Set(shapes.flatMap((x) => Object.keys((x.properties ?? {}) as object)))];
  for (const name of names) {
    const has = shapes
      .map((x) => deref(doc, (x.properties as Record<string, unknown>)?.[name]))
      .filter((x) => Object.keys(x).length);
    const value = params[name];
    const required = shapes.every((x) => ((x.required ?? []) as string[]).includes(name));
    if (value == null) {
      if (required) return { path: name, rules: ['required'] };
      continue;
    }
    const types = new Set(has.map((x) => (x.type as string) ?? 'string'));
    const type = types.size === 1 ? [...types][0] : 'object';
    if (!hasKind({ type }, value)) return { path: name, rules: ['type'] };
    const tags =
      has.every((x) => 'const' in x || x.enum) &&
      has.flatMap((x) => ('const' in x ? [x.const] : (x.enum as unknown[])));
    if (tags && !tags.includes(value)) return { path: name, rules: ['enum'] };
  }
}

function casesOf(op: Operation): Case[] {
  const id = op.client === 'node' ? 'node' : op.client;
  const doc = docs[op.client];
  const out: Case[] = [];
  const add = (params: unknown, path: string, value: unknown, rules: string[], ajv?: Case['ajv']) =>
    out.push({ client: op.client, operation: op.id, path, value, rules, params, ajv });
  op.list.forEach(([name, schema, required], i) => {
    const key = op.byPosition ? i : name;
    const good = (op.params as any)[key] ?? sample(id, doc, schema);
    if (required && !op.byPosition)
      add(withBreak(op, key, here([], undefined, [])), name, undefined, ['required']);
    if (good === undefined) return;
    const base = { ...op, params: replace(op.params, [key], good) as Operation['params'] };
    for (const b of breaks(id, doc, schema, good, [])) {
      // A REST parameter's null or undefined is left out, not sent: no break there.
      if (b.value === undefined && !b.at.length) continue;
      const params = withBreak(base, key, b);
      // ajv does not know the x-minimum / x-maximum of a digit string: those breaks it cannot judge.
      const extension = b.rules.some((r) => `x-${r}` in deref(doc, schema));
      const judged = (params as any)[key] !== undefined && !extension;
      add(
        params,
        show([name, ...b.name]),
        b.value,
        b.rules,
        judged ? [schema, (params as any)[key]] : undefined,
      );
    }
  });
  if (op.shape) {
    // A body of several shapes: the fields are checked one by one first, then the body whole,
    // so a break of a field itself may be named by the field's own rule as well.
    for (const b of breaks(id, doc, op.shape, op.params, [])) {
      // The params object itself of another type is the call's own check (`params`), not the body's.
      if (!b.name.length && b.rules[0] === 'type') continue;
      const params = replace(op.params, b.at, b.value) as Record<string, unknown>;
      const flat = flatBreak(doc, op.shape, params);
      if (flat) add(params, flat.path, params[flat.path], flat.rules, [op.shape, params]);
      else add(params, show(b.name) || 'body', b.value, b.rules, [op.shape, params]);
    }
  }
  return out;
}

const cases = operations.flatMap(casesOf);

/** Cross-field rules (`x-avalanche-rules`): every field set, none set, or a sum above the maximum. */
function crossCases(op: Operation): Case[] {
  return (op.cross ?? []).flatMap(({ rule, fields, max }) => {
    const params = op.params as Record<string, unknown>;
    const schemas = Object.fromEntries(op.list.map(([name, schema]) => [name, schema]));
    const fieldValue = (f: string) => params[f] ?? sample(op.client, docs[op.client], schemas[f]);
    const without = Object.fromEntries(Object.entries(params).filter(([k]) => !fields.includes(k)));
    const set =
      rule === 'atLeastOne'
        ? without
        : rule === 'exactlyOne'
          ? { ...without, ...Object.fromEntries(fields.map((f) => [f, fieldValue(f)])) }
          : { ...without, ...Object.fromEntries(fields.map((f) => [f, max])) };
    const path = fields.join(rule === 'sumAtMost' ? ' + ' : ', ');
    return [{ client: op.client, operation: op.id, path, value: set, rules: [rule], params: set }];
  });
}

const allCases = [...cases, ...operations.flatMap(crossCases)];

/** A client of each kind whose fetch records what would have been sent, and fails it. */
function clients() {
  const sent: unknown[] = [];
  const fetch = async (...request: unknown[]) => {
    sent.push(request);
    throw new TypeError('recorded, not sent');
  };
  const options = { fetch, retry: false as const, baseUrl: 'http://127.0.0.1:9' };
  const data = createDataClient(options) as unknown as Record<
    string,
    (p: unknown) => Promise<unknown>
  >;
  const metrics = createMetricsClient(options) as unknown as Record<
    string,
    (p: unknown) => Promise<unknown>
  >;
  const core = node.createNodeCore(options);
  const action = (method: string) =>
    (node as unknown as Record<string, (c: unknown, p: unknown) => Promise<unknown>>)[
      method.replace(/[._](\w)/, (_, c: string) => c.toUpperCase())
    ];
  const call = (client: Case['client'], operation: string, params: unknown) =>
    client === 'node'
      ? (action(operation) as (c: unknown, p: unknown) => Promise<unknown>)(core, params)
      : (client === 'data' ? data : metrics)[operation]?.(params);
  return { sent, call };
}

/** The error a call ends with (undefined when it resolves). */
const outcome = async (run: () => Promise<unknown> | undefined) => {
  try {
    await run();
  } catch (error) {
    return error as { name?: string; parameter?: string; rule?: string; message?: string };
  }
};

describe(`parameter rules derived from the specs: ${allCases.length} breaking values over ${operations.length} operations and methods`, () => {
  it('covers every operation and method of the three specs, and avm.getBlockByHeight({ height: "abc" })', () => {
    const ids = (client: Case['client']) => operations.filter((o) => o.client === client).length;
    const count = (doc: Doc) =>
      Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((item) =>
        HTTP.filter((m) => item[m]?.operationId),
      ).length;
    expect(ids('data')).toBe(count(docs.data));
    expect(ids('metrics')).toBe(count(docs.metrics));
    expect(ids('node')).toBe((docs.node.methods as unknown[]).length);
    const abc = allCases.find(
      (c) => c.operation === 'avm.getBlockByHeight' && c.path === 'height' && c.value === 'abc',
    );
    expect(abc?.rules).toEqual(['pattern']);
  });

  it.each(
    (['data', 'metrics', 'node'] as const).map(
      (client) => [client, allCases.filter((c) => c.client === client)] as const,
    ),
  )(
    '%s: every breaking value is invalid for ajv, refused with a ParameterError naming it and its rule, and never sent',
    async (client, list) => {
      expect(list.length).toBeGreaterThan(0);
      const { sent, call } = clients();
      const wrong: string[] = [];
      for (const c of list) {
        if (c.ajv && valid(client, ...c.ajv))
          wrong.push(`${c.operation} ${c.path}: ajv finds ${JSON.stringify(c.value)} valid`);
        const error = await outcome(() => call(client, c.operation, c.params));
        const got = `${c.operation} ${error?.parameter} ${error?.rule}`;
        if (
          error?.name !== 'ParameterError' ||
          error.parameter !== c.path ||
          !c.rules.includes(error.rule as string)
        )
          wrong.push(
            `${c.operation} ${c.path} ${JSON.stringify(c.value)} want ${c.rules} got ${error?.name === 'ParameterError' ? got : (error?.message ?? 'no error')}`,
          );
        else if (!(PARAMETER_RULES as readonly string[]).includes(error.rule as string))
          wrong.push(`${got}: not in PARAMETER_RULES`);
      }
      expect(wrong).toEqual([]);
      expect(sent).toEqual([]);
    },
  );

  it.each(operations.map((o) => [`${o.client} ${o.id}`, o] as const))(
    'the spec example of %s passes the checks and is sent',
    async (_, op) => {
      const { sent, call } = clients();
      const error = await outcome(() => call(op.client, op.id, op.params));
      expect(error?.name).not.toBe('ParameterError');
      expect(sent).toHaveLength(1);
    },
  );

  it('a valid call reaches a real server on 127.0.0.1', async () => {
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        bodies.push(body);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: JSON.parse(body).id,
            result: { block: '0x00', encoding: 'hex' },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const op = operations.find((o) => o.id === 'avm.getBlockByHeight') as Operation;
      const core = node.createNodeCore({ baseUrl: `http://127.0.0.1:${port}`, retry: false });
      await node.avmGetBlockByHeight(core, op.params as never);
      expect(JSON.parse(bodies[0] as string).params).toEqual(op.params);
    } finally {
      server.close();
    }
  });
});
