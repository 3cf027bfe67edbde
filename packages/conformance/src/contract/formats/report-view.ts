// What the HTML and markdown reports read from a contract report, and the few views both
// derive from it (the verdict, the distinct drifts, credential scrubbing).
import type { ContractReport, Drift, ReportBaseline, ReportCoverage } from '../report-types.js';

/**
 * The report the HTML and markdown formats render: a run's ContractReport. Drifts, coverage and
 * the baseline are optional here so that a report written before the run API had them (kept in
 * a history folder) still renders; drifts are then derived from the drifting cases.
 */
export type ReportInput = Omit<ContractReport, 'drifts' | 'coverage' | 'baseline'> & {
  drifts?: Drift[];
  coverage?: ReportCoverage;
  baseline?: ReportBaseline;
};

export type ReportDrift = Drift;

/**
 * The run's verdict in one word, as its exit code has it: DRIFT for drift the baseline does not
 * excuse (exit 1), NOT TESTED when a case went untested or nothing was (exit 2), else CONFORMS.
 */
export function verdictOf(report: Pick<ReportInput, 'summary'>): {
  word: 'CONFORMS' | 'DRIFT' | 'NOT TESTED';
  tone: 'ok' | 'bad' | 'warn';
} {
  const { cases } = report.summary;
  // A report written before drift keys existed counts every drifting case as new.
  const fresh = (report.summary as Partial<ReportInput['summary']>).drifts?.new ?? cases.drift;
  if (fresh > 0) return { word: 'DRIFT', tone: 'bad' };
  if (cases.notTested > 0 || cases.conforms + cases.drift === 0)
    return { word: 'NOT TESTED', tone: 'warn' };
  return { word: 'CONFORMS', tone: 'ok' };
}

const credentialName = /(key|token|auth|secret|cookie|password|session|signature)/i;

/**
 * A report never shows a credential, but a curl line or excerpt is text from a run: a header
 * whose name reads like a credential keeps its name and shows `[redacted]` for its value, unless
 * the value is already an environment reference (`$NAME`).
 */
export function redactCredentials(text: string): string {
  return text
    .replace(
      /(-H\s+)(['"])([^'":]+):\s*([^'"]*)\2/g,
      (all, flag: string, quote: string, name: string, value: string) =>
        credentialName.test(name) && !/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(value.trim())
          ? `${flag}${quote}${name}: [redacted]${quote}`
          : all,
    )
    .replace(/([?&](?:api[-_]?key|token|access_token|key)=)[^&'"\s]+/gi, '$1[redacted]');
}

/**
 * A target as the report shows it: no `user:password@` and no key-like query value, also inside
 * a `name=url,name=url` list.
 */
export function safeUrl(url: string): string {
  return redactCredentials(url.replace(/\/\/[^/@\s,]*@/g, '//'));
}

/** Array indexes read as `*`: the same problem on every item is one problem. */
const starred = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/*');

const statusKinds = new Set(['unexpected-status', 'unexpected-error']);

/** Keeps at most `bytes` of `text`, saying how much was cut. */
export function excerpt(text: string, bytes = 2048): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  // Cutting inside a multi-byte character leaves U+FFFD, which is fine in an excerpt.
  return `${buffer.subarray(0, bytes).toString('utf8')}… (${buffer.length - bytes} more bytes)`;
}

/**
 * The report's distinct drifts, credentials scrubbed: its own `drifts` when the run produced
 * them, else derived from the drifting cases (one per service, operation, rule kind and starred
 * path), the most cases first.
 */
export function driftsOf(report: ReportInput): ReportDrift[] {
  return (report.drifts ?? derivedDrifts(report)).map((d) => ({
    ...d,
    example: {
      request: redactCredentials(d.example.request),
      response: redactCredentials(d.example.response),
      curl: redactCredentials(d.example.curl),
    },
  }));
}

function derivedDrifts(report: ReportInput): ReportDrift[] {
  const byKey = new Map<string, ReportDrift>();
  for (const r of report.results) {
    if (r.verdict !== 'drift') continue;
    for (const v of r.violations) {
      const path = statusKinds.has(v.kind) ? '' : `${v.where}${starred(v.path)}`;
      const key = `${r.service} ${r.operation} ${v.kind} ${path}`.trimEnd();
      const known = byKey.get(key);
      if (known) {
        known.cases++;
        continue;
      }
      const request = `${r.method ?? ''} ${r.path ?? ''}${r.body === undefined ? '' : `\n${JSON.stringify(r.body, null, 2)}`}`;
      byKey.set(key, {
        key,
        service: r.service,
        operation: r.operation,
        kind: v.kind,
        path,
        expected: statusKinds.has(v.kind)
          ? (r.expected ?? '')
          : `${r.expected ?? 'an answer'} that keeps the ${v.kind} rule`,
        got: statusKinds.has(v.kind) ? (r.got ?? 'no answer') : v.message,
        cases: 1,
        example: { request: excerpt(request.trim()), response: excerpt(r.got ?? ''), curl: r.curl },
      });
    }
  }
  return [...byKey.values()].sort((a, b) => b.cases - a.cases || a.key.localeCompare(b.key));
}

/** The run's settings without anything that could be a credential value. */
export function scrubSettings(report: ReportInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(report.settings ?? {})) {
    if (value === undefined) continue;
    // Header and key settings carry names and booleans by contract; a string value under a
    // credential-like name is dropped all the same, in case a writer forgets.
    if (credentialName.test(name) && typeof value === 'string') continue;
    out[name] = value;
  }
  return out;
}

/** The settings as name and text pairs, for a list. */
export function safeSettings(report: ReportInput): [string, string][] {
  return Object.entries(scrubSettings(report)).map(([name, value]) => [
    name,
    typeof value === 'string' ? value : JSON.stringify(value),
  ]);
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line that says what the run found, in words and counts. */
export function summaryLine(report: ReportInput): string {
  const o = report.summary.operations;
  const c = report.summary.cases;
  const limited = report.summary.rateLimited
    ? `, ${plural(report.summary.rateLimited, 'case')} rate limited`
    : '';
  const d = (report.summary as Partial<ReportInput['summary']>).drifts;
  const distinct =
    d && d.total > 0
      ? `; ${plural(d.total, 'distinct drift')}${d.baselined ? `, ${d.baselined} known from the baseline` : ''}`
      : '';
  return `${o.conforms}/${o.total} operations and methods conform, ${o.drift} drift, ${o.notTested} not tested, ${o.skipped} skipped; cases: ${c.conforms} conform, ${c.drift} drift, ${c.notTested} not tested${limited}, ${c.skipped} skipped${distinct}`;
}
