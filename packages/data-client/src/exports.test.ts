import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { exportedNames, handWrittenExports } from '../../rest-core/src/test/typescript.js';
import * as generated from './generated/functions.js';
import * as api from './index.js';
import * as raw from './raw.js';
import * as validate from './validate.js';

// Catches accidental additions or removals in the public API, entry point by entry point. The
// snapshot holds the hand-written exports; the generated ones (one function per operation, one
// named type per schema and operation) are derived from the generated files, which follow the spec.
test('export list', () => {
  expect(handWrittenExports(Object.keys(api), Object.keys(generated))).toMatchSnapshot();
});

test('export list of ./validate', () => {
  expect(Object.keys(validate).sort()).toMatchSnapshot();
});

test('export list of ./raw', () => {
  expect(Object.keys(raw).sort()).toMatchSnapshot();
});

// Types are invisible to Object.keys; the compiler lists them. The generated named types are
// checked against generated/names.ts and generated/functions.ts, the rest against the snapshot.
test('type export list', () => {
  const file = (name: string) => fileURLToPath(new URL(name, import.meta.url));
  const fromSpec = ['./generated/names.ts', './generated/functions.ts'].flatMap((f) =>
    exportedNames(file(f)),
  );
  expect(handWrittenExports(exportedNames(file('./index.ts')), fromSpec)).toMatchSnapshot();
}, 30_000);
