import { expect, test } from 'vitest';
import { handWrittenFiles, longFunctions, MAX_LINES, scan } from './long-functions.mjs';

const fn = (lines) =>
  `export function f() {\n${'  x();\n'.repeat(lines - 2)}}\nconst g = () => {\n${'  y();\n'.repeat(lines - 2)}};\n`;

test('a function of 150 lines passes; one of 151 is listed, with its name and line', () => {
  expect(longFunctions(fn(MAX_LINES), 'a.ts')).toEqual([]);
  expect(longFunctions(fn(MAX_LINES + 1), 'a.mjs')).toEqual([
    { name: 'f', line: 1, lines: 151 },
    { name: 'g', line: 152, lines: 151 },
  ]);
});

test('generated code and tests are not scanned; hand-written sources are', () => {
  const files = handWrittenFiles();
  expect(files).toContain('packages/node-rpc/src/createNodeClient.ts');
  expect(files).toContain('scripts/generate-node-rpc.mjs');
  expect(files.filter((f) => /\/generated\/|\.test\./.test(f))).toEqual([]);
});

test('no hand-written function is over 150 lines', () => {
  const found = scan();
  expect(found.map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`)).toEqual([]);
}, 60_000);
