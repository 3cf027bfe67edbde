import { describe, expect, it } from 'vitest';
import { paginate } from './paginate.js';
import { createTestClient, PaginationError } from './test/client.js';
import { blocks, pagedServerPerTest, tokens } from './test/paging.js';
import { send } from './test/server.js';

const { serve, pagedServer } = pagedServerPerTest();
/** Array.fromAsync, which Node 20 lacks. */
async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('paginate', () => {
  it('follows nextPageToken over several pages until it is absent', async () => {
    const server = await pagedServer({
      '': { blocks: blocks(1, 2), nextPageToken: 'b' },
      b: { blocks: blocks(3, 4), nextPageToken: 'c' },
      c: { blocks: blocks(5) },
    });
    const client = createTestClient({ baseUrl: server.url });
    const seen: string[] = [];
    for await (const page of paginate(client.getLatestBlocks, { chainId: '43114', pageSize: 2 })) {
      seen.push(...page.blocks.map((b) => b.blockNumber));
    }
    expect(seen).toEqual(['1', '2', '3', '4', '5']);
    expect(tokens(server)).toEqual([null, 'b', 'c']);
    expect(server.requests.every((r) => r.url.includes('pageSize=2'))).toBe(true);
  });

  it('stops at an empty token', async () => {
    const server = await pagedServer({ '': { blocks: blocks(1), nextPageToken: '' } });
    const client = createTestClient({ baseUrl: server.url });
    const pages = await collect(paginate(client.getLatestBlocks, { chainId: '1' }));
    expect(pages).toHaveLength(1);
  });

  it('starts from a given pageToken', async () => {
    const server = await pagedServer({ b: { blocks: blocks(3) } });
    const client = createTestClient({ baseUrl: server.url });
    const pages = await collect(paginate(client.getLatestBlocks, { chainId: '1', pageToken: 'b' }));
    expect(pages).toHaveLength(1);
    expect(tokens(server)).toEqual(['b']);
  });

  it('throws a PaginationError on a repeated token instead of looping', async () => {
    const server = await pagedServer({
      '': { blocks: blocks(1), nextPageToken: 'b' },
      b: { blocks: blocks(2), nextPageToken: 'c' },
      c: { blocks: blocks(3), nextPageToken: 'b' },
    });
    const client = createTestClient({ baseUrl: server.url });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const page of paginate(client.getLatestBlocks, { chainId: '1' })) seen.push(page);
    })().catch((e) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ pageToken: 'b', page: 3 });
    // Every page that arrived was handed over; the repeat was never requested.
    expect(seen).toHaveLength(3);
    expect(server.requests).toHaveLength(3);
  });

  it('maxPages stops early without requesting more', async () => {
    const server = await pagedServer({
      '': { blocks: blocks(1), nextPageToken: 'b' },
      b: { blocks: blocks(2), nextPageToken: 'c' },
      c: { blocks: blocks(3) },
    });
    const client = createTestClient({ baseUrl: server.url });
    const pages = await collect(
      paginate(client.getLatestBlocks, { chainId: '1' }, { maxPages: 2 }),
    );
    expect(pages).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it('maxItems cuts the last page to fit', async () => {
    const server = await pagedServer({
      '': { blocks: blocks(1, 2), nextPageToken: 'b' },
      b: { blocks: blocks(3, 4), nextPageToken: 'c' },
      c: { blocks: blocks(5, 6) },
    });
    const client = createTestClient({ baseUrl: server.url });
    const pages = await collect(
      paginate(client.getLatestBlocks, { chainId: '1' }, { maxItems: 3 }),
    );
    expect(pages.flatMap((p) => p.blocks.map((b) => b.blockNumber))).toEqual(['1', '2', '3']);
    expect(server.requests).toHaveLength(2);
  });

  it('requests the next page while the caller works on the current one', async () => {
    const server = await pagedServer({
      '': { blocks: blocks(1), nextPageToken: 'b' },
      b: { blocks: blocks(2) },
    });
    const client = createTestClient({ baseUrl: server.url });
    for await (const page of paginate(client.getLatestBlocks, { chainId: '1' })) {
      if (page.blocks[0]?.blockNumber === '1') {
        // Still inside the first iteration: the second request must reach the server anyway.
        await expect.poll(() => server.requests.length, { interval: 5 }).toBe(2);
      }
    }
  });

  it('leaving the loop early cancels the prefetch without an unhandled rejection', async () => {
    const server = await serve((req, res) => {
      if (req.url.includes('pageToken')) return; // the second page never answers
      send(res, 200, { blocks: blocks(1), nextPageToken: 'b' });
    });
    const client = createTestClient({ baseUrl: server.url });
    for await (const _ of paginate(client.getLatestBlocks, { chainId: '1' })) {
      await expect.poll(() => server.requests.length, { interval: 5 }).toBe(2);
      break;
    }
    await expect.poll(() => server.aborted.length, { interval: 5 }).toBe(1);
  });

  it('an error of a later page ends the iteration with that error', async () => {
    const server = await pagedServer({ '': { blocks: blocks(1), nextPageToken: 'missing' } });
    const client = createTestClient({ baseUrl: server.url });
    const pages: unknown[] = [];
    const error = await (async () => {
      for await (const page of paginate(client.getLatestBlocks, { chainId: '1' })) pages.push(page);
    })().catch((e) => e);
    expect(pages).toHaveLength(1);
    expect(error).toMatchObject({ name: 'NotFoundError', status: 404 });
  });

  it('a signal ends the iteration', async () => {
    const server = await serve(() => {});
    const client = createTestClient({ baseUrl: server.url });
    const controller = new AbortController();
    const iteration = collect(
      paginate(client.getLatestBlocks, { chainId: '1' }, { signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 20);
    await expect(iteration).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('checks parameters on the first call', async () => {
    const client = createTestClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(
      collect(paginate(client.getLatestBlocks, { chainId: '1', pageSize: 0 })),
    ).rejects.toMatchObject({ name: 'ParameterError', rule: 'minimum' });
  });

  it('a maxPages or maxItems below 1 reads nothing', async () => {
    const server = await pagedServer({ '': { blocks: blocks(1) } });
    const client = createTestClient({ baseUrl: server.url });
    for (const options of [{ maxPages: 0 }, { maxItems: 0 }]) {
      expect(await collect(paginate(client.getLatestBlocks, { chainId: '1' }, options))).toEqual(
        [],
      );
    }
    expect(server.requests).toHaveLength(0);
  });

  it('the PaginationError is the shared class, thrown by this package (it cannot know the client)', async () => {
    const server = await serve((_, res) => send(res, 200, { blocks: [], nextPageToken: 'same' }));
    const client = createTestClient({ baseUrl: server.url });
    const error = await collect(paginate(client.getLatestBlocks, { chainId: '1' })).catch((e) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({
      message: 'page 2 repeats an earlier page token',
      details: 'nextPageToken same',
      client: '@avalanche-api/rest-core',
      docsUrl:
        'https://github.com/avalanche-api/avalanche-api/tree/main/packages/rest-core#paginationerror',
    });
  });

  it('only accepts list operations (type level)', () => {
    const client = createTestClient({ baseUrl: 'http://127.0.0.1:9' });
    // @ts-expect-error getBlock takes no pageToken and answers no nextPageToken.
    const iterate = () => paginate(client.getBlock, { chainId: '1', blockId: '1' });
    expect(typeof iterate).toBe('function');
  });
});
