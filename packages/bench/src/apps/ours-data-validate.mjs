import { createDataClient } from '@avalanche-api/data-client';
import { createValidator } from '@avalanche-api/data-client/validate';

// Response validation on, the cost compared with chainkit's (which always validates).
export function setup(baseUrl) {
  const client = createDataClient({ baseUrl, validate: createValidator() });
  return () => client.listValidators({ network: 'mainnet' });
}
