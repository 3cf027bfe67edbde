import { createNodeClient } from '@avalanche-api/node-rpc';

export function setup(url) {
  const client = createNodeClient({ baseUrl: url });
  return () => client.info.getNodeVersion();
}
