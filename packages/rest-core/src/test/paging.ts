// A server that answers pages of blocks by page token, for the paginate tests of rest-core
// and of the clients.
import { send, serverPerTest, type TestServer } from './server.js';

export const blocks = (...numbers: number[]) => numbers.map((n) => ({ blockNumber: String(n) }));

/** Pages of blocks keyed by the pageToken that asks for them ('' is the first page). */
export function pagedServerPerTest() {
  const serve = serverPerTest();
  return {
    serve,
    pagedServer: (pages: Record<string, { blocks: unknown[]; nextPageToken?: string }>) =>
      serve((req, res) => {
        const token = new URL(req.url, 'http://x').searchParams.get('pageToken') ?? '';
        const page = pages[token];
        page ? send(res, 200, page) : send(res, 404, { message: `no page ${token}` });
      }),
  };
}

/** The pageToken of each request the server saw (null for the first page). */
export const tokens = (server: TestServer) =>
  server.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('pageToken'));
