// The text report: a table per operation, coverage, the distinct drifts with a curl line each, the
// reasons cases went untested, and a one-line verdict last.
import { violationKinds } from '../../model/schema-set.js';
import { type CaseClass, caseClasses } from '../case-values.js';
import { type Verdict, verdictKinds } from '../contract-case.js';
import { driftLines, rateLimitLines, reasonLines } from '../contract-report.js';
import { ruleCoverageLine } from '../coverage.js';
import {
  caseClassLegend,
  docsLink,
  docsSite,
  driftKindLegend,
  type LegendEntry,
  type Term,
  termLegend,
  verdictLegend,
} from '../legend.js';
import type { ContractReport, ReportOperation } from '../report-types.js';

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const verdictWord = {
  conforms: 'conforms',
  drift: 'DRIFT',
  'not-tested': 'not tested',
  skipped: 'skipped',
} as const;

/**
 * Per operation with promises: the rule kinds checked on every answer and those no answer put
 * to the test, then per operation with filters which were exercised (sent and met by at least
 * one item), sent but vacuous (met by none: empty answers), or never sent.
 */
function ruleLines(operations: ReportOperation[]): string[] {
  const rows = [['service', 'operation', 'rules checked', 'not exercised', 'filters exercised']];
  const filterLines: string[] = [];
  for (const { service, operation, rules, rulesNotExercised, filters } of operations) {
    if (rules.length === 0) continue;
    const named = (state: string) =>
      filters
        .filter((f) => f.state === state)
        .map((f) => (f.rule === 'identity' ? `${f.input} (identity)` : f.input));
    const exercised = named('exercised');
    rows.push([
      service,
      operation,
      rules.join(', '),
      rulesNotExercised.join(', ') || '-',
      filters.length ? `${exercised.length}/${filters.length}` : '-',
    ]);
    if (filters.length)
      filterLines.push(
        `${operation}: exercised ${exercised.join(', ') || '-'}; vacuous ${named('vacuous').join(', ') || '-'}; never sent ${named('not sent').join(', ') || '-'}`,
      );
  }
  if (rows.length === 1) return [];
  return [
    '',
    table(rows),
    ...(filterLines.length
      ? ['', 'filters and identities:', ...filterLines.map((l) => `  ${l}`)]
      : []),
  ];
}

function reachLines(operations: ReportOperation[]): string[] {
  const rows = [['service', 'operation', 'cases by class', 'values covered']];
  for (const { service, operation, classes, coverage } of operations)
    rows.push([
      service,
      operation,
      Object.entries(classes)
        .map(([k, n]) => `${k as CaseClass} ${n}`)
        .join(', ') || '-',
      coverage.map((c) => `${c.input} ${c.covered}/${c.total}`).join(', ') || '-',
    ]);
  return rows.length > 1 ? ['', table(rows)] : [];
}

/** Services none of whose cases reached their target, in the order the results met them. */
function downServices(report: ContractReport): Map<string, { url: string; reason: string }> {
  const out = new Map<string, { url: string; reason: string }>();
  for (const service of new Set(report.results.map((r) => r.service))) {
    const s = report.services.find((x) => x.service === service);
    if (s && !s.reachable) out.set(service, { url: s.url, reason: s.reason ?? 'unreachable' });
  }
  return out;
}

function operationLines(operations: ReportOperation[]): string[] {
  if (operations.length === 0) return [];
  const rows = [['service', 'operation', 'cases', 'status', 'verdict', 'drift']];
  for (const v of operations) {
    const drift =
      Object.entries(v.drift)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || '-';
    rows.push([
      v.service,
      v.operation,
      String(v.cases),
      v.statuses.join(',') || '-',
      verdictWord[v.verdict],
      drift,
    ]);
  }
  return [table(rows), ...reachLines(operations), ...ruleLines(operations)];
}

/** The last lines: why it stopped, cases by class, the target, the counts. */
function summaryLines(report: ContractReport): string[] {
  const s = report.summary;
  const byClass = Object.entries(s.classes)
    .map(([k, count]) => `${k} ${count}`)
    .join(', ');
  const where = report.replayUrl ? `replay server ${report.replayUrl}` : report.target;
  return [
    ...(s.pagingCut.length > 0
      ? ['', `paging stopped at --max-pages with more pages offered: ${s.pagingCut.join(', ')}`]
      : []),
    '',
    ...(s.stopped
      ? [`stopped early: ${s.stopped.reason}; ${s.stopped.unsent} planned cases not sent`]
      : []),
    coverageLine(report),
    ...auditRuleLines(report),
    `cases sent by class: ${byClass} (seed ${s.seed}${s.leftOut ? `; ${s.leftOut} cases left out by --max-requests` : ''})`,
    `target: ${where}; node answers judged by ${report.nodeVersion}`,
    ...(report.baseline
      ? [
          `baseline ${report.baseline.file}: ${s.drifts.baselined} known drifts excused, ${s.drifts.new} new; ${report.baseline.expired.length} entries expired, ${report.baseline.stale.length} no longer occur`,
        ]
      : []),
    contractSummaryLine(report),
  ];
}

/**
 * The run in one line, the text report's last: the CLI prints it on its own too when the report
 * goes to a file or is not text, so the terminal always tells how the run ended.
 */
export function contractSummaryLine(report: ContractReport): string {
  const s = report.summary;
  const n = s.operations;
  const c = s.cases;
  return `contract: ${n.conforms}/${n.total} operations and methods conform, ${n.drift} drift, ${n.notTested} not tested, ${n.skipped} skipped; cases: ${c.conforms} conform, ${c.drift} drift, ${c.notTested} not tested${s.noAnswer ? ` (${s.noAnswer} sent without an answer)` : ''}, ${c.skipped} skipped; ${s.requests} requests in ${(s.durationMs / 1000).toFixed(1)} s`;
}

