import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSchema } from './checkSchema.js';
import { compileSchemas } from './compileSchema.js';
import type { StructuralSchema } from './spec.js';

// Every keyword the generated schemas use, a recursive $ref, and a tagged oneOf like the
// Data API's validator states.
const schemas: Record<string, StructuralSchema> = {
  Leaf: { type: ['string', 'null'] },
  Amount: { type: 'object', required: ['value'], properties: { value: { type: 'integer' } } },
  Tree: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', enum: ['a', 'b', 'c'] },
      children: { type: 'array', items: { $ref: 'Tree' } },
      leaf: { $ref: 'Leaf' },
    },
    additionalProperties: false,
  },
  State: {
    oneOf: ['a', 'b'].map((tag) => ({
      type: 'object',
      required: ['tag', 'n'],
      properties: { tag: { const: tag }, n: { type: 'number' }, amount: { $ref: 'Amount' } },
    })),
  },
  // Overlapping alternatives: an integer matches both, so oneOf rejects it.
  Overlap: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
  Either: { anyOf: [{ type: 'boolean' }, { enum: [1, 2, { x: 1 }] }] },
  Map: { type: 'object', additionalProperties: { $ref: 'Either' } },
  Both: {
    allOf: [{ $ref: 'Amount' }, { required: ['name'], properties: { name: { $ref: 'Leaf' } } }],
  },
};

// Values built from the same names and small scalars, so that about as many match as do not.
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('a', 'b', 'c', 'x', 1, 2, 1.5, true, null, 'constructor'),
    fc.array(tie('value'), { maxLength: 3 }),
    // Records with the schemas' own members, so tagged alternatives and allOf can match.
    fc.record(
      {
        tag: fc.constantFrom('a', 'b', 'c'),
        n: fc.constantFrom(1, 1.5, 'x'),
        value: fc.constantFrom(1, 2.5, null),
        name: fc.constantFrom('a', null, 3),
        amount: tie('value'),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        name: fc.constantFrom('a', 'b', 'x'),
        children: fc.array(tie('value'), { maxLength: 2 }),
        leaf: fc.constantFrom(null, 's', 1),
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(
      fc.constantFrom('name', 'children', 'leaf', 'tag', 'n', 'amount', 'value', 'x', 'toString'),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
}));

describe('compileSchemas', () => {
  const compile = compileSchemas(schemas);

  it.each(Object.keys(schemas))('agrees with checkSchema on random values: %s', (name) => {
    const schema = { $ref: name };
    let accepted = 0;
    fc.assert(
      fc.property(value, (v) => {
        const ok = compile(schema)(v);
        if (ok) accepted++;
        expect(ok).toBe(checkSchema(v, schema, schemas).length === 0);
      }),
      { numRuns: 400, seed: 15 },
    );
    // Both answers occur, or the agreement above would prove little.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(400);
  });

  it('accepts a deep valid tree and rejects one bad leaf in it', () => {
    const tree = (depth: number): unknown =>
      depth
        ? { name: 'a', children: [tree(depth - 1), tree(depth - 1)] }
        : { name: 'b', leaf: null };
    type Node = { children?: Node[]; leaf?: unknown };
    const good = tree(6) as Node;
    expect(compile({ $ref: 'Tree' })(good)).toBe(true);
    let node = good;
    while (node.children) node = node.children[1] as Node;
    node.leaf = 5;
    expect(compile({ $ref: 'Tree' })(good)).toBe(false);
  });

  it('does not take an inherited name for a declared member', () => {
    const open = compile({
      type: 'object',
      properties: { name: { type: 'string' } },
      additionalProperties: false,
    });
    expect(open({ constructor: 1 })).toBe(false);
    expect(
      checkSchema(
        { constructor: 1 },
        { type: 'object', properties: {}, additionalProperties: false },
        schemas,
      ),
    ).toEqual(['body.constructor: not allowed']);
  });
});
