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
