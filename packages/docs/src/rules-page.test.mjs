// rules.html from the real audit (specs/rules.yaml) and the bundled specs: every rule in
// words with where it applies and whether it is checked, and the counts the lede gives.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSpecsDir } from './build.mjs';
import { renderConformance } from './conformance.mjs';
import { listOperations } from './operations.mjs';
import { auditCounts, readAudit, renderRules } from './rules-page.mjs';

const load = (file) => JSON.parse(readFileSync(join(defaultSpecsDir, file), 'utf8'));
const specs = {
  data: load('data-api.json'),
  metrics: load('metrics-api.json'),
  openrpc: load('node-rpc.json'),
  health: load('node-health.json'),
};
const audit = await readAudit(defaultSpecsDir);
const operations = listOperations(specs);
const text = renderRules(audit, operations);
const rowOf = (id) => {
  const start = text.indexOf(`<tr id="${id}">`);
  expect(start, id).toBeGreaterThan(-1);
  return text.slice(start, text.indexOf('</tr>', start));
};

describe('What conformance checks (rules.html)', () => {
  it.each(audit.rules.map((r) => [r.id, r]))(
    '%s: in words, where, checked or why not',
    (id, rule) => {
      const row = rowOf(id);
      if (rule.notCheckable) {
        expect(row).toContain('not checkable');
        expect(row).toContain(rule.notCheckable.reason);
      } else expect(row).toContain('checked');
      for (const t of rule.checkedBy ?? [])
        if (!t.document) expect(row).toContain(`<code>${t.operation ?? t.method}</code>`);
    },
  );

  it('links a checked operation to its place in the references', () => {
    const rule = audit.rules.find((r) => r.checkedBy?.some((t) => t.operation));
    const target = rule.checkedBy.find((t) => t.operation);
    const place = operations.find((o) => o.op === target.operation);
    expect(rowOf(rule.id)).toContain(`href="${place.page}#${encodeURI(place.anchor)}"`);
  });

  it('gives the counts of the audit, and every reference rule', () => {
    const n = auditCounts(audit);
    expect(n.rules).toBe(audit.rules.length);
    expect(n.checked + n.notCheckable + n.unexpressed).toBeGreaterThanOrEqual(n.rules);
    expect(text).toContain(`${n.rules} state a rule about an answer, ${n.checked} of them checked`);
    for (const r of audit.references) expect(rowOf(r.id)).toContain('checked');
  });

  it('is linked from the conformance page', () => {
    const report = {
      date: '2026-01-01T00:00:00Z',
      summary: {
        operations: { conforms: 1, drift: 0, notTested: 0, skipped: 0 },
        cases: { conforms: 1, drift: 0, notTested: 0, skipped: 0 },
      },
      operations: [],
      drift: [],
    };
    expect(renderConformance(report)).toContain('<a href="rules.html">What conformance checks</a>');
  });
});
