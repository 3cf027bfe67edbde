import { describe, expect, it } from 'vitest';
import {
  bundleTarget,
  judgeTargets,
  mark,
  roundsWon,
  speedTarget,
  timingTarget,
} from './targets.mjs';

const label = (id) => id;
const row = (id, median, perRound) => ({
  id,
  ratio: { median, min: median, max: median },
  rounds: perRound.map((callsPerSec) => (callsPerSec ? { callsPerSec } : undefined)),
});
const calls = (rows) => ({ groups: [{ group: 'data-1', title: 'page', rows }] });

describe('speedTarget', () => {
  it('passes when ours is at least the peer, and counts the rounds it led', () => {
    const got = speedTarget(
      calls([row('ours', 0.7, [70, 60, 80]), row('peer', 0.6, [60, 65, 60])]),
      ['data-1', 'ours', 'peer', 1],
      label,
    );
    expect(got.pass).toBe(true);
    expect(got.measured).toBe('0.70 vs 0.60 of the floor; ahead in 2/3 rounds');
  });

  it('fails when ours is below the peer', () => {
    const got = speedTarget(
      calls([row('ours', 0.59, [1]), row('peer', 0.6, [2])]),
      ['data-1', 'ours', 'peer', 1],
      label,
    );
    expect(got.pass).toBe(false);
  });

  it('applies the factor: 1.9× is not 2×', () => {
    const target = ['data-1', 'ours', 'peer', 2];
    const below = speedTarget(
      calls([row('ours', 0.19, [1]), row('peer', 0.1, [1])]),
      target,
      label,
    );
    const at = speedTarget(calls([row('ours', 0.2, [1]), row('peer', 0.1, [1])]), target, label);
    expect([below.pass, at.pass]).toEqual([false, true]);
    expect(at.target).toMatch(/ours ≥ 2× peer/);
  });

  it('says "not measured" when a side failed or did not run, never pass', () => {
    const failed = speedTarget(
      calls([{ id: 'ours', error: 'boom' }, row('peer', 0.6, [1])]),
      ['data-1', 'ours', 'peer', 1],
      label,
    );
    const absent = speedTarget(
      calls([row('peer', 0.6, [1])]),
      ['data-1', 'ours', 'peer', 1],
      label,
    );
    expect([failed.pass, absent.pass]).toEqual([undefined, undefined]);
    expect(failed.measured).toBe('ours failed');
    expect(absent.measured).toBe('ours not run');
    expect(mark(failed.pass)).toBe('not measured');
  });
});

describe('roundsWon', () => {
  it('only counts rounds both ran', () => {
    expect(roundsWon(row('a', 1, [5, 5, undefined]), row('b', 1, [4, undefined, 9]))).toEqual({
      won: 1,
      both: 1,
    });
  });
});

describe('bundleTarget and timingTarget', () => {
  it('judges the gzip size against the budget, inclusive', () => {
    const at = bundleTarget(
      { rows: [{ id: 'ours-data-core', gzipBytes: 4096 }] },
      'ours-data-core',
      label,
    );
    const over = bundleTarget(
      { rows: [{ id: 'ours-data-core', gzipBytes: 4097 }] },
      'ours-data-core',
      label,
    );
    expect([at.pass, over.pass]).toEqual([true, false]);
  });

  it('fails a fast timing whose command went wrong', () => {
    const t = { command: 'x', targetMs: 500, runs: 3, ms: { median: 100 } };
    expect(timingTarget(t).pass).toBe(true);
    expect(timingTarget({ ...t, problem: 'exit 1' }).pass).toBe(false);
    expect(timingTarget({ ...t, ms: { median: 500 } }).pass).toBe(false);
  });

  it('judges only what the run measured', () => {
    expect(judgeTargets({}, label)).toEqual([]);
    expect(judgeTargets({ bundle: { rows: [] } }, label)).toHaveLength(3);
  });
});
