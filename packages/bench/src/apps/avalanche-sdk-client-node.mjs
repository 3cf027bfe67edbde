import { createAvalancheClient } from '@avalanche-sdk/client';
import { avalanche } from '@avalanche-sdk/client/chains';

// The README's client: `info` is only there for an Avalanche chain, and it posts to the URL's
// origin + /ext/info (a path in the URL is dropped). viem's http transport retries 3 times by
// default: retryCount 0 measures one attempt, like ours.
export function setup(url) {
  const client = createAvalancheClient({
    chain: avalanche,
    transport: { type: 'http', url, config: { retryCount: 0 } },
  });
  return () => client.info.getNodeVersion();
}
