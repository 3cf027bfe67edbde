import { formatViolation, type Violation } from './schema-set.js';
import type { ExchangeResult, Specs } from './specs.js';

export interface Summary {
  total: number;
  passed: number;
  failed: number;
  excluded: number;
  coverage: { covered: number; total: number; missing: string[] };
}

export function summarize(specs: Specs, results: ExchangeResult[]): Summary {
  const passing = new Set(
    results
      .filter((r) => r.ok && r.operation)
      .flatMap((r) => (r.operation as string).split(',').map((op) => `${r.service} ${op}`)),
  );
  const all = specs.all.map((o) => `${o.service} ${o.id}`);
  const passed = results.filter((r) => r.ok && !r.excluded).length;
  const excluded = results.filter((r) => r.excluded).length;
  return {
    total: results.length,
    passed,
    failed: results.length - passed - excluded,
    excluded,
    coverage: {
      covered: all.filter((k) => passing.has(k)).length,
      total: all.length,
      missing: all.filter((k) => !passing.has(k)),
    },
  };
}

export function coverageLine(summary: Summary): string {
  const { covered, total } = summary.coverage;
  return `coverage: ${covered}/${total} operations and methods have at least one passing exchange`;
}

export function formatText(results: ExchangeResult[], summary: Summary): string {
  const lines: string[] = [];
  for (const r of results) {
    if (r.excluded) {
      lines.push(`skip ${r.file}  excluded: ${r.excluded}`);
      continue;
    }
    lines.push(
      `${r.ok ? 'ok  ' : 'FAIL'} ${r.file}  ${r.service ? `${r.service} ` : ''}${r.operation ?? '(unmatched)'}`,
    );
    for (const e of r.errors) lines.push(`       ${formatViolation(e)}`);
  }
  const skipped = summary.excluded ? `, ${summary.excluded} excluded` : '';
  lines.push(
    '',
    `${summary.passed} passed, ${summary.failed} failed${skipped}`,
    coverageLine(summary),
  );
  return lines.join('\n');
}

export function formatJson(results: ExchangeResult[], summary: Summary): string {
  return JSON.stringify(
    {
      results: results.map((r) => ({
        file: r.file,
        service: r.service ?? null,
        operation: r.operation ?? null,
        ok: r.ok,
        ...(r.excluded ? { excluded: r.excluded } : {}),
        errors: r.errors.map((e: Violation) => ({ ...e, text: formatViolation(e) })),
      })),
      summary,
    },
    null,
    2,
  );
}

const xml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

export function formatJunit(
  results: ExchangeResult[],
  summary: Summary,
  name = 'conformance',
): string {
  const cases = results.map((r) => {
    const head = `  <testcase classname="${xml(r.service ?? 'unmatched')}" name="${xml(`${r.operation ?? '(unmatched)'} ${r.file}`)}"`;
    if (r.ok) return `${head}/>`;
    const text = r.errors.map(formatViolation).join('\n');
    return `${head}>\n    <failure message="${xml(r.errors[0] ? formatViolation(r.errors[0]) : 'failed')}">${xml(text)}</failure>\n  </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="${xml(name)}" tests="${summary.total}" failures="${summary.failed}">`,
    ...cases,
    '</testsuite>',
  ].join('\n');
}
