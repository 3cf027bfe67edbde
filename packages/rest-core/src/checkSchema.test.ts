import { describe, expect, it } from 'vitest';
import { checkSchema } from './checkSchema.js';
import type { StructuralSchema } from './spec.js';

// Shaped like the Data API's (packages/data-client/src/generated/schemas.ts).
const schemas: Record<string, StructuralSchema> = {
  NextPageToken: { type: 'string' },
  Blockchain: {
    type: 'object',
    required: ['createBlockTimestamp', 'blockchainName'],
    properties: { createBlockTimestamp: { type: 'integer' }, blockchainName: { type: 'string' } },
  },
  ListBlockchainsResponse: {
    type: 'object',
    required: ['blockchains'],
    properties: {
      nextPageToken: { $ref: 'NextPageToken' },
      blockchains: { type: 'array', items: { $ref: 'Blockchain' } },
    },
  },
  Validator: {
    oneOf: ['completed', 'active', 'pending', 'removed'].map((status) => ({
      type: 'object',
      required: ['nodeId', 'validationStatus'],
      properties: { nodeId: { type: 'string' }, validationStatus: { const: status } },
    })),
  },
};

const check = (value: unknown, schema: StructuralSchema | boolean | undefined) =>
  checkSchema(value, schema, schemas);

describe('checkSchema', () => {
  it.each([
    ['a valid body', { blockchains: [{ createBlockTimestamp: 1, blockchainName: 'C' }] }, []],
    [
      'missing required',
      { blockchains: [{}] },
      [
        'body.blockchains[0].createBlockTimestamp: missing',
        'body.blockchains[0].blockchainName: missing',
      ],
    ],
    ['wrong type', { blockchains: 'none' }, ['body.blockchains: expected array, got string']],
    [
      'through a $ref',
      { blockchains: [], nextPageToken: 5 },
      ['body.nextPageToken: expected string, got number'],
    ],
    [
      'integer is not number',
      { blockchains: [{ createBlockTimestamp: 1.5, blockchainName: 'C' }] },
      ['body.blockchains[0].createBlockTimestamp: expected integer, got number'],
    ],
    ['null is its own type', null, ['body: expected object, got null']],
    ['an array is no object', [], ['body: expected object, got array']],
  ])('%s', (_, body, issues) => {
    expect(check(body, { $ref: 'ListBlockchainsResponse' })).toEqual(issues);
  });

  it('reports a oneOf that matches no variant, with the closest variant’s problems', () => {
    const issues = check({ validationStatus: 'active' }, { $ref: 'Validator' });
    expect(issues).toEqual([
      'body: matches 0 of the 4 alternatives, not exactly one',
      'body.nodeId: missing',
    ]);
  });

  it('a oneOf must match exactly one, an anyOf at least one', () => {
    const twice = { oneOf: [{ type: 'string' }, { type: 'string' }] };
    expect(check('x', twice)).toEqual(['body: matches 2 of the 2 alternatives, not exactly one']);
    expect(check('x', { anyOf: twice.oneOf })).toEqual([]);
    expect(check(1, { anyOf: [{ type: 'string' }, { type: 'boolean' }] })).toEqual([
      'body: matches 0 of the 2 alternatives, not at least one',
      'body: expected string, got number',
    ]);
  });

  it('allOf checks every part', () => {
    const schema = {
      allOf: [
        { type: 'object', required: ['a'] },
        { type: 'object', required: ['b'] },
      ],
    };
    expect(check({}, schema)).toEqual(['body.a: missing', 'body.b: missing']);
  });

  it('checks enum, const, null and additionalProperties', () => {
    expect(check('x', { enum: ['a', 'b'] })).toEqual(['body: "x" is not one of "a", "b"']);
    expect(check('x', { const: 'a' })).toEqual(['body: expected "a", got "x"']);
    expect(check({ a: [1] }, { const: { a: [1] } })).toEqual([]);
    expect(check(null, { type: ['string', 'null'] })).toEqual([]);
    expect(check({ a: 1 }, { type: 'object', additionalProperties: { type: 'string' } })).toEqual([
      'body.a: expected string, got number',
    ]);
    expect(check({ a: 1 }, { type: 'object', additionalProperties: false })).toEqual([
      'body.a: not allowed',
    ]);
    // Unknown extra properties are allowed, so a service that adds fields breaks nobody.
    expect(check({ extra: 1 }, { type: 'object', properties: {} })).toEqual([]);
  });

  it('true, an absent schema and an unknown $ref accept anything', () => {
    expect(check(1, true)).toEqual([]);
    expect(check(1, undefined)).toEqual([]);
    expect(check(1, { $ref: 'Unknown' })).toEqual([]);
    expect(check(1, false)).toEqual(['body: not allowed']);
  });
});
