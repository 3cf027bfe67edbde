// `contract --format html`: one self-contained page (inline CSS and JS, the data embedded as
// JSON, no request to any host) that opens from disk. The page is complete without its script;
// the script only filters the operations table.
import type { CaseClass } from '../case-values.js';
import {
  caseClassLegend,
  docsLink,
  docsSite,
  driftKindLegend,
  type LegendEntry,
  legendGroups,
  type Term,
  termLegend,
  verdictLegend,
} from '../legend.js';
import type { CoverageList, ReportOperation } from '../report-types.js';
import {
  driftsOf,
  plural,
  type ReportDrift,
  type ReportInput,
  redactCredentials,
  safeSettings,
  safeUrl,
  scrubSettings,
  summaryLine,
  verdictOf,
} from './report-view.js';

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text for HTML content and attribute values. */
export const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => escapes[c] ?? c);

const verdictWords = {
  conforms: 'conforms',
  drift: 'DRIFT',
  'not-tested': 'not tested',
  skipped: 'skipped',
} as const;

const list = (items: readonly unknown[] | undefined) =>
  items && items.length > 0 ? items.map(esc).join(', ') : '–';

/** A report word linked to its entry in the page's legend. */
const explained = (entry: LegendEntry | undefined, text: string) =>
  entry ? `<a class="term" href="#legend-${entry.anchor}">${esc(text)}</a>` : esc(text);
const kindWord = (kind: string) =>
  explained(driftKindLegend[kind as keyof typeof driftKindLegend], kind);
const termWord = (term: Term, text: string) => explained(termLegend[term], text);

/** `name n` pairs (cases by class, drift by kind), each name linked to its legend entry. */
const counted = (pairs: [string, number][], word: (name: string) => string) =>
  pairs.length ? pairs.map(([k, n]) => `${word(k)} ${n}`).join(', ') : '–';

/**
 * A table that scrolls sideways on a narrow screen, reachable by keyboard (axe asks for that).
 * `head` is HTML: a column's word may link to its legend entry.
 */
