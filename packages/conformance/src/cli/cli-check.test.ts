// `check` at scale, end to end: the built CLI as a child process on real files.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recordingsToHar } from '../recordings/har.js';
import type { Recording } from '../recordings/recordings.js';
import { corpus, passingRecordings } from '../test/captures.js';
import { cli, run } from '../test/cli-run.js';

let dir: string;
let recordings: Recording[];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-check-'));
  recordings = await passingRecordings();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const line = ({ file: _file, ...r }: Recording) => JSON.stringify(r);

/** The environment of a CLI child that sees `cores` cores at one-minute load `load`. */
const onCores = (cores: number, load = 0) => ({
  NODE_OPTIONS: `--import ${new URL('../test/fake-cores.mjs', import.meta.url).pathname}`,
  TEST_CORES: String(cores),
  TEST_LOAD: String(load),
});

describe('check at scale', () => {
  test('on the worker pool, results come in input order and the cursor rule still spans exchanges', {
    timeout: 180_000,
  }, async () => {
    // avm.getUTXOs pages: the second hands out the first's cursor and its UTXOs again (paging
    // drift: the cursor, and each item on two pages). Only
    // these two carry that method, far past the point where the pool takes over.
    const utxos = JSON.parse(await readFile(join(corpus, 'node-rpc/avm.getUTXOs.1.json'), 'utf8'));
    const next = structuredClone(utxos);
    next.request.body.params.startIndex = structuredClone(utxos.response.body.result.endIndex);
    const others = recordings.filter(
      (r) => !JSON.stringify(r.request.body ?? '').includes('avm.getUTXOs'),
    );
    const broken = structuredClone(recordings.find((r) => r.file.includes('avg-tps')) as Recording);
    (broken.response.body as { results: { value: unknown }[] }).results[0] = {
      value: 'fast',
    } as never;
    const rows: string[] = [];
    for (let i = 1; i <= 5000; i++)
      rows.push(
        i === 4000
          ? JSON.stringify(utxos)
          : i === 4001
            ? JSON.stringify(next)
            : i === 4500
              ? line(broken)
              : line(others[i % others.length] as Recording),
      );
    const file = join(dir, 'pool.jsonl');
    await writeFile(file, `${rows.join('\n')}\n`);
    // 8 cores, so that `--jobs 2` is not lowered and the pool runs on any machine.
    const { code, stdout, stderr } = await run(
      ['check', file, '--strict', '--jobs', '2', '--format', 'jsonl'],
      onCores(8),
    );
    expect(stderr).not.toContain('lowered');
    const out = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const { summary } = out.pop();
    expect(out.map((r) => r.file)).toEqual(rows.map((_, i) => `${file}:${i + 1}`));
    const failing = out
      .filter((r) => !r.ok)
      .map((r) => [
        r.file.slice(file.length),
        [...new Set(r.errors.map((e: { kind: string }) => e.kind))],
      ]);
    expect(failing).toEqual([
      [':4001', ['paging']],
      [':4500', expect.arrayContaining(['wrong-type'])],
    ]);
    expect(summary).toMatchObject({ exchanges: 5000, failed: 2, passed: 4998 });
    expect(code).toBe(1);
  });

  test('--jobs is a ceiling: on 2 cores --jobs 4 is lowered to 1 (said on stderr), same results', {
    timeout: 60_000,
  }, async () => {
    const file = join(dir, 'lowered.jsonl');
    await writeFile(file, `${recordings.map(line).join('\n')}\n`);
    const args = ['check', file, '--strict', '--format', 'json'];
    const [lowered, one] = await Promise.all([
      run([...args, '--jobs', '4'], onCores(2)),
      run([...args, '--jobs', '1'], onCores(2)),
    ]);
    expect(lowered.stderr).toContain('--jobs 4 lowered to 1 (2 cores at load 0.0)');
    expect(one.stderr).not.toContain('lowered');
    expect(JSON.parse(lowered.stdout).summary).toEqual(JSON.parse(one.stdout).summary);
    expect(JSON.parse(lowered.stdout).summary.exchanges).toBe(recordings.length);
  });

  test('a HAR on stdin (-), as JSON: summary.exchanges and per-operation counts', {
    timeout: 60_000,
  }, async () => {
    const har = Buffer.from(
      JSON.stringify(recordingsToHar([...recordings, ...recordings]), null, 2),
    );
    const { code, stdout } = await run(['check', '-', '--strict', '--format', 'json'], {}, har);
    const report = JSON.parse(stdout);
    expect(report.summary.exchanges).toBe(2 * recordings.length);
    const counts = Object.values(report.summary.operations) as { passed: number; failed: number }[];
    expect(counts.reduce((n, c) => n + c.passed, 0)).toBeGreaterThanOrEqual(2 * recordings.length);
    expect(report.results).toEqual([]);
    expect(code).toBe(0);
  });

  test('malformed input is counted and listed up to --max-listed, the rest counted; exit 1', {
    timeout: 60_000,
  }, async () => {
    const file = join(dir, 'bad.jsonl');
    await writeFile(
      file,
      [
        line(recordings[0] as Recording),
        '{',
        '[',
        'nope',
        '{"x":',
        '1',
        line(recordings[1] as Recording),
      ].join('\n'),
    );
    const { code, stdout } = await run(['check', file, '--max-listed', '2']);
    expect(stdout).toContain(`BAD  ${file}:2  not valid JSON`);
    expect(stdout).toContain(`BAD  ${file}:3  not valid JSON`);
    expect(stdout).not.toContain(`${file}:4`);
    expect(stdout).toContain('… 3 more not listed');
    expect(stdout).toContain('2 passed, 0 failed, 5 malformed input');
    expect(code).toBe(1);
  });

  test('an input that takes more than a few seconds shows its progress on stderr, never on stdout', {
    timeout: 60_000,
  }, async () => {
    // stdin held open: the run lasts until the progress line has been seen.
    const child = spawn(process.execPath, [cli, 'check', '-', '--format', 'json']);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    const progress = new Promise<void>((resolve) => {
      child.stderr.on('data', (d) => {
        stderr += d;
        if (/^check: [\d,]+ exchanges in \d+ s/m.test(stderr)) resolve();
      });
    });
    child.stdin.write(`${recordings.map(line).join('\n')}\n`);
    await progress;
    child.stdin.end(`${recordings.map(line).join('\n')}\n`);
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).summary.exchanges).toBe(2 * recordings.length);
    expect(stderr).toMatch(new RegExp(`^check: ${recordings.length} exchanges in \\d+ s`, 'm'));
  });
});
