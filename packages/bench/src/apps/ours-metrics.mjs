import { createMetricsClient } from '@avalanche-api/metrics-client';

export function setup(baseUrl) {
  const client = createMetricsClient({ baseUrl });
  return () => client.getAvgTps({ chainId: '43114' });
}
