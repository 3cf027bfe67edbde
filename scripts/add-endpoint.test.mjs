// "How to add an endpoint" (README), done on scratch copies: the specs get a REST operation
// (getScratchBlockchain, with 200 and 404 examples) and a node method on a new namespace and
// endpoint (scratch.getHeight on /ext/bc/Scratch; names no real spec will take) from the files in test-fixtures/add-endpoint/; the generators
// run on them into scratch copies of the client packages, and the compiler checks that the client
// method and the new namespace exist, typed from the spec.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOpenRpc } from './assemble-openrpc.mjs';
import { bundleOpenApi } from './bundle-specs.mjs';
import { generate, writeGenerated as writeNodeRpc } from './generate-node-rpc.mjs';
import { writeGenerated as writeOpenApi } from './generate-openapi-types.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixture = join(root, 'scripts/test-fixtures/add-endpoint');
let scratch;

/** Edits a spec file the way a contributor would: one insertion after an anchor line. */
async function insertAfter(file, anchor, text) {
  const source = await readFile(file, 'utf8');
  if (!source.includes(anchor)) throw new Error(`${file}: no ${anchor}`);
  await writeFile(file, source.replace(anchor, `${anchor}${text}`));
}

/** Type errors of `code` compiled beside the scratch packages, as one string per error. */
function typeErrors(code) {
  const file = join(scratch, 'check.ts');
  const host = ts.createCompilerHost({});
  const read = host.readFile;
  host.readFile = (name) => (name === file ? code : read(name));
  const program = ts.createProgram(
    [file],
    {
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      noUncheckedIndexedAccess: true,
      noImplicitOverride: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
      // The shared runtime from this checkout's sources.
      paths: { '@avalanche-api/rest-core': [join(root, 'packages/rest-core/src/index.ts')] },
    },
    host,
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'add-endpoint-'));
  const specs = join(scratch, 'specs');
  for (const dir of ['data-api', 'node-rpc']) {
    await cp(join(root, 'specs', dir), join(specs, dir), { recursive: true });
  }
  await cp(fixture, specs, { recursive: true });
  await insertAfter(
    join(specs, 'data-api/openapi.yaml'),
    '    $ref: ./paths/blockchains.yaml\n',
    '  /v1/networks/{network}/scratch/{blockchainId}:\n    $ref: ./paths/scratch-blockchain.yaml\n',
  );
  await insertAfter(
    join(specs, 'node-rpc/openrpc.yaml'),
    'components:\n  tags:\n',
    '    scratch:\n      name: scratch\n      description: A test-only namespace.\n',
  );
  const dist = join(specs, 'dist');
  await bundleOpenApi(join(specs, 'data-api/openapi.yaml'), join(dist, 'data-api.json'));
  await bundleOpenApi(join(specs, 'node-rpc/health.openapi.yaml'), join(dist, 'node-health.json'));
  await writeOpenRpc(join(specs, 'node-rpc'), join(dist, 'node-rpc.json'));
  for (const pkg of ['data-client', 'node-rpc']) {
    await cp(join(root, 'packages', pkg, 'src'), join(scratch, pkg, 'src'), {
      recursive: true,
      filter: (f) => !/\.test(-d|-util)?\.ts$|__snapshots__/.test(f),
    });
  }
  await writeOpenApi({
    specPath: join(dist, 'data-api.json'),
    outDir: join(scratch, 'data-client/src/generated'),
    source: 'specs/dist/data-api.json',
  });
  const [doc, health] = await Promise.all(
    ['node-rpc.json', 'node-health.json'].map(async (f) =>
      JSON.parse(await readFile(join(dist, f), 'utf8')),
    ),
  );
  await writeNodeRpc(await generate(doc, health), join(scratch, 'node-rpc/src/generated'));
}, 120_000);

afterAll(() => (scratch ? rm(scratch, { recursive: true, force: true }) : undefined));

const uses = `
import { createDataClient, getScratchBlockchain, type GetScratchBlockchainResult } from './data-client/src/index.js';
import {
  createNodeClient,
  scratchGetHeight,
  type ScratchGetHeightResult,
  type ScratchMethods,
} from './node-rpc/src/index.js';

const data = createDataClient();
export const one: Promise<GetScratchBlockchainResult> = data.getScratchBlockchain({
  network: 'mainnet',
  blockchainId: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
});
export const name = one.then((b) => b.blockchainName.toUpperCase());
export const fn = getScratchBlockchain;
const node = createNodeClient();
export const height: Promise<ScratchGetHeightResult> = node.scratch.getHeight();
export const digits = height.then((h) => h.height.length);
export const methods: ScratchMethods<unknown> = node.scratch;
export const action = scratchGetHeight;
`;

describe('a REST operation and a node method on a new namespace, by spec files only', () => {
  it('the regenerated clients have the operation, the namespace and their types', () => {
    expect(typeErrors(uses)).toEqual([]);
  }, 120_000);

  it('the check can fail: a method the spec does not have, wrong params', () => {
    const errors = typeErrors(`
      import { createDataClient } from './data-client/src/index.js';
      import { createNodeClient } from './node-rpc/src/index.js';
      export const a = createNodeClient().scratch.getHeightz();
      export const b = createDataClient().getScratchBlockchain({ network: 'mainnet' });
    `);
    expect(errors.join('\n')).toMatch(/getHeightz/);
    expect(errors.join('\n')).toMatch(/blockchainId/);
  }, 120_000);

  it('the new namespace goes to its own endpoint, and the operation to its path', async () => {
    const table = await readFile(join(scratch, 'node-rpc/src/generated/parts.ts'), 'utf8');
    expect(table).toContain(
      "export const scratchEndpoint: EndpointEntry = ['/ext/bc/Scratch', {}, 'scratch'];",
    );
    const functions = await readFile(
      join(scratch, 'data-client/src/generated/functions.ts'),
      'utf8',
    );
    expect(functions).toContain(
      'p: ["/v1/networks/", 0, "/scratch/", 1], n: ["network", "blockchainId"]',
    );
  });
});
