import { createMetricsCore, getAvgTps } from '@avalanche-api/metrics-client';

// The one-call form: only this operation (not the operation table) ships in the bundle.
export function setup(baseUrl) {
  const core = createMetricsCore({ baseUrl });
  return () => getAvgTps(core, { chainId: '43114' });
}
