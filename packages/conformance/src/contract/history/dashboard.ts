// The history folder as a static site: per target, its runs over time (a chart drawn as SVG at
// build time) and a table of runs, each with its diff against the run before (new, fixed, still
// drifting) and a link to its HTML report. No script and no request at view time.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { esc } from '../formats/html.js';
import { plural } from '../formats/report-view.js';
import { type HistoryEntry, readHistory } from './history.js';

/** A run next to the one before it on the same target. */
export interface RunDiff {
  entry: HistoryEntry;
  /** Drift keys this run met and the one before did not (all of them on a target's first run). */
  added: string[];
  fixed: string[];
  still: string[];
  first: boolean;
}

/** Each target's runs, oldest first, each with its diff against the previous one. */
export function diffRuns(entries: HistoryEntry[]): Map<string, RunDiff[]> {
  const byTarget = new Map<string, RunDiff[]>();
  for (const entry of entries) {
    const runs = byTarget.get(entry.target) ?? [];
    const before = new Set(runs.at(-1)?.entry.drifts ?? []);
    const now = new Set(entry.drifts);
    runs.push({
      entry,
      added: entry.drifts.filter((k) => !before.has(k)),
      fixed: [...before].filter((k) => !now.has(k)),
      still: entry.drifts.filter((k) => before.has(k)),
      first: runs.length === 0,
    });
    byTarget.set(entry.target, runs);
  }
  return byTarget;
}

const toneOf = { CONFORMS: 'ok', DRIFT: 'bad', 'NOT TESTED': 'warn' } as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-03T03:17:00Z` as `Nov 3` (UTC; the same on every viewer's machine). */
function shortDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso.slice(0, 10)
    : `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** The chart's frame: the plot area inside the SVG, leaving room for the axes' labels. */
const frame = { width: 640, height: 200, left: 36, right: 8, top: 8, bottom: 28 };

/** Indexes of at most `most` runs spread evenly from the first to the last: the dated ticks. */
function tickIndexes(count: number, most = 6): number[] {
  if (count <= most) return [...Array(count).keys()];
  return [
    ...new Set([...Array(most).keys()].map((i) => Math.round((i * (count - 1)) / (most - 1)))),
  ];
}

/** The y axis: 0, half and the largest run's operation count, with grid lines. */
function yAxis(max: number, y: (n: number) => number): string {
  const ticks = [...new Set([0, Math.round(max / 2), max])];
  return ticks
    .map(
      (n) =>
        `<line class="grid" x1="${frame.left}" x2="${frame.width - frame.right}" y1="${y(n)}" y2="${y(n)}"/>` +
        `<text class="axis" x="${frame.left - 4}" y="${y(n) + 4}" text-anchor="end">${n}</text>`,
    )
    .join('');
}

/**
 * Stacked bars of operation counts, one per run, oldest on the left: conforming at the bottom,
 * then drifting, then not tested; dates under the bars, counts beside them, and each bar's
 * numbers in its tooltip.
 */
function chart(runs: RunDiff[], label: string): string {
  const plotW = frame.width - frame.left - frame.right;
  const plotH = frame.height - frame.top - frame.bottom;
  const max = Math.max(1, ...runs.map((r) => r.entry.operations.total));
  const y = (n: number) => +(frame.top + plotH - (n / max) * plotH).toFixed(1);
  const step = plotW / Math.max(1, runs.length);
  const bars = runs.map(({ entry }, i) => {
    const o = entry.operations;
    const x = (frame.left + i * step).toFixed(1);
    let below = 0;
    const rects = (
      [
        [o.conforms, 'ok'],
        [o.drift, 'bad'],
        [o.notTested + o.skipped, 'warn'],
      ] as const
    ).map(([n, tone]) => {
      const top = y(below + n);
      const height = (y(below) - top).toFixed(1);
      below += n;
      return `<rect class="${tone}" x="${x}" y="${top}" width="${Math.max(1, step - 1).toFixed(1)}" height="${height}"/>`;
    });
    const what = `${shortDate(entry.time)}: ${o.conforms} conforming, ${o.drift} drifting, ${o.notTested + o.skipped} not tested`;
    return `<g><title>${esc(what)}</title>${rects.join('')}</g>`;
  });
  const dates = tickIndexes(runs.length).map((i) => {
    const x = (frame.left + (i + 0.5) * step).toFixed(1);
    return `<text class="axis" x="${x}" y="${frame.height - 8}" text-anchor="middle">${esc(shortDate(runs[i]?.entry.time ?? ''))}</text>`;
  });
  return `<svg role="img" aria-label="${esc(label)}" viewBox="0 0 ${frame.width} ${frame.height}" class="chart">${yAxis(max, y)}${bars.join('')}${dates.join('')}</svg>`;
}

