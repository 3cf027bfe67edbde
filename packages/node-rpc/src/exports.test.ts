import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { exportedNames, handWrittenExports } from '../../rest-core/src/test/typescript.js';
import * as generated from './generated/actions.js';
import * as api from './index.js';

// Catches accidental additions or removals in the public API. The snapshot holds the hand-written
// exports; the generated ones (one function per method, the named types) are derived from the
// generated files, which follow the spec.
test('export list', () => {
  expect(handWrittenExports(Object.keys(api), Object.keys(generated))).toMatchSnapshot();
});

// Types are invisible to Object.keys; the compiler lists them. The generated named types are
// checked against generated/names.ts and generated/actions.ts, the rest against the snapshot.
test('type export list', () => {
  const file = (name: string) => fileURLToPath(new URL(name, import.meta.url));
  const fromSpec = ['./generated/names.ts', './generated/actions.ts'].flatMap((f) =>
    exportedNames(file(f)),
  );
  expect(handWrittenExports(exportedNames(file('./index.ts')), fromSpec)).toMatchSnapshot();
  // A whole-program compile: seconds when idle, far more when every core is busy.
}, 120_000);
