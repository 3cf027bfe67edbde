// The app under test: what a small dashboard on the Data API does. It knows nothing of tests.
import {
  createDataClient,
  type DataClient,
  paginate,
  RateLimitError,
} from '@avalanche-api/data-client';

export type Client = DataClient;

export const makeClient = (fetch?: typeof globalThis.fetch): Client =>
  createDataClient({ ...(fetch ? { fetch } : {}), retry: { attempts: 1 } });

/** Every validator of a network, following the pages to the end. */
export async function allValidators(client: Client, network: 'mainnet' | 'fuji') {
  const ids: string[] = [];
  for await (const page of paginate(client.listValidators, { network, pageSize: 2 }))
    for (const v of page.validators) ids.push(v.nodeId);
  return ids;
}

/** The validators whose validation has completed. */
export async function completedValidators(client: Client, network: 'mainnet' | 'fuji') {
  const page = await client.listValidators({ network, validationStatus: 'completed' });
  return page.validators;
}

/**
 * The chains of a network; when rate limited, waits what the service asked (`Retry-After`) once
 * and tries again. `sleep` is the app's own (a test hands in a recording one).
 */
export async function chainsPolitely(
  client: Client,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
) {
  try {
    return await client.listBlockchains({ network: 'mainnet' });
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error;
    await sleep(error.retryAfterMs ?? 1000);
    return client.listBlockchains({ network: 'mainnet' });
  }
}
