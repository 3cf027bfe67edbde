// Issue 15's targets, judged from one run's results: each row says what was compared, the
// figures, and pass, fail or "not measured" (a row that failed or was left out of the run).
import { groups } from './subjects.mjs';

/** calls/s: `subject` at least `factor` × `peer`, as medians of the per-round ratios to the floor. */
const speedTargets = [
  ['data-1', 'ours-data-core', 'openapi-fetch-data', 1],
  ['data-1', 'ours-data', 'openapi-fetch-data', 1],
  ['data-100', 'ours-data-core', 'openapi-fetch-data', 1],
  ['data-100', 'ours-data', 'openapi-fetch-data', 1],
  ['metrics', 'ours-metrics-core', 'openapi-fetch-metrics', 1],
  ['metrics', 'ours-metrics', 'openapi-fetch-metrics', 1],
  ['node', 'ours-node-core', 'openrpc-node', 1],
  ['node', 'ours-node', 'openrpc-node', 1],
  ['data-100', 'ours-data-validate', 'chainkit-data', 2],
];

/** gzip -9 bytes of the one-call app. */
export const bundleBudgets = {
  'ours-data-core': 4096,
  'ours-metrics-core': 3072,
  'ours-node-core': 3584,
};

const two = (n) => n.toFixed(2);

/** Rounds where `a` made more calls/s than `b` (same round, same floor), of those both ran. */
export function roundsWon(a, b) {
  let won = 0;
  let both = 0;
  for (const [i, r] of a.rounds.entries()) {
    const other = b.rounds[i];
    if (!r || !other) continue;
    both++;
    if (r.callsPerSec >= other.callsPerSec) won++;
  }
  return { won, both };
}

export function speedTarget(calls, [groupId, subjectId, peerId, factor], label) {
  const group = calls?.groups.find((g) => g.group === groupId);
  const target = `${label(subjectId)} ≥ ${factor === 1 ? '' : `${factor}× `}${label(peerId)}, ${groups.find((g) => g.id === groupId)?.short ?? groupId}`;
  const a = group?.rows.find((r) => r.id === subjectId);
  const b = group?.rows.find((r) => r.id === peerId);
  if (!a?.ratio || !b?.ratio) {
    const why = [a, b].map((r, i) =>
      !r ? `${[subjectId, peerId][i]} not run` : r.error ? `${r.id} failed` : '',
    );
    return { target, measured: why.filter(Boolean).join('; ') || 'no ratio', pass: undefined };
  }
  const { won, both } = roundsWon(a, b);
  const pass = a.ratio.median >= factor * b.ratio.median;
  const measured = `${two(a.ratio.median)} vs ${two(b.ratio.median)}${factor === 1 ? '' : ` (×${factor} = ${two(factor * b.ratio.median)})`} of the floor; ahead in ${won}/${both} rounds`;
  return { target, measured, pass };
}

export function bundleTarget(bundle, id, label) {
  const budget = bundleBudgets[id];
  const target = `${label(id)} bundle ≤ ${budget.toLocaleString('en-US')} B gzip -9`;
  const r = bundle?.rows.find((x) => x.id === id);
  if (!r || r.error) return { target, measured: r ? 'not bundled' : 'not run', pass: undefined };
  return {
    target,
    measured: `${r.gzipBytes.toLocaleString('en-US')} B`,
    pass: r.gzipBytes <= budget,
  };
}

export function timingTarget(t) {
  const target = `${t.command} < ${t.targetMs >= 1000 ? `${t.targetMs / 1000} s` : `${t.targetMs} ms`}`;
  const measured = `median ${Math.round(t.ms.median)} ms of ${t.runs}${t.problem ? `; ${t.problem}` : ''}`;
  return { target, measured, pass: !t.problem && t.ms.median < t.targetMs };
}

/** Every target the run measured, in the issue's order. */
export function judgeTargets(results, label) {
  const rows = [];
  if (results.calls) for (const t of speedTargets) rows.push(speedTarget(results.calls, t, label));
  if (results.bundle)
    for (const id of Object.keys(bundleBudgets)) rows.push(bundleTarget(results.bundle, id, label));
  for (const t of results.timings ?? []) rows.push(timingTarget(t));
  return rows;
}

export const mark = (pass) => (pass === undefined ? 'not measured' : pass ? 'pass' : 'FAIL');
