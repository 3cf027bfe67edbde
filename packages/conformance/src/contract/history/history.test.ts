// Three contract runs against the replay server behind a proxy on 127.0.0.1: clean, with a fault
// injected (getAvgTps answered in the wrong order, schema-valid), clean again. The history folder
// gets three index lines; the dashboard says the second run's drift is new and the third fixed it,
// and it opens from disk in Chromium with no request and no axe finding.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Specs } from '../../model/specs.js';
import { loadRecordings } from '../../recordings/recordings.js';
import { cli, runNode } from '../../test/cli-run.js';
import { resultsReversed, startFaultyProxy } from '../../test/faulty-proxy.js';
import {
  axeViolations,
  browserContext,
  contractReport,
  fitsWidth,
  openFromDisk,
  recordingsDir,
  specDir,
} from '../../test/report-pages.js';
import { driftsOf, type ReportInput } from '../formats/report-view.js';
import { diffRuns } from './dashboard.js';
import { appendHistory, type HistoryEntry, HistoryError, readHistory } from './history.js';

const specs = await Specs.load(specDir);
const recordings = await loadRecordings(recordingsDir);
const specTotal =
  specs.rest.reduce((n, s) => n + s.operations.length, 0) +
  specs.rpc.reduce((n, s) => n + s.methods.length, 0);
const target = (url: string) => ['--target', url, '--only', 'getAvgTps', '--node-version', 'none'];

let history: string;
let site: string;
let reports: ReportInput[];
let context: BrowserContext;

beforeAll(async () => {
  history = await mkdtemp(join(tmpdir(), 'history-'));
  site = await mkdtemp(join(tmpdir(), 'site-'));
  const proxy = await startFaultyProxy(specs, recordings);
  reports = [];
  try {
    for (const faulty of [false, true, false]) {
      proxy.fault = (x) => (faulty ? resultsReversed(x, 2) : undefined);
      // Through the CLI's --history flag, as a nightly job would keep them.
      const { report } = await contractReport([...target(proxy.url), '--history', history]);
      reports.push(report);
    }
  } finally {
    await proxy.close();
  }
  context = await browserContext();
});
afterAll(() => context?.close());

describe('history of three runs: clean, faulty, clean', () => {
  test('the runs are what the test meant: the middle one drifts', () => {
    expect(reports.map((r) => r.summary.operations.drift)).toEqual([0, 1, 0]);
  });

  test('index.jsonl has three lines, each with its counts, coverage and drift keys', async () => {
    const lines = (await readFile(join(history, 'index.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(3);
    const entries = lines.map((l) => JSON.parse(l) as HistoryEntry);
    expect(entries.map((e) => e.verdict)).toEqual(['CONFORMS', 'DRIFT', 'CONFORMS']);
    expect(entries[1]?.drifts).toEqual(driftsOf(reports[1] as ReportInput).map((d) => d.key));
    expect(entries[1]?.drifts.length).toBeGreaterThan(0);
    for (const e of entries) {
      // --only one operation: one exercised, out of every operation and method of the specs.
      expect(e.coverage).toEqual({ exercised: 1, total: specTotal });
      const saved = JSON.parse(await readFile(join(history, e.json), 'utf8'));
      expect(saved.summary).toEqual(reports[entries.indexOf(e)]?.summary);
      expect(await readFile(join(history, e.html as string), 'utf8')).toContain('<!doctype html>');
    }
  });

  test('the dashboard: second run lists the drift new, third lists it fixed', async () => {
    const entries = await readHistory(history);
    const [first, second, third] = diffRuns(entries).get(reports[0]?.target as string) ?? [];
    const keys = entries[1]?.drifts ?? [];
    expect(first?.added).toEqual([]);
    expect(second?.added).toEqual(keys);
    expect(third?.fixed).toEqual(keys);
    expect(third?.added).toEqual([]);

    const built = await runNode(cli, ['dashboard', history, '--out', site]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    const { page, requests } = await openFromDisk(context, join(site, 'index.html'));
    const row = (e: HistoryEntry | undefined) => page.locator(`[id="run-${e?.id}"]`);
    for (const k of keys) {
      await expect(row(entries[1]).locator('.new li').allTextContents()).resolves.toContain(k);
      await expect(row(entries[2]).locator('.fixed li').allTextContents()).resolves.toContain(k);
    }
    await expect(row(entries[0]).textContent()).resolves.toContain('no drift');
    expect(requests).toEqual([`file://${join(site, 'index.html')}`]);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    // Each run's report link opens its own HTML report from the site's folder.
    await row(entries[1]).getByRole('link', { name: 'report' }).click();
    await expect(page.locator('#verdict').textContent()).resolves.toBe('DRIFT');
    expect(page.url()).toBe(`file://${join(site, entries[1]?.html as string)}`);
  });
});

describe('retention and bad input', () => {
  test('keep drops the oldest runs of that target and their files, not other targets', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'history-keep-'));
    const base = { ...(reports[0] as ReportInput), target: 'nightly' };
    await appendHistory(dir, { ...base, target: 'other', startedAt: '2026-01-01T00:00:00.000Z' });
    for (const day of ['02', '03', '04'])
      await appendHistory(dir, { ...base, startedAt: `2026-01-${day}T00:00:00.000Z` }, { keep: 2 });
    const left = await readHistory(dir);
    expect(left.map((e) => `${e.target} ${e.time.slice(0, 10)}`)).toEqual([
      'other 2026-01-01',
      'nightly 2026-01-03',
      'nightly 2026-01-04',
    ]);
    await expect(
      readFile(join(dir, 'runs', '2026-01-02T00-00-00-000Z-nightly.json')),
    ).rejects.toThrow(/ENOENT/);
  });

  test('two runs with the same start time keep both', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'history-same-'));
    const r = { ...(reports[0] as ReportInput), startedAt: '2026-01-01T00:00:00.000Z' };
    const a = await appendHistory(dir, r);
    const b = await appendHistory(dir, r);
    expect(a.id).not.toBe(b.id);
    expect(await readHistory(dir)).toHaveLength(2);
  });

  test.each([
    ['a missing folder', undefined, /does not exist/],
    ['a line that is not JSON', '{"id":\n', /index\.jsonl:1: not JSON/],
    ['a line that is not a run', '{"id":"x"}\n', /index\.jsonl:1: not a run summary/],
  ])('%s is a HistoryError naming the file and line', async (_name, content, message) => {
    const dir = await mkdtemp(join(tmpdir(), 'history-bad-'));
    if (content !== undefined) await writeFile(join(dir, 'index.jsonl'), content);
    const where = content === undefined ? join(dir, 'nothing-here') : dir;
    await expect(readHistory(where)).rejects.toThrow(HistoryError);
    await expect(readHistory(where)).rejects.toThrow(message);
    const run = await runNode(cli, ['dashboard', where, '--out', join(dir, 'site')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
