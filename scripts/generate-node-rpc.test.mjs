import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { assembleOpenRpc } from './assemble-openrpc.mjs';
import {
  actionName,
  analyze,
  compileRules,
  endpointPath,
  endpointPrefix,
  generate,
  header,
  main,
  memberName,
  methodDoc,
  methodTypeNames,
  planNames,
  writeGenerated,
} from './generate-node-rpc.mjs';

const specDir = resolve(dirname(fileURLToPath(import.meta.url)), '../specs/node-rpc');

// --- fixtures -------------------------------------------------------------------------

const server = (url, variables = {}, extra = {}) => ({
  name: 'node',
  url,
  variables: { host: { default: '127.0.0.1:9650' }, ...variables },
  ...extra,
});

/** A small OpenRPC document with one method of each shape the generator handles. */
const fixture = () => ({
  openrpc: '1.3.2',
  info: { title: 'fixture', version: '0.0.0' },
  methods: [
    {
      name: 'thing.get',
      summary: 'A thing by id.',
      description: 'Returns the thing; see `*/` in a comment.',
      tags: [{ $ref: '#/components/tags/thing' }],
      servers: [
        server('https://{host}/ext/bc/{blockchainId}', { blockchainId: { default: 'X' } }),
        server('http://{host}/ext/bc/{blockchainId}', { blockchainId: { default: 'X' } }),
      ],
      paramStructure: 'by-name',
      params: [
        { name: 'id', required: true, schema: { $ref: '#/components/schemas/Id' } },
        { name: 'limit', schema: { $ref: '#/components/schemas/Limit' } },
        { name: 'tags', schema: { type: 'array', items: { type: 'string' }, default: [] } },
      ],
      result: { name: 'thing', schema: { $ref: '#/components/schemas/Thing' } },
      errors: [{ $ref: '#/components/errors/NotFound' }],
    },
    {
      name: 'thing.old',
      summary: 'The old way.',
      deprecated: true,
      'x-deprecated-since': 'v1.2.3',
      'x-node-specific': true,
      tags: [{ $ref: '#/components/tags/thing' }],
      servers: [server('{baseUrl}/ext/bc/{blockchainId}', { blockchainId: { default: 'X' } })],
      paramStructure: 'by-name',
      params: [],
      result: { name: 'thing', schema: { $ref: '#/components/schemas/Thing' } },
    },
    {
      name: 'evm_rules',
      summary: 'Rules at a time.',
      deprecated: true,
      'x-replaced-by': 'evm_rules2',
      tags: [{ name: 'evm' }],
      servers: [
        server(
          'http://{host}/ext/bc/{blockchainId}/rpc',
          { blockchainId: { default: 'C' } },
          { 'x-jsonrpc-batch': true },
        ),
      ],
      paramStructure: 'by-position',
      params: [
        { name: 'at', schema: { type: 'integer', minimum: 0 } },
        { name: 'full', schema: { type: 'boolean' } },
      ],
      result: {
        name: 'rules',
        schema: { type: 'object', additionalProperties: { type: 'boolean' } },
      },
    },
    {
      name: 'idx.range',
      summary: 'A range.',
      'x-requires-flags': ['--index-enabled'],
      tags: [{ name: 'idx' }],
      servers: [
        server(
          'http://{host}/ext/index/{chain}/{kind}',
          { chain: { default: 'X', enum: ['X', 'P'] }, kind: { default: 'tx' } },
          { 'x-index-paths': ['X/tx', 'P/block'] },
        ),
      ],
      paramStructure: 'by-name',
      params: [
        { name: 'numToFetch', required: true, schema: { $ref: '#/components/schemas/Limit' } },
      ],
      result: { name: 'r', schema: { type: 'object' } },
    },
  ],
  components: {
    tags: { thing: { name: 'thing', description: 'Things.' } },
    errors: { NotFound: { code: -32000, message: 'not found' } },
    schemas: {
      Id: { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]+$', minLength: 1 },
      Limit: {
        oneOf: [
          { type: 'integer', minimum: 0, maximum: 1024 },
          { type: 'string', pattern: '^[0-9]+$' },
        ],
      },
      Thing: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { $ref: '#/components/schemas/Id' },
          note: { type: 'string', default: '' },
        },
      },
    },
  },
});

