import { expect, it } from 'vitest';
import { retryAfterMs } from './retryAfterMs.js';

const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');

it.each([
  ['seconds', '30', 30_000],
  ['zero', '0', 0],
  ['an HTTP date', 'Wed, 21 Oct 2026 07:28:30 GMT', 30_000],
  ['a date in the past', 'Wed, 21 Oct 2026 07:27:00 GMT', 0],
  ['an obsolete RFC 850 date', 'Wednesday, 21-Oct-26 07:28:30 GMT', 30_000],
  ['an asctime date', 'Wed Oct 21 07:28:30 2026', 30_000],
  ['negative seconds', '-5', undefined],
  ['garbage', 'soon', undefined],
  ['words and a number (Date.parse reads it as 2001)', 'later 5', undefined],
  ['hex', '0x10', undefined],
  ['an exponent', '1e3', undefined],
  ['a fraction', '1.5', undefined],
  ['a date without its zone', 'Wed, 21 Oct 2026 07:28:30', undefined],
  ['a date in another zone', 'Wed, 21 Oct 2026 07:28:30 +0000', undefined],
  ['words before a time', 'Later 07:28:30 GMT', undefined],
  ['an unknown month', 'Wed, 21 Foo 2026 07:28:30 GMT', undefined],
  ['an hour past 23', 'Wed, 21 Oct 2026 25:28:30 GMT', undefined],
  ['empty', '', undefined],
  ['absent', null, undefined],
] as const)('%s', (_, given, want) => {
  expect(retryAfterMs(given, now)).toBe(want);
});
