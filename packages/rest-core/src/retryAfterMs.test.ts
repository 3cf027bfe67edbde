import { expect, it } from 'vitest';
import { retryAfterMs } from './retryAfterMs.js';

const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');

it.each([
  ['seconds', '30', 30_000],
  ['zero', '0', 0],
  ['an HTTP date', 'Wed, 21 Oct 2026 07:28:30 GMT', 30_000],
  ['a date in the past', 'Wed, 21 Oct 2026 07:27:00 GMT', 0],
  ['negative seconds', '-5', 0],
  ['garbage', 'soon', undefined],
  ['empty', '', undefined],
  ['absent', null, undefined],
] as const)('%s', (_, given, want) => {
  expect(retryAfterMs(given, now)).toBe(want);
});
