// The shared hostile-server table (rest-core/src/test/hostile.ts) against this client's wiring.
import { hostileSuite, KEY } from '../../rest-core/src/test/hostile.js';
import { createDataClient, paginate } from './index.js';

hostileSuite('data-client', {
  protocol: 'rest',
  abortable: true,
  call: (baseUrl, { signal, ...settings }) =>
    createDataClient({ baseUrl, apiKey: KEY, ...settings }).listValidators(
      { network: 'mainnet' },
      { signal },
    ),
  good: () => JSON.stringify({ validators: [] }),
  paginate: async (baseUrl, settings) => {
    const client = createDataClient({ baseUrl, apiKey: KEY, ...settings });
    for await (const _ of paginate(client.listValidators, { network: 'mainnet' }));
  },
  page: (_, cursor, index) => JSON.stringify({ validators: [{ index }], nextPageToken: cursor }),
});
