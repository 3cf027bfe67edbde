// conformance.html: the latest `contract` run against the replay server, made at docs build
// time with the conformance package's own exports (replay server in-process, the same plan
// as `avalanche-conformance contract --target replay`).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { legendGroups } from '@avalanche-api/conformance';
import { html, page } from './html.mjs';

export const CONFORMANCE_PAGE = 'conformance.html';

/** The spec file names the conformance package uses, as the site's services. */
const SERVICE_OF = {
  'data-api': 'data',
  'metrics-api': 'metrics',
  'node-rpc': 'node',
  'node-health': 'health',
};

/**
 * Runs the contract against a replay server started here; returns a plain report
 * `{target, date, summary: {operations, cases}, operations, drift}`.
 */
export async function runConformance({ now = new Date() } = {}) {
  const c = await import('@avalanche-api/conformance');
  const pkgDir = dirname(
    createRequire(import.meta.url).resolve('@avalanche-api/conformance/package.json'),
  );
  const specs = await c.Specs.load(c.defaultSpecDir);
  const recordings = await c.loadExchanges([join(pkgDir, 'recordings')]);
  const replay = await c.startReplayServer({ specs, recordings });
  try {
    const names = [...specs.rest, ...specs.rpc].map((s) => s.name);
    const targets = Object.fromEntries(names.map((n) => [n, replay.url]));
    const run = await c.runPlan(
      specs,
      c.contractCases(specs, recordings),
      {
        targets,
        concurrency: 4,
        timeoutMs: 15_000,
        maxRetryAfterMs: 30_000,
        retries: 3,
        replaysCorpus: true,
      },
      { ...c.defaultPlan, classes: c.parseClasses(undefined) },
    );
    const operations = c.verdicts(run.results);
    return {
      target: 'replay',
      date: now.toISOString(),
      summary: { operations: c.countVerdicts(operations), cases: c.countVerdicts(run.results) },
      operations,
      drift: run.results
        .filter((r) => r.verdict === 'drift')
        .map((r) => ({
          service: r.service,
          operation: r.operation,
          source: r.source,
          status: r.status,
          violations: r.violations.map((v) => c.formatViolation(v)),
        })),
    };
  } finally {
    await replay.close();
  }
}

function counts(label, n) {
  return html`<tr><th scope="row">${label}</th><td>${n.conforms}</td><td>${n.drift}</td><td>${n.notTested}</td><td>${n.skipped}</td></tr>`;
}

/**
 * The page for a report from runConformance; `operations` is listOperations' list, which
 * gives each operation's place in the references.
 */
export function renderConformance(report, operations = []) {
  const places = new Map(
    operations.map((o) => [`${o.service} ${o.op}`, `${o.page}#${encodeURI(o.anchor)}`]),
  );
  const { summary } = report;
  const verdict =
    summary.cases.drift > 0
      ? 'drift'
      : summary.cases.conforms === 0 || summary.cases.notTested > 0
        ? 'not tested'
        : 'conforms';
  const link = (service, op) => {
    const href = places.get(`${SERVICE_OF[service]} ${op}`);
    return href ? html`<a href="${href}"><code>${op}</code></a>` : html`<code>${op}</code>`;
  };
  const rows = report.operations.map(
    (o) =>
      html`<tr><td>${service(o.service)}</td><td>${link(o.service, o.operation)}</td><td>${o.cases}</td><td>${o.statuses.join(', ')}</td><td><span class="badge v-${o.verdict}">${o.verdict}</span></td><td>${Object.entries(
        o.drift ?? {},
      )
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}</td></tr>`,
  );
  const drift = report.drift.map(
    (d) =>
      html`<li>${link(d.service, d.operation)} <span class="muted">(${d.source}${d.status ? `, HTTP ${d.status}` : ''})</span><ul>${d.violations.map((v) => html`<li><code>${v}</code></li>`)}</ul></li>`,
  );
  const body = html`<main class="conf">
<h1 id="conformance">Conformance</h1>
<p class="lede">Every operation and method, sent by the contract tester to the replay server and judged against the specs (schemas, strictness, <code>x-promises</code>). Run at docs build time, ${report.date.slice(0, 16).replace('T', ' ')} UTC; run it yourself with <code>pnpm contract</code>.</p>
<p class="verdict">Verdict: <span class="badge v-${verdict.replace(' ', '-')}">${verdict}</span></p>
<p>Which rules of the requirement documents these checks cover, and which cannot be checked and why: <a href="rules.html">What conformance checks</a>.</p>
<h2 id="counts">Counts</h2>
<div class="table-wrap"><table><thead><tr><th></th><th>conforms</th><th>drift</th><th>not tested</th><th>skipped</th></tr></thead><tbody>
${counts('Operations and methods', summary.operations)}${counts('Cases', summary.cases)}
</tbody></table></div>
<h2 id="operations">Per operation</h2>
<div class="table-wrap"><table><thead><tr><th>Service</th><th>Operation or method</th><th>Cases</th><th>Statuses</th><th>Verdict</th><th>Drift</th></tr></thead><tbody>${rows}</tbody></table></div>
<h2 id="drift">Drift found</h2>
${drift.length ? html`<ul class="drift">${drift}</ul>` : html`<p>None.</p>`}
${legend()}
</main>`;
  return page({
    title: 'Conformance – Avalanche APIs',
    description: 'The latest contract run against the replay server.',
    current: CONFORMANCE_PAGE,
    css: CONFORMANCE_CSS,
    body: body.toString(),
  });
}

/**
 * What a contract report's words mean, under the anchors the reports' legend links to (the
 * entries come from the conformance package, the same the reports print).
 */
function legend() {
  return html`<h2 id="legend">Reading a contract report</h2>
${legendGroups().map(
  (g) =>
    html`<h3 id="${g.id}">${g.title}</h3><dl class="legend">${g.entries.map(
      (e) => html`<dt id="${e.anchor}"><code>${e.term}</code></dt><dd>${e.meaning}</dd>`,
    )}</dl>`,
)}`;
}

function service(name) {
  return (
    {
      'data-api': 'Data API',
      'metrics-api': 'Metrics API',
      'node-rpc': 'Node JSON-RPC',
      'node-health': 'Node health',
    }[name] ?? name
  );
}

const CONFORMANCE_CSS = `
.conf{max-width:1100px;margin:0 auto;padding:10px 24px 80px}
.lede{font-size:17px;color:var(--muted)}
.verdict{font-size:18px}
.badge.v-conforms{background:#e9f7ef;color:#17663a;border-color:#bfe6cf}
.badge.v-drift{background:#fdecec;color:#b42318;border-color:#f8c9c5}
.badge.v-not-tested,.badge.v-skipped{background:#eef0f4;color:#3d4556;border-color:#d6dae3}
.drift li{margin-bottom:6px}
.legend dd{margin:0 0 8px 0}
@media (max-width:600px){.conf{padding:10px 14px 60px}}
`;
