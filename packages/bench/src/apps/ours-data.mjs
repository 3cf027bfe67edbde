import { createDataClient } from '@avalanche-api/data-client';

export function setup(baseUrl) {
  const client = createDataClient({ baseUrl });
  return () => client.listValidators({ network: 'mainnet' });
}
