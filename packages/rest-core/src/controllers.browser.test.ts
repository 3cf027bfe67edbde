// The transport as a browser bundle gets it: package.json's "browser" field swaps controllers.js
// for controllers.browser.js (a new AbortController per attempt, no pool). The same hostile
// table must end the same way, and the swap must be what runs here.
import { expect, it, vi } from 'vitest';
import { createTestClient } from './test/client.js';
import { hostileSuite, KEY } from './test/hostile.js';

vi.mock('./controllers.js', () => import('./controllers.browser.js'));

hostileSuite('rest-core with the browser controllers', {
  protocol: 'rest',
  abortable: true,
  call: (baseUrl, { signal, ...settings }) =>
    createTestClient({ baseUrl, secret: ['x-api-key', KEY], ...settings }).getBlock(
      { chainId: '43114', blockId: '1' },
      { signal },
    ),
  good: () => JSON.stringify({ ok: true }),
});

it('gives every attempt a new signal and keeps none of them', async () => {
  const signals = new Set<AbortSignal>();
  const client = createTestClient({
    baseUrl: 'http://127.0.0.1:1234',
    fetch: async (_, init) => {
      signals.add(init?.signal as AbortSignal);
      return new Response('{}');
    },
  });
  for (let i = 0; i < 5; i++) await client.getBlock({ chainId: '43114', blockId: '1' });
  expect(signals.size).toBe(5);
});

it('the package maps the pool to the browser module for browser bundles', async () => {
  const { default: pkg } = await import('../package.json', { with: { type: 'json' } });
  expect(pkg.browser).toEqual({ './dist/controllers.js': './dist/controllers.browser.js' });
});
