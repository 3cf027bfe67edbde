// rules.html, "What conformance checks": the rule audit (specs/rules.yaml) in words. Every rule
// the seed documents state about an answer, where it applies, and whether the conformance
// tools check it (through which promise) or why they cannot; then the rules the published
// references state per operation, and how many seed sentences state no rule, by reason.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { html, inline, page, raw } from './html.mjs';

export const RULES_PAGE = 'rules.html';

/** The audit beside the bundled specs (`specs/rules.yaml`, the bundles being `specs/dist`). */
export async function readAudit(specsDir) {
  return parse(await readFile(join(specsDir, '..', 'rules.yaml'), 'utf8'));
}

/** What each reason for a rule the tools cannot check means. */
const NOT_CHECKABLE = {
  'second-node': "needs another node's view",
  clock: 'depends on wall-clock time, or on data that moves between two calls',
  history: 'needs data the tester never sees (past states, the whole data set)',
  hidden: 'what it speaks of is not in the answer',
  crypto: 'needs signatures verified or bytes decoded',
  'node-config': "depends on the node's configuration",
  load: 'needs traffic at a rate the tester does not send',
};

/** What each reason a seed sentence states no rule about an answer means. */
const IGNORED = {
  context: 'say what the service is or where it lives',
  shape: 'give a field, a type or a value set: the response schemas check those',
  request: 'constrain the request: the parameter schemas check those',
  unstated: 'say a rule is not shown',
  process: 'describe how the node or service runs, which no answer shows',
  norule: 'say that something is not promised',
};

const SEEDS = {
  data: 'Data, signature aggregation and Metrics APIs',
  node: 'Node JSON-RPC and health',
};
const SERVICES = { 'data-api': 'data', 'metrics-api': 'metrics', 'node-rpc': 'node' };
const DOCUMENTS = {
  'data-api': 'every Data API operation',
  'metrics-api': 'every Metrics API operation',
  'node-rpc': 'every node method',
};

/** Where a rule applies: links to the operations and methods its promises sit on. */
function whereText(targets, places) {
  const seen = new Set();
  const out = [];
  for (const t of targets) {
    const name = t.document ? DOCUMENTS[t.spec] : (t.operation ?? t.method);
    if (seen.has(name)) continue;
    seen.add(name);
    const href = places.get(`${SERVICES[t.spec]} ${name}`);
    out.push(
      t.document
        ? html`${name}`
        : href
          ? html`<a href="${href}"><code>${name}</code></a>`
          : html`<code>${name}</code>`,
    );
  }
  return out.map((x, i) => (i === 0 ? x : html`, ${x}`));
}

/** A rule's status in words: checked (by which kind of promise), or not checkable and why. */
function statusCell(rule) {
  if (rule.notCheckable)
    return html`<span class="badge r-no">not checkable</span> <span class="muted">${rule.notCheckable.reason}: ${rule.notCheckable.why}</span>`;
  const kinds = [...new Set((rule.checkedBy ?? []).map((t) => t.pointer.split('/')[1]))];
  const checked = kinds.length
    ? html`<span class="badge r-yes">checked</span> <span class="muted">by ${kinds.map((k, i) => html`${i ? ', ' : ''}<code>${k}</code>`)}</span>`
    : '';
  const open = rule.unexpressed
    ? html` <span class="badge r-no">not checked yet</span> <span class="muted">the promises cannot say "${rule.unexpressed}"</span>`
    : '';
  const note = rule.note ? html` <span class="muted">(${rule.note})</span>` : '';
  return html`${checked}${open}${note}`;
}

function ruleRow(rule, places) {
  const quoted = (Array.isArray(rule.sentence) ? rule.sentence : [rule.sentence]).join(' ');
  return html`<tr id="${rule.id}"><td><code>${rule.id}</code></td><td>${raw(inline(rule.says))}<details><summary>seed</summary><q>${quoted}</q></details></td><td>${whereText(rule.checkedBy ?? [], places)}</td><td>${statusCell(rule)}</td></tr>`;
}

function referenceRow(rule, places) {
  const checked = rule.operations.filter((e) => e.pointer !== undefined);
  const open = rule.operations.filter((e) => e.notCheckable);
  const why = open.map(
    (e) =>
      html`<li><code>${e.input ? `${e.operation} ${e.input}` : e.operation}</code>: ${e.notCheckable.reason}, ${e.notCheckable.why}</li>`,
  );
  return html`<tr id="${rule.id}"><td><code>${rule.id}</code></td><td>${raw(inline(rule.says))}</td><td>${whereText(checked, places)}</td><td><span class="badge r-yes">checked</span> on ${checked.length}${open.length ? html`; <span class="badge r-no">not checkable</span> on ${open.length}<ul>${why}</ul>` : ''}</td></tr>`;
}

