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

/** Stacked bars, one per run: conforming, drifting and not-tested operations. */
function chart(runs: RunDiff[], label: string): string {
  const w = 12;
  const h = 80;
  const bars = runs.map(({ entry }, i) => {
    const o = entry.operations;
    const total = Math.max(1, o.total);
    let y = h;
    const parts: [number, string][] = [
      [o.conforms, 'ok'],
      [o.drift, 'bad'],
      [o.notTested + o.skipped, 'warn'],
    ];
    const rects = parts.map(([n, tone]) => {
      const height = (n / total) * h;
      y -= height;
      return `<rect class="${tone}" x="${i * w}" y="${y.toFixed(1)}" width="${w - 2}" height="${height.toFixed(1)}"/>`;
    });
    const what = `${entry.time}: ${o.conforms} conform, ${o.drift} drift, ${o.notTested} not tested`;
    return `<g><title>${esc(what)}</title>${rects.join('')}</g>`;
  });
  return `<svg role="img" aria-label="${esc(label)}" viewBox="0 0 ${Math.max(w, runs.length * w)} ${h}" preserveAspectRatio="none" class="chart">${bars.join('')}</svg>`;
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
    chart(
      runs,
      `${target}: operations conforming (green), drifting (red) and not tested (grey) per run, oldest first`,
    ),
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
.chart{width:100%;max-width:40rem;height:5rem;display:block}.chart .ok{fill:#24a148}.chart .bad{fill:#da1e28}.chart .warn{fill:#a8a8a8}
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
