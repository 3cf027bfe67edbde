// The default worker count of `check`: a pool only with idle cores beyond the reading thread.
import { describe, expect, test } from 'vitest';
import { defaultJobs, jobsFor } from './check-run.js';

describe('defaultJobs', () => {
  test.each([
    [1, 0, 1],
    [2, 0, 1],
    [2, 1.5, 1],
    [3, 0, 2],
    [4, 0.4, 3],
    [8, 0, 7],
    [8, 5, 3],
    [8, 6.5, 1],
    [8, 30, 1],
  ])('%i cores at load %f: %i', (cores, load, jobs) => {
    expect(defaultJobs(cores, load)).toBe(jobs);
  });
});

describe('jobsFor: --jobs is a ceiling, lowered to what pays', () => {
  test.each([
    // [--jobs, cores, load, threads]
    [undefined, 2, 0, 1],
    [undefined, 8, 0, 7],
    [1, 8, 0, 1],
    [2, 2, 0, 1],
    [8, 2, 0, 1],
    [2, 8, 0, 2],
    [16, 8, 0, 7],
    [16, 8, 5, 3],
    [4, 8, 6.5, 1],
    [0, 8, 0, 1],
  ])('--jobs %s on %i cores at load %f: %i', (requested, cores, load, threads) => {
    expect(jobsFor(requested, cores, load)).toBe(threads);
  });

  test('never more than asked, nor than the default would take', () => {
    for (let cores = 1; cores <= 16; cores++)
      for (const load of [0, 0.5, 1.5, 3, 9])
        for (let requested = 1; requested <= 20; requested++) {
          const threads = jobsFor(requested, cores, load);
          expect(threads).toBeGreaterThanOrEqual(1);
          expect(threads).toBeLessThanOrEqual(Math.min(requested, defaultJobs(cores, load)));
        }
  });
});
