import { describe, expect, it } from 'vitest';
import { median, percentile, ratiosToFloor, rotation, spread } from './stats.mjs';

describe('median and spread', () => {
  it.each([
    ['odd count', { given: [5, 1, 3], want: 3 }],
    ['even count, mean of the middle two', { given: [4, 1, 3, 2], want: 2.5 }],
    ['one value', { given: [7], want: 7 }],
  ])('%s', (_, { given, want }) => {
    expect(median(given)).toBe(want);
  });

  it('leaves its input unsorted', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('gives median, min and max', () => {
    expect(spread([0.9, 0.5, 1.5, 0.7])).toEqual({ median: 0.8, min: 0.5, max: 1.5 });
  });

  it('takes the nearest-rank percentile', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 99)).toBe(10);
    expect(percentile(sorted, 0)).toBe(1);
  });
});

describe('ratiosToFloor', () => {
  it('divides each round by the floor of the same round', () => {
    const floor = [{ callsPerSec: 1000 }, { callsPerSec: 500 }];
    const subject = [{ callsPerSec: 800 }, { callsPerSec: 450 }];
    expect(ratiosToFloor(subject, floor)).toEqual([0.8, 0.9]);
  });

  it('takes CPU time per call the other way up, so above 1 still means faster', () => {
    const floor = [{ callsPerSec: 1, cpuUsPerCall: 30 }];
    const subject = [{ callsPerSec: 1, cpuUsPerCall: 60 }];
    expect(ratiosToFloor(subject, floor, 'cpuUsPerCall')).toEqual([0.5]);
  });

  it('skips a round either side lacks instead of pairing it with another round', () => {
    const floor = [{ callsPerSec: 1000 }, undefined, { callsPerSec: 400 }];
    const subject = [undefined, { callsPerSec: 900 }, { callsPerSec: 200 }];
    expect(ratiosToFloor(subject, floor)).toEqual([0.5]);
  });
});

describe('rotation', () => {
  it('starts each round one subject later, wrapping around', () => {
    expect(rotation(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(rotation(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(rotation(['a', 'b', 'c'], 4)).toEqual(['b', 'c', 'a']);
    expect(rotation([], 3)).toEqual([]);
  });
});