/** The results with the drift the baseline excuses taken out: what the DRIFT section lists. */
export function unexcused(report: ContractReport): ContractReport['results'] {
  const excused = new Set(report.drifts.filter((d) => d.baselined).map((d) => d.key));
  if (excused.size === 0) return report.results;
  return report.results
    .map((r) => ({ ...r, violations: r.violations.filter((v) => !excused.has(v.key)) }))
    .filter((r) => r.verdict !== 'drift' || r.violations.length > 0);
}

/** The drift the baseline excuses, apart, and what is wrong with the baseline itself. */
function baselineLines(report: ContractReport): string[] {
  const known = report.drifts.filter((d) => d.baselined);
  const lines: string[] = [];
  if (report.baseline && known.length > 0) {
    lines.push('', `known drift, excused by ${report.baseline.file}: ${known.length} distinct`);
    for (const d of known) {
      const until = d.baselined?.expires ? ` (until ${d.baselined.expires})` : '';
      lines.push(`  ${d.cases}× ${d.key}: ${d.baselined?.reason}${until}`);
    }
  }
  if (report.warnings.length > 0) lines.push('', ...report.warnings.map((w) => `warning: ${w}`));
  return lines;
}

/** The audit's rules the run covered (coverage.ts), when the specs carry the audit. */
function auditRuleLines(report: ContractReport): string[] {
  const line = ruleCoverageLine(report.coverage);
  return line === undefined ? [] : [line];
}

/** One line of coverage: operations answered, statuses and errors never seen, inputs never sent. */
function coverageLine(report: ContractReport): string {
  const per = report.coverage.perOperation;
  const count = (pick: (o: (typeof per)[number]) => string[]) =>
    per.reduce((n, o) => n + pick(o).length, 0);
  const { exercised, total } = report.coverage.operations;
  return `coverage: ${exercised}/${total} operations and methods answered; never seen: ${count((o) => o.statuses.neverSeen)} declared statuses, ${count((o) => o.errors?.neverSeen ?? [])} declared JSON-RPC errors; undeclared met: ${count((o) => [...o.statuses.undeclared, ...(o.errors?.undeclared ?? [])])}; parameters never sent: ${count((o) => o.parameters.neverSent)}; promises checked ${count((o) => o.promises.checked)}, vacuous ${count((o) => o.promises.vacuous)}, never exercised ${count((o) => o.promises.neverExercised)}`;
}

/** The legend entries for the words this report uses: verdicts, classes, drift kinds, terms. */
function usedEntries(report: ContractReport): LegendEntry[] {
  const verdicts = new Set<Verdict>(report.results.map((r) => r.verdict));
  const kinds = new Set(
    report.operations.flatMap((o) => [...Object.keys(o.drift), ...o.rules]),
  ) as Set<string>;
  const per = report.coverage.perOperation;
  const terms: Term[] = ['fraction'];
  if (per.some((o) => o.promises.vacuous.length)) terms.push('vacuous');
  if (per.some((o) => o.promises.neverExercised.length)) terms.push('never-exercised');
  if (report.drifts.length) terms.push('distinct-drift');
  if (report.drifts.some((d) => d.baselined)) terms.push('known-drift');
  return [
    ...verdictKinds.filter((v) => verdicts.has(v)).map((v) => verdictLegend[v]),
    ...caseClasses
      .filter((c) => (report.summary.classes[c] ?? 0) > 0)
      .map((c) => caseClassLegend[c]),
    ...violationKinds.filter((k) => kinds.has(k)).map((k) => driftKindLegend[k]),
    ...terms.map((t) => termLegend[t]),
  ];
}

/**
 * What the words above mean, those this report uses only (a terminal is short), each with its
 * place on the docs' conformance page.
 */
function legendLines(report: ContractReport, docsUrl = docsSite): string[] {
  const entries = usedEntries(report);
  if (entries.length === 0) return [];
  return [
    '',
    'legend:',
    ...entries.map((e) => `  ${e.term}: ${e.meaning} (${docsLink(e, docsUrl)})`),
  ];
}

/** The report for a person at a terminal. */
export function contractText(report: ContractReport): string {
  const lines: string[] = [];
  const down = downServices(report);
  for (const [service, { url, reason }] of down)
    lines.push(
      /^[A-Z_]+$/.test(reason)
        ? `${service}: ${url} is unreachable (${reason}); not tested`
        : reason.startsWith('rate limited')
          ? `${service}: ${url} not tested, ${reason}`
          : `${service}: ${url} gave no answer; not tested: ${reason}`,
    );
  lines.push(...operationLines(report.operations.filter((v) => !down.has(v.service))));
  const words = new Map(report.drifts.map((d) => [d.key, d]));
  lines.push(...driftLines(unexcused(report), (key) => words.get(key)));
  lines.push(...baselineLines(report));
  const untested = report.results.filter((x) => x.verdict === 'not-tested' && !down.has(x.service));
  const skippedCases = report.results.filter((x) => x.verdict === 'skipped');
  if (untested.length + skippedCases.length > 0) lines.push('');
  lines.push(...reasonLines('not tested', untested, (r) => r.unreachable ?? 'no answer'));
  lines.push(...reasonLines('skipped', skippedCases, (r) => r.skip ?? 'skipped'));
  lines.push(...rateLimitLines(report.results, report.services, report.settings.apiKey));
  lines.push(...legendLines(report));
  lines.push(...summaryLines(report));
  return lines.join('\n');
}
