import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';
import * as api from './index.js';
import * as raw from './raw.js';
import * as validate from './validate.js';

// Catches accidental additions or removals in the public API, entry point by entry point.
test('export list', () => {
  expect(Object.keys(api).sort()).toMatchSnapshot();
});

test('export list of ./validate', () => {
  expect(Object.keys(validate).sort()).toMatchSnapshot();
});

test('export list of ./raw', () => {
  expect(Object.keys(raw).sort()).toMatchSnapshot();
});

// Types are invisible to Object.keys; the compiler lists them (the generated named types included).
test('type export list', () => {
  const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error('index.ts not loaded');
  const names = checker.getExportsOfModule(module).map((symbol) => symbol.name);
  expect(names.sort()).toMatchSnapshot();
}, 30_000);
