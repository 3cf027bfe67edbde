// The contract runner: every case sent to its target with bounded concurrency. What a case is
// (contract-case.ts), how one runs (run-case.ts) and what the results add up to (verdicts.ts)
// live beside it.
import type { Specs } from '../model/specs.js';
import type { ContractCase, ContractResult } from './contract-case.js';
import { newRunState } from './contract-controls.js';
import { runCase } from './run-case.js';
import type { RunOptions } from './run-options.js';
import { paceOf } from './target-pace.js';

/**
 * Sends every case to its target with bounded concurrency; results in case order. Once
 * `maxFailures` cases drifted no more are started: the results hold only the cases that ran.
 */
export async function runContract(
  specs: Specs,
  cases: ContractCase[],
  options: RunOptions,
): Promise<ContractResult[]> {
  const missing = [...new Set(cases.map((c) => c.service))].filter(
    (s) => !options.targets[s] && cases.some((c) => c.service === s && !c.skip),
  );
  if (missing.length > 0)
    throw new Error(
      `runContract: no target URL for ${missing.join(', ')} (targets name ${Object.keys(options.targets).join(', ') || 'nothing'})`,
    );
  const state = options.state ?? newRunState();
  // Each target's pace starts at the concurrency of the run's first batch (later ones send one
  // case at a time, several batches at once).
  for (const base of Object.values(options.targets)) paceOf(state, base, options.concurrency);
  state.total += cases.length;
  const results: (ContractResult | undefined)[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length && state.stopped === undefined) {
      const i = next++;
      const r = await runCase(specs, cases[i] as ContractCase, options, state);
      results[i] = r;
      state.done++;
      if (r.verdict === 'not-tested') state.notTested++;
      if (r.verdict === 'drift') {
        state.drift++;
        if (options.maxFailures && state.drift >= options.maxFailures)
          state.stopped = `--max-failures ${options.maxFailures} reached`;
      }
      options.onResult?.(r, state.done, state.total);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(options.concurrency, cases.length)) }, worker),
  );
  // Cases left unstarted by --max-failures are not part of the total any more.
  const ran = results.filter((r): r is ContractResult => r !== undefined);
  state.total -= cases.length - ran.length;
  // Cases that raced the first failure of their target are not tested either.
  for (const r of ran) {
    const reason = state.down.get(options.targets[r.service] as string);
    if (
      reason !== undefined &&
      r.verdict !== 'skipped' &&
      r.status === undefined &&
      !r.unreachable
    ) {
      r.unreachable = reason;
      r.violations = [];
      r.verdict = 'not-tested';
    }
  }
  return ran;
}