const healthFixture = () => ({
  openapi: '3.1.0',
  info: { title: 'health', version: '0' },
  paths: {
    '/ext/health': {
      get: {
        parameters: [
          { name: 'tag', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
        ],
        responses: { 200: { description: 'ok' } },
      },
    },
    '/ext/health/readiness': { get: { responses: { 200: { description: 'ok' } } } },
  },
});

/**
 * The hand-written runtime the generated files import, as declarations with the real
 * signatures (the real modules import @avalanche-api/rest-core, which a temp dir cannot resolve).
 */
const RUNTIME_STUBS = {
  // The real one: it only imports types from the stubs below.
  'entries.ts': readFileSync(
    new URL('../packages/node-rpc/src/entries.ts', import.meta.url),
    'utf8',
  ),
  'call.ts': `export interface CallOptions { signal?: AbortSignal; timeoutMs?: number; headers?: Record<string, string> }
export interface ChainCallOptions extends CallOptions { blockchainId?: string }
export interface IndexCallOptions extends CallOptions { index?: string }
export interface NodeCore { readonly baseUrl: string }
export declare function call(core: NodeCore, method: string, entry: import('./entries.js').MethodEntry, params: unknown, options?: ChainCallOptions & IndexCallOptions): Promise<unknown>;
`,
  'checkParams.ts': `export declare function checkParams(method: string, list: readonly import('./entries.js').ParamEntry[], values: Record<string | number, unknown>, byPosition: number): void;
`,
  // results.ts imports one type from @avalanche-api/rest-core: its real declaration file.
  'node_modules/@avalanche-api/rest-core/package.json':
    '{"name":"@avalanche-api/rest-core","type":"module","types":"./spec.d.ts"}',
  'node_modules/@avalanche-api/rest-core/spec.d.ts': readFileSync(
    new URL('../packages/rest-core/src/spec.ts', import.meta.url),
    'utf8',
  ),
  // spec.ts's rule names.
  'node_modules/@avalanche-api/rest-core/parameterRules.ts': readFileSync(
    new URL('../packages/rest-core/src/parameterRules.ts', import.meta.url),
    'utf8',
  ),
  'endpoint.ts': `export declare function fill(url: string, method: string, endpoint: import('./entries.js').EndpointEntry, options: { blockchainId?: string; index?: string }, vars?: Record<string, string | undefined>): string;
`,
};

/** Type-checks generated files (in generated/, beside the runtime stubs) with strict settings; returns the diagnostics. */
async function typecheck(files) {
  const dir = await mkdtemp(join(tmpdir(), 'gen-node-rpc-'));
  try {
    await writeFile(join(dir, 'package.json'), '{"type":"module"}');
    const all = { ...RUNTIME_STUBS };
    for (const [name, content] of Object.entries(files)) all[`generated/${name}`] = content;
    for (const [name, content] of Object.entries(all)) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), content);
    }
    const program = ts.createProgram(
      Object.keys(all)
        .filter((f) => f.endsWith('.ts'))
        .map((f) => join(dir, f)),
      {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        noUncheckedIndexedAccess: true,
        verbatimModuleSyntax: true,
        noUnusedLocals: true,
        types: [],
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      },
    );
    return ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// --- units ----------------------------------------------------------------------------

describe('endpointPath', () => {
  it.each([
    ['{baseUrl}/ext/info', '/ext/info'],
    ['https://{host}/ext/bc/{blockchainId}', '/ext/bc/{blockchainId}'],
    ['http://{host}/ext/bc/{blockchainId}/rpc', '/ext/bc/{blockchainId}/rpc'],
    ['http://127.0.0.1:9650/ext/health', '/ext/health'],
  ])('%s -> %s', (url, path) => {
    expect(endpointPath(url)).toBe(path);
  });

  it('rejects a url without a path', () => {
    expect(() => endpointPath('https://{host}')).toThrow(/no path/);
  });
});

