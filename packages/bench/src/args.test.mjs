// The bench's command line: every wrong option is a UsageError naming it; the defaults and the
// full-run rule for --write-md hold.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseBenchArgs, sections, UsageError } from './args.mjs';

const ids = ['fetch-data', 'ours-data', 'openapi-fetch-data'];

describe('parseBenchArgs', () => {
  it('gives the defaults for no arguments', () => {
    const args = parseBenchArgs([], ids);
    expect(args).toMatchObject({
      help: false,
      writeMd: false,
      rounds: 55,
      roundMs: 50,
      warmupMs: 1000,
      timingRuns: 3,
      checkRuns: 7,
      chosen: undefined,
      skipped: undefined,
    });
    expect([...args.only]).toEqual(sections);
  });

  it('reads every option', () => {
    const args = parseBenchArgs(
      [
        '--only',
        'calls',
        '--subjects',
        'ours-data',
        '--rounds',
        '21',
        '--round-ms',
        '1000',
        '--warmup-ms',
        '0',
      ],
      ids,
    );
    expect([...args.only]).toEqual(['calls']);
    expect([...(args.chosen ?? [])]).toEqual(['ours-data']);
    expect(args).toMatchObject({ rounds: 21, roundMs: 1000, warmupMs: 0 });
  });

  it.each([
    [['--nope'], /Unknown option '--nope'/],
    [['--rounds'], /--rounds <value>' argument missing/],
    [
      ['--only', 'calls,speed'],
      /--only takes bundle, calls, timings, conformance, proxy, scale; got "speed"/,
    ],
    [['--rounds', '0'], /--rounds takes a whole number above 0; got "0"/],
    [['--round-ms', '2.5'], /--round-ms takes a whole number above 0; got "2.5"/],
    [['--warmup-ms=-1'], /--warmup-ms takes a whole number; got "-1"/],
    [['--skip', 'ours-data,nobody'], /--skip: no subject nobody; subjects: fetch-data, ours-data/],
    [['--write-md', '--only', 'calls'], /--write-md regenerates RESULTS.md from a full run only/],
    [
      ['--scale-sizes', '20000,2e6'],
      /--scale-sizes takes whole numbers above 0, comma-separated; got "20000,2e6"/,
    ],
  ])('refuses %j', (argv, message) => {
    expect(() => parseBenchArgs(argv, ids)).toThrow(UsageError);
    expect(() => parseBenchArgs(argv, ids)).toThrow(message);
  });

  it('--scale-sizes gives the scale section its sizes; without it the section picks', () => {
    expect(parseBenchArgs(['--scale-sizes', '20000,400000'], ids).scaleSizes).toEqual([
      20_000, 400_000,
    ]);
    expect(parseBenchArgs([], ids).scaleSizes).toBe(undefined);
  });

  it('answers --help before checking anything else', () => {
    expect(parseBenchArgs(['--help', '--rounds', '0'], ids)).toEqual({ help: true });
  });
});

describe('bench.mjs', () => {
  const bench = fileURLToPath(new URL('./bench.mjs', import.meta.url));
  it('prints one line and the usage for a wrong option, exit 2, no stack trace', () => {
    const run = spawnSync(process.execPath, [bench, '--rounds', 'x'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^bench: --rounds takes a whole number above 0; got "x"\n\nusage: /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });

  it('prints the usage for --help, exit 0', () => {
    const run = spawnSync(process.execPath, [bench, '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: node src\/bench\.mjs/);
  });
});
