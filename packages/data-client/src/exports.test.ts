import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { exportedNames } from '../../rest-core/src/test/typescript.js';
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
  expect(exportedNames(fileURLToPath(new URL('./index.ts', import.meta.url)))).toMatchSnapshot();
}, 30_000);
