import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checksFor,
  collectOperations,
  compactSpec,
  displayPath,
  generate,
  header,
  literal,
  operationNames,
  README,
  renderFunctions,
  renderNames,
  renderOperations,
  structuralSchema,
  writeGenerated,
} from './generate-openapi-types.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const script = join(here, 'generate-openapi-types.mjs');
const redocly = join(here, 'node_modules/.bin/redocly');

// --- fixtures -------------------------------------------------------------------------

const fixture = () => ({
  openapi: '3.1.0',
  info: { title: 'Fixture API', version: '2.0.0' },
  paths: {
    '/v1/things/{network}/items': {
      parameters: [{ $ref: '#/components/parameters/network' }],
      get: {
        operationId: 'listItems',
        parameters: [
          { $ref: '#/components/parameters/pageSize' },
          { name: 'pageToken', in: 'query', schema: { type: 'string', minLength: 1 } },
          {
            name: 'ids',
            in: 'query',
            required: true,
            'x-comma-separated': true,
            schema: { type: 'string' },
          },
          {
            name: 'kinds',
            in: 'query',
            schema: { type: 'array', items: { $ref: '#/components/schemas/Kind' } },
          },
          {
            name: 'minAmount',
            in: 'query',
            schema: {
              type: 'string',
              pattern: '^[0-9]+$',
              'x-minimum': '0',
              'x-maximum': '9007199254740993',
            },
          },
        ],
        'x-avalanche-rules': [
          { rule: 'atLeastOne', in: 'query', fields: ['ids', 'kinds'], description: 'one of them' },
        ],
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } },
          },
        },
      },
      post: {
        operationId: 'signItems',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/SignRequest' } } },
        },
        'x-avalanche-rules': [
          { rule: 'exactlyOne', in: 'body', fields: ['message', 'justification'] },
          { rule: 'sumAtMost', in: 'body', fields: ['quorum', 'buffer'], max: 100 },
        ],
        responses: {
          201: {
            description: 'signed',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['signed'],
                  properties: { signed: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    parameters: {
      network: {
        name: 'network',
        in: 'path',
        required: true,
        schema: { type: 'string', enum: ['mainnet', 'fuji'] },
      },
      pageSize: {
        name: 'pageSize',
        in: 'query',
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
      },
    },
    schemas: {
      Kind: { type: 'string', enum: ['a', 'b'] },
      Page: {
        type: 'object',
        required: ['items'],
        properties: {
          items: {
            type: 'array',
            items: { oneOf: [{ $ref: '#/components/schemas/Kind' }, { type: 'null' }] },
          },
          nextPageToken: { type: 'string', description: 'dropped from the subset', example: 'x' },
        },
      },
      SignRequest: {
        type: 'object',
        properties: {
          message: { type: 'string', pattern: '^(0x)?[0-9a-f]*$' },
          justification: { type: 'string', pattern: '^(0x)?[0-9a-f]*$' },
          quorum: { type: 'integer', minimum: 0, maximum: 100, default: 67 },
          buffer: { type: 'integer', minimum: 0, maximum: 100, default: 0 },
          unused: { type: 'integer', default: 5 },
        },
      },
      Unreferenced: { type: 'string' },
    },
  },
});

