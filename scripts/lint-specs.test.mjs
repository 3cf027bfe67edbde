// `pnpm specs:lint` on a scratch copy of the specs with the README's new REST operation
// (test-fixtures/add-endpoint): with its promises it passes; without them, or without the
// content type, the lint names the operation and what to add, before any test reads the specs.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promiseLint } from './lint-specs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let specs;
const pathFile = () => join(specs, 'data-api/paths/scratch-blockchain.yaml');

async function edit(file, from, to) {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file}: no ${from}`);
  await writeFile(file, text.replace(from, to));
}

beforeAll(async () => {
  specs = join(await mkdtemp(join(tmpdir(), 'lint-specs-')), 'specs');
  for (const entry of [
    'data-api',
    'metrics-api',
    'node-rpc',
    'x-promises.schema.json',
    'rules.yaml',
    'seeds',
  ])
    await cp(join(root, 'specs', entry), join(specs, entry), { recursive: true });
  await cp(join(root, 'scripts/test-fixtures/add-endpoint'), specs, { recursive: true });
  await edit(
    join(specs, 'data-api/openapi.yaml'),
    '    $ref: ./paths/blockchains.yaml\n',
    '    $ref: ./paths/blockchains.yaml\n  /v1/networks/{network}/scratch/{blockchainId}:\n    $ref: ./paths/scratch-blockchain.yaml\n',
  );
  await edit(
    join(specs, 'node-rpc/openrpc.yaml'),
    'components:\n  tags:\n',
    'components:\n  tags:\n    scratch:\n      name: scratch\n      description: A test-only namespace.\n',
  );
});
afterAll(() => rm(dirname(specs), { recursive: true, force: true }));

describe('pnpm specs:lint and the promises of a new operation', () => {
  it('passes the new operation and method with their promises', async () => {
    expect(await promiseLint(specs)).toEqual([]);
  });

  it('names an operation without x-promises and says what to add', async () => {
    const original = await readFile(pathFile(), 'utf8');
    await writeFile(pathFile(), original.replace(/\n {2}x-promises:\n(?: {4}.*\n)+/, '\n'));
    const problems = await promiseLint(specs);
    await writeFile(pathFile(), original);
    expect(problems).toEqual([
      expect.stringMatching(
        /^data-api getScratchBlockchain \(GET \/v1\/networks\/\{network\}\/scratch\/\{blockchainId\}\): no x-promises; add an x-promises block with at least `contentType: application\/json`.*x-promises\.schema\.json/,
      ),
    ]);
  });

  it('names an operation whose promises lack the content type', async () => {
    await edit(pathFile(), '    contentType: application/json\n', '');
    const problems = await promiseLint(specs);
    await edit(pathFile(), '    notFound:\n', '    contentType: application/json\n    notFound:\n');
    expect(problems).toEqual([
      expect.stringContaining(
        'data-api getScratchBlockchain (GET /v1/networks/{network}/scratch/{blockchainId}): x-promises lacks contentType; add `contentType: application/json`',
      ),
    ]);
  });

  it('names every node method when the document no longer promises their content type', async () => {
    const openrpc = join(specs, 'node-rpc/openrpc.yaml');
    const original = await readFile(openrpc, 'utf8');
    await edit(openrpc, '\nx-promises:\n  contentType: application/json\n', '\n');
    const problems = await promiseLint(specs);
    await writeFile(openrpc, original);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^node-rpc scratch\.getHeight: no x-promises; add an x-promises block with at least `contentType: application\/json`/,
        ),
      ]),
    );
    // The rule audit notices too: the seed's wire-format rule pointed at that promise.
    const audit = problems.filter((p) => p.startsWith('rules: '));
    expect(audit).toEqual([
      'rules: rule node.content-type: node-rpc (document) x-promises has nothing at /contentType',
    ]);
    const own = problems.filter((p) => !audit.includes(p));
    expect(own.every((p) => p.startsWith('node-rpc '))).toBe(true);
    expect(own.length).toBeGreaterThan(30);
  });
});
