import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterEach, describe, expect, it } from 'vitest';
import { assembleOpenRpc, writeOpenRpc } from './assemble-openrpc.mjs';

const specDir = resolve(dirname(fileURLToPath(import.meta.url)), '../specs/node-rpc');

/** Every method name in the split sources (methods/*.yaml), read without the assembler. */
async function sourceMethodNames() {
  const { load } = await import('js-yaml');
  const { readdir } = await import('node:fs/promises');
  const names = [];
  for (const file of await readdir(join(specDir, 'methods'))) {
    const list = load(await readFile(join(specDir, 'methods', file), 'utf8'));
    for (const m of list) names.push(m.name);
  }
  return names;
}

// --- fixtures -------------------------------------------------------------------------

const ROOT = `openrpc: 1.3.2
info:
  title: fixture
  version: 0.0.0
`;

const method = (name, schemaRef = '#/components/schemas/Thing') => `- name: ${name}
  params: []
  result:
    name: r
    schema:
      $ref: '${schemaRef}'
`;

const THING = `schemas:
  Thing:
    type: string
`;

const fixtures = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Writes `files` ({relative path: text}) into a fresh temp dir and returns its path. */
async function fixture(files) {
  const dir = await mkdtemp(join(tmpdir(), 'assemble-openrpc-'));
  fixtures.push(dir);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

// --- the real spec --------------------------------------------------------------------

describe('assembleOpenRpc on specs/node-rpc', () => {
  it('has every method of methods/*.yaml, once, sorted by name', async () => {
    const doc = await assembleOpenRpc(specDir);
    const names = await sourceMethodNames();
    expect(names.length).toBeGreaterThan(30);
    expect(doc.methods.map((m) => m.name)).toEqual([...names].sort());
  });

  it('writes deterministic 2-space JSON with a trailing newline', async () => {
    const dir = await fixture({});
    await writeOpenRpc(specDir, join(dir, 'a.json'));
    await writeOpenRpc(specDir, join(dir, 'nested/b.json'));
    const a = await readFile(join(dir, 'a.json'), 'utf8');
    expect(a).toBe(await readFile(join(dir, 'nested/b.json'), 'utf8'));
    expect(a.endsWith('}\n')).toBe(true);
    expect(a.startsWith('{\n  "openrpc": "1.3.2",\n')).toBe(true);
  });

  it('marks deprecations, node-specific methods and index flags', async () => {
    const doc = await assembleOpenRpc(specDir);
    const byName = new Map(doc.methods.map((m) => [m.name, m]));
    const deprecated = Object.fromEntries(
      doc.methods.filter((m) => m.deprecated).map((m) => [m.name, m['x-deprecated-since']]),
    );
    // The seed's deprecations, among those the source marks (platform's included).
    expect(deprecated).toMatchObject({
      'avm.getAllBalances': 'v1.9.12',
      'avm.getBalance': 'v1.9.12',
      'avm.getTxStatus': 'v1.10.0',
      eth_getActivePrecompilesAt: null,
      'info.getTxFee': 'v1.12.2',
    });
    expect(byName.get('eth_getActivePrecompilesAt')['x-replaced-by']).toBe('eth_getActiveRulesAt');
    // The seed's node-specific methods, and the admin API, which only a node started with
    // --api-admin-enabled serves.
    const nodeSpecific = doc.methods.filter((m) => m['x-node-specific']).map((m) => m.name);
    expect(nodeSpecific).toEqual(
      expect.arrayContaining([
        'health.health',
        'health.liveness',
        'health.readiness',
        'info.getNodeID',
        'info.getNodeIP',
        'info.getVMs',
      ]),
    );
    const admin = doc.methods.filter((m) => m.name.startsWith('admin.'));
    expect(admin.length).toBeGreaterThan(0);
    for (const m of admin) {
      expect(nodeSpecific, m.name).toContain(m.name);
      expect(m['x-requires-flags'], m.name).toEqual(['--api-admin-enabled']);
    }
    expect(nodeSpecific.filter((n) => !n.startsWith('admin.'))).toHaveLength(6);
    for (const m of doc.methods.filter((m) => m.name.startsWith('index.'))) {
      expect(m['x-requires-flags']).toEqual(['--index-enabled']);
      for (const server of m.servers) {
        expect(server['x-index-paths']).toEqual(['C/block', 'P/block', 'X/tx', 'X/block', 'X/vtx']);
      }
    }
    for (const m of doc.methods) {
      expect(m.paramStructure).toBe(m.name.startsWith('eth_') ? 'by-position' : 'by-name');
    }
  });

  it('has examples whose params and results validate against their own schemas', async () => {
    const doc = await assembleOpenRpc(specDir);
    // The conformance convention: object schemas with `properties` are closed.
    const close = (node) => {
      if (Array.isArray(node)) return node.map(close);
      if (node === null || typeof node !== 'object') return node;
      const out = {};
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref') out[key] = value.replace('#/components/schemas/', 'spec#/$defs/');
        else if (['const', 'enum', 'default', 'examples'].includes(key)) out[key] = value;
        else out[key] = close(value);
      }
      if (out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
      return out;
    };
    // strictRequired would reject `not: {required: [...]}`, which names members the branch forbids.
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
    addFormats(ajv);
    // The version marks on members (see packages/conformance/src/model/versions.ts) are annotations.
    ajv.addVocabulary(['x-since', 'x-until', 'x-required', 'x-required-since']);
    ajv.addSchema({ $id: 'spec', $defs: close(doc.components.schemas) });
    const problems = [];
    for (const m of doc.methods) {
      if (!m.examples?.length) problems.push(`${m.name}: no example`);
      for (const example of m.examples ?? []) {
        const label = `${m.name} / ${example.name}`;
        const given = new Map(example.params.map((p) => [p.name, p.value]));
        for (const param of m.params) {
          if (!given.has(param.name)) {
            if (param.required) problems.push(`${label}: missing ${param.name}`);
            continue;
          }
          const validate = ajv.compile(close(param.schema));
          if (!validate(given.get(param.name))) problems.push(`${label}: ${param.name} invalid`);
          given.delete(param.name);
        }
        for (const name of given.keys()) problems.push(`${label}: unknown param ${name}`);
        const validate = ajv.compile(close(m.result.schema));
        if (!validate(example.result?.value)) {
          problems.push(`${label}: result ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

// --- rejections -----------------------------------------------------------------------

describe('assembleOpenRpc rejects', () => {
  it.each([
    [
      'a method defined in two files',
      {
        'openrpc.yaml': ROOT,
        'methods/a.yaml': method('x.same'),
        'methods/b.yaml': method('x.same'),
        'schemas/s.yaml': THING,
      },
      'duplicate method "x.same" in methods/a.yaml and methods/b.yaml',
    ],
    [
      'a method repeated inside one file',
      {
        'openrpc.yaml': ROOT,
        'methods/a.yaml': method('x.same') + method('x.same'),
        'schemas/s.yaml': THING,
      },
      'duplicate method "x.same" in methods/a.yaml and methods/a.yaml',
    ],
    [
      'a schema defined in two files',
      {
        'openrpc.yaml': ROOT,
        'methods/a.yaml': method('x.one'),
        'schemas/a.yaml': THING,
        'schemas/b.yaml': THING,
      },
      'duplicate component schemas "Thing" in schemas/a.yaml and schemas/b.yaml',
    ],
    [
      'a component defined in openrpc.yaml and a schema file',
      {
        'openrpc.yaml': `${ROOT}components:\n  errors:\n    Oops: {code: 1, message: m}\n`,
        'methods/a.yaml': method('x.one'),
        'schemas/a.yaml': `${THING}errors:\n  Oops: {code: 2, message: n}\n`,
      },
      'duplicate component errors "Oops" in openrpc.yaml and schemas/a.yaml',
    ],
    [
      'a $ref that resolves nowhere',
      {
        'openrpc.yaml': ROOT,
        'methods/a.yaml': method('x.one', '#/components/schemas/Missing'),
        'schemas/s.yaml': THING,
      },
      '$ref "#/components/schemas/Missing" at $.methods[0].result.schema (methods/a.yaml) does not resolve',
    ],
    [
      'a broken $ref inside a component',
      {
        'openrpc.yaml': ROOT,
        'methods/a.yaml': method('x.one'),
        'schemas/s.yaml': `${THING}  Box:\n    type: array\n    items:\n      $ref: '#/components/schemas/Nope'\n`,
      },
      '$ref "#/components/schemas/Nope" at $.components.schemas.Box.items (schemas/s.yaml) does not resolve',
    ],
    [
      'an external $ref',
      {
        'openrpc.yaml': ROOT,
        'methods/a.yaml': method('x.one', 'other.yaml#/Thing'),
        'schemas/s.yaml': THING,
      },
      '$ref "other.yaml#/Thing" at $.methods[0].result.schema (methods/a.yaml) is not internal',
    ],
    [
      'a method without params (meta-schema)',
      {
        'openrpc.yaml': ROOT,
        'methods/a.yaml': `- name: x.one\n  result:\n    name: r\n    schema: {type: string}\n`,
      },
      "OpenRPC meta-schema violation:\n  .methods[0]: should have required property 'params'",
    ],
    [
      'an unknown openrpc version (meta-schema)',
      {
        'openrpc.yaml': ROOT.replace('1.3.2', '9.9.9'),
        'methods/a.yaml': method('x.one'),
        'schemas/s.yaml': THING,
      },
      'OpenRPC meta-schema violation',
    ],
    [
      'an error object with an extra member (meta-schema)',
      {
        'openrpc.yaml': ROOT,
        'methods/a.yaml': `${method('x.one')}  errors:\n    - {code: -32000, message: m, description: d}\n`,
        'schemas/s.yaml': THING,
      },
      'OpenRPC meta-schema violation',
    ],
    [
      'an unknown component kind',
      {
        'openrpc.yaml': ROOT,
        'methods/a.yaml': method('x.one'),
        'schemas/s.yaml': `${THING}widgets:\n  W: {}\n`,
      },
      'schemas/s.yaml: unknown component kind "widgets"',
    ],
    [
      'a methods file that is not a list',
      { 'openrpc.yaml': ROOT, 'methods/a.yaml': 'name: x.one\n', 'schemas/s.yaml': THING },
      'methods/a.yaml: must be a list of method objects',
    ],
    [
      'a key repeated in one YAML mapping',
      {
        'openrpc.yaml': ROOT,
        'methods/a.yaml': method('x.one'),
        'schemas/s.yaml': `${THING}  Thing:\n    type: number\n`,
      },
      'schemas/s.yaml: not valid YAML',
    ],
  ])('%s', async (_name, files, message) => {
    const dir = await fixture(files);
    await expect(assembleOpenRpc(dir)).rejects.toThrow(message);
  });

  it('names the file and the line of YAML that does not parse', async () => {
    const dir = await fixture({
      'openrpc.yaml': ROOT,
      'methods/a.yaml': method('x.one'),
      'schemas/s.yaml': `${THING}  Other: {type: string\n`,
    });
    await expect(assembleOpenRpc(dir)).rejects.toThrow(
      /^schemas\/s\.yaml: not valid YAML: .*"schemas\/s\.yaml" \(5:1\)/,
    );
  });

  it('reads YAML 1.2 core: dates and yes/no stay text, `<<` is a key, aliases become copies', async () => {
    const dir = await fixture({
      'openrpc.yaml': ROOT,
      'methods/a.yaml': method('x.one'),
      'schemas/s.yaml': `schemas:
  Thing: &thing
    type: string
    examples: [2021-04-02T15:34:00.262979-07:00, 2021-11-04, yes, off, 0x10, ~]
  Other:
    <<: *thing
  Copy: *thing
`,
    });
    const { schemas } = (await assembleOpenRpc(dir)).components;
    expect(schemas.Thing.examples).toEqual([
      '2021-04-02T15:34:00.262979-07:00',
      '2021-11-04',
      'yes',
      'off',
      16,
      null,
    ]);
    expect(Object.keys(schemas.Other)).toEqual(['<<']);
    expect(schemas.Copy).toEqual(schemas.Thing);
    expect(schemas.Copy).not.toBe(schemas.Thing);
  });

  it('accepts a minimal valid fixture', async () => {
    const dir = await fixture({
      'openrpc.yaml': ROOT,
      'methods/b.yaml': method('x.b'),
      'methods/a.yaml': method('x.c') + method('x.a'),
      'schemas/s.yaml': THING,
    });
    const doc = await assembleOpenRpc(dir);
    expect(doc.methods.map((m) => m.name)).toEqual(['x.a', 'x.b', 'x.c']);
    expect(Object.keys(doc)).toEqual(['openrpc', 'info', 'methods', 'components']);
  });
});
