import { describe, expect, it } from 'vitest';
import { createSchemaRenderer } from './schema.mjs';

const document = {
  components: {
    schemas: {
      Uint64String: {
        title: 'Uint64String',
        type: 'string',
        pattern: '^[0-9]+$',
        description: 'Digits.',
      },
      Node: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string' }, next: { $ref: '#/components/schemas/Node' } },
      },
    },
  },
};
const r = createSchemaRenderer({ document, refHref: (name) => `#schema-${name}` });
const text = (htmlText) =>
  htmlText
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

describe('rules', () => {
  it.each([
    ['enum', { type: 'string', enum: ['a', 'b'] }, ['one of "a" "b"']],
    ['pattern', { type: 'string', pattern: '^x$' }, ['pattern ^x$']],
    ['range', { type: 'integer', minimum: 0, maximum: 1024 }, ['value 0 to 1024']],
    ['lower bound', { type: 'integer', minimum: 1 }, ['value ≥ 1']],
    ['exclusive', { type: 'number', exclusiveMinimum: 0 }, ['value > 0']],
    ['length', { type: 'string', minLength: 1 }, ['not empty']],
    [
      'items',
      { type: 'array', minItems: 1, uniqueItems: true },
      ['at least one item', 'unique items'],
    ],
    ['default', { type: 'integer', default: 10 }, ['default 10']],
    ['keys', { type: 'object', propertyNames: { pattern: '^0x' } }, ['keys: pattern ^0x']],
  ])('%s', (_, schema, want) => expect(r.rules(schema).map(text)).toEqual(want));
});

describe('typeLabel', () => {
  it.each([
    ['plain', { type: 'string' }, 'string'],
    ['nullable', { type: ['string', 'null'] }, 'string | null'],
    [
      'array of ref',
      { type: 'array', items: { $ref: '#/components/schemas/Uint64String' } },
      'array of Uint64String (string)',
    ],
    [
      'map',
      { type: 'object', additionalProperties: { type: 'integer' } },
      'map of string → integer',
    ],
    [
      'oneOf',
      { oneOf: [{ type: 'integer' }, { $ref: '#/components/schemas/Uint64String' }] },
      'one of: integer | Uint64String (string)',
    ],
    ['const', { const: 'hex' }, '"hex"'],
    ['format', { type: 'string', format: 'date-time' }, 'string (date-time)'],
    ['untyped', {}, 'any'],
  ])('%s', (_, schema, want) => expect(text(r.typeLabel(schema))).toBe(want));

  it('links named schemas', () => {
    expect(r.typeLabel({ $ref: '#/components/schemas/Uint64String' })).toContain(
      'href="#schema-Uint64String"',
    );
  });
});

describe('field', () => {
  it('shows required, rules and its own description', () => {
    const out = r.field({
      name: 'height',
      required: true,
      description: 'Which block.',
      schema: { $ref: '#/components/schemas/Uint64String' },
    });
    expect(out).toContain('class="badge req">required');
    expect(text(out)).toContain('pattern ^[0-9]+$');
    expect(text(out)).toContain('Which block.');
  });

  it('stops at recursive references', () => {
    const out = r.field({ name: 'head', schema: { $ref: '#/components/schemas/Node' } });
    expect(text(out)).toContain('next');
    expect(out.match(/class="field-name">next</g)).toHaveLength(1);
  });

  it('escapes names and descriptions', () => {
    const out = r.field({
      name: '<x>',
      schema: { type: 'string', description: '<script>', pattern: '<b>' },
    });
    expect(out).not.toMatch(/<x>|<script>|<b>/);
  });
});

describe('fields', () => {
  it("shows a field's own description once, not its schema's shared text beside it", () => {
    const out = r.field({
      name: 'height',
      schema: { $ref: '#/components/schemas/Uint64String' },
      description: 'The height to read.',
      id: 'x/params/height',
    });
    expect(text(out)).toContain('The height to read.');
    expect(text(out)).not.toContain('Digits.');
    // Without its own text, the schema's is shown.
    const bare = r.field({ name: 'h', schema: { $ref: '#/components/schemas/Uint64String' } });
    expect(text(bare)).toContain('Digits.');
  });

  it('names the alternative a field is in, for search results that read alike', () => {
    const seen = [];
    const doc = {
      components: {
        schemas: {
          Active: { type: 'object', properties: { status: { const: 'active' } } },
          Done: { type: 'object', properties: { status: { const: 'done' } } },
        },
      },
    };
    const renderer = createSchemaRenderer({ document: doc, onField: (f) => seen.push(f) });
    renderer.block(
      {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: {
              oneOf: [
                { $ref: '#/components/schemas/Active' },
                { $ref: '#/components/schemas/Done' },
              ],
            },
          },
        },
      },
      { id: 'op/answer' },
    );
    const statuses = seen.filter((f) => f.name === 'status');
    expect(statuses.map((f) => f.within)).toEqual(['Active', 'Done']);
    expect(seen.find((f) => f.name === 'items').within).toBeUndefined();
  });
});