/** What the colours mean, in words beside swatches (the colours alone would not say it). */
const legend =
  '<ul class="legend"><li><span class="swatch ok"></span>conforming</li><li><span class="swatch bad"></span>drifting</li><li><span class="swatch warn"></span>not tested</li></ul>';

/** The operation a drift key names (`data-api listBlockchains status` → `listBlockchains`). */
const operationOf = (key: string) => key.split(' ')[1] ?? key;

/** The runs where operations started or stopped drifting, newest first, named in words. */
function changes(runs: RunDiff[], most = 12): string {
  const items = runs
    .filter((r) => !r.first && (r.added.length || r.fixed.length))
    .reverse()
    .slice(0, most)
    .map((r) => {
      const said = [
        r.added.length ? `started drifting: ${names(r.added)}` : '',
        r.fixed.length ? `fixed: ${names(r.fixed)}` : '',
      ].filter(Boolean);
      return `<li><a href="#run-${esc(r.entry.id)}"><time datetime="${esc(r.entry.time)}">${esc(shortDate(r.entry.time))}</time></a>: ${said.join('; ')}</li>`;
    });
  return `<div class="changes"><h3>What changed</h3>${items.length ? `<ul>${items.join('')}</ul>` : '<p>No operation started or stopped drifting in these runs.</p>'}</div>`;
}

/** Distinct operation names of drift keys, in code. */
function names(keys: string[]): string {
  return [...new Set(keys.map(operationOf))].map((n) => `<code>${esc(n)}</code>`).join(', ');
}

function keyList(title: string, keys: string[], cls: string): string {
  if (keys.length === 0) return '';
  return `<details class="${cls}"><summary>${esc(title)} ${keys.length}</summary><ul>${keys
    .map((k) => `<li><code>${esc(k)}</code></li>`)
    .join('')}</ul></details>`;
}

function runRow(run: RunDiff): string {
  const e = run.entry;
  const o = e.operations;
  const report = e.html
    ? `<a href="${esc(e.html)}">report</a>`
    : `<a href="${esc(e.json)}">JSON report</a>`;
  const changes = [
    keyList(run.first ? 'drifting (first run)' : 'new', run.added, 'new'),
    keyList('fixed', run.fixed, 'fixed'),
    keyList('still drifting', run.still, 'still'),
  ].join('');
  return [
    `<tr id="run-${esc(e.id)}">`,
    `<th scope="row"><time datetime="${esc(e.time)}">${esc(e.time.replace('T', ' ').replace(/\.\d+Z$/, 'Z'))}</time></th>`,
    `<td class="tone-${toneOf[e.verdict]}">${esc(e.verdict)}</td>`,
    `<td>${o.conforms} conform, ${o.drift} drift, ${o.notTested} not tested${e.rateLimited ? ` (${e.rateLimited} cases rate limited)` : ''}</td>`,
    `<td>${e.coverage.exercised}/${e.coverage.total}</td>`,
    `<td>${changes || 'no drift'}</td>`,
    `<td>${esc([e.toolVersion, e.nodeRelease && `node ${e.nodeRelease}`].filter(Boolean).join(', ') || '–')}</td>`,
    `<td>${report}</td>`,
    '</tr>',
  ].join('');
}

