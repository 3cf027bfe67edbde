import { deref, escapePointer, isObject } from './json-pointer.js';
import type { SchemaSet } from './schema-set.js';
import { walkSchema } from './schema-walk.js';

/** A deliberately broken copy of a valid body that a strict spec must reject. */
export interface Mutant {
  kind: 'wrong-type' | 'missing-required' | 'undeclared-value' | 'undeclared-property';
  /** JSON Pointer of the changed value in the body. */
  path: string;
  body: unknown;
}

const wrongValues: [string, unknown][] = [
  ['boolean', true],
  ['string', '~wrong-type~'],
  ['number', 1.5],
  ['array', []],
  ['object', {}],
  ['null', null],
];

function wrongValueFor(types: string[]): [string, unknown] | undefined {
  const allowed = new Set(types);
  return wrongValues.find(([t]) => !allowed.has(t));
}

function setAt(
  body: unknown,
  path: string,
  change: (parent: Record<string, unknown> | unknown[], key: string) => void,
) {
  const copy = structuredClone(body);
  const tokens = path
    .split('/')
    .slice(1)
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (tokens.length === 0) return undefined;
  let node: unknown = copy;
  for (const t of tokens.slice(0, -1)) node = (node as Record<string, unknown>)[t];
  change(node as Record<string, unknown>, tokens.at(-1) as string);
  return copy;
}

interface Site {
  path: string;
  schema: Record<string, unknown>;
  data: unknown;
}

/**
 * Walks `data` alongside the schema at `pointer`, resolving `$ref`s and, for `oneOf` /
 * `anyOf`, following the branch the data actually matches; returns each (value, schema).
 */
function sites(
  set: SchemaSet,
  doc: unknown,
  pointer: string,
  data: unknown,
  maxItems: number,
): Site[] {
  const out: Site[] = [];
  const visit = (rawSchema: unknown, at: string, value: unknown, path: string, depth: number) => {
    if (depth > 64) return;
    const { node: schema, pointer: ptr } = deref(doc, rawSchema, at);
    if (!isObject(schema)) return;
    out.push({ path, schema, data: value });
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = schema[key];
      if (!Array.isArray(branches)) continue;
      const i = branches.findIndex((_, k) => set.at(`${ptr}/${key}/${k}`)(value));
      if (i >= 0) visit(branches[i], `${ptr}/${key}/${i}`, value, path, depth + 1);
    }
    if (Array.isArray(schema.allOf)) {
      for (const [k, s] of schema.allOf.entries())
        visit(s, `${ptr}/allOf/${k}`, value, path, depth + 1);
    }
    if (isObject(value)) {
      const props = isObject(schema.properties) ? schema.properties : {};
      for (const [k, v] of Object.entries(value)) {
        const child = `${path}/${escapePointer(k)}`;
        if (k in props)
          visit(props[k], `${ptr}/properties/${escapePointer(k)}`, v, child, depth + 1);
        else if (isObject(schema.additionalProperties))
          visit(schema.additionalProperties, `${ptr}/additionalProperties`, v, child, depth + 1);
      }
    } else if (Array.isArray(value) && isObject(schema.items)) {
      for (const [k, v] of value.slice(0, maxItems).entries()) {
        visit(schema.items, `${ptr}/items`, v, `${path}/${k}`, depth + 1);
      }
    }
  };
  visit({ $ref: `#${pointer}` }, pointer, data, '', 0);
  return out;
}

/**
 * Every mutant of `body` the schema at `pointer` makes possible: each typed value given a
 * value of another JSON type, each present required property removed, each enum or const
 * value replaced by an undeclared one, and an undeclared property added to each object
 * schema the strict validator closes. At most `limit` of each kind, spread over the body.
 */
export function mutants(
  set: SchemaSet,
  doc: unknown,
  pointer: string,
  body: unknown,
  limit = 40,
): Mutant[] {
  const byKind: Record<Mutant['kind'], Mutant[]> = {
    'wrong-type': [],
    'missing-required': [],
    'undeclared-value': [],
    'undeclared-property': [],
  };
  for (const { path, schema, data } of sites(set, doc, pointer, body, 3)) {
    if (path !== '' && schema.type !== undefined) {
      const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).map(String);
      if (types.includes('number')) types.push('integer');
      const wrong = wrongValueFor(types);
      if (wrong) {
        const mutated = setAt(body, path, (parent, key) => {
          (parent as Record<string, unknown>)[key] = structuredClone(wrong[1]);
        });
        if (mutated !== undefined)
          byKind['wrong-type'].push({ kind: 'wrong-type', path, body: mutated });
      }
    }
    if (path !== '' && (Array.isArray(schema.enum) || 'const' in schema)) {
      const mutated = setAt(body, path, (parent, key) => {
        (parent as Record<string, unknown>)[key] = '~undeclared-value~';
      });
      if (mutated !== undefined)
        byKind['undeclared-value'].push({ kind: 'undeclared-value', path, body: mutated });
    }
    if (isObject(data) && Array.isArray(schema.required)) {
      for (const name of schema.required.map(String).filter((n) => n in data)) {
        const childPath = `${path}/${escapePointer(name)}`;
        const mutated = setAt(body, childPath, (parent, key) => {
          delete (parent as Record<string, unknown>)[key];
        });
        byKind['missing-required'].push({
          kind: 'missing-required',
          path: childPath,
          body: mutated,
        });
      }
    }
    if (isObject(data) && isObject(schema.properties) && !('additionalProperties' in schema)) {
      const childPath = `${path}/~undeclared~`;
      const mutated =
        path === ''
          ? { ...structuredClone(data), '~undeclared~': 1 }
          : setAt(body, path, (parent, key) => {
              (parent as Record<string, Record<string, unknown>>)[key] = {
                ...(parent as Record<string, Record<string, unknown>>)[key],
                '~undeclared~': 1,
              };
            });
      byKind['undeclared-property'].push({
        kind: 'undeclared-property',
        path: childPath,
        body: mutated,
      });
    }
  }
  const spread = (list: Mutant[]) => {
    if (list.length <= limit) return list;
    const step = list.length / limit;
    return Array.from({ length: limit }, (_, i) => list[Math.floor(i * step)] as Mutant);
  };
  return Object.values(byKind).flatMap(spread);
}

/** Every schema reachable from the one at `pointer`, following local `$ref`s. */
export function reachableSchemas(doc: unknown, pointer: string): Record<string, unknown>[] {
  const seen = new Set<string>();
  const out: Record<string, unknown>[] = [];
  const visitRef = (ptr: string) => {
    if (seen.has(ptr)) return;
    seen.add(ptr);
    const { node } = deref(doc, { $ref: `#${ptr}` }, ptr);
    walkSchema(node, (schema) => {
      out.push(schema);
      if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#'))
        visitRef(decodeURIComponent(schema.$ref.slice(1)));
    });
  };
  visitRef(pointer);
  return out;
}
