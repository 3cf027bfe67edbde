import { describe, expect, test } from 'vitest';
import { mutants } from './mutations.js';
import { SchemaSet } from './schema-set.js';
import { forEachOpenApiSchema } from './schema-walk.js';

const doc = {
  openapi: '3.1.0',
  components: {
    schemas: {
      Page: {
        type: 'object',
        required: ['items', 'status'],
        properties: {
          items: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
          status: { type: 'string', enum: ['ok', 'partial'] },
          loose: {},
        },
      },
      Item: {
        oneOf: [
          {
            type: 'object',
            required: ['kind', 'n'],
            properties: { kind: { const: 'a' }, n: { type: 'integer' } },
          },
          {
            type: 'object',
            required: ['kind', 's'],
            properties: { kind: { const: 'b' }, s: { type: 'string' } },
          },
        ],
      },
    },
  },
};
const pointer = '/components/schemas/Page';
const body = {
  items: [
    { kind: 'a', n: 1 },
    { kind: 'b', s: 'x' },
  ],
  status: 'ok',
  loose: 3,
};
const strict = new SchemaSet('t-strict', doc, forEachOpenApiSchema, {
  strict: true,
  coerce: false,
});
const lenient = new SchemaSet('t-lenient', doc, forEachOpenApiSchema, {
  strict: false,
  coerce: false,
});

describe('mutants', () => {
  const all = mutants(strict, doc, pointer, body);
  const at = (kind: string) =>
    all
      .filter((m) => m.kind === kind)
      .map((m) => m.path)
      .sort();

  test('follow the oneOf branch each value matches', () => {
    expect(at('wrong-type')).toEqual([
      '/items',
      '/items/0',
      '/items/0/n',
      '/items/1',
      '/items/1/s',
      '/status',
    ]);
    expect(at('missing-required')).toEqual([
      '/items',
      '/items/0/kind',
      '/items/0/n',
      '/items/1/kind',
      '/items/1/s',
      '/status',
    ]);
    expect(at('undeclared-value')).toEqual(['/items/0/kind', '/items/1/kind', '/status']);
    expect(at('undeclared-property')).toEqual([
      '/items/0/~undeclared~',
      '/items/1/~undeclared~',
      '/~undeclared~',
    ]);
  });

  test('an untyped member yields no wrong-type mutant', () => {
    expect(at('wrong-type')).not.toContain('/loose');
  });

  test('the strict validator rejects every mutant', () => {
    expect(strict.validate(pointer, body, '')).toEqual([]);
    for (const m of all)
      expect(strict.validate(pointer, m.body, '').length, `${m.kind} ${m.path}`).toBeGreaterThan(0);
  });

  test('without strict mode undeclared properties pass, which is what the proof catches', () => {
    const undeclared = all.filter((m) => m.kind === 'undeclared-property');
    for (const m of undeclared) expect(lenient.validate(pointer, m.body, '')).toEqual([]);
  });
});
