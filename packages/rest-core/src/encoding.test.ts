// Property: whatever string a caller passes as a path or query value reaches the server unchanged,
// or is refused with a typed ParameterError; never a bare URIError, never a changed value.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestClient, ParameterError } from './test/client.js';
import { send, startServer, type TestServer } from './test/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_, res) => send(res, 200, { blocks: [], items: [] }));
});
afterAll(() => server.close());

/** Any UTF-16 string: whole code points, URL delimiters, and lone surrogates mixed in. */
const text = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.constantFrom('\ud800', '\udfff', '/', '.', '..', '%', '%2F', '?', '#', '&', '=', '+', ' '),
    ),
    { maxLength: 5 },
  )
  .map((parts) => parts.join(''));

const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The query of a raw request target, decoded the way a server decodes it. */
const queryOf = (target: string) =>
  (target.split('?')[1] ?? '')
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]);

it('a path or query value reaches the server unchanged, or is a ParameterError', async () => {
  const client = createTestClient({ baseUrl: server.url, retry: false });
  await fc.assert(
    fc.asyncProperty(
      text,
      text,
      fc.array(text, { maxLength: 3 }),
      async (chainId, token, kinds) => {
        server.requests.length = 0;
        const pageToken = token || undefined;
        const blocks = await client
          .getLatestBlocks({ chainId, ...(pageToken !== undefined && { pageToken }) })
          .catch((e: unknown) => e);
        const refused = ['', '.', '..'].includes(chainId) || lone.test(chainId) || lone.test(token);
        if (blocks instanceof Error) {
          expect(blocks).toBeInstanceOf(ParameterError);
          expect(refused || pageToken === '').toBe(true);
        } else {
          expect(refused).toBe(false);
          const [target] = server.requests.map((r) => r.url) as [string];
          const segment = target.split('?')[0]?.split('/')[3] as string;
          expect(decodeURIComponent(segment)).toBe(chainId);
          expect(queryOf(target)).toEqual(
            pageToken === undefined ? [] : [['pageToken', pageToken]],
          );
        }

        server.requests.length = 0;
        const items = await client.listItems({ kinds }).catch((e: unknown) => e);
        if (kinds.some((k) => lone.test(k))) expect(items).toBeInstanceOf(ParameterError);
        else if (items instanceof Error) expect(items).toBeInstanceOf(ParameterError);
        else
          expect(queryOf((server.requests[0] as { url: string }).url)).toEqual(
            kinds.map((k) => ['kinds', k]),
          );
      },
    ),
    { numRuns: 300 },
  );
});
