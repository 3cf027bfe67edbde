// The shared hostile-server table (rest-core/src/test/hostile.ts) against this client's wiring.
import { hostileSuite, KEY } from '../../rest-core/src/test/hostile.js';
import { createMetricsClient, paginate } from './index.js';

hostileSuite('metrics-client', {
  protocol: 'rest',
  abortable: true,
  call: (baseUrl, { signal, ...settings }) =>
    createMetricsClient({ baseUrl, apiKey: KEY, ...settings }).getAvgTps(
      { chainId: '43114' },
      { signal },
    ),
  good: () => JSON.stringify({ results: [] }),
  paginate: async (baseUrl, settings) => {
    const client = createMetricsClient({ baseUrl, apiKey: KEY, ...settings });
    for await (const _ of paginate(client.getAvgTps, { chainId: '43114' }));
  },
  page: (_, cursor, index) =>
    JSON.stringify({ results: [{ timestamp: index, value: 1 }], nextPageToken: cursor }),
});
