import { createNodeCore, infoGetNodeVersion } from '@avalanche-api/node-rpc';

// The one-call form: neither the method table nor the namespaces ship in the bundle.
export function setup(baseUrl) {
  const core = createNodeCore({ baseUrl });
  return () => infoGetNodeVersion(core);
}
