import { createDataCore, listValidators } from '@avalanche-api/data-client';

// The one-call form: only this operation (not the operation table) ships in the bundle.
export function setup(baseUrl) {
  const core = createDataCore({ baseUrl });
  return () => listValidators(core, { network: 'mainnet' });
}
