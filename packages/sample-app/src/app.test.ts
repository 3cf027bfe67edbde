// The sample app's tests, as a user of the toolkit writes them: only the published packages and
// the fake, no server, no network. The same file runs in Chromium (app.browser.test.ts).
import { createFakeFetch } from '@avalanche-api/conformance/fake';
import { createDataClient } from '@avalanche-api/data-client';
import { createValidator } from '@avalanche-api/data-client/validate';
import { describe, expect, test } from 'vitest';
import { allValidators, chainsPolitely, completedValidators, makeClient } from './app.js';

describe('the sample app against the fake', () => {
  test('reads a paginated listing to its end', async () => {
    const fake = createFakeFetch();
    const ids = await allValidators(makeClient(fake), 'mainnet');
    const pages = fake.requestsFor('listValidators');
    expect(pages.length).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new URL(pages.at(-1)?.url ?? '').searchParams.get('pageToken')).not.toBeNull();
  });

  test('a filter: only completed validators come back', async () => {
    const list = await completedValidators(makeClient(createFakeFetch()), 'mainnet');
    expect(list.length).toBeGreaterThan(0);
    for (const v of list) expect(v.validationStatus).toBe('completed');
  });

  test('a 429 is handled with the wait the service asked for', async () => {
    const fake = createFakeFetch({
      scenarios: [
        { kind: 'rate-limited', operation: 'listBlockchains', retryAfterSeconds: 7, times: 1 },
      ],
    });
    const waits: number[] = [];
    const page = await chainsPolitely(makeClient(fake), async (ms) => {
      waits.push(ms);
    });
    expect(waits).toEqual([7000]);
    expect(page.blockchains.length).toBeGreaterThan(0);
    expect(fake.requestsFor('listBlockchains')).toHaveLength(2);
  });

  test('a drift is caught by the client’s validate option', async () => {
    const fake = createFakeFetch({
      scenarios: [{ kind: 'drift', operation: 'listValidators', breaks: 'missing-member' }],
    });
    const strict = createDataClient({ fetch: fake, validate: createValidator('strict') });
    await expect(strict.listValidators({ network: 'mainnet' })).rejects.toMatchObject({
      name: 'ResponseValidationError',
    });
  });
});
