// `contract --format markdown`: a CI job summary. The verdict and counts come first, the
// details are folded in <details> blocks, and the whole stays under a byte budget: GitHub
// refuses a step summary over 1 MiB, and a target that drifts on every answer must still fit.
import { esc } from './html.js';
import {
  driftsOf,
  plural,
  type ReportDrift,
  type ReportInput,
  redactCredentials,
  safeSettings,
  safeUrl,
  summaryLine,
  verdictOf,
} from './report-view.js';

/** Default budget: a quarter of GitHub's 1 MiB limit, so that other steps' summaries fit too. */
export const markdownBudget = 256 * 1024;

export interface MarkdownOptions {
  /** Most bytes the summary may take (default {@link markdownBudget}). */
  maxBytes?: number;
  /** Where the full report is (an artifact name or a path), named when something is left out. */
  fullReport?: string;
}

/** Table cell text: pipes and newlines would break the row. */
const cell = (s: unknown) => esc(String(s)).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** A fenced block whose fence no line inside can close. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}\n${text}\n${f}`;
}

function driftBlock(d: ReportDrift): string {
  const known = d.baselined ? ` (known: ${cell(d.baselined.reason)})` : '';
  return [
    `<details><summary><code>${esc(d.key)}</code>: ${plural(d.cases, 'case')}${known}</summary>`,
    '',
    `- expected: ${cell(d.expected)}`,
    `- got: ${cell(d.got)}`,
    `- path: \`${d.path || '(the answer)'}\``,
    '',
    fence(redactCredentials(d.example.curl)),
    '',
    '</details>',
  ].join('\n');
}

function operationTable(report: ReportInput): string[] {
  const drifting = report.operations.filter((o) => o.verdict !== 'conforms');
  const rows = drifting.map(
    (o) =>
      `| ${cell(o.service)} | \`${cell(o.operation)}\` | ${o.verdict} | ${o.cases} | ${cell(
        Object.entries(o.drift)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') || '–',
      )} |`,
  );
  if (rows.length === 0) return [];
  return [
    `<details><summary>${plural(drifting.length, 'operation')} not conforming</summary>`,
    '',
    '| service | operation | verdict | cases | drift |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '</details>',
  ];
}

function coverageLines(report: ReportInput): string[] {
  const cov = report.coverage;
  if (!cov) return [];
  const gaps = cov.perOperation
    .map((c) => {
      const never = [...(c.statuses?.neverSeen ?? []), ...(c.errors?.neverSeen ?? [])];
      const unsent = c.parameters?.neverSent ?? [];
      const idle = c.promises?.neverExercised ?? [];
      if (never.length + unsent.length + idle.length === 0) return undefined;
      return `| \`${cell(c.operation)}\` | ${cell(never.join(', ') || '–')} | ${cell(unsent.join(', ') || '–')} | ${cell(idle.join(', ') || '–')} |`;
    })
    .filter((x): x is string => x !== undefined);
  return [
    `Coverage: ${cov.operations.exercised}/${cov.operations.total} operations and methods exercised.`,
    '',
    ...(gaps.length
      ? [
          `<details><summary>coverage gaps in ${plural(gaps.length, 'operation')}</summary>`,
          '',
          '| operation | statuses/errors never seen | parameters never sent | promises never exercised |',
          '|---|---|---|---|',
          ...gaps,
          '',
          '</details>',
          '',
        ]
      : []),
  ];
}

function header(report: ReportInput): string[] {
  const verdict = verdictOf(report);
  const mark = { ok: '✅', bad: '❌', warn: '⚠️' }[verdict.tone];
  const baseline = report.baseline;
  const limited = report.summary.rateLimited
    ? [
        `${plural(report.summary.rateLimited, 'case')} not tested because the target rate limited them: try \`--rate-limit\` or an api key.`,
        '',
      ]
    : [];
  return [
    `## ${mark} Contract ${verdict.word}: ${cell(safeUrl(report.target))}`,
    '',
    summaryLine(report),
    '',
    ...limited,
    ...(report.warnings?.length
      ? [...report.warnings.map((w) => `> warning: ${cell(w)}`), '']
      : []),
    ...(baseline
      ? [
          `Baseline \`${cell(baseline.file)}\`: ${baseline.known.length} known drift met, ${baseline.expired.length} expired, ${baseline.stale.length} no longer occurring.`,
          '',
        ]
      : []),
  ];
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * The report as GitHub-flavoured markdown for a job summary, never over `maxBytes`: drifts are
 * listed most cases first until the budget is spent, then counted.
 */
export function renderMarkdown(report: ReportInput, options: MarkdownOptions = {}): string {
  const budget = options.maxBytes ?? markdownBudget;
  const drifts = driftsOf(report);
  const settings = safeSettings(report);
  const tail = [
    '',
    ...(options.fullReport ? [`Full report: ${options.fullReport}.`, ''] : []),
    '<details><summary>run</summary>',
    '',
    ...[
      ['started', report.startedAt],
      ['tool version', report.toolVersion],
      ['node answers judged by', report.nodeVersion],
      ...settings,
    ]
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `- ${k}: ${cell(v)}`),
    '',
    '</details>',
    '',
  ].join('\n');
  const head = [...header(report), ...coverageLines(report), ...operationTable(report)];
  let out = `${head.join('\n')}\n`;
  // What a cut summary says at its end; reserved up front so that it always fits.
  const cutNote = (n: number) =>
    `\n_${plural(n, 'more distinct drift')} not shown${options.fullReport ? `: see ${options.fullReport}` : ': see the HTML or JSON report'}._\n`;
  const reserve = bytes(tail) + bytes(cutNote(drifts.length)) + 64;
  if (bytes(out) + reserve > budget) out = `${header(report).join('\n')}\n`;
  if (drifts.length > 0) out += `\n### Drift: ${plural(drifts.length, 'distinct problem')}\n\n`;
  let shown = 0;
  for (const d of drifts) {
    const block = `${driftBlock(d)}\n`;
    if (bytes(out) + bytes(block) + reserve > budget) break;
    out += block;
    shown++;
  }
  if (shown < drifts.length) out += cutNote(drifts.length - shown);
  out += tail;
  // A budget below the header's own size still holds: cut at a line and say so.
  if (bytes(out) > budget) {
    const cut = Buffer.from(out)
      .subarray(0, Math.max(0, budget - 40))
      .toString('utf8');
    out = `${cut.slice(0, cut.lastIndexOf('\n') + 1)}\n_summary cut at ${budget} bytes_\n`;
  }
  return out;
}