describe('memberName', () => {
  it.each([
    ['avm.getUTXOs', 'getUTXOs'],
    ['eth_feeConfig', 'feeConfig'],
    ['validators.getCurrentValidators', 'getCurrentValidators'],
  ])('%s -> %s', (method, member) => {
    expect(memberName(method)).toBe(member);
  });

  it('needs a namespace prefix', () => {
    expect(() => memberName('ping')).toThrow(/namespace/);
  });
});

describe('analyze', () => {
  it('reads tag, endpoint, variables, structure, deprecation and availability', () => {
    const byName = Object.fromEntries(analyze(fixture()).map((m) => [m.name, m]));
    expect(Object.keys(byName)).toEqual(['evm_rules', 'idx.range', 'thing.get', 'thing.old']);
    expect(byName['thing.get']).toMatchObject({
      namespace: 'thing',
      member: 'get',
      endpoint: '/ext/bc/{blockchainId}',
      vars: { blockchainId: 'X' },
      byPosition: false,
      deprecated: false,
      nodeSpecific: false,
      batch: false,
    });
    expect(byName['thing.old']).toMatchObject({
      deprecated: true,
      deprecatedSince: 'v1.2.3',
      nodeSpecific: true,
    });
    expect(byName.evm_rules).toMatchObject({
      namespace: 'evm',
      member: 'rules',
      byPosition: true,
      batch: true,
      replacedBy: 'evm_rules2',
      vars: { blockchainId: 'C' },
    });
    expect(byName['idx.range']).toMatchObject({
      endpoint: '/ext/index/{chain}/{kind}',
      vars: { chain: 'X', kind: 'tx' },
      indexPaths: ['X/tx', 'P/block'],
      requiresFlags: ['--index-enabled'],
    });
  });

  it.each([
    ['servers that disagree on the path', (m) => m.servers.push(server('http://{host}/ext/other'))],
    ['no servers', (m) => delete m.servers],
    ['no paramStructure', (m) => delete m.paramStructure],
    ['no tag', (m) => delete m.tags],
    ['a variable without default', (m) => delete m.servers[0].variables.blockchainId.default],
  ])('rejects a method with %s', (_, change) => {
    const doc = fixture();
    change(doc.methods[0]);
    expect(() => analyze(doc)).toThrow(/thing\.get/);
  });
});

describe('compileRules', () => {
  it('keeps every keyword the client checks (patterns and lengths too), and shares rules', () => {
    const doc = fixture();
    const { rules, entries } = compileRules(doc, analyze(doc));
    const get = entries.find((e) => e.method.name === 'thing.get');
    const [id, limit, tags] = get.params;
    expect(id).toEqual(['id', 1, expect.any(Number)]);
    expect(rules[id[2]]).toEqual({
      type: 'string',
      pattern: '^[1-9A-HJ-NP-Za-km-z]+$',
      minLength: 1,
    });
    expect(rules[limit[2]].oneOf.map((i) => rules[i])).toEqual([
      { type: 'integer', minimum: 0, maximum: 1024 },
      { type: 'string', pattern: '^[0-9]+$' },
    ]);
    expect(limit[1]).toBe(0);
    expect(rules[rules[tags[2]].items]).toEqual({ type: 'string' });
    // The same Limit schema behind two methods is one rule.
    const range = entries.find((e) => e.method.name === 'idx.range');
    expect(range.params[0][2]).toBe(limit[2]);
  });

  it.each([
    ['a keyword the client does not know', { type: 'integer', multipleOf: 2 }, /multipleOf/],
    ['a format', { type: 'string', format: 'date-time' }, /format/],
  ])('fails on %s instead of skipping it', (_, schema, error) => {
    const doc = fixture();
    doc.methods[0].params[1].schema = schema;
    expect(() => compileRules(doc, analyze(doc))).toThrow(error);
  });

  it('keeps additionalProperties: false and a list of types', () => {
    const doc = fixture();
    doc.methods[0].params[1].schema = { type: ['object', 'null'], additionalProperties: false };
    const { rules, entries } = compileRules(doc, analyze(doc));
    const get = entries.find((e) => e.method.name === 'thing.get');
    expect(rules[get.params[1][2]]).toEqual({
      type: ['object', 'null'],
      additionalProperties: false,
    });
  });
});

