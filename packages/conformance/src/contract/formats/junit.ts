import { type JunitCase, junitDocument } from '../../check/report.js';
import type { ContractReport } from '../report-types.js';

/**
 * The run as JUnit XML: one testcase per case with its `time`, named uniquely within its service
 * (a repeated source gets ` #2`, ` #3`).
 */
export function contractJunit(report: ContractReport): string {
  const excused = new Set(report.drifts.filter((d) => d.baselined).map((d) => d.key));
  const names = new Map<string, number>();
  const cases = report.results.map((r): JunitCase => {
    const base = `${r.operation} ${r.source}`;
    const n = (names.get(`${r.service} ${base}`) ?? 0) + 1;
    names.set(`${r.service} ${base}`, n);
    const c: JunitCase = {
      classname: r.service,
      name: n === 1 ? base : `${base} #${n}`,
      time: (r.durationMs ?? 0) / 1000,
    };
    if (r.verdict === 'drift' && r.violations.every((v) => excused.has(v.key)))
      c.skipped = `known drift (baseline): ${r.headline ?? 'drift'}`;
    else if (r.verdict === 'drift')
      c.failure = {
        message: r.headline ?? 'drift',
        text: [...r.violations.map((v) => v.text), r.curl].join('\n'),
      };
    else if (r.verdict === 'not-tested') c.skipped = `not tested: ${r.unreachable ?? 'no answer'}`;
    else if (r.verdict === 'skipped') c.skipped = r.skip ?? 'skipped';
    return c;
  });
  return junitDocument(`contract ${report.target}`, cases, report.summary.durationMs / 1000);
}
