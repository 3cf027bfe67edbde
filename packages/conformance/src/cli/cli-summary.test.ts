// The run's summary line reaches the terminal whatever --output and --format say: the built CLI
// as a child process against a replay server on 127.0.0.1 that breaks one promise (a real drift,
// so exit 1), the report written to a temporary file.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { targetOf } from '../contract/case-inputs.js';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';
import { run } from '../test/cli-run.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);

// An operation whose spec promises an order: the faulty server reverses its lists.
const ordered = specs.all.find(
  ({ service, id }) => targetOf(specs, { service, operation: id })?.promises.order?.length,
);
if (!ordered) throw new Error('no operation of the specs declares an order promise');

const summary = /^contract: \d+\/\d+ operations and methods conform, (\d+) drift, /m;

let replay: Awaited<ReturnType<typeof startReplayServer>>;
let dir = '';
beforeAll(async () => {
  replay = await startReplayServer({ specs, recordings, fault: 'order' });
  dir = await mkdtemp(join(tmpdir(), 'contract-output-'));
});
afterAll(() => replay.close());

const args = (...more: string[]) => [
  'contract',
  '--target',
  replay.url,
  '--only',
  ordered.id,
  '--cases',
  'recorded,example,generated',
  ...more,
];

describe('the summary line whatever --output says', () => {
  test.each(['html', 'text', 'json'])(
    '--format %s --output FILE: the summary on stdout, the report in FILE, exit 1 on drift',
    async (format) => {
      const file = join(dir, `report.${format}`);
      const out = await run(args('--format', format, '--output', file));
      expect(out.code).toBe(1);
      expect(Number(summary.exec(out.stdout)?.[1])).toBe(1);
      expect(out.stdout).toContain(`report (${format}): ${file}`);
      const written = await readFile(file, 'utf8');
      expect(written.length).toBeGreaterThan(0);
      if (format === 'json') expect(JSON.parse(written).summary.operations.drift).toBe(1);
    },
    120_000,
  );

  test('--format json to stdout: stdout stays the JSON report, the summary goes to stderr', async () => {
    const out = await run(args('--format', 'json'));
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).summary.operations.drift).toBe(1);
    expect(Number(summary.exec(out.stderr)?.[1])).toBe(1);
  }, 120_000);
});
