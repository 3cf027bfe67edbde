// Issue 31's verdicts on a check-at-scale run: the --jobs one tells noise from slower.
import { describe, expect, test } from 'vitest';
import { judgeScale } from './check-scale.mjs';

const times = (...s) => s.map((x) => ({ wallMs: x * 1000, maxRssKiB: 1, exchanges: 1 }));
const run = (one, two, dflt) => ({
  rows: [],
  jobs: {
    n: 100_000,
    cores: 2,
    picked: 1,
    pickedFor2: 1,
    times: { 'jobs 1': one, 'jobs 2': two, default: dflt },
  },
});
const jobsVerdicts = (scale) => judgeScale(scale).filter((v) => v.target.startsWith('--jobs'));

describe('judgeScale: --jobs no slower than --jobs 1, beyond its own spread', () => {
  test('within --jobs 1 spread over its rounds: not slower', () => {
    const v = jobsVerdicts(
      run(
        times(2.3, 2.6, 2.7, 2.5, 2.6),
        times(2.7, 2.7, 2.2, 2.6, 2.7),
        times(2.7, 2.8, 2.7, 2.6, 2.7),
      ),
    );
    expect(v.map((x) => x.pass)).toEqual([true, true]);
    expect(v[0].measured).toBe('2.7 s vs 2.6 s ± 0.4 s');
  });

  test('past the spread (and past 5 % when --jobs 1 never varied): slower', () => {
    const v = jobsVerdicts(run(times(2.5, 2.5, 2.5), times(2.7, 2.7, 2.7), times(2.6, 2.6, 2.6)));
    expect(v.map((x) => x.pass)).toEqual([false, true]);
  });
});
