import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { exportedNames } from '../../rest-core/src/test/typescript.js';
import * as generated from './generated/actions.js';
import * as api from './index.js';

// Catches accidental additions or removals in the public API. The snapshot holds the hand-written
// exports; the generated ones (one function per method, the named types) are derived from the
// generated files, which follow the spec.
const perMethod = Object.keys(generated);

test('export list', () => {
  expect(perMethod.length).toBeGreaterThan(0);
  expect(Object.keys(api)).toEqual(expect.arrayContaining(perMethod));
  expect(
    Object.keys(api)
      .filter((name) => !perMethod.includes(name))
      .sort(),
  ).toMatchSnapshot();
});

// Types are invisible to Object.keys; the compiler lists them. The generated named types are
// checked against generated/names.ts and generated/actions.ts, the rest against the snapshot.
test('type export list', () => {
  const file = (name: string) => fileURLToPath(new URL(name, import.meta.url));
  const all = exportedNames(file('./index.ts'));
  const fromSpec = new Set([
    ...exportedNames(file('./generated/names.ts')),
    ...exportedNames(file('./generated/actions.ts')),
  ]);
  expect(fromSpec.size).toBeGreaterThan(0);
  expect(all).toEqual(expect.arrayContaining([...fromSpec]));
  expect(all.filter((name) => !fromSpec.has(name))).toMatchSnapshot();
}, 30_000);