/** Counts for the lede: rules checked, not checkable, and sentences ignored. */
export function auditCounts(audit) {
  const rules = audit.rules ?? [];
  const ignored = Object.values(audit.ignored ?? {}).flatMap((byReason) =>
    Object.values(byReason).flat(),
  );
  return {
    rules: rules.length,
    checked: rules.filter((r) => r.checkedBy && !r.unexpressed).length,
    notCheckable: rules.filter((r) => r.notCheckable).length,
    unexpressed: rules.filter((r) => r.unexpressed).length,
    ignored: ignored.length,
  };
}

const TABLE_HEAD = html`<thead><tr><th>Rule</th><th>In words</th><th>Where it applies</th><th>Checked</th></tr></thead>`;

/** The page; `operations` is listOperations' list, which gives each operation's place. */
export function renderRules(audit, operations = []) {
  const places = new Map(
    operations.map((o) => [`${o.service} ${o.op}`, `${o.page}#${encodeURI(o.anchor)}`]),
  );
  const n = auditCounts(audit);
  const seeds = Object.keys(audit.seeds ?? {}).map((seed) => {
    const rows = (audit.rules ?? []).filter((r) => r.seed === seed).map((r) => ruleRow(r, places));
    return html`<h2 id="seed-${seed}">${SEEDS[seed] ?? seed}</h2>
<div class="table-wrap"><table>${TABLE_HEAD}<tbody>${rows}</tbody></table></div>`;
  });
  const reasons = Object.entries(NOT_CHECKABLE).map(([reason, words]) => {
    const count = (audit.rules ?? []).filter((r) => r.notCheckable?.reason === reason).length;
    return html`<li><code>${reason}</code> (${count}): ${words}</li>`;
  });
  const ignored = Object.entries(IGNORED).map(([reason, words]) => {
    const count = Object.values(audit.ignored ?? {}).reduce(
      (sum, byReason) => sum + (byReason[reason]?.length ?? 0),
      0,
    );
    return html`<li><code>${reason}</code> (${count}): sentences that ${words}</li>`;
  });
  const references = (audit.references ?? []).map((r) => referenceRow(r, places));
  const body = html`<main class="conf rules">
<h1 id="what-conformance-checks">What conformance checks</h1>
<p class="lede">Every sentence of the two requirement documents the specs are written from, sorted: ${n.rules} state a rule about an answer, ${n.checked} of them checked by the promises the specs declare (<code>x-promises</code>, which <code>check</code>, <code>contract</code>, the proxy and the console hold answers to) and ${n.notCheckable} not checkable, each with the reason${n.unexpressed ? `; ${n.unexpressed} not checked yet` : ''}; ${n.ignored} state no rule about an answer. Shapes (fields, types, value sets) are not listed: every answer is validated against the response schemas. <code>pnpm specs:lint</code> fails when a sentence is missing here or a promise named here no longer exists.</p>
<p>A conforming run means each checked rule held on every answer that put it to the test; the <a href="conformance.html">conformance report</a> lists per operation the rules exercised, the vacuous ones and those never exercised.</p>
${seeds}
<h2 id="references">Rules the published references state</h2>
<p>The page sizes, orders and defaults the Data and Metrics API references state, for the operations the specs hold.</p>
<div class="table-wrap"><table>${TABLE_HEAD}<tbody>${references}</tbody></table></div>
<h2 id="not-checkable">Why a rule is not checkable</h2>
<ul>${reasons}</ul>
<h2 id="no-rule">Sentences that state no rule about an answer</h2>
<ul>${ignored}</ul>
</main>`;
  return page({
    title: 'What conformance checks – Avalanche APIs',
    description: 'Every rule the requirement documents state about an answer: checked, or why not.',
    current: RULES_PAGE,
    css: RULES_CSS,
    body: body.toString(),
  });
}

const RULES_CSS = `
.conf{max-width:1100px;margin:0 auto;padding:10px 24px 80px}
.lede{font-size:17px;color:var(--muted)}
.rules td{vertical-align:top}
.rules q{display:block;font-size:13px;color:var(--muted)}
.badge.r-yes{background:#e9f7ef;color:#17663a;border-color:#bfe6cf}
.badge.r-no{background:#fff4e5;color:#8a4b00;border-color:#f5d3a1}
`;
