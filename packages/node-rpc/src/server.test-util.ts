// A real JSON-RPC server on 127.0.0.1 for the tests: nothing about HTTP is mocked.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const recordingsDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../specs/recordings/node-rpc',
);

/** A recorded exchange (specs/recordings/node-rpc/<name>.json). */
export interface Recording {
  request: { method: string; url: string; body?: { method: string; params?: unknown } };
  response: { status: number; body: unknown };
}

type SpecMethod = {
  name: string;
  paramStructure?: string;
  servers: { url: string; variables?: Record<string, { default: string }> }[];
  examples?: { params: { name: string; value: unknown }[]; result: { value: unknown } }[];
};

/** The bundled node spec's methods. */
export const specMethods: SpecMethod[] = JSON.parse(
  readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), '../../../specs/dist/node-rpc.json'),
    'utf8',
  ),
).methods;

/**
 * A method's first example in the spec as an exchange, for a method that has no recording yet:
 * its params and result, sent to its first server with the variables' defaults.
 */
export function exampleExchange(method: string): Recording {
  const m = specMethods.find((x) => x.name === method);
  const example = m?.examples?.[0];
  if (!m || !example) throw new Error(`${method}: no recording and no example in the spec`);
  const server = m.servers[0] as SpecMethod['servers'][number];
  const url = server.url.replace(
    /\{(\w+)\}/g,
    (_, v: string) => server.variables?.[v]?.default ?? '',
  );
  const params =
    m.paramStructure === 'by-position'
      ? example.params.map((p) => p.value)
      : Object.fromEntries(example.params.map((p) => [p.name, p.value]));
  return {
    request: { method: 'POST', url, body: { method, params } },
    response: { status: 200, body: { jsonrpc: '2.0', id: 1, result: example.result.value } },
  };
}

/** A recorded exchange; a method without one (`<method>.1`) falls back to its spec example. */
export const recording = (name: string): Recording => {
  const file = join(recordingsDir, `${name}.json`);
  if (!existsSync(file) && name.endsWith('.1')) return exampleExchange(name.slice(0, -2));
  return JSON.parse(readFileSync(file, 'utf8'));
};

export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export type Handler = (req: Received, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  requests: Received[];
  /** Replaces the handler for the following requests. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export const sendJson = (res: ServerResponse, body: unknown, status = 200, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

type RpcRequest = { id: number; method: string; params?: unknown };

/** Answers a JSON-RPC request (or batch) with `answer(request)` as the result, the id echoed. */
export const rpc =
  (answer: (req: RpcRequest, http: Received) => unknown): Handler =>
  (http, res) => {
    const one = (r: RpcRequest) => {
      const out = answer(r, http);
      return out instanceof RpcFailure
        ? { jsonrpc: '2.0', id: r.id, error: out.error }
        : { jsonrpc: '2.0', id: r.id, result: out };
    };
    const body = http.json as RpcRequest | RpcRequest[];
    sendJson(res, Array.isArray(body) ? body.map(one) : one(body));
  };

/** Return from an `rpc` answer to send a JSON-RPC error object instead of a result. */
export class RpcFailure {
  constructor(readonly error: { code: number; message: string; data?: unknown }) {}
}

/** The result recorded for a method (`<method>.1.json`). */
export const recordedResult = (method: string) =>
  (recording(`${method}.1`).response.body as { result: unknown }).result;

export async function startServer(handler: Handler = rpc((r) => recordedResult(r.method))) {
  let current = handler;
  const requests: Received[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      const received = {
        method: req.method ?? '',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        text,
        json,
      };
      requests.push(received);
      try {
        await current(received, res);
      } catch (e) {
        // A broken fixture answers 500 rather than leaving the client waiting.
        res.writeHead(500);
        res.end(String(e));
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(h: Handler) {
      current = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  } satisfies TestServer;
}
