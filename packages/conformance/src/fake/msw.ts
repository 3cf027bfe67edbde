// `@avalanche-api/conformance/msw`: MSW request handlers from the fake's engine, for apps that
// already mock with MSW (Node's setupServer, or the browser's service worker). One catch-all
// handler per origin: every operation and JSON-RPC method of the specs, as the fake answers it.
import { http } from 'msw';
import { documents } from './data.js';
import { createFakeFetch, type FakeFetch, type FakeFetchOptions } from './index.js';

export type { FakeScenario } from './fake-fetch.js';

/** The origins of the documents' `servers`: where the clients send by default. */
function specOrigins(docs: { doc: Record<string, unknown> }[]): string[] {
  const urls = docs.flatMap((d) =>
    Array.isArray(d.doc.servers) ? d.doc.servers.map((s: { url?: unknown }) => String(s.url)) : [],
  );
  return [...new Set(urls.map((u) => new URL(u).origin))];
}

/**
 * Handlers answering requests to `origins` (default: the origins of the specs' `servers`) from the fake;
 * `fake` is the fake behind them (its scenarios and received requests).
 *
 * @example
 * const { handlers, fake } = createHandlers({ origins: ['https://glacier-api.avax.network'] });
 * const server = setupServer(...handlers);
 */
export function createHandlers(options: FakeFetchOptions & { origins?: string[] } = {}): {
  handlers: ReturnType<typeof http.all>[];
  fake: FakeFetch;
} {
  const fake = createFakeFetch(options);
  const origins = options.origins ?? specOrigins(options.documents ?? documents);
  const handlers = origins.map((origin) =>
    http.all(`${origin.replace(/\/$/, '')}/*`, async ({ request }) => {
      return fake(request);
    }),
  );
  return { handlers, fake };
}
