// The README's library example type-checks against the built package's declarations, so
// it can only show the real API.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const pkg = new URL('../', import.meta.url).pathname;

test('the README library example compiles', { timeout: 60000 }, async () => {
  const readme = await readFile(join(pkg, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Library'));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  expect(code).toContain("from '@avalanche-api/conformance'");
  // .mts: an ES module wherever it sits, so top-level await is allowed.
  const file = join(await mkdtemp(join(tmpdir(), 'readme-')), 'example.mts');
  await writeFile(file, code ?? '');
  const program = ts.createProgram([file], {
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ['node'],
    typeRoots: [join(pkg, 'node_modules/@types')],
    paths: { '@avalanche-api/conformance': [join(pkg, 'dist/index.d.ts')] },
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(problems).toEqual([]);
});
