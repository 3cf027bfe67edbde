// The "Changes" page: every spec change since the last release, per operation and method, as
// `pnpm spec:diff` classifies it (the same code: scripts/spec-diff.mjs over the conformance
// package's differ).
import { fileURLToPath } from 'node:url';
import { html, page, raw } from './html.mjs';

export const CHANGES_PAGE = 'changes.html';
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The changes since the last release (or the first commit with specs) of the repository. */
export async function readChanges(root = repoRoot) {
  const { specChanges } = await import('../../../scripts/spec-diff.mjs');
  const { base, released, changes, summary } = await specChanges({ root, build: false });
  return { base, released, changes, summary };
}

const LEVELS = ['breaking', 'warning', 'non-breaking', 'docs'];
const SPEC_TITLES = {
  'data-api': 'Data API',
  'metrics-api': 'Metrics API',
  'node-rpc': 'Node JSON-RPC',
  'node-health': 'Node health',
};

function badge(level) {
  return html`<span class="badge level-${level}">${level}</span>`;
}

export function renderChanges({ base, released, changes, summary }) {
  const since = released
    ? html`the last release (commit <code>${base.slice(0, 12)}</code>)`
    : html`the first commit with specs (<code>${base.slice(0, 12)}</code>); nothing has been released yet`;
  const counts = LEVELS.map(
    (level) => html`<li>${badge(level)} ${changes.filter((c) => c.client === level).length}</li>`,
  );
  const specs = [...new Set(changes.map((c) => c.spec))].sort();
  const sections = specs.map((spec) => {
    const mine = changes.filter((c) => c.spec === spec);
    const operations = [...new Set(mine.map((c) => c.operation))].sort((a, b) =>
      a === '*' ? -1 : b === '*' ? 1 : a.localeCompare(b),
    );
    const rows = operations.flatMap((operation) =>
      mine
        .filter((c) => c.operation === operation)
        .sort((a, b) => LEVELS.indexOf(a.client) - LEVELS.indexOf(b.client))
        .map(
          (c) =>
            html`<tr data-client="${c.client}"><td><code>${operation === '*' ? 'whole document' : operation}</code></td><td>${c.message}<br><span class="muted"><code>${c.rule}</code> at <code>${c.location}</code></span></td><td>${badge(c.client)}</td><td>${badge(c.server)}</td></tr>`,
        ),
    );
    return html`<section id="${spec}"><h2>${SPEC_TITLES[spec] ?? spec} <span class="muted">(${spec})</span></h2><table><thead><tr><th>Operation or method</th><th>Change</th><th>Clients</th><th>Servers</th></tr></thead><tbody>${rows}</tbody></table></section>`;
  });
  const body = html`<main class="changes"><h1>Changes since the last release</h1>
<p class="lede">Spec changes since ${since}, as <code>pnpm spec:diff</code> classifies them: how each affects code using a generated client (<em>Clients</em>) and servers judged by <code>avalanche-conformance contract</code> (<em>Servers</em>). Most severe for clients: ${summary.client === 'none' ? 'none' : badge(summary.client)}.</p>
<ul class="counts" aria-label="Changes by level for clients">${counts}</ul>
${changes.length === 0 ? html`<p>No spec changes.</p>` : raw(sections.join(''))}
</main>`;
  return page({
    title: 'Changes – Avalanche APIs',
    description: 'Spec changes since the last release, per operation and method.',
    current: CHANGES_PAGE,
    css: CHANGES_CSS,
    body: body.toString(),
  });
}

const CHANGES_CSS = `
.changes{max-width:1180px;margin:0 auto;padding:64px 32px 80px}
.changes td{vertical-align:top}
.changes .counts{list-style:none;display:flex;gap:18px;padding:0}
.badge.level-breaking{background:#fdecec;color:#b42318;border-color:#f8c9c5}
.badge.level-warning{background:#fff1e6;color:#9a3b00;border-color:#ffd2b0}
.badge.level-non-breaking{background:#e9f7ef;color:#17663a;border-color:#bfe6cf}
.badge.level-docs{background:#eef0f4;color:#3d4556;border-color:#d6dae3}
`;