const dirs = [];
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'gen-openapi-'));
  dirs.push(dir);
  return dir;
}
async function writeFixture(doc = fixture()) {
  const dir = await tempDir();
  const specPath = join(dir, 'fixture-api.json');
  await writeFile(specPath, JSON.stringify(doc));
  return { dir, specPath, outDir: join(dir, 'generated') };
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

// --- the operation table ------------------------------------------------------------------

describe('collectOperations', () => {
  it('reads path, query and body parameters with their rules', () => {
    const [list, sign] = collectOperations(fixture());
    expect(list).toMatchObject({
      id: 'listItems',
      method: 'GET',
      path: '/v1/things/{network}/items',
    });
    expect(Object.fromEntries(list.params.map((p) => [p.name, p.spec]))).toEqual({
      network: { in: 'path', type: 'string', required: true, enum: ['mainnet', 'fuji'] },
      pageSize: { in: 'query', type: 'integer', min: 1, max: 100 },
      pageToken: { in: 'query', type: 'string', minLength: 1 },
      ids: { in: 'query', type: 'string', required: true, commaSeparated: true },
      kinds: { in: 'query', type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      minAmount: {
        in: 'query',
        type: 'string',
        min: '0',
        max: '9007199254740993',
        pattern: '^[0-9]+$',
      },
    });
    expect(list.rules).toEqual([{ rule: 'atLeastOne', fields: ['ids', 'kinds'] }]);

    expect(sign).toMatchObject({ id: 'signItems', method: 'POST', hasBody: true });
    const body = Object.fromEntries(sign.params.map((p) => [p.name, p.spec]));
    // Defaults are kept only where a sumAtMost rule needs them.
    expect(body.quorum).toEqual({ in: 'body', type: 'integer', min: 0, max: 100, default: 67 });
    expect(body.buffer).toEqual({ in: 'body', type: 'integer', min: 0, max: 100, default: 0 });
    expect(body.unused).toEqual({ in: 'body', type: 'integer' });
    expect(sign.rules).toEqual([
      { rule: 'exactlyOne', fields: ['message', 'justification'] },
      { rule: 'sumAtMost', fields: ['quorum', 'buffer'], max: 100 },
    ]);
  });

  it.each([
    [
      'a name used twice across path, query and body',
      (doc) => {
        doc.components.schemas.SignRequest.properties.network = { type: 'string' };
      },
      /parameter name network is used twice/,
    ],
    [
      'an unknown rule',
      (doc) => {
        doc.paths['/v1/things/{network}/items'].get['x-avalanche-rules'][0].rule = 'noneOf';
      },
      /unknown x-avalanche-rules rule noneOf/,
    ],
    [
      'a rule naming an unknown field',
      (doc) => {
        doc.paths['/v1/things/{network}/items'].get['x-avalanche-rules'][0].fields = [
          'ids',
          'nope',
        ];
      },
      /names unknown field nope/,
    ],
    [
      'a rule with the wrong location',
      (doc) => {
        doc.paths['/v1/things/{network}/items'].get['x-avalanche-rules'][0].in = 'body';
      },
      /says ids is in body, it is in query/,
    ],
    [
      'a keyword the runtime cannot check',
      (doc) => {
        doc.components.parameters.pageSize.schema.exclusiveMinimum = 0;
      },
      /keyword exclusiveMinimum is not checked by the client/,
    ],
    [
      'a missing operationId',
      (doc) => {
        delete doc.paths['/v1/things/{network}/items'].get.operationId;
      },
      /operationId missing/,
    ],
    [
      'a path template without its parameter',
      (doc) => {
        doc.paths['/v1/things/{network}/items/{id}'] = doc.paths['/v1/things/{network}/items'];
        delete doc.paths['/v1/things/{network}/items'];
      },
      /names \{id\} but no path parameter does/,
    ],
    [
      'a header parameter',
      (doc) => {
        doc.components.parameters.pageSize.in = 'header';
      },
      /header parameter pageSize is not supported/,
    ],
  ])('rejects %s', (_, mutate, error) => {
    const doc = fixture();
    mutate(doc);
    expect(() => collectOperations(doc)).toThrow(error);
  });
});

describe('renderFunctions', () => {
  it('writes each parameter spec in place and leaves out defaults (string type, GET, path required)', () => {
    const text = renderFunctions(fixture(), '// head\n');
    expect(text.startsWith('// head\n')).toBe(true);
    // No shared constants: a one-call app would pay for their declarations (see renderFunctions).
    expect(text).not.toMatch(/^const /m);
    // message and justification have the same spec, written out twice.
    expect(text).toContain(
      's: [{ enum: ["mainnet", "fuji"] }, { pattern: "^(0x)?[0-9a-f]*$" }, { pattern: "^(0x)?[0-9a-f]*$" }, { type: "integer", min: 0, max: 100, default: 67 },',
    );
    // Parameters by position: path, query, body; the path as literals and positions.
    expect(text).toContain(
      '  /* @__PURE__ */ operation({ id: "listItems", p: ["/v1/things/", 0, "/items"], n: ["network", "pageSize", "pageToken", "ids", "kinds", "minAmount"], s: [{ enum: ["mainnet", "fuji"] }, { type: "integer", min: 1, max: 100 }, { minLength: 1 }, { required: true, commaSeparated: true }, { type: "array", items: { enum: ["a", "b"] } }, { min: "0", max: "9007199254740993", pattern: "^[0-9]+$" }], c: [checkType, checkEnum, checkPattern, checkMinLength, checkCommaSeparated, checkBounds], q: 1, r: [0, 3], x: /* @__PURE__ */ crossFieldRules([{ rule: "atLeastOne", fields: ["ids", "kinds"] }]) });',
    );
    expect(text).toMatch(
      /operation\(\{ id: "signItems", m: "POST", p: .*, c: \[checkType, checkEnum, checkPattern, checkBounds\], q: 1, b: 1, j: jsonBody, r: \[0\], x: /,
    );
  });

  it('gives each operation only the kinds of check its parameters use, items included', () => {
    const text = renderFunctions(fixture(), '// head\n');
    // signItems has no minLength and no comma-separated list, so it runs neither check.
    expect(text).toMatch(/id: "signItems".*c: \[checkType, checkEnum, checkPattern, checkBounds\]/);
    expect(checksFor([{ pattern: 'x' }, { minLength: 1 }])).toEqual([
      'checkString',
      'checkPattern',
      'checkMinLength',
    ]);
    expect(checksFor([{ type: 'array', items: { enum: ['a'] } }, { max: 3 }])).toEqual([
      'checkType',
      'checkEnum',
      'checkBounds',
    ]);
    expect(checksFor([{ type: 'boolean' }])).toEqual(['checkType']);
    expect(checksFor([])).toEqual(['checkString']);
  });

  it('writes one pure-annotated function per operation, typed with the named params and result', () => {
    const text = renderFunctions(fixture(), '// head\n');
    expect(text).toContain(
      "import { checkType, checkEnum, checkPattern, checkMinLength, checkCommaSeparated, checkBounds, crossFieldRules, jsonBody, operation } from '@avalanche-api/rest-core';",
    );
    // A result that is a named schema goes by the schema's name (one name per type).
    expect(text).toContain(
      "import type { Core, ListItemsParams, SignItemsParams, SignItemsResult } from './operations.js';\nimport type { Page } from './types.js';",
    );
    // network (path) and ids (required query) make params required; signItems' body has no required field.
    expect(text).toContain(
      'export const listItems: (client: Core, params: ListItemsParams, options?: core.CallOptions) => Promise<Page> =\n  /* @__PURE__ */ operation({',
    );
    expect(text).toMatch(/export const signItems: \(client: Core, params: SignItemsParams,/);
    // Nothing joins the functions into one table a bundler would have to keep whole.
    expect(text).not.toMatch(/Record<|operationTable/);
  });
});

describe('renderOperations', () => {
  it('binds the method types from @avalanche-api/rest-core to the spec and brands its core', () => {
    const text = renderOperations(fixture(), '// head\n');
    expect(text.startsWith('// head\n')).toBe(true);
    expect(text).toContain("export type OperationId = 'listItems' | 'signItems';");
    expect(text).toContain("import type * as core from '@avalanche-api/rest-core';");
    expect(text).toContain("import type { operations, Page } from './types.js';");
    expect(text).not.toMatch(/ParameterRule|ParameterSpec/);
    expect(text).toContain(
      'export type OperationParameters<K extends OperationId> = core.OperationParameters<operations[K]>;',
    );
    expect(text).toContain('export type Core = core.RestCore<"Fixture API">;');
  });

  it("names each operation's params and result and writes the methods with those names", () => {
    const text = renderOperations(fixture(), '// head\n');
    expect(operationNames('listItems')).toEqual({
      params: 'ListItemsParams',
      result: 'ListItemsResult',
    });
    expect(text).toContain(
      "export interface ListItemsParams extends OperationParameters<'listItems'> {}",
    );
    // listItems answers the named schema Page: that is its result's one name, and the old
    // operation name stays as a deprecated alias; signItems' inline body keeps the operation's.
    expect(text).toContain(
      "/** @deprecated Use `Page`, the spec's name for the success body `listItems` resolves to. */\nexport type ListItemsResult = Page;",
    );
    expect(text).toContain("export type SignItemsResult = OperationReturnType<'signItems'>;");
    expect(text).toContain('export interface OperationMethods {');
    // network (path) and ids (required query) make params required; signItems' body has no required field.
    expect(text).toContain(
      '  listItems: (params: ListItemsParams, options?: core.CallOptions) => Promise<Page>;',
    );
    expect(text).toMatch(
      /signItems: \(params: SignItemsParams, options\?: core\.CallOptions\) => Promise<SignItemsResult>;/,
    );
    expect(text).toMatch(/ {2}signItems: \(params: SignItemsParams,/);
  });

  it('fails when an operation name would shadow a schema name', () => {
    const doc = fixture();
    doc.components.schemas.ListItemsResult = { type: 'string' };
    expect(() => renderOperations(doc, '')).toThrow(
      'operation listItems: its type name ListItemsResult is also a schema name',
    );
  });

  it('renderNames re-exports every schema and operation name', () => {
    const text = renderNames(fixture(), '// head\n', ['Kind', 'Page']);
    expect(text).toBe(
      [
        '// head',
        '',
        'export type {',
        '  Kind,',
        '  Page,',
        "} from './types.js';",
        'export type {',
        '  ListItemsParams,',
        '  ListItemsResult,',
        '  SignItemsParams,',
        '  SignItemsResult,',
        "} from './operations.js';",
        '',
      ].join('\n'),
    );
  });

  it('compactSpec drops what the runtime assumes', () => {
    expect(compactSpec({ in: 'path', type: 'string', required: true })).toEqual({});
    expect(compactSpec({ in: 'query', type: 'integer', required: true, min: 0 })).toEqual({
      type: 'integer',
      required: true,
      min: 0,
    });
    expect(
      compactSpec({ in: 'query', type: 'array', items: { type: 'string', enum: ['a'] } }),
    ).toEqual({
      type: 'array',
      items: { enum: ['a'] },
    });
  });

  it('literal writes compact TypeScript', () => {
    expect(literal({ a: 1, 'b-c': ['x', true], d: {} })).toBe(
      '{ a: 1, "b-c": ["x", true], d: {} }',
    );
  });
});

describe('structuralSchema', () => {
  it('keeps the keywords that decide a shape and turns $refs into names', () => {
    const doc = fixture();
    expect(structuralSchema(doc.components.schemas.Page)).toEqual({
      type: 'object',
      required: ['items'],
      properties: {
        items: { type: 'array', items: { oneOf: [{ $ref: 'Kind' }, { type: 'null' }] } },
        nextPageToken: { type: 'string' },
      },
    });
  });
});

// --- files, header, stability -------------------------------------------------------------

describe('generate', () => {
  it('writes types, functions, table, operations, schemas and the README, each .ts with a one-line header', async () => {
    const { specPath, outDir } = await writeFixture();
    const files = await generate({ specPath, outDir });
    expect(Object.keys(files).sort()).toEqual([
      'README.md',
      'functions.ts',
      'names.ts',
      'operations.ts',
      'schemas.ts',
      'table.ts',
      'types.ts',
    ]);
    expect(files['README.md']).toBe(README);
    expect(README).toContain('do not edit; change the spec and run `pnpm generate`');
    const head = files['types.ts'].split('\n')[0];
    for (const name of Object.keys(files).filter((file) => file.endsWith('.ts'))) {
      expect(files[name].split('\n')[0]).toBe(head);
    }
    expect(head).toMatch(
      /^\/\/ Generated by `node scripts\/generate-openapi-types\.mjs \S*fixture-api\.json \S*generated` \(openapi-typescript 7\.\d+\.\d+\) from \S*fixture-api\.json \(Fixture API 2\.0\.0\)\. Do not edit/,
    );
    expect(head).not.toMatch(/\d{4}-\d{2}-\d{2}|\d{2}:\d{2}/);
    expect(files['types.ts']).toContain('listItems: {');
    expect(files['types.ts']).toContain('export interface components');
    // Each schema is a top-level name that components refers to, so editors print the name.
    expect(files['types.ts']).toContain('        Page: Page;');
    expect(files['types.ts']).toMatch(/^export type Page = \{$/m);
    expect(files['types.ts']).toMatch(/^export type Kind = "a" \| "b";$/m);
    expect(files['names.ts']).toContain('  Unreferenced,');
    expect(files['schemas.ts']).toContain(
      "import type { StructuralSchema } from '@avalanche-api/rest-core';",
    );
    expect(files['schemas.ts']).not.toContain('interface');
    // Only schemas reachable from a success response go into the validator's subset.
    expect(files['schemas.ts']).toContain('  Kind: ');
    expect(files['schemas.ts']).not.toContain('Unreferenced');
    expect(files['schemas.ts']).toContain('  signItems: { type: "object", required: ["signed"]');
    // The methods a client binds: every operation, in a plain list of the functions.
    expect(files['table.ts']).toContain("import { listItems, signItems } from './functions.js';");
    expect(files['table.ts']).toContain('export const functions = [listItems, signItems];');
  });

  it('is byte-stable: two runs give the same bytes', async () => {
    const { specPath, outDir } = await writeFixture();
    const first = await generate({ specPath, outDir });
    const second = await generate({ specPath, outDir });
    expect(second).toEqual(first);
  });

  it('names paths relative to the repository, so the header is the same on every machine', () => {
    expect(displayPath(join(root, 'specs/dist/data-api.json'))).toBe('specs/dist/data-api.json');
    expect(displayPath('/elsewhere/spec.json')).toBe('spec.json');
    const doc = { info: { title: 'T', version: '1' } };
    expect(
      header(doc, join(root, 'specs/dist/x.json'), join(root, 'packages/p/src/generated')),
    ).toContain(
      '`node scripts/generate-openapi-types.mjs specs/dist/x.json packages/p/src/generated`',
    );
  });

  it('writeGenerated writes only what changed; check mode writes nothing', async () => {
    const { specPath, outDir } = await writeFixture();
    expect(await writeGenerated({ specPath, outDir, check: true })).toHaveLength(7);
    expect(await writeGenerated({ specPath, outDir })).toHaveLength(7);
    expect(await writeGenerated({ specPath, outDir })).toEqual([]);
    await writeFile(join(outDir, 'operations.ts'), '// edited by hand\n');
    expect(await writeGenerated({ specPath, outDir, check: true })).toEqual(['operations.ts']);
    expect(await readFile(join(outDir, 'operations.ts'), 'utf8')).toBe('// edited by hand\n');
  });

  it('the CLI exits 1 on stale files with --check, and writes them without', async () => {
    const { specPath, outDir } = await writeFixture();
    const run = (...args) => promisify(execFile)(process.execPath, [script, ...args]);
    await expect(run(specPath, outDir, '--check')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('run `pnpm generate`'),
    });
    await expect(run(specPath, outDir)).resolves.toMatchObject({
      stdout: expect.stringContaining('wrote'),
    });
    expect(await writeGenerated({ specPath, outDir, check: true })).toEqual([]);
  });
});

// --- the committed output -----------------------------------------------------------------

// Bundled fresh from the YAML sources into a temp dir: a stale specs/dist/ must not hide a stale
// client, and the shared specs/dist/ is left alone.
const bundled = {};
let bundleDir;
beforeAll(async () => {
  bundleDir = await mkdtemp(join(tmpdir(), 'gen-openapi-specs-'));
  await Promise.all(
    ['data-api', 'metrics-api'].map(async (spec) => {
      bundled[spec] = join(bundleDir, `${spec}.json`);
      await promisify(execFile)(
        redocly,
        ['bundle', join(root, `specs/${spec}/openapi.yaml`), '-o', bundled[spec]],
        {
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
    }),
  );
}, 60_000);
afterAll(() => rm(bundleDir, { recursive: true, force: true }));

describe('the committed output', () => {
  it.each([
    ['data-api', 'data-client'],
    ['metrics-api', 'metrics-client'],
  ])(
    'packages/%s/src/generated is up to date with the spec (CI fails when stale)',
    async (spec, pkg) => {
      const outDir = join(root, 'packages', pkg, 'src/generated');
      const source = `specs/dist/${spec}.json`;
      expect(
        await writeGenerated({ specPath: bundled[spec], outDir, source, check: true }),
      ).toEqual([]);
    },
  );
});

describe('the data-api table', () => {
  it('carries the spec facts the client relies on', async () => {
    const doc = JSON.parse(await readFile(bundled['data-api'], 'utf8'));
    const ops = Object.fromEntries(collectOperations(doc).map((op) => [op.id, op]));
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])),
    );
    expect(ids.length).toBeGreaterThan(10);
    expect(Object.keys(ops).sort()).toEqual(ids.sort());
    expect(ops.aggregateSignatures.method).toBe('POST');
    expect(ops.aggregateSignatures.rules).toEqual([
      { rule: 'exactlyOne', fields: ['message', 'justification'] },
      { rule: 'sumAtMost', fields: ['quorumPercentage', 'quorumPercentageBuffer'], max: 100 },
    ]);
    const param = (id, name) => ops[id].params.find((p) => p.name === name).spec;
    expect(param('aggregateSignatures', 'quorumPercentage').default).toBe(67);
    expect(param('aggregateSignatures', 'quorumPercentageBuffer').default).toBe(0);
    expect(param('listValidators', 'pageSize')).toMatchObject({ min: 1, max: 100 });
    expect(param('listValidators', 'nodeIds').commaSeparated).toBe(true);
    expect(ops.listPendingPrimaryNetworkRewards.rules).toEqual([
      { rule: 'atLeastOne', fields: ['addresses', 'nodeIds'] },
    ]);
  });
});
