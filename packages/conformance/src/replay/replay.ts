// `serve`: the replay engine (replay-engine.ts) over node:http, on 127.0.0.1.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Specs } from '../model/specs.js';
import { defaultRecordingsDir, loadRecordings } from '../recordings/recordings.js';
import {
  maxBody,
  ReplayEngine,
  type ReplayOptions,
  type ReplayRequest,
  tooLarge,
} from './replay-engine.js';

export * from './replay-engine.js';

/** Past this much discarded body the socket is closed: draining has to end somewhere. */
const maxDrain = 64 << 20;

/** The engine with its node:http face. */
export class ReplayHandler extends ReplayEngine {
  /** The node:http face of `answer`: reads the request (up to 1 MiB), writes the answer. */
  handle = async (req: IncomingMessage, res: ServerResponse) => {
    const headers: ReplayRequest['headers'] = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const preflight = req.method === 'OPTIONS' && headers['access-control-request-method'];
    if (preflight) req.resume();
    const body = preflight ? '' : await readBody(req);
    const outcome = await this.answer({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers,
      body: body ?? tooLarge,
    });
    if (outcome === 'drop') return void res.socket?.destroy();
    const length = outcome.body === undefined ? 0 : Buffer.byteLength(outcome.body);
    res.writeHead(outcome.status, { ...outcome.headers, 'content-length': length });
    res.end(outcome.body);
  };
}

/**
 * The body as text, or undefined when it is over 1 MiB. An oversized body is read to its
 * end and dropped, so the client gets to read the 413 instead of a reset connection.
 */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxDrain) {
        req.destroy();
        return;
      }
      if (size <= maxBody) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(size > maxBody ? undefined : Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
    // Destroyed past maxDrain: 'end' never comes.
    req.on('close', () => resolve(undefined));
  });
}

/**
 * Starts the replay server on `host` (default 127.0.0.1; port 0 picks a free one); resolves once
 * listening. Any address but loopback exposes it to the network.
 */
export async function startReplayServer(
  given: Partial<ReplayOptions> & { port?: number; host?: string } = {},
) {
  // Left out, the package's own specs and recordings, as `serve` finds them.
  const options: ReplayOptions & { port?: number; host?: string } = {
    ...given,
    specs: given.specs ?? (await Specs.load()),
    recordings: given.recordings ?? (await loadRecordings(defaultRecordingsDir)),
  };
  const handler = new ReplayHandler(options);
  const server: Server = createServer((req, res) => void handler.handle(req, res));
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  // An IPv6 address is bracketed in a URL.
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