function targetSection(target: string, runs: RunDiff[], n: number): string {
  const last = runs.at(-1)?.entry;
  return [
    `<section aria-labelledby="t${n}">`,
    `<h2 id="t${n}">${esc(target)}</h2>`,
    last
      ? `<p>Latest: <strong class="tone-${toneOf[last.verdict]}">${esc(last.verdict)}</strong>, ${plural(runs.length, 'run')} kept.</p>`
      : '',
    '<div class="overview"><figure>',
    chart(runs, `${target}: operations conforming, drifting and not tested per run, oldest first`),
    `<figcaption>Operations per run, ${esc(shortDate(runs[0]?.entry.time ?? ''))} to ${esc(shortDate(last?.time ?? ''))}.</figcaption>`,
    legend,
    '</figure>',
    changes(runs),
    '</div>',
    `<div class="scroll" role="region" aria-label="runs against ${esc(target)}" tabindex="0">`,
    `<table><caption>Runs against ${esc(target)}, newest first</caption>`,
    '<thead><tr><th scope="col">started</th><th scope="col">verdict</th><th scope="col">operations</th><th scope="col">coverage</th><th scope="col">drift since the run before</th><th scope="col">versions</th><th scope="col">report</th></tr></thead>',
    `<tbody>${[...runs].reverse().map(runRow).join('\n')}</tbody></table></div>`,
    '</section>',
  ].join('\n');
}

const style = `
:root{color-scheme:light dark;font:16px/1.5 system-ui,sans-serif}body{margin:0 auto;max-width:80rem;padding:1rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;overflow-wrap:anywhere}
.scroll{overflow-x:auto;max-width:100%}table{border-collapse:collapse;font-size:.9rem}caption{text-align:left;font-weight:600}
th,td{border:1px solid #8884;padding:.25rem .5rem;text-align:left;vertical-align:top}
.tone-ok{color:#0a6b2d}.tone-bad{color:#a1161b;font-weight:700}.tone-warn{color:#7a4a00}
@media (prefers-color-scheme:dark){.tone-ok{color:#6fdc8c}.tone-bad{color:#ff8b8b}.tone-warn{color:#f1c21b}}
.overview{display:flex;flex-wrap:wrap;gap:1rem 2rem;align-items:flex-start}figure{margin:0;flex:1 1 24rem;max-width:44rem}.changes{flex:1 1 16rem}h3{font-size:1rem;margin:0}\n.chart{width:100%;height:auto;display:block}.ok{fill:#24a148;background:#24a148}.bad{fill:#da1e28;background:#da1e28}.warn{fill:#a8a8a8;background:#a8a8a8}\n.axis{font-size:12px;fill:currentColor}.grid{stroke:#8886;stroke-width:1}.legend{list-style:none;display:flex;gap:1rem;padding:0}.swatch{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;vertical-align:-.1rem}
code{overflow-wrap:anywhere}ul{margin:.2rem 0;padding-left:1.2rem}
`;

/** The dashboard page itself. */
export function dashboardHtml(byTarget: Map<string, RunDiff[]>): string {
  const sections = [...byTarget].map(([target, runs], i) => targetSection(target, runs, i + 1));
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<title>Contract runs</title>',
    `<style>${style}</style></head><body><main>`,
    '<h1>Contract runs</h1>',
    `<p>${plural(byTarget.size, 'target')}; each run is compared with the run before it on the same target.</p>`,
    ...(sections.length ? sections : ['<p>No runs recorded yet.</p>']),
    '</main></body></html>',
    '',
  ].join('\n');
}

/**
 * Builds the static site of a history folder into `outDir`: index.html and a copy of each run's
 * reports under runs/, so the site can be published on its own.
 */
export async function buildDashboard(historyDir: string, outDir: string) {
  const entries = await readHistory(historyDir);
  const byTarget = diffRuns(entries);
  await mkdir(join(outDir, 'runs'), { recursive: true });
  // A site built inside the history folder itself already has the reports where they belong.
  if (resolve(historyDir) !== resolve(outDir))
    for (const e of entries)
      for (const file of [e.json, e.html])
        if (file) await copyFile(join(historyDir, file), join(outDir, file));
  const index = join(outDir, 'index.html');
  await writeFile(index, dashboardHtml(byTarget));
  return { index, targets: byTarget.size, runs: entries.length };
}
