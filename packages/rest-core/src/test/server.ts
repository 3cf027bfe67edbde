// A real HTTP server on 127.0.0.1 for the tests: requests are recorded as they reach the wire.
// The client packages' tests import this file by its relative path; it is neither built nor published.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export type Recorded = {
  method: string;
  /** The request target exactly as sent, percent-encoding included. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
};

export type Handler = (
  request: Recorded,
  response: ServerResponse,
  index: number,
) => void | Promise<void>;

export type TestServer = {
  url: string;
  requests: Recorded[];
  /** Requests whose connection the client closed before the answer was complete. */
  aborted: Recorded[];
  close: () => Promise<void>;
};

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Recorded[] = [];
  const aborted: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      res.on('close', () => {
        if (!res.writableFinished) aborted.push(recorded);
      });
      Promise.resolve(handler(recorded, res, requests.length - 1)).catch((error: unknown) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    aborted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A `serve(handler)` for one test file: each server it starts is closed after the test that started it. */
export function serverPerTest(): (handler: Handler) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (handler) => {
    const server = await startServer(handler);
    servers.push(server);
    return server;
  };
}

/** Answers with JSON (or a raw string), a status and extra headers. */
export function send(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
    ...headers,
  });
  res.end(text);
}
