// `avalanche-conformance diff` end to end, as a child process on files written to a temp folder.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { defaultSpecDir } from '../model/specs.js';
import { recordingsToHar } from '../recordings/har.js';
import { loadRecordings } from '../recordings/recordings.js';
import { run } from '../test/cli-run.js';

const corpus = new URL('../../../../specs/recordings/', import.meta.url).pathname;

let dir: string;
const oldDir = () => join(dir, 'old');
const newDir = () => join(dir, 'new');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-diff-'));
  await mkdir(oldDir());
  await mkdir(newDir());
  for (const name of ['data-api', 'metrics-api', 'node-rpc']) {
    const text = await readFile(join(defaultSpecDir, `${name}.json`), 'utf8');
    await writeFile(join(oldDir(), `${name}.json`), text);
    const doc = JSON.parse(text);
    if (name === 'data-api') doc.components.schemas.EvmBlock.properties.txCount.type = 'string';
    if (name === 'node-rpc') doc.info.description = 'Reworded.';
    // The new side in YAML: the kind and format are read from the file.
    if (name === 'metrics-api') await writeFile(join(newDir(), `${name}.yaml`), stringify(doc));
    else await writeFile(join(newDir(), `${name}.json`), JSON.stringify(doc));
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The operationIds whose answers reach `target` (a `$ref`), read from the bundled spec. */
async function operationsReaching(spec: string, target: string): Promise<string[]> {
  const doc = JSON.parse(await readFile(join(defaultSpecDir, `${spec}.json`), 'utf8'));
  const resolve = (ref: string) =>
    ref
      .slice(2)
      .split('/')
      .reduce((node, token) => node?.[token.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  const reaches = (node: unknown, seen: Set<string>): boolean => {
    if (Array.isArray(node)) return node.some((n) => reaches(n, seen));
    if (!node || typeof node !== 'object') return false;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      if (ref === target) return true;
      if (seen.has(ref)) return false;
      seen.add(ref);
      return reaches(resolve(ref), seen);
    }
    return Object.values(node).some((n) => reaches(n, seen));
  };
  const ops: string[] = [];
  for (const item of Object.values(doc.paths) as Record<string, Record<string, unknown>>[])
    for (const op of Object.values(item))
      if (op?.operationId && reaches(op.responses, new Set())) ops.push(op.operationId as string);
  return ops.sort();
}
const returningEvmBlock = () => operationsReaching('data-api', '#/components/schemas/EvmBlock');

describe('diff', () => {
  test('two folders: the txCount type change is breaking for clients of each operation returning it', async () => {
    const { code, stdout } = await run(['diff', oldDir(), newDir(), '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.summary).toEqual({ client: 'breaking', server: 'breaking' });
    const txCount = report.changes.filter((c: { rule: string }) => c.rule === 'type-changed');
    const returning = await returningEvmBlock();
    expect(returning).toContain('getLatestBlocks');
    expect(txCount.map((c: { operation: string }) => c.operation).sort()).toEqual(returning);
    expect(txCount[0]).toEqual({
      spec: 'data-api',
      operation: expect.any(String),
      location: '/components/schemas/EvmBlock/properties/txCount/type',
      rule: 'type-changed',
      client: 'breaking',
      server: 'breaking',
      message: expect.stringContaining('txCount: type "integer" → "string"'),
    });
    expect(report.changes.filter((c: { spec: string }) => c.spec === 'metrics-api')).toEqual([]);
    expect(report.changes.find((c: { spec: string }) => c.spec === 'node-rpc')).toMatchObject({
      operation: '*',
      rule: 'description-changed',
      client: 'docs',
    });
  });

  test('text and markdown name the change; --fail-on breaking exits 1', async () => {
    const text = await run(['diff', oldDir(), newDir(), '--fail-on', 'breaking']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/client breaking +server breaking +getBlock: body\.txCount/);
    expect(text.stdout).toContain('most severe for clients: breaking, for servers: breaking');
    const md = await run(['diff', oldDir(), newDir(), '--format', 'markdown']);
    expect(md.stdout).toContain(
      '| `getBlock` | body.txCount: type "integer" → "string" | breaking | breaking | `type-changed` |',
    );
  });

  test('unchanged documents: "none", exit 0 even with --fail-on docs', async () => {
    const { code, stdout } = await run([
      'diff',
      join(oldDir(), 'data-api.json'),
      join(oldDir(), 'data-api.json'),
      '--format',
      'json',
      '--fail-on',
      'docs',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      changes: [],
      summary: { client: 'none', server: 'none' },
    });
  });

  test('--usage: operations the recordings never called are marked unseen, a warning for clients', async () => {
    const { stdout } = await run([
      'diff',
      oldDir(),
      newDir(),
      '--format',
      'json',
      '--usage',
      corpus,
    ]);
    const report = JSON.parse(stdout);
    const byOp = Object.fromEntries(
      report.changes
        .filter((c: { rule: string }) => c.rule === 'type-changed')
        .map((c: { operation: string }) => [c.operation, c]),
    );
    // list-latest-blocks.1.json reads blocks[].txCount; no recording calls getBlock.
    expect(byOp.getLatestBlocks).toMatchObject({ client: 'breaking' });
    expect(byOp.getLatestBlocks).not.toHaveProperty('usage');
    expect(byOp.getBlock).toMatchObject({ client: 'warning', usage: 'unseen' });
  });

  test('--usage reads HAR too: getLatestBlocks traffic as HAR keeps its change breaking', async () => {
    const recordings = await loadRecordings(join(corpus, 'data-api'));
    const har = join(dir, 'traffic.har');
    await writeFile(
      har,
      JSON.stringify(recordingsToHar(recordings.filter((r) => r.file.includes('latest-blocks')))),
    );
    const { stdout } = await run(['diff', oldDir(), newDir(), '--format', 'json', '--usage', har]);
    const changes = JSON.parse(stdout).changes.filter(
      (c: { rule: string }) => c.rule === 'type-changed',
    );
    expect(
      changes.map((c: { operation: string; client: string }) => [c.operation, c.client]).sort(),
    ).toEqual(
      // Only getLatestBlocks is in the traffic; every other operation returning a block is unseen.
      (await returningEvmBlock()).map((op) => [
        op,
        op === 'getLatestBlocks' ? 'breaking' : 'warning',
      ]),
    );
  });

  test.each([
    ['a file that is not a spec', '{"swagger":"2.0"}', 'neither an OpenAPI 3.1 document'],
    [
      'an unresolved $ref',
      '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/a":{"get":{"responses":{"200":{"$ref":"#/components/responses/Gone"}}}}}}',
      '$ref #/components/responses/Gone does not resolve',
    ],
  ])('%s is a usage error naming the file, exit 2', async (_name, text, problem) => {
    const file = join(dir, 'broken.json');
    await writeFile(file, text);
    const { code, stderr, stdout } = await run(['diff', join(oldDir(), 'data-api.json'), file]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`error: ${file}: `);
    expect(stderr).toContain(problem);
  });

  test.each([
    [['diff', 'only-one'], 'name exactly two documents or folders'],
    [['diff', 'a', 'b', '--format', 'junit'], '--format: "junit" must be text, json or markdown'],
    [['diff', 'a', 'b', '--fail-on', 'fatal'], '--fail-on: "fatal" must be'],
    [['diff', 'a', 'b', '--bogus'], 'unknown option --bogus'],
  ])('%j is a usage error', async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('avalanche-conformance diff --help');
  });

  test('--help lists the options', async () => {
    const { code, stdout } = await run(['diff', '--help']);
    expect(code).toBe(0);
    for (const option of ['--format', '--usage', '--fail-on', '--output'])
      expect(stdout).toContain(option);
  });
});
