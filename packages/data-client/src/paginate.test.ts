import { describe, expect, it } from 'vitest';
import { blocks, pagedServerPerTest, tokens } from '../../rest-core/src/test/paging.js';
import { createDataClient, DataClientError, PaginationError, paginate } from './index.js';

const { pagedServer } = pagedServerPerTest();

// What paginate does is tested in @avalanche-api/rest-core; these show it with this client's
// methods and classes.
describe('paginate', () => {
  it('follows nextPageToken over several pages until it is absent', async () => {
    const server = await pagedServer({
      '': { blocks: blocks(1, 2), nextPageToken: 'b' },
      b: { blocks: blocks(3, 4), nextPageToken: 'c' },
      c: { blocks: blocks(5) },
    });
    const client = createDataClient({ baseUrl: server.url });
    const seen: string[] = [];
    for await (const page of paginate(client.getLatestBlocks, { chainId: '43114', pageSize: 2 })) {
      seen.push(...page.blocks.map((b) => b.blockNumber));
    }
    expect(seen).toEqual(['1', '2', '3', '4', '5']);
    expect(tokens(server)).toEqual([null, 'b', 'c']);
    expect(server.requests.every((r) => r.url.includes('pageSize=2'))).toBe(true);
  });

  it('throws a PaginationError on a repeated token instead of looping', async () => {
    const server = await pagedServer({
      '': { blocks: blocks(1), nextPageToken: 'b' },
      b: { blocks: blocks(2), nextPageToken: 'c' },
      c: { blocks: blocks(3), nextPageToken: 'b' },
    });
    const client = createDataClient({ baseUrl: server.url });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const page of paginate(client.getLatestBlocks, { chainId: '1' })) seen.push(page);
    })().catch((e) => e);
    expect(error).toBeInstanceOf(PaginationError);
    // paginate is the one function every client re-exports: it cannot know whose method it pages.
    expect(error).not.toBeInstanceOf(DataClientError);
    expect(error).toMatchObject({ pageToken: 'b', page: 3, client: '@avalanche-api/rest-core' });
    // Every page that arrived was handed over; the repeat was never requested.
    expect(seen).toHaveLength(3);
    expect(server.requests).toHaveLength(3);
  });

  it('only accepts list operations (type level)', () => {
    const client = createDataClient();
    // @ts-expect-error getBlock takes no pageToken and answers no nextPageToken.
    const iterate = () => paginate(client.getBlock, { chainId: '1', blockId: '1' });
    expect(typeof iterate).toBe('function');
  });

  it("takes a list whose parameters are all optional, with those parameters' types", async () => {
    const server = await pagedServer({
      '': { blocks: blocks(1), nextPageToken: 'b' },
      b: { blocks: blocks(2) },
    });
    const client = createDataClient({ baseUrl: server.url, apiKey: 'k' });
    const pages: unknown[] = [];
    for await (const page of paginate(client.listWebhooks, { status: 'active' })) pages.push(page);
    for await (const page of paginate(client.listWebhooks)) pages.push(page);
    expect(pages).toHaveLength(4);
    expect(server.requests[0]?.url).toContain('status=active');
    // @ts-expect-error status is one of the spec's values.
    const wrong = () => paginate(client.listWebhooks, { status: 'sleeping' });
    expect(typeof wrong).toBe('function');
  });
});
