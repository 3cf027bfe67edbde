import { describe, expect, test } from 'vitest';
import { retryAfterMs } from './retry-after.js';

describe('retryAfterMs', () => {
  test.each([
    ['3', 3000],
    ['0', 0],
    ['Wed, 21 Oct 2015 07:28:05 GMT', 5000],
    ['soon', undefined],
    [null, undefined],
  ])('%s', (header, want) => {
    expect(retryAfterMs(header, Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(want);
  });
});
