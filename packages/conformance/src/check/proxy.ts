// A validating proxy: forwards each request to its service's target, streams the answer back
// unchanged, and checks the exchange with `check`'s rules. Bodies are tapped up to a cap;
// what the app sends (keys included) is forwarded as is and never kept in a recording.
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ListingTracker } from '../model/promises/check.js';
import type { Specs } from '../model/specs.js';
import type { Recording } from '../recordings/recordings.js';
import { checkOne } from './check-run.js';
import type { CheckedItem } from './report.js';

export interface ProxyOptions {
  specs: Specs;
  /** Base URL per service name (`data-api`, `node-rpc`, …). */
  targets: Record<string, string>;
  port?: number;
  host?: string;
  strict: boolean;
  /** Bodies above this many bytes are forwarded and reported not checked. */
  maxBodyBytes: number;
  /** Each exchange's result, as it completes. */
  onItem: (item: CheckedItem) => void;
  /** Each checked exchange, without headers and with keys in the URL masked. */
  onRecording?: (recording: Recording) => void | Promise<void>;
}

/** Headers of one hop only (RFC 9110 §7.6.1); every other header is forwarded. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Query parameters whose values are masked wherever the proxy writes a URL. */
const secretParam = /key|token|secret|auth|pass|signature|credential|session/i;

/** The path and query of a URL with secret-looking query values masked. */
export function maskedPath(url: URL): string {
  const params = [...url.searchParams].map(
    ([name, value]) =>
      `${encodeURIComponent(name)}=${secretParam.test(name) ? '***' : encodeURIComponent(value)}`,
  );
  return `${url.pathname}${params.length ? `?${params.join('&')}` : ''}`;
}

function forwardedHeaders(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2)
    if (
      !hopByHop.has((raw[i] as string).toLowerCase()) &&
      (raw[i] as string).toLowerCase() !== 'host'
    )
      out.push(raw[i] as string, raw[i + 1] as string);
  return out;
}

/** Collects a body's bytes up to a cap while they stream past; over it, only counts them. */
class Tap {
  chunks: Buffer[] = [];
  bytes = 0;
  constructor(readonly max: number) {}
  push(chunk: Buffer) {
    this.bytes += chunk.length;
    if (this.bytes > this.max) this.chunks = [];
    else this.chunks.push(chunk);
  }
  get tooLarge() {
    return this.bytes > this.max;
  }
}

