// What a run's results add up to: a verdict per operation, counts, and the CLI's exit code.
import type { ViolationKind } from '../model/schema-set.js';
import type { ContractResult, Verdict } from './contract-case.js';

export interface OperationVerdict {
  service: string;
  operation: string;
  cases: number;
  statuses: number[];
  verdict: Verdict;
  ok: boolean;
  drift: Partial<Record<ViolationKind, number>>;
}

/** One verdict per operation: drift beats not tested beats conforms; skipped when all are. */
export function verdicts(results: ContractResult[]): OperationVerdict[] {
  const map = new Map<string, { v: OperationVerdict; seen: Set<Verdict> }>();
  for (const r of results) {
    const key = `${r.service} ${r.operation}`;
    const entry = map.get(key) ?? {
      v: {
        service: r.service,
        operation: r.operation,
        cases: 0,
        statuses: [],
        verdict: 'conforms' as Verdict,
        ok: true,
        drift: {},
      },
      seen: new Set<Verdict>(),
    };
    const { v } = entry;
    v.cases++;
    entry.seen.add(r.verdict);
    if (r.status !== undefined && !v.statuses.includes(r.status)) v.statuses.push(r.status);
    for (const x of r.violations) v.drift[x.kind] = (v.drift[x.kind] ?? 0) + 1;
    map.set(key, entry);
  }
  return [...map.values()].map(({ v, seen }) => {
    v.verdict = seen.has('drift')
      ? 'drift'
      : seen.has('not-tested')
        ? 'not-tested'
        : seen.has('conforms')
          ? 'conforms'
          : 'skipped';
    v.ok = v.verdict === 'conforms';
    return v;
  });
}

export interface VerdictCounts {
  conforms: number;
  drift: number;
  notTested: number;
  skipped: number;
}

export function countVerdicts(list: { verdict: Verdict }[]): VerdictCounts {
  const count = (k: Verdict) => list.filter((x) => x.verdict === k).length;
  return {
    conforms: count('conforms'),
    drift: count('drift'),
    notTested: count('not-tested'),
    skipped: count('skipped'),
  };
}

/** The CLI's exit code: 1 for any drift, else 2 when anything went untested, else 0. */
export function exitCode(results: ContractResult[]): 0 | 1 | 2 {
  if (results.some((r) => r.verdict === 'drift')) return 1;
  if (results.some((r) => r.verdict === 'not-tested')) return 2;
  // Everything skipped: nothing was tested either.
  return results.some((r) => r.verdict === 'conforms') ? 0 : 2;
}
