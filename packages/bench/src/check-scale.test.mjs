// Issue 31's verdicts on a check-at-scale run: the --jobs one tells noise from slower.
import { describe, expect, test } from 'vitest';
import { judgeScale, steadyState } from './check-scale.mjs';

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

describe('steadyState: check past 400k against the floor, and what 400k took beyond it', () => {
  const row = (kind, n, floorS, checkS) => ({
    kind,
    n,
    floor: { wallMs: floorS * 1000 },
    check: { wallMs: checkS * 1000 },
  });
  test('the rate over the exchanges between the sizes, and the time the smaller took beyond it', () => {
    // 1.6M more exchanges: floor 5.6 s more, check 10 s more (160k/s, 0.56 of the floor);
    // 400k at 160k/s is 2.5 s, so the 400k run's 3.5 s is 1 s beyond.
    const [s] = steadyState({
      rows: [row('jsonl', 400_000, 1.4, 3.5), row('jsonl', 2_000_000, 7, 13.5)],
    });
    expect(s?.kind).toBe('jsonl');
    expect(s?.rate).toBeCloseTo(160_000);
    expect(s?.ratio).toBeCloseTo(0.56);
    expect(s?.beyondMs).toBeCloseTo(1000);
  });
  test('nothing without both sizes, or when the larger run was not longer', () => {
    expect(steadyState({ rows: [row('har', 400_000, 2, 4)] })).toEqual([]);
    expect(steadyState({ rows: [row('har', 400_000, 2, 4), row('har', 2_000_000, 9, 3)] })).toEqual(
      [],
    );
  });
});