function table(label: string, head: string[], rows: string[][], id?: string): string {
  return [
    `<div class="scroll" role="region" aria-label="${esc(label)}" tabindex="0">`,
    `<table${id ? ` id="${id}"` : ''}><caption>${esc(label)}</caption>`,
    `<thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map((r) => `<tr>${r.join('')}</tr>`),
    '</tbody></table></div>',
  ].join('\n');
}

function operationRow(op: ReportOperation, errors: string[] | undefined): string[] {
  const classes = counted(Object.entries(op.classes ?? {}), (k) =>
    explained(caseClassLegend[k as CaseClass], k),
  );
  const values = (op.coverage ?? []).map((c) => `${c.input} ${c.covered}/${c.total}`);
  // data-label names each cell where a narrow screen shows a row as a card (see the style).
  const td = (label: string, html: string, cls = '') =>
    `<td data-label="${label}"${cls ? ` class="${cls}"` : ''}>${html}</td>`;
  return [
    td('service', esc(op.service)),
    `<th scope="row"><code>${esc(op.operation)}</code></th>`,
    td(
      'verdict',
      explained(verdictLegend[op.verdict], verdictWords[op.verdict]),
      `v-${op.verdict}`,
    ),
    td('cases', String(op.cases)),
    td('by class', classes),
    td('seen', list([...op.statuses, ...(errors ?? [])])),
    td('rules', op.rules?.length ? op.rules.map(kindWord).join(', ') : '–'),
    td('values', list(values)),
    td('drift', counted(Object.entries(op.drift), kindWord)),
  ];
}

function operationsSection(report: ReportInput): string {
  const errorsOf = new Map(
    (report.coverage?.perOperation ?? []).map((c) => [
      `${c.service} ${c.operation}`,
      c.errors?.seen,
    ]),
  );
  const rows = report.operations.map((op) =>
    operationRow(op, errorsOf.get(`${op.service} ${op.operation}`)),
  );
  return [
    '<section id="operations" aria-labelledby="operations-h">',
    `<h2 id="operations-h">Operations and methods (${report.operations.length})</h2>`,
    '<p class="filter"><label for="op-filter">Filter</label> <input id="op-filter" type="search" autocomplete="off"> ',
    '<label><input id="op-drift" type="checkbox"> drifting only</label></p>',
    table(
      'Verdict per operation and method',
      [
        'service',
        'operation',
        'verdict',
        'cases',
        'cases by class',
        'statuses and errors seen',
        'rules checked',
        `values covered (${termWord('fraction', 'n/m')})`,
        'drift',
      ],
      rows,
      'operations-table',
    ),
    '</section>',
  ].join('\n');
}

function driftArticle(d: ReportDrift, i: number): string {
  const baselined = d.baselined
    ? `<p class="known">${termWord('known-drift', 'Known drift')} (baseline): ${esc(d.baselined.reason)}${d.baselined.expires ? `, until ${esc(d.baselined.expires)}` : ''}</p>`
    : '';
  return [
    `<article class="drift" id="drift-${i + 1}" aria-labelledby="drift-${i + 1}-h">`,
    `<h3 id="drift-${i + 1}-h"><code>${esc(d.key)}</code></h3>`,
    baselined,
    '<dl>',
    `<dt>kind</dt><dd>${kindWord(d.kind)}</dd>`,
    `<dt>operation</dt><dd><code>${esc(d.operation)}</code> (${esc(d.service)})</dd>`,
    `<dt>expected</dt><dd>${esc(d.expected)}</dd>`,
    `<dt>got</dt><dd>${esc(d.got)}</dd>`,
    `<dt>path</dt><dd><code>${esc(d.path || '(the answer as a whole)')}</code></dd>`,
    `<dt>cases</dt><dd>${d.cases}</dd>`,
    '</dl>',
    '<details><summary>request and answer</summary>',
    `<h4>request</h4><pre>${esc(redactCredentials(d.example.request))}</pre>`,
    `<h4>answer</h4><pre>${esc(redactCredentials(d.example.response))}</pre>`,
    '</details>',
    `<p class="curl-label">reproduce:</p><pre class="curl"><code>${esc(redactCredentials(d.example.curl))}</code></pre>`,
    '</article>',
  ].join('\n');
}

function driftSection(drifts: ReportDrift[]): string {
  const fresh = drifts.filter((d) => !d.baselined);
  const known = drifts.filter((d) => d.baselined);
  const body =
    drifts.length === 0
      ? '<p>No drift: every answer matched the specs.</p>'
      : [...fresh, ...known].map(driftArticle).join('\n');
  return [
    '<section id="drifts" aria-labelledby="drifts-h">',
    `<h2 id="drifts-h">Drift (${plural(fresh.length, 'distinct problem')}${known.length ? `, ${known.length} known` : ''})</h2>`,
    drifts.length
      ? `<p>Each ${termWord('distinct-drift', 'distinct drift')}: what the spec says (expected) and what the server answered (got).</p>`
      : '',
    body,
    '</section>',
  ].join('\n');
}

const statusCells = (s: CoverageList | undefined) =>
  s
    ? [list(s.declared), list(s.seen), list(s.neverSeen), list(s.undeclared)].map(
        (c) => `<td>${c}</td>`,
      )
    : ['<td>–</td>', '<td>–</td>', '<td>–</td>', '<td>–</td>'];

function coverageSection(report: ReportInput): string {
  const parts = ['<section id="coverage" aria-labelledby="coverage-h">'];
  const cov = report.coverage;
  if (cov) {
    parts.push(
      `<h2 id="coverage-h">Coverage: ${cov.operations.exercised}/${cov.operations.total} operations and methods exercised</h2>`,
      table(
        'Statuses and JSON-RPC errors',
        [
          'operation',
          'declared',
          'seen',
          'never seen',
          termWord('undeclared-met', 'undeclared met'),
        ],
        cov.perOperation.map((c) => [
          `<th scope="row"><code>${esc(c.operation)}</code></th>`,
          ...statusCells(c.errors ?? c.statuses),
        ]),
      ),
      table(
        'Parameters, values and promises',
        [
          'operation',
          'parameters never sent',
          `enum values sent (${termWord('fraction', 'n/m')})`,
          `promises ${termWord('checked', 'checked')}`,
          termWord('vacuous', 'vacuous'),
          termWord('never-exercised', 'never exercised'),
        ],
        cov.perOperation.map((c) => [
          `<th scope="row"><code>${esc(c.operation)}</code></th>`,
          `<td>${c.absentFrom ? esc(`not served by ${c.absentFrom}: only its refusal was checked`) : list(c.parameters?.neverSent)}</td>`,
          `<td>${list((c.enums ?? []).map((e) => `${e.input} ${e.sent.length}/${e.values.length}`))}</td>`,
          `<td>${list(c.promises?.checked)}</td>`,
          `<td>${list(c.promises?.vacuous)}</td>`,
          `<td>${list(c.promises?.neverExercised)}</td>`,
        ]),
      ),
    );
  } else {
    // A report from before the run API: what the per-operation rows already carry.
    parts.push(
      '<h2 id="coverage-h">Coverage</h2>',
      table(
        'Values and rules',
        ['operation', 'values covered', 'rules checked', 'rules not exercised'],
        report.operations.map((op) => [
          `<th scope="row"><code>${esc(op.operation)}</code></th>`,
          `<td>${list((op.coverage ?? []).map((c) => `${c.input} ${c.values.join('|')} (${c.covered}/${c.total})`))}</td>`,
          `<td>${list(op.rules)}</td>`,
          `<td>${list(op.rulesNotExercised)}</td>`,
        ]),
      ),
    );
  }
  parts.push('</section>');
  return parts.join('\n');
}

function untestedSection(report: ReportInput): string {
  const reasons = new Map<string, number>();
  for (const r of report.results) {
    if (r.verdict !== 'not-tested' && r.verdict !== 'skipped') continue;
    const why = `${r.verdict === 'skipped' ? 'skipped' : 'not tested'}: ${r.unreachable ?? r.skip ?? 'no answer'}`;
    reasons.set(why, (reasons.get(why) ?? 0) + 1);
  }
  for (const [why, n] of Object.entries(report.summary.notTested ?? {}))
    if (![...reasons.keys()].some((k) => k.includes(why))) reasons.set(`not tested: ${why}`, n);
  if (reasons.size === 0) return '';
  return [
    '<section id="untested" aria-labelledby="untested-h">',
    '<h2 id="untested-h">Not tested and skipped</h2><ul>',
    ...[...reasons].map(([why, n]) => {
      const [word, reason] = [why.slice(0, why.indexOf(': ')), why.slice(why.indexOf(': ') + 2)];
      const entry = verdictLegend[word === 'skipped' ? 'skipped' : 'not-tested'];
      return `<li>${plural(n, 'case')}: ${explained(entry, word)}: ${esc(reason)}</li>`;
    }),
    '</ul></section>',
  ].join('\n');
}

/**
 * What every word of the report means: each verdict, case class and drift kind the code knows
 * (legend.ts), and the coverage's terms, each with a link to the docs' conformance page.
 */
export function legendSection(docsUrl: string = docsSite): string {
  const entry = (e: LegendEntry) =>
    `<dt id="legend-${e.anchor}">${esc(e.term)}</dt><dd>${esc(e.meaning)} <a href="${esc(docsLink(e, docsUrl))}">Docs: ${esc(e.term)}</a></dd>`;
  return [
    '<section id="legend" aria-labelledby="legend-h">',
    '<h2 id="legend-h">Legend: what the words mean</h2>',
    ...legendGroups().flatMap((g) => [
      `<h3 id="legend-${g.id}">${esc(g.title)}</h3>`,
      `<dl class="legend">${g.entries.map(entry).join('')}</dl>`,
    ]),
    '</section>',
  ].join('\n');
}

/** The run's verdict word as the legend has it. */
const runVerdict = { CONFORMS: 'conforms', DRIFT: 'drift', 'NOT TESTED': 'not-tested' } as const;

function runFacts(report: ReportInput): [string, string][] {
  const s = report.summary;
  const facts: [string, string | undefined][] = [
    ['target', safeUrl(report.target)],
    ['started', report.startedAt],
    ['tool version', report.toolVersion],
    [
      'spec versions',
      report.specVersions
        ? Object.entries(report.specVersions)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')
        : undefined,
    ],
    ['node answers judged by', report.nodeVersion],
    ['requests', s.requests === undefined ? undefined : String(s.requests)],
    ['duration', s.durationMs === undefined ? undefined : `${(s.durationMs / 1000).toFixed(1)} s`],
    ['seed', s.seed === undefined ? undefined : String(s.seed)],
    ...report.services.map((x): [string, string] => [
      x.service,
      `${safeUrl(x.url)}${x.reachable ? '' : ` (unreachable: ${x.reason ?? 'no answer'})`}`,
    ]),
    ...safeSettings(report).map(([k, v]): [string, string] => [`setting ${k}`, v]),
  ];
  return facts.filter((f): f is [string, string] => f[1] !== undefined);
}

const style = `
:root{color-scheme:light dark;--ok:#0a6b2d;--bad:#a1161b;--warn:#7a4a00;--line:#8884;font:16px/1.5 system-ui,sans-serif}
body{margin:0 auto;max-width:80rem;padding:1rem}
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1rem;overflow-wrap:anywhere}
.verdict{display:inline-block;font-size:1.6rem;font-weight:700;padding:.2rem .8rem;border-radius:.3rem;color:#fff;margin:.3rem 0}
.tone-ok{background:var(--ok)}.tone-bad{background:var(--bad)}.tone-warn{background:var(--warn)}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}caption{text-align:left;font-weight:600}
th,td{border:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#8881;padding:.5rem;margin:.2rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.drift{border-left:4px solid var(--bad);padding-left:.8rem;margin:1rem 0}
.v-drift{font-weight:700}nav{display:flex;flex-wrap:wrap;column-gap:1rem}
@media (max-width:40rem){dl{grid-template-columns:1fr}body{padding:.5rem}
#operations-table thead{position:absolute;left:-9999px}#operations-table tr{display:block;border-top:2px solid var(--line);padding:.3rem 0}
#operations-table th,#operations-table td{display:block;border:0;padding:.05rem 0}
#operations-table td::before{content:attr(data-label) ": ";font-weight:600}}
#operations-table tr[hidden]{display:none}
.legend dd{margin-bottom:.4rem}a.term{color:inherit}
.filter{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
`;

// The script only narrows the operations table; the page says everything without it.
const script = `
const q=document.getElementById('op-filter'),only=document.getElementById('op-drift');
function apply(){const t=q.value.toLowerCase();for(const tr of document.querySelectorAll('#operations-table tbody tr')){
const hit=tr.textContent.toLowerCase().includes(t)&&(!only.checked||tr.querySelector('.v-drift'));tr.hidden=!hit}}
q.addEventListener('input',apply);only.addEventListener('change',apply);
`;

/** The data the page embeds for tools that read it back: everything but the per-case list. */
function embedded(report: ReportInput, drifts: ReportDrift[]): string {
  const { results: _results, ...rest } = report;
  const services = report.services.map((s) => ({ ...s, url: safeUrl(s.url) }));
  const settings = scrubSettings(report);
  const view = { ...rest, target: safeUrl(report.target), services, settings, drifts };
  const data = JSON.stringify(view);
  // `<` escaped so that no string in the data can close the script element.
  return data.replace(/</g, '\\u003c');
}

export interface HtmlOptions {
  /** The docs site the legend links to (default: docsSite). */
  docsUrl?: string;
}

/** The contract report as one self-contained HTML page. */
export function renderHtml(report: ReportInput, options: HtmlOptions = {}): string {
  const drifts = driftsOf(report);
  const verdict = verdictOf(report);
  const facts = runFacts(report);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Nothing may load from anywhere: no network, not even the page's own folder.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">`,
    `<title>Contract ${esc(verdict.word)}: ${esc(safeUrl(report.target))}</title>`,
    `<style>${style}</style></head><body><main>`,
    '<header>',
    `<h1>Contract report: ${esc(safeUrl(report.target))}</h1>`,
    `<p class="verdict tone-${verdict.tone}" id="verdict">${esc(verdict.word)}</p>`,
    `<p id="summary">${esc(summaryLine(report))}</p>`,
    `<p id="verdict-meaning">${explained(verdictLegend[runVerdict[verdict.word]], verdict.word)}: ${esc(verdictLegend[runVerdict[verdict.word]].meaning)}</p>`,
    ...(report.warnings?.length
      ? [
          `<ul id="warnings">${report.warnings.map((w) => `<li>warning: ${esc(w)}</li>`).join('')}</ul>`,
        ]
      : []),
    '<nav aria-label="sections"><a href="#operations">operations</a><a href="#drifts">drift</a><a href="#coverage">coverage</a><a href="#settings">settings</a><a href="#legend">legend</a></nav>',
    '</header>',
    operationsSection(report),
    driftSection(drifts),
    coverageSection(report),
    untestedSection(report),
    '<section id="settings" aria-labelledby="settings-h"><h2 id="settings-h">Run and settings</h2><dl>',
    ...facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`),
    '</dl></section>',
    legendSection(options.docsUrl),
    '</main>',
    `<script type="application/json" id="report-data">${embedded(report, drifts)}</script>`,
    `<script>${script}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}