function decode(tap: Tap, encoding: string | undefined, max: number): unknown {
  if (tap.bytes === 0) return undefined;
  let bytes = Buffer.concat(tap.chunks);
  const e = encoding?.toLowerCase().trim();
  if (e === 'gzip' || e === 'x-gzip') bytes = gunzipSync(bytes, { maxOutputLength: max });
  else if (e === 'deflate') bytes = inflateSync(bytes, { maxOutputLength: max });
  else if (e === 'br') bytes = brotliDecompressSync(bytes, { maxOutputLength: max });
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The service a request is for: by path (JSON-RPC endpoints, REST operations). */
function serviceOf(specs: Specs, method: string, url: URL): string | undefined {
  if (method === 'POST') {
    const rpc = specs.rpc.find((s) => s.servesPath(url.pathname));
    if (rpc) return rpc.name;
  }
  return specs.matchRest(method, url)?.service.name;
}

/** One proxied exchange as a recording, bodies decoded; throws on a body that cannot be. */
function recordingOf(
  file: string,
  method: string,
  target: URL,
  status: number,
  maxBodyBytes: number,
  [req, requestTap]: [IncomingMessage, Tap],
  [up, responseTap]: [IncomingMessage, Tap],
): Recording {
  const requestType = header(req.headers, 'content-type');
  const responseType = header(up.headers, 'content-type');
  const recording: Recording = {
    file,
    request: {
      method,
      url: target.href,
      ...(requestType ? { headers: { 'content-type': requestType } } : {}),
    },
    response: {
      status,
      ...(responseType ? { headers: { 'content-type': responseType } } : {}),
    },
  };
  const body = decode(requestTap, header(req.headers, 'content-encoding'), maxBodyBytes);
  if (body !== undefined) recording.request.body = body;
  const answer = decode(responseTap, header(up.headers, 'content-encoding'), maxBodyBytes);
  if (answer !== undefined) recording.response.body = answer;
  return recording;
}

/** What `onRecording` is given: the query's values masked, the headers left out. */
function published(recording: Recording, target: URL): Recording {
  const masked = new URL(target.href);
  masked.search = maskedPath(target).split('?')[1] ?? '';
  const { headers: _q, ...request } = recording.request;
  const { headers: _s, ...response } = recording.response;
  return { ...recording, request: { ...request, url: masked.href }, response };
}

export async function startProxy(options: ProxyOptions) {
  const { specs, targets, maxBodyBytes } = options;
  const listings = new ListingTracker();
  const calls = specs.callsTracker();
  const urls = [...new Set(Object.values(targets))];
  let count = 0;

  const finish = (
    n: number,
    method: string,
    target: URL,
    req: IncomingMessage,
    requestTap: Tap,
    status: number,
    up: IncomingMessage,
    responseTap: Tap,
  ) => {
    const file = `#${n} ${method} ${maskedPath(target)}`;
    if (requestTap.tooLarge || responseTap.tooLarge) {
      const which = requestTap.tooLarge ? 'request' : 'response';
      const size = requestTap.tooLarge ? requestTap.bytes : responseTap.bytes;
      options.onItem({
        file,
        ok: false,
        errors: [],
        notChecked: `not checked: too large (${which} body ${size} bytes, cap ${maxBodyBytes})`,
      });
      return;
    }
    let recording: Recording;
    try {
      recording = recordingOf(
        file,
        method,
        target,
        status,
        maxBodyBytes,
        [req, requestTap],
        [up, responseTap],
      );
    } catch (error) {
      options.onItem({
        file,
        ok: false,
        errors: [],
        malformed: `undecodable body: ${(error as Error).message}`,
      });
      return;
    }
    const { result, subjects } = checkOne(specs, recording, {
      strict: options.strict,
      exclusions: {},
    });
    for (const s of subjects) {
      const found = [
        ...listings.observe(s.operation, s.promises, s.inputs, s.answer),
        ...calls.observe(s.target ?? '', s.operation, s.promises, s.inputs, s.answer),
      ];
      if (found.length === 0) continue;
      result.errors.push(...found);
      result.ok = false;
    }
    options.onItem(result);
    if (options.onRecording) void options.onRecording(published(recording, target));
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const n = ++count;
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const asked = new URL(path, 'http://proxy.invalid');
    // One target for every service: no need to match the request twice (here and in checkOne).
    const service = urls.length === 1 ? undefined : serviceOf(specs, method, asked);
    const base = (service && targets[service]) ?? (urls.length === 1 ? urls[0] : undefined);
    if (!base) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `proxy: no target for ${method} ${asked.pathname}` }));
      options.onItem({
        file: `#${n} ${method} ${maskedPath(asked)}`,
        ok: false,
        errors: [],
        malformed: 'no target serves this path (name the service in --target)',
      });
      return;
    }
    const target = new URL(`${base.replace(/\/$/, '')}${path}`);
    // A browser's CORS preflight is the browser's, not the API's: forwarded, not judged.
    const judged = method !== 'OPTIONS';
    const requestTap = new Tap(maxBodyBytes);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    // An array of headers keeps the app's order and spelling; Host is the target's.
    const upstream = send(target, {
      method,
      headers: ['Host', target.host, ...forwardedHeaders(req.rawHeaders)],
    });
    upstream.on('response', (up) => {
      const status = up.statusCode ?? 502;
      res.writeHead(status, up.statusMessage, forwardedHeaders(up.rawHeaders));
      const responseTap = new Tap(maxBodyBytes);
      up.on('data', (chunk: Buffer) => responseTap.push(chunk));
      // Piped first: on the answer's end the app's response is ended before the exchange is
      // validated, so validation adds nothing to the app's wait.
      up.pipe(res);
      up.on('end', () => {
        if (judged) finish(n, method, target, req, requestTap, status, up, responseTap);
      });
    });
    upstream.on('error', (error) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: `proxy: no answer from the target: ${error.message}` }));
      } else res.destroy();
      options.onItem({
        file: `#${n} ${method} ${maskedPath(target)}`,
        ok: false,
        errors: [],
        malformed: `no answer from the target: ${error.message}`,
      });
    });
    req.on('data', (chunk: Buffer) => requestTap.push(chunk));
    req.on('aborted', () => upstream.destroy());
    req.pipe(upstream);
  };

  const server: Server = createServer(handle);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    /** Stops taking requests; answers in flight are finished first. */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
