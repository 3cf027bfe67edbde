import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import {
  checkName,
  hoistSchemas,
  pascal,
  resultTypeName,
  schemaRefName,
} from './generate-named-types.mjs';
import { collectOperations } from './generate-openapi-types.mjs';

const doc = (schemas) => ({
  openapi: '3.1.0',
  info: { title: 't', version: '0' },
  paths: {},
  components: { schemas },
});

describe('hoistSchemas', () => {
  it('declares each schema at the top level with its description; components refers to it', async () => {
    const ast = await openapiTS(
      doc({
        Item: {
          type: 'object',
          description: 'One item.',
          properties: { kind: { $ref: '#/components/schemas/Kind' } },
        },
        Kind: { type: 'string', enum: ['a', 'b'] },
      }),
    );
    const { nodes, names } = hoistSchemas(ast);
    const text = astToString(nodes);
    expect(names).toEqual(['Item', 'Kind']);
    expect(text).toContain('        Item: Item;\n        Kind: Kind;');
    expect(text).toMatch(
      /\/\*\* @description One item\. \*\/\nexport type Item = \{\n {4}kind\?: components\["schemas"\]\["Kind"\];\n\};/,
    );
    expect(text).toContain('export type Kind = "a" | "b";');
  });

  it('leaves a schema inline when nameOf gives null, and renames through nameOf', async () => {
    const ast = await openapiTS(doc({ 'a.b': { type: 'string' }, c: { type: 'number' } }));
    const { nodes, names } = hoistSchemas(ast, (key) => (key === 'c' ? 'Cee' : null));
    const text = astToString(nodes);
    expect(names).toEqual(['Cee']);
    expect(text).toContain('"a.b": string;');
    expect(text).toContain('export type Cee = number;');
  });

  it('refuses a name that is not an identifier, is reserved, or is taken twice', async () => {
    const ast = await openapiTS(doc({ A: { type: 'string' }, B: { type: 'string' } }));
    expect(() => hoistSchemas(ast, () => 'Same')).toThrow(
      'schemas A and B would both be named Same',
    );
    expect(() => hoistSchemas(ast, (k) => (k === 'A' ? 'Record' : k))).toThrow(
      'schema A: the name Record is taken',
    );
    expect(() => hoistSchemas(ast, (k) => `${k}-x`)).toThrow('schema A: "A-x" is not a name');
  });
});

it('pascal and checkName', () => {
  expect(pascal('avm.getUTXOs')).toBe('AvmGetUTXOs');
  expect(pascal('eth_feeConfig')).toBe('EthFeeConfig');
  expect(pascal('listValidators')).toBe('ListValidators');
  expect(() => checkName('components', 'x')).toThrow('taken');
  expect(() => checkName('Validator', 'x')).not.toThrow();
});

describe('one name per type', () => {
  it.each([
    [
      'a named schema is its own name',
      { $ref: '#/components/schemas/EvmBlock' },
      { name: 'EvmBlock', deprecated: 'GetBlockResult' },
    ],
    [
      'an inline body takes the operation name',
      { type: 'object' },
      { name: 'GetBlockResult', deprecated: undefined },
    ],
    [
      'no body takes the operation name',
      undefined,
      { name: 'GetBlockResult', deprecated: undefined },
    ],
    [
      'a schema already named so is one name',
      { $ref: '#/components/schemas/GetBlockResult' },
      { name: 'GetBlockResult', deprecated: undefined },
    ],
  ])('%s', (_, schema, want) => {
    expect(resultTypeName(schema, 'GetBlockResult')).toEqual(want);
  });

  it('reads only local component schema names', () => {
    expect(schemaRefName({ $ref: '#/components/responses/Bad' })).toBeUndefined();
    expect(schemaRefName({ $ref: '#/components/schemas/not-a-name' })).toBeUndefined();
  });

  // Every REST operation of the bundled specs: the name its method resolves to is the schema's
  // own, so a body the docs call ListValidatorsResponse is never also typed ListValidatorsResult.
  it.each(['data-api', 'metrics-api'])('%s: each success body has one name', (name) => {
    const doc = JSON.parse(
      readFileSync(new URL(`../specs/dist/${name}.json`, import.meta.url), 'utf8'),
    );
    const schemas = new Set(Object.keys(doc.components.schemas));
    for (const op of collectOperations(doc)) {
      const { name: typeName, deprecated } = op.result;
      if (deprecated) expect(schemas.has(typeName), op.id).toBe(true);
      else expect(schemas.has(typeName), `${op.id}: ${typeName} names no schema`).toBe(false);
    }
  });
});
