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
