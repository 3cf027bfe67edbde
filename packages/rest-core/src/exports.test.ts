import { expect, test } from 'vitest';
import * as api from './index.js';

// Catches accidental additions or removals in the public API.
test('export list', () => {
  expect(Object.keys(api).sort()).toMatchSnapshot();
});
