// The default worker count of `check`: a pool only with idle cores beyond the reading thread.
import { describe, expect, test } from 'vitest';
import { defaultJobs } from './check-run.js';

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
