export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** One round of timed calls: throughput over its wall time, and latency percentiles. */
export function summarize(latencies, totalMs) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    calls: sorted.length,
    callsPerSec: (sorted.length / totalMs) * 1000,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

/** The median of each numeric field over several rounds. */
export function medianOf(rounds, keys) {
  return Object.fromEntries(keys.map((k) => [k, median(rounds.map((r) => r[k]))]));
}

/** Median, lowest and highest of the values. */
export function spread(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * Each round's calls/s divided by the floor's calls/s in the same round. Rounds are indexed by
 * number; a round either side lacks (a failed process) gives no ratio rather than a wrong one.
 * With `key: 'cpuUsPerCall'` the ratio is of CPU time per call, floor over subject, so that
 * above 1 still means faster than the floor.
 *
 * @param {({ callsPerSec: number, cpuUsPerCall?: number } | undefined)[]} rounds
 * @param {({ callsPerSec: number, cpuUsPerCall?: number } | undefined)[]} floorRounds
 * @param {'callsPerSec' | 'cpuUsPerCall'} [key]
 */
export function ratiosToFloor(rounds, floorRounds, key = 'callsPerSec') {
  const ratios = [];
  for (const [i, r] of rounds.entries()) {
    const floor = floorRounds[i];
    if (!(r?.[key] > 0 && floor?.[key] > 0)) continue;
    ratios.push(key === 'callsPerSec' ? r[key] / floor[key] : floor[key] / r[key]);
  }
  return ratios;
}

/** The order of the subjects in round `r`: rotated, so no subject always runs first or last. */
export function rotation(items, r) {
  const k = items.length ? r % items.length : 0;
  return [...items.slice(k), ...items.slice(0, k)];
}