describe('methodDoc', () => {
  const doc = fixture();
  const methods = Object.fromEntries(analyze(doc).map((m) => [m.name, m]));

  it('tags a deprecated method with its version and replacement', () => {
    expect(methodDoc(methods['thing.old'], 2)).toContain(
      '   * @deprecated Deprecated since AvalancheGo v1.2.3.',
    );
    expect(methodDoc(methods.evm_rules, 0)).toContain(
      ' * @deprecated Deprecated. Use evm_rules2 instead.',
    );
    expect(methodDoc(methods['thing.get'], 0)).not.toContain('@deprecated');
  });

  it('states endpoint, availability, flags and errors, and escapes comment ends', () => {
    const get = methodDoc(methods['thing.get'], 0);
    expect(get).toContain(
      '`thing.get`: POST `/ext/bc/{blockchainId}`; blockchainId defaults to `X`; params by name.',
    );
    expect(get).toContain('@throws {RpcError} -32000 not found');
    expect(get).toContain('see `*\\/` in a comment');
    expect(methodDoc(methods['thing.old'], 0)).toContain('Node-specific');
    expect(methodDoc(methods['idx.range'], 0)).toContain('`--index-enabled`');
  });
});

// --- whole runs -----------------------------------------------------------------------

describe('generate (fixture)', () => {
  let files;
  beforeAll(async () => {
    files = await generate(fixture(), healthFixture(), {
      spec: 'fixture.json',
      health: 'health.json',
    });
  });

  it('writes the files and one function per method, each .ts with the one-line header and no timestamp', () => {
    expect(Object.keys(files).sort()).toEqual([
      'README.md',
      'actions.ts',
      'actions/evmRules.ts',
      'actions/idxRange.ts',
      'actions/thingGet.ts',
      'actions/thingOld.ts',
      'health.ts',
      'methods.ts',
      'names.ts',
      'parts.ts',
      'results.ts',
      'schemas.ts',
      'table.ts',
    ]);
    for (const [name, content] of Object.entries(files)) {
      if (!name.endsWith('.ts')) continue;
      const first = content.split('\n')[0];
      expect(`${first}\n`).toBe(header(name === 'health.ts' ? 'health.json' : 'fixture.json'));
      expect(first).toContain('pnpm generate');
      expect(content).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    }
    expect(files['README.md']).toContain('do not edit');
    expect(files['README.md']).toContain('pnpm generate');
  });

  it('is byte-stable', async () => {
    expect(
      await generate(fixture(), healthFixture(), { spec: 'fixture.json', health: 'health.json' }),
    ).toEqual(files);
  });

  it('types params by name as objects, by position as tuples, without making defaults required', () => {
    expect(files['methods.ts']).toContain(
      "export type EvmRulesParams = [at?: Required<S['evm_rules.params']>['at'], full?:",
    );
    expect(files['methods.ts']).toContain('export type ThingOldParams = Record<string, never>;');
    expect(files['methods.ts']).toContain("'thing.old': {\n    params: ThingOldParams;");
    expect(files['methods.ts']).toContain("'evm_rules': {\n    params: EvmRulesParams;");
    expect(files['schemas.ts']).toMatch(/tags\?: string\[\];/);
    expect(files['schemas.ts']).toMatch(/note\?: string;/);
    expect(files['methods.ts']).toContain("export type IndexPath = 'X/tx' | 'P/block';");
    expect(files['health.ts']).toContain("export type HealthPath = 'readiness';");
    expect(files['health.ts']).toContain("export const healthBase = '/ext/health';");
    expect(files['health.ts']).toContain("export const healthQuery = 'tag';");
  });

  it("names every schema and each method's params and result, and uses the names", () => {
    expect(methodTypeNames('thing.get')).toEqual({
      params: 'ThingGetParams',
      result: 'ThingGetResult',
    });
    expect(methodTypeNames('evm_rules').params).toBe('EvmRulesParams');
    // Schemas and by-name params are top-level types that components refers to.
    expect(files['schemas.ts']).toMatch(/^export type Thing = \{$/m);
    expect(files['schemas.ts']).toContain('        Thing: Thing;');
    expect(files['schemas.ts']).toMatch(/^export type ThingGetParams = \{$/m);
    // A result that is a schema of the spec goes by the schema's name (one name per type); the
    // method's own name stays as a deprecated alias.
    expect(files['schemas.ts']).not.toContain('export type ThingGetResult');
    expect(files['methods.ts']).toContain(
      "/** @deprecated The result type goes by the spec's name: use `Thing`. */\nexport type ThingGetResult = Thing;",
    );
    // By-position params keep their object helper inline; the named type is the tuple.
    expect(files['schemas.ts']).toContain('"evm_rules.params": {');
    expect(files['methods.ts']).toContain(
      '  get(params: ThingGetParams, options?: O): Promise<Thing>;',
    );
    expect(files['names.ts']).toContain('  Thing,\n');
    expect(files['names.ts']).toContain('  IdxRangeParams,\n');
    expect(files['names.ts']).toMatch(
      / {2}EvmRulesParams,\n {2}ThingOldParams,\n {2}ThingGetResult,\n(?: {2}\w+Result,\n)*(?: {2}\w+Methods,\n)+\} from '\.\/methods\.js';/,
    );
    // One methods interface per namespace, exported with the names.
    expect(files['names.ts']).toContain('  ThingMethods,\n');
    expect(files['methods.ts']).toContain('  thing: ThingMethods<O>;\n');
  });

  it('uses a schema of the same name as the result, and refuses a clash', () => {
    const doc = fixture();
    doc.components.schemas.ThingGetResult = { type: 'object' };
    doc.methods[0].result.schema = { $ref: '#/components/schemas/ThingGetResult' };
    const plan = planNames(doc, analyze(doc));
    expect(plan.hoist.has('thing.get.result')).toBe(false);
    doc.methods[0].result.schema = { $ref: '#/components/schemas/Thing' };
    expect(() => planNames(doc, analyze(doc))).toThrow(
      'thing.get: its result type name ThingGetResult is a different schema',
    );
    const clash = fixture();
    clash.components.schemas.ThingGetParams = { type: 'string' };
    expect(() => planNames(clash, analyze(clash))).toThrow(
      'its params type name ThingGetParams is also a schema name',
    );
  });

  it('emits the endpoints and rules one constant each, and the runtime table over them', () => {
    const parts = files['parts.ts'];
    expect(parts).toContain(
      "export const evmEndpoint: EndpointEntry = ['/ext/bc/{blockchainId}/rpc', { blockchainId: 'C' }, 'evm', fill];",
    );
    expect(parts).toContain(
      "export const idxEndpoint: EndpointEntry = ['/ext/index/{chain}/{kind}', { chain: 'X', kind: 'tx' }, 'idx', fill];",
    );
    // Sub-rules by reference: Limit is oneOf [integer 0..1024, string].
    expect(parts).toMatch(/export const rule\d+: Rule = \{ oneOf: \[rule\d+, rule\d+\] \};/);
    expect(parts).toContain("pattern: '^[0-9]+$'");
    const table = files['table.ts'];
    expect(table).toMatch(
      /'evm_rules': \[evmEndpoint, 3, \[\['at', 0, rule\d+\], \['full', 0, rule\d+\]\], errorKinds\d+, checkParams\]/,
    );
    // No params, no checker.
    // A method without x-error-kinds has an empty list.
    expect(table).toMatch(/'thing\.old': \[thingEndpoint, 0, \[\], errorKinds\d+\],/);
  });

  it('gives each function only its own entry, the rules it names and the checker only with params', () => {
    const get = files['actions/thingGet.ts'];
    expect(get).toContain(
      'export function thingGet(\n  core: NodeCore,\n  params: ThingGetParams,',
    );
    expect(get).toContain('options?: ChainCallOptions,\n): Promise<Thing> {');
    expect(get).toMatch(/const entry: MethodEntry = \[thingEndpoint, 0, \[\['id', 1, rule\d+\], /);
    expect(get).toContain("import { checkParams } from '../../checkParams.js';");
    expect(get).not.toContain('thing.old');
    const old = files['actions/thingOld.ts'];
    expect(old).toContain('params?: ThingOldParams');
    expect(old).not.toContain('checkParams');
    expect(old).toContain('@deprecated Deprecated since AvalancheGo v1.2.3.');
    expect(files['actions/idxRange.ts']).toContain('options?: IndexCallOptions');
    expect(files['actions.ts']).toContain("export { evmRules } from './actions/evmRules.js';");
    expect(actionName('avm.getUTXOs')).toBe('avmGetUTXOs');
    expect(actionName('eth_feeConfig')).toBe('ethFeeConfig');
  });

  it('refuses an endpoint variable the call options cannot set', async () => {
    const doc = fixture();
    doc.methods[2].servers = [server('http://{host}/ext/x/{subnet}', { subnet: { default: 'a' } })];
    await expect(generate(doc, healthFixture())).rejects.toThrow(/\{subnet\} have no call option/);
  });

  it('type-checks, dotted method names included', async () => {
    expect(await typecheck(files)).toEqual([]);
  });
});

describe('generate (the project spec)', () => {
  let doc;
  let files;
  beforeAll(async () => {
    doc = await assembleOpenRpc(specDir);
    const health = parse(await readFile(join(specDir, 'health.openapi.yaml'), 'utf8'));
    files = await generate(doc, health);
  });

  it('covers every method of the spec in the runtime table, the types and the functions', () => {
    const count = doc.methods.length;
    expect(count).toBeGreaterThan(30);
    const entries = files['table.ts'].match(/^ {2}'[^']+': \[/gm) ?? [];
    expect(entries).toHaveLength(count);
    for (const m of doc.methods) expect(files['methods.ts']).toContain(`  '${m.name}': {`);
    expect(Object.keys(files).filter((f) => f.startsWith('actions/'))).toHaveLength(count);
  });

  it('leaves the path filler and the checker out of infoGetNodeVersion', () => {
    expect(files['parts.ts']).toContain(
      "export const infoEndpoint: EndpointEntry = ['/ext/info', {}, 'info'];",
    );
    expect(files['actions/infoGetNodeVersion.ts']).toContain(
      'const entry: MethodEntry = [infoEndpoint, 0, [], nodeErrorKinds];',
    );
    expect(files['actions/infoGetNodeVersion.ts']).not.toContain('checkParams');
  });

  it('emits the error kinds: shared entries one constant each, a list per method without spreads', () => {
    const parts = files['parts.ts'];
    for (const [table, entries] of Object.entries(doc['x-error-kinds'])) {
      expect(parts).toContain(
        `export const ${table}ErrorKinds: ErrorKinds = [${entries.map((_, i) => `${table}ErrorKind${i}`).join(', ')}];`,
      );
    }
    expect(parts).not.toMatch(/ErrorKinds = \[[^\n]*\.\.\./);
    // Each method's own patterns come first, as regular expressions of the spec.
    const own = doc.methods.find((m) => m.name === 'avm.getBlockByHeight')['x-error-kinds'];
    const name = /import \{[^}]*\b(errorKinds\d+)\b/.exec(
      files['actions/avmGetBlockByHeight.ts'],
    )[1];
    const line = parts.split('\n').find((l) => l.startsWith(`export const ${name}:`));
    expect(line).toContain(
      `['${own.patterns[0].kind}', ${own.patterns[0].code}, ${new RegExp(own.patterns[0].pattern, 'u')}]`,
    );
    expect(line).toMatch(/nodeErrorKind0, nodeErrorKind1, nodeErrorKind2\];$/);
  });

  it('finds the leading segments every endpoint path shares, health paths included', () => {
    expect(files['parts.ts']).toContain('export const endpointPrefix = /\\/ext(?:\\/|$)/;');
    expect(endpointPrefix([{ endpoint: '/a/b/{x}' }, { endpoint: '/a/b/c' }], ['/a/b'])).toBe(
      String(/\/a\/b(?:\/|$)/),
    );
    expect(() => endpointPrefix([{ endpoint: '/a' }], ['/b'])).toThrow(/share no leading segment/);
  });

  it('tags every deprecated method with @deprecated and its version', () => {
    for (const m of doc.methods.filter((x) => x.deprecated)) {
      const since = m['x-deprecated-since'];
      const tag = since
        ? `@deprecated Deprecated since AvalancheGo ${since}.`
        : '@deprecated Deprecated.';
      const count = files['methods.ts'].split(tag).length - 1;
      // once in NodeMethods, once in the namespace interface
      expect(count, m.name).toBeGreaterThanOrEqual(2);
    }
  });

  it('routes the five index paths and the namespaces the client exposes', () => {
    expect(files['methods.ts']).toContain(
      "export type IndexPath = 'C/block' | 'P/block' | 'X/tx' | 'X/block' | 'X/vtx';",
    );
    for (const iface of [
      'AvmMethods',
      'InfoMethods',
      'HealthMethods',
      'IndexMethods',
      'EvmMethods',
      'ValidatorsMethods',
    ]) {
      expect(files['methods.ts']).toContain(`export interface ${iface}<O> {`);
    }
  });

  it('type-checks', async () => {
    expect(await typecheck(files)).toEqual([]);
  });
});

describe('writeGenerated and --check', () => {
  let out;
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'gen-node-rpc-out-'));
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('reports stale files without writing in check mode, then writes and is clean', async () => {
    const files = { 'a.ts': 'x\n', 'b.md': 'y\n' };
    expect(await writeGenerated(files, out, { check: true })).toEqual(['a.ts', 'b.md']);
    expect(await writeGenerated(files, out)).toEqual(['a.ts', 'b.md']);
    expect(await writeGenerated(files, out, { check: true })).toEqual([]);
    expect(await readFile(join(out, 'a.ts'), 'utf8')).toBe('x\n');
  });

  it('counts a file of a generated folder that is no longer generated as stale, and removes it', async () => {
    await writeGenerated({ 'f/keep.ts': 'k\n', 'f/gone.ts': 'g\n' }, out);
    const files = { 'f/keep.ts': 'k\n' };
    expect(await writeGenerated(files, out, { check: true })).toEqual(['f/gone.ts']);
    expect(await readdir(join(out, 'f'))).toEqual(['gone.ts', 'keep.ts']);
    expect(await writeGenerated(files, out)).toEqual(['f/gone.ts']);
    expect(await readdir(join(out, 'f'))).toEqual(['keep.ts']);
  });

  it('main --check exits 1 on stale output and 0 once generated', async () => {
    const spec = join(out, 'spec.json');
    const health = join(out, 'health.json');
    await writeFile(spec, JSON.stringify(fixture()));
    await writeFile(health, JSON.stringify(healthFixture()));
    const gen = join(out, 'generated');
    const args = ['--spec', spec, '--health', health, '--out', gen];
    const log = console.log;
    const error = console.error;
    console.log = console.error = () => {};
    try {
      expect(await main([...args, '--check'])).toBe(1);
      expect(await main(args)).toBe(0);
      expect(await main([...args, '--check'])).toBe(0);
    } finally {
      console.log = log;
      console.error = error;
    }
  });
});
