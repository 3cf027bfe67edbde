import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleOpenApi, openApiDocuments, specsDir } from './bundle-specs.mjs';

const redocly = fileURLToPath(new URL('node_modules/.bin/redocly', import.meta.url));

let dir;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bundle-specs-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes `files` (name -> text) under a fresh folder; its path. */
async function sources(files) {
  const root = await mkdtemp(join(dir, 'src-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(root, name, '..'), { recursive: true });
    await writeFile(join(root, name), text);
  }
  return root;
}

const ROOT = `openapi: 3.1.0
info: {title: t, version: '1'}
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: ./schemas/Thing.yaml
`;

describe('bundleOpenApi', () => {
  it('gathers the split files into one document, written as the redocly CLI writes it', async () => {
    const src = await sources({
      'openapi.yaml': ROOT,
      'schemas/Thing.yaml': 'type: object\nproperties:\n  id: {type: string}\n',
    });
    const out = join(dir, 'nested', 'thing.json');
    expect(await bundleOpenApi(join(src, 'openapi.yaml'), out)).toBe(out);
    const text = await readFile(out, 'utf8');
    expect(text.endsWith('}')).toBe(true);
    const doc = JSON.parse(text);
    expect(text).toBe(JSON.stringify(doc, null, 2));
    expect(doc.paths['/things'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Thing',
    });
    expect(doc.components.schemas.Thing).toEqual({
      type: 'object',
      properties: { id: { type: 'string' } },
    });
  });

  it.each([
    [
      'a $ref to a missing file',
      { 'openapi.yaml': ROOT },
      /bundling .*openapi\.yaml failed:\n {2}Can't resolve \$ref: .*schemas\/Thing\.yaml.* \(openapi\.yaml #\/paths\/~1things\/get\/responses\/200\/content\/application~1json\/schema\)$/,
    ],
    [
      'a pointer that does not resolve',
      {
        'openapi.yaml': ROOT,
        'schemas/Thing.yaml': "type: object\nproperties:\n  id: {$ref: '#/nowhere'}\n",
      },
      /bundling .*openapi\.yaml failed:\n {2}Can't resolve \$ref \(schemas\/Thing\.yaml #\/properties\/id\)$/,
    ],
    [
      'YAML that does not parse',
      { 'openapi.yaml': "openapi: 3.1.0\ninfo: {title: t, version: '1'\npaths: {}\n" },
      /bundling .*openapi\.yaml failed: .*openapi\.yaml/,
    ],
  ])(
    'fails on %s, naming the document and the place, and writes nothing',
    async (_, files, want) => {
      const src = await sources(files);
      const out = join(dir, `never-${Math.random()}.json`);
      await expect(bundleOpenApi(join(src, 'openapi.yaml'), out)).rejects.toThrow(want);
      await expect(readFile(out)).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );

  // The library replaced `redocly bundle` in `pnpm generate`; the bundles must not change.
  it.each(openApiDocuments.map((d) => [d.name, d.source]))(
    'bundles specs/%s byte for byte as the redocly CLI does',
    async (name, source) => {
      const ours = join(dir, `${name}.ours.json`);
      const cli = join(dir, `${name}.cli.json`);
      await bundleOpenApi(join(specsDir, source), ours);
      await promisify(execFile)(redocly, ['bundle', join(specsDir, source), '-o', cli], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      expect(await readFile(ours, 'utf8')).toBe(await readFile(cli, 'utf8'));
    },
  );
});
