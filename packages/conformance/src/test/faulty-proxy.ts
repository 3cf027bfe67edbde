// A faulty deployment for the contract tests: a proxy on 127.0.0.1 in front of the replay
// server whose answers a test rewrites, one fault at a time.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isObject } from '../model/json-pointer.js';
import type { Specs } from '../model/specs.js';
import type { Recording } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';

/**
 * The exchange with its `results` list in reverse order (a schema-valid fault the order promise
 * must catch); undefined, so answered as is, when it has no list of at least `least` items.
 */
export function resultsReversed(x: Proxied, least = 0): Proxied | undefined {
  const body = x.body as { results?: unknown[] };
  if (!Array.isArray(body?.results) || body.results.length < least) return undefined;
  return { ...x, body: { ...body, results: [...body.results].reverse() } };
}

/** One exchange as the proxy sees it: the request, and the replay server's answer. */
export interface Proxied {
  url: URL;
  /** The JSON-RPC call, when the request is one. */
  call?: Record<string, unknown>;
  service: string;
  operation: string;
  status: number;
  body: unknown;
  /** Drop the connection instead of answering. */
  drop?: boolean;
  /** The request's headers as they arrived (a test checks where a key was sent). */
  headers?: IncomingHttpHeaders;
}

export interface FaultyProxy {
  url: string;
  /** The replay server behind the proxy, for requests that should reach it unchanged. */
  replayUrl: string;
  /** Returns the answer to send instead, or undefined to pass the replay server's on. */
  fault: (exchange: Proxied) => Proxied | undefined;
  /** Forwards the request to another path of the replay server, or undefined to keep it. */
  rewrite: (exchange: Pick<Proxied, 'url' | 'call'>) => string | undefined;
  close(): Promise<void>;
}

export async function startFaultyProxy(
  specs: Specs,
  recordings: Recording[],
  options: { olderAnswers?: boolean } = {},
) {
  const replay = await startReplayServer({ specs, recordings, ...options });
  const proxy: FaultyProxy = {
    url: '',
    replayUrl: replay.url,
    fault: () => undefined,
    rewrite: () => undefined,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await replay.close();
    },
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const parsed = text ? JSON.parse(text) : undefined;
    const call = isObject(parsed) && parsed.jsonrpc === '2.0' ? parsed : undefined;
    const url = new URL(req.url ?? '/', 'http://proxy');
    const upstream = await fetch(`${replay.url}${proxy.rewrite({ url, call }) ?? req.url}`, {
      method: req.method ?? 'GET',
      headers: { 'content-type': 'application/json' },
      ...(text ? { body: text } : {}),
    });
    const answerText = await upstream.text();
    const rest = call ? undefined : specs.matchRest(req.method ?? 'GET', url);
    const seen: Proxied = {
      url,
      service: call ? 'node-rpc' : (rest?.service.name ?? '?'),
      operation: call ? String(call.method) : (rest?.operation.id ?? '?'),
      status: upstream.status,
      body: answerText ? JSON.parse(answerText) : undefined,
      headers: req.headers,
    };
    if (call) seen.call = call;
    // The fault gets its own copy of the body to change (a URL cannot be cloned).
    const out = proxy.fault({ ...seen, body: structuredClone(seen.body) }) ?? seen;
    if (out.drop) {
      req.socket.destroy();
      return;
    }
    res.writeHead(out.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(out.body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
