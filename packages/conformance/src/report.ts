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

/** Version of the JSON report's shape; raised on any change a parser would notice. */
export const reportVersion = 1;

export function formatJson(results: ExchangeResult[], summary: Summary): string {
  return JSON.stringify(
    {
      reportVersion,
      command: 'check',
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

/** One JUnit test case: passed, failed (with a one-line message and details) or skipped. */
export interface JunitCase {
  classname: string;
  name: string;
  failure?: { message: string; text: string };
  skipped?: string;
}

export function junitDocument(name: string, cases: JunitCase[]): string {
  const body = cases.map((c) => {
    const head = `  <testcase classname="${xml(c.classname)}" name="${xml(c.name)}"`;
    if (c.failure)
      return `${head}>\n    <failure message="${xml(c.failure.message)}">${xml(c.failure.text)}</failure>\n  </testcase>`;
    if (c.skipped !== undefined)
      return `${head}>\n    <skipped message="${xml(c.skipped)}"/>\n  </testcase>`;
    return `${head}/>`;
  });
  const failures = cases.filter((c) => c.failure).length;
  const skipped = cases.filter((c) => !c.failure && c.skipped !== undefined).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    ...body,
    '</testsuite>',
  ].join('\n');
}

export function formatJunit(results: ExchangeResult[], name = 'conformance'): string {
  return junitDocument(
    name,
    results.map((r) => {
      const c: JunitCase = {
        classname: r.service ?? 'unmatched',
        name: `${r.operation ?? '(unmatched)'} ${r.file}`,
      };
      if (r.excluded) c.skipped = `excluded: ${r.excluded}`;
      else if (!r.ok) {
        const first = r.errors[0];
        c.failure = {
          message: first ? formatViolation(first) : 'failed',
          text: r.errors.map(formatViolation).join('\n'),
        };
      }
      return c;
    }),
  );
}
