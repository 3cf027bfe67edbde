// How many threads `check` runs on, and its batches on workers: order kept, nothing waits on a starved worker.
import { describe, expect, test } from 'vitest';
import { defaultSpecDir, Specs } from '../model/specs.js';
import { batchItem, parseRaw, type RawBatch } from '../recordings/capture-input.js';
import type { Recording } from '../recordings/recordings.js';
import { passingRecordings } from '../test/captures.js';
import {
  type CheckPool,
  checkBatch,
  checkOne,
  defaultJobs,
  jobsFor,
  runCheck,
  unpackBatch,
} from './check-run.js';
import type { CheckedItem } from './report.js';

const line = (r: Recording) => `${JSON.stringify({ ...r, file: undefined })}\n`;

/** Lines end to end as one batch of `cap.jsonl`, numbered from `first`. */
function batchOf(lines: string[], first: number): RawBatch {
  const starts: number[] = [];
  const ends: number[] = [];
  let end = 0;
  for (const l of lines) {
    starts.push(end);
    end += Buffer.byteLength(l);
    ends.push(end);
  }
  const at = lines.map((_, k) => first + k);
  return {
    bytes: Buffer.from(lines.join('')),
    starts,
    ends,
    at,
    file: 'cap.jsonl',
    format: 'jsonl',
  };
}

describe('defaultJobs: threads in all, workers only where they pay', () => {
  test.each([
    // [cores, load, threads]
    [1, 0, 1],
    [2, 0, 1],
    [2, 1.5, 1],
    [3, 0, 2],
    [4, 0.4, 3],
    [8, 0, 7],
    [8, 5, 3],
    [8, 6.5, 1],
    [8, 30, 1],
  ])('%i cores at load %f: %i', (cores, load, threads) => {
    expect(defaultJobs(cores, load)).toBe(threads);
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

describe('a batch checked on a worker comes back as the same results, in order', () => {
  test('passes as numbers, the rest whole, through a structured clone', async () => {
    const specs = await Specs.load(defaultSpecDir);
    const recordings = await passingRecordings();
    const broken = structuredClone(recordings.find((r) => r.file.includes('avg-tps')) as Recording);
    (broken.response.body as { results: unknown[] }).results[0] = { value: 'fast' };
    const lines = [
      ...recordings.map((r) => line(r)),
      line(broken),
      '{"not": "a recording"}',
      '{ broken',
      '   ',
      ...recordings.slice(0, 3).map((r) => line(r)),
    ];
    const batch = batchOf(lines, 10);
    const settings = { strict: true, exclusions: {} };
    const packed = checkBatch(specs, batch, settings);
    // Most exchanges pass and travel as a number; the broken ones go whole.
    expect(packed.whole.length).toBeLessThan(lines.length / 2);
    expect(packed.codes.filter((c) => c === -2)).toHaveLength(1);
    const unpacked = unpackBatch(batch, structuredClone(packed)).map((o) =>
      'subjects' in o ? o.result : o,
    );
    const expected = lines.flatMap<string | CheckedItem>((_, k) => {
      const parsed = parseRaw(batchItem(batch, k));
      if (!parsed) return [];
      if (!('recording' in parsed)) return [parsed.file];
      return [checkOne(specs, parsed.recording, settings).result];
    });
    expect(unpacked.map((r) => (r.malformed ? r.file : r))).toEqual(expected);
    expect(unpacked.map((r) => r.file)).toEqual(
      lines.flatMap((l, k) => (l.trim() === '' ? [] : [`cap.jsonl:${10 + k}`])),
    );
    expect(unpacked.filter((r) => !r.ok).map((r) => r.file)).toEqual([
      `cap.jsonl:${10 + recordings.length}`,
      `cap.jsonl:${11 + recordings.length}`,
      `cap.jsonl:${12 + recordings.length}`,
    ]);
  });
});

describe('runCheck with workers: order kept, this thread never waits while it has work', () => {
  const settings = { strict: true, exclusions: {}, specsDir: defaultSpecDir };
  /** `n` batches of the corpus's recordings; exchange `broken` (0-based, overall) fails. */
  const batches = (recordings: Recording[], n: number, broken: number[]): RawBatch[] => {
    const out: RawBatch[] = [];
    let at = 0;
    for (let b = 0; b < n; b++) {
      const lines = recordings.map((r) => {
        const copy = structuredClone(r);
        if (broken.includes(at + recordings.indexOf(r))) copy.response.status = 599;
        return line(copy);
      });
      out.push(batchOf(lines, at + 1));
      at += lines.length;
    }
    return out;
  };

  async function* each(input: RawBatch[]) {
    yield* input;
  }

  test('a worker that answers nothing until the input is read: it holds `depth` batches, this thread checks the rest, results in input order', async () => {
    const specs = await Specs.load(defaultSpecDir);
    const recordings = await passingRecordings();
    const n = 12;
    const broken = [3, 5 * recordings.length + 2];
    const input = batches(recordings, n, broken);
    const held: (() => void)[] = [];
    let sent = 0;
    const startPool = async (): Promise<CheckPool> => ({
      run: async (batch) => {
        // Started at once (the empty batch each worker is first sent), then starved.
        if (batch.ends.length === 0) return checkBatch(specs, batch, settings);
        sent++;
        // Answers (in reverse order) only once the whole input has been read.
        const answer = checkBatch(specs, batch, settings);
        return new Promise((resolve) => held.push(() => resolve(structuredClone(answer))));
      },
      destroy: async () => {},
    });
    async function* read() {
      yield* input;
      for (const release of held.reverse()) release();
    }
    const files: string[] = [];
    const failed: string[] = [];
    await runCheck(specs, read(), {
      settings,
      jobs: 2,
      poolAfter: 0,
      startPool,
      onItem: (item) => {
        files.push(item.file);
        if (!item.ok) failed.push(item.file);
      },
    });
    expect(sent).toBe(4);
    expect(files).toEqual(
      Array.from({ length: n * recordings.length }, (_, k) => `cap.jsonl:${k + 1}`),
    );
    expect(failed).toEqual(broken.map((k) => `cap.jsonl:${k + 1}`));
  });

  test('a worker that fails: the run fails with its error, nothing hangs', async () => {
    const specs = await Specs.load(defaultSpecDir);
    const recordings = await passingRecordings();
    const startPool = async (): Promise<CheckPool> => ({
      run: async () => {
        throw new Error('worker died');
      },
      destroy: async () => {},
    });
    await expect(
      runCheck(specs, each(batches(recordings, 3, [])), {
        settings,
        jobs: 2,
        poolAfter: 0,
        startPool,
        onItem: () => undefined,
      }),
    ).rejects.toThrow('worker died');
  });
});
