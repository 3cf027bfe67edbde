// Known drifts an operator accepts for a while (`--baseline FILE`): a run fails only on drift
// the file does not list; an entry past its date, or whose drift is gone, is warned about.
import { readFile } from 'node:fs/promises';
import type { ContractReport, Drift, ReportBaseline } from './report-types.js';

export interface BaselineEntry {
  /** A drift key as the report gives it: `<service> <operation> <kind> <path>`. */
  key: string;
  /** Why the drift is accepted (a ticket, "service fix due in March"). */
  reason: string;
  /** Last day (UTC, YYYY-MM-DD) the entry excuses its drift. */
  expires?: string;
}

export interface Baseline {
  /** Where it was read from, as the report names it. */
  file: string;
  entries: BaselineEntry[];
}

/** A baseline file that cannot be used; the message names the file, the entry and the rule. */
export class BaselineError extends Error {
  override name = 'BaselineError';
}

const entryFields = new Set(['key', 'reason', 'expires']);

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

// Checked by hand rather than with a JSON Schema: each message names the entry by index and key.
function checkEntry(raw: unknown, i: number, file: string): BaselineEntry {
  const fail = (rule: string): never => {
    const key =
      typeof raw === 'object' && raw !== null && typeof (raw as { key?: unknown }).key === 'string'
        ? ` (${JSON.stringify((raw as { key: string }).key)})`
        : '';
    throw new BaselineError(`${file}: entries[${i}]${key}: ${rule}`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('is not an object');
  const e = raw as Record<string, unknown>;
  const unknown = Object.keys(e).find((k) => !entryFields.has(k));
  if (unknown !== undefined)
    fail(`unknown field ${JSON.stringify(unknown)}; an entry has key, reason and expires`);
  if (typeof e.key !== 'string' || e.key.trim().split(/\s+/).length < 4)
    fail(`key ${JSON.stringify(e.key)} is not "<service> <operation> <kind> <path>"`);
  if (typeof e.reason !== 'string' || e.reason.trim() === '')
    fail('reason must be a non-empty string');
  if (e.expires !== undefined && (typeof e.expires !== 'string' || !isDate(e.expires)))
    fail(`expires ${JSON.stringify(e.expires)} is not a date YYYY-MM-DD`);
  return {
    key: e.key as string,
    reason: e.reason as string,
    ...(e.expires === undefined ? {} : { expires: e.expires as string }),
  };
}

/** Parses a baseline's text: `{ "entries": [{ "key", "reason", "expires"? }] }`, keys unique. */
export function parseBaseline(text: string, file: string): Baseline {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`${file}: not JSON (${(error as Error).message})`);
  }
  const entries = (parsed as { entries?: unknown } | null)?.entries;
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(entries))
    throw new BaselineError(`${file}: must be an object with an "entries" array`);
  const out = entries.map((e, i) => checkEntry(e, i, file));
  const first = new Map<string, number>();
  out.forEach((e, i) => {
    const before = first.get(e.key);
    if (before !== undefined)
      throw new BaselineError(
        `${file}: entries[${i}] (${JSON.stringify(e.key)}): the same key as entries[${before}]`,
      );
    first.set(e.key, i);
  });
  return { file, entries: out };
}

/** Reads and checks a baseline file. */
export async function readBaseline(file: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new BaselineError(`${file}: cannot be read (${(error as { code?: string }).code})`);
  }
  return parseBaseline(text, file);
}

/** The UTC day of a time, YYYY-MM-DD. */
export const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/**
 * Marks the drifts the baseline excuses (`baselined`) and tells its state: keys met and
 * excused, entries past their date (which excuse nothing), and entries whose operation was
 * answered in this run without their drift (stale). An entry for an operation that got no
 * answer is neither: this run cannot tell whether its drift is gone.
 */
export function applyBaseline(
  drifts: Drift[],
  baseline: Baseline,
  today: string,
  answered: ReadonlySet<string>,
): { baseline: ReportBaseline; warnings: string[] } {
  const met = new Set(drifts.map((d) => d.key));
  const out: ReportBaseline = { file: baseline.file, known: [], expired: [], stale: [] };
  const warnings: string[] = [];
  for (const entry of baseline.entries) {
    const expired = entry.expires !== undefined && entry.expires < today;
    if (expired) {
      out.expired.push({ key: entry.key, expires: entry.expires as string });
      warnings.push(
        `baseline ${baseline.file}: ${JSON.stringify(entry.key)} expired on ${entry.expires}${met.has(entry.key) ? '; its drift counts as new' : ''}`,
      );
    }
    const [service, operation] = entry.key.split(' ');
    if (!met.has(entry.key) && answered.has(`${service} ${operation}`)) {
      out.stale.push(entry.key);
      warnings.push(
        `baseline ${baseline.file}: ${JSON.stringify(entry.key)} no longer occurs; remove the entry`,
      );
    }
    if (expired || !met.has(entry.key)) continue;
    out.known.push(entry.key);
    for (const d of drifts)
      if (d.key === entry.key)
        d.baselined = {
          reason: entry.reason,
          ...(entry.expires ? { expires: entry.expires } : {}),
        };
  }
  return { baseline: out, warnings };
}

/**
 * A baseline accepting every drift of a run (`--write-baseline`): an entry the previous baseline
 * had keeps its reason and date (unless expired); a new one says when it was accepted. Previous
 * entries for operations this run did not answer are kept; stale ones are dropped.
 */
export function baselineFrom(
  report: Pick<ContractReport, 'drifts' | 'baseline' | 'startedAt'>,
  previous?: Baseline,
): string {
  const today = dayOf(new Date(report.startedAt));
  const before = new Map((previous?.entries ?? []).map((e) => [e.key, e]));
  const met = new Set(report.drifts.map((d) => d.key));
  const stale = new Set(report.baseline?.stale ?? []);
  const unchecked = [...before.keys()].filter((k) => !met.has(k) && !stale.has(k));
  const entries = [...met, ...unchecked].sort().map((key): BaselineEntry => {
    const kept = before.get(key);
    // An expired entry met again is accepted afresh rather than written out already expired.
    const expired = kept?.expires !== undefined && kept.expires < today;
    if (kept && !(expired && met.has(key))) return kept;
    return { key, reason: `accepted on ${today}` };
  });
  return `${JSON.stringify({ entries }, null, 2)}\n`;
}
