// A folder of contract runs, as ethereum/hive keeps its test runs: one JSON (and HTML) report per
// run under runs/, and index.jsonl with one summary line per run that a dashboard reads without
// opening the reports.
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { renderHtml } from '../formats/html.js';
import { driftsOf, type ReportInput, safeUrl, verdictOf } from '../formats/report-view.js';
import type { VerdictCounts } from '../verdicts.js';

/** One line of index.jsonl: what a dashboard needs about a run. */
export interface HistoryEntry {
  /** Unique within the folder; names the run's files. */
  id: string;
  /** When the run started (ISO), else when it was recorded. */
  time: string;
  target: string;
  toolVersion?: string;
  specVersions?: Record<string, string>;
  /** The AvalancheGo release the node answers were judged by, when the run read or was told it. */
  nodeRelease?: string;
  verdict: ReturnType<typeof verdictOf>['word'];
  operations: { total: number } & VerdictCounts;
  cases: { total: number } & VerdictCounts;
  rateLimited?: number;
  coverage: { exercised: number; total: number };
  /** Keys of the distinct drifts the run met, baselined ones included. */
  drifts: string[];
  /** Keys of those the baseline accepted. */
  known?: string[];
  /** Report files, relative to the history folder. */
  json: string;
  html?: string;
}

export class HistoryError extends Error {
  override name = 'HistoryError';
}

export interface AppendOptions {
  /** Also write the run's HTML report (default true). */
  html?: boolean;
  /** Runs kept per target; older ones and their files are removed (default 90; 0 keeps all). */
  keep?: number;
}

export const defaultKeep = 90;

export const indexFile = 'index.jsonl';

/** `2026-11-27T20:01:48.123Z` and `replay` as a file name: `2026-11-27T20-01-48-123Z-replay`. */
function runId(time: string, target: string): string {
  const slug = safeUrl(target)
    .replace(/^https?:\/\//, '')
    .replace(/[^A-Za-z0-9.-]+/g, '_')
    .slice(0, 60);
  return `${time.replace(/[:.]/g, '-')}-${slug}`;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** The summary line of a report. */
export function historyEntry(report: ReportInput, id: string, time: string): HistoryEntry {
  const drifts = driftsOf(report);
  const ops = report.summary.operations;
  const release = /\b\d+\.\d+\.\d+\b/.exec(report.nodeVersion ?? '')?.[0];
  const known = drifts.filter((d) => d.baselined).map((d) => d.key);
  return {
    id,
    time,
    target: safeUrl(report.target),
    ...(report.toolVersion ? { toolVersion: report.toolVersion } : {}),
    ...(report.specVersions ? { specVersions: report.specVersions } : {}),
    ...(release ? { nodeRelease: release } : {}),
    verdict: verdictOf(report).word,
    operations: ops,
    cases: report.summary.cases,
    ...(report.summary.rateLimited ? { rateLimited: report.summary.rateLimited } : {}),
    // A report without the coverage section: operations that got an answer checked.
    coverage: report.coverage?.operations ?? {
      exercised: ops.conforms + ops.drift,
      total: ops.total,
    },
    drifts: drifts.map((d) => d.key),
    ...(known.length ? { known } : {}),
    json: `runs/${id}.json`,
  };
}

/**
 * Writes the run's JSON report (and HTML report) into `dir/runs/` and appends its summary line to
 * `dir/index.jsonl`; then drops the oldest runs of the same target beyond `keep`.
 */
export async function appendHistory(
  dir: string,
  report: ReportInput,
  options: AppendOptions = {},
): Promise<HistoryEntry> {
  await mkdir(join(dir, 'runs'), { recursive: true });
  const time = report.startedAt ?? new Date().toISOString();
  let id = runId(time, report.target);
  for (let n = 2; await exists(join(dir, 'runs', `${id}.json`)); n++)
    id = `${runId(time, report.target)}-${n}`;
  const entry = historyEntry(report, id, time);
  await writeFile(join(dir, entry.json), `${JSON.stringify(report, null, 2)}\n`);
  if (options.html !== false) {
    entry.html = `runs/${id}.html`;
    await writeFile(join(dir, entry.html), renderHtml(report));
  }
  // One write of one line: runs appending at once do not interleave their lines.
  await appendFile(join(dir, indexFile), `${JSON.stringify(entry)}\n`);
  await prune(dir, entry.target, options.keep ?? defaultKeep);
  return entry;
}

/** Keeps the newest `keep` runs of `target` (0: all), removing the others' lines and files. */
async function prune(dir: string, target: string, keep: number) {
  if (keep === 0) return;
  const entries = await readHistory(dir);
  const mine = entries.filter((e) => e.target === target);
  if (mine.length <= keep) return;
  const drop = new Set(mine.slice(0, mine.length - keep).map((e) => e.id));
  const kept = entries.filter((e) => !drop.has(e.id));
  const temp = join(dir, `${indexFile}.${process.pid}.tmp`);
  await writeFile(temp, kept.map((e) => `${JSON.stringify(e)}\n`).join(''));
  await rename(temp, join(dir, indexFile));
  for (const e of entries.filter((x) => drop.has(x.id)))
    for (const file of [e.json, e.html]) if (file) await rm(join(dir, file), { force: true });
}

function isEntry(value: unknown): value is HistoryEntry {
  const e = value as HistoryEntry;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.id === 'string' &&
    typeof e.time === 'string' &&
    typeof e.target === 'string' &&
    Array.isArray(e.drifts) &&
    typeof e.operations?.total === 'number'
  );
}

/** The runs of a history folder in the order recorded, read line by line (it only grows). */
export async function readHistory(dir: string): Promise<HistoryEntry[]> {
  const file = join(dir, indexFile);
  if (!(await exists(file))) {
    const what = (await exists(dir)) ? `has no ${indexFile}` : 'does not exist';
    throw new HistoryError(`history folder ${dir} ${what}; write one with contract --history`);
  }
  const out: HistoryEntry[] = [];
  let line = 0;
  for await (const text of createInterface({
    input: createReadStream(file),
    crlfDelay: Infinity,
  })) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new HistoryError(`${file}:${line}: not JSON; each line must be one run's summary`);
    }
    if (!isEntry(value))
      throw new HistoryError(
        `${file}:${line}: not a run summary (needs id, time, target, operations, drifts)`,
      );
    out.push(value);
  }
  return out;
}
