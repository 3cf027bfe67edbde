// ajv's draft 2020-12 build tracks evaluated members and dynamic anchors in every validator;
// SchemaSet turns that off for a document that uses none of the keywords needing it, and
// must keep it for one that does.
import { describe, expect, test } from 'vitest';
import { SchemaSet } from './schema-set.js';
import { forEachOpenApiSchema } from './schema-walk.js';

const docWith = (schemas: Record<string, unknown>) => ({
  openapi: '3.1.0',
  components: { schemas },
});
const setOf = (doc: Record<string, unknown>) =>
  new SchemaSet(`t-${Math.random()}`, doc, forEachOpenApiSchema, { strict: false, coerce: false });
const kinds = (set: SchemaSet, pointer: string, value: unknown) =>
  set.validate(pointer, value, 'response.body').map((v) => `${v.kind} ${v.path}`);

describe('evaluated-member tracking', () => {
  test('unevaluatedProperties is enforced, through allOf and $ref', () => {
    const set = setOf(
      docWith({
        Base: { type: 'object', properties: { a: { type: 'string' } } },
        Closed: {
          allOf: [{ $ref: '#/components/schemas/Base' }],
          properties: { b: { type: 'integer' } },
          unevaluatedProperties: false,
        },
      }),
    );
    const at = '/components/schemas/Closed';
    expect(kinds(set, at, { a: 'x', b: 1 })).toEqual([]);
    expect(kinds(set, at, { a: 'x', b: 1, c: true })).toEqual(['undeclared-property ']);
  });

  test('unevaluatedItems is enforced after prefixItems', () => {
    const set = setOf(
      docWith({ Pair: { prefixItems: [{ type: 'string' }], unevaluatedItems: false } }),
    );
    expect(kinds(set, '/components/schemas/Pair', ['x'])).toEqual([]);
    expect(kinds(set, '/components/schemas/Pair', ['x', 2]).length).toBe(1);
  });

  test('$dynamicRef follows the dynamic anchor of the schema it is reached from', () => {
    // The tree of the JSON Schema spec's own example: a strict tree closes every node.
    const set = setOf(
      docWith({
        Tree: {
          $id: 'https://example.test/tree',
          $dynamicAnchor: 'node',
          type: 'object',
          properties: { data: true, children: { type: 'array', items: { $dynamicRef: '#node' } } },
        },
        StrictTree: {
          $id: 'https://example.test/strict-tree',
          $dynamicAnchor: 'node',
          $ref: 'tree',
          unevaluatedProperties: false,
        },
      }),
    );
    const typo = { children: [{ daat: 1 }] };
    expect(kinds(set, '/components/schemas/Tree', typo)).toEqual([]);
    expect(kinds(set, '/components/schemas/StrictTree', { children: [{ data: 1 }] })).toEqual([]);
    expect(kinds(set, '/components/schemas/StrictTree', typo)).toEqual([
      'undeclared-property /children/0',
    ]);
  });

  test('a document without those keywords validates the same with the tracking off', () => {
    const set = setOf(
      docWith({
        Open: {
          type: 'object',
          required: ['a'],
          properties: { a: { type: 'string' }, b: { $ref: '#/components/schemas/Leaf' } },
        },
        Leaf: { type: 'integer', minimum: 0 },
      }),
    );
    const at = '/components/schemas/Open';
    expect(kinds(set, at, { a: 'x', b: 1, c: true })).toEqual([]);
    expect(kinds(set, at, { b: -1 })).toEqual(['missing-required /a', 'invalid /b']);
    // And the validator carries none of the tracking (what made it slower).
    expect(String(set.at(at))).not.toMatch(/dynamicAnchors|evaluated/);
    const tracked = setOf(docWith({ Closed: { type: 'object', unevaluatedProperties: false } }));
    expect(String(tracked.at('/components/schemas/Closed'))).toMatch(/dynamicAnchors/);
  });
});
