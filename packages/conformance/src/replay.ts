import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deref, isObject } from './json-pointer.js';
import { type OpenApiService, type Operation, parseQuery, type RestRequest } from './openapi.js';
import type { OpenRpcService, RpcMethod } from './openrpc.js';
import type { Recording } from './recordings.js';
import { formatViolation } from './schema-set.js';
import type { Specs } from './specs.js';

const maxBody = 1 << 20;
const statusNames: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
};

/** A page token the replay server understands: where the next page starts. */
function encodeToken(operation: string, offset: number): string {
  return Buffer.from(JSON.stringify({ o: operation, n: offset })).toString('base64url');
}

function decodeToken(token: string, operation: string): number | undefined {
  try {
    const { o, n } = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    return o === operation && Number.isInteger(n) && n >= 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, val) =>
    isObject(val)
      ? Object.fromEntries(Object.entries(val).sort(([a], [b]) => a.localeCompare(b)))
      : val,
  );

export interface ReplayOptions {
  specs: Specs;
  recordings: Recording[];
}

/**
 * Answers requests from the recordings, else from the spec's examples, after validating
 * each request against the spec. REST lists are paged with working page tokens.
 */
export class ReplayHandler {
  constructor(private readonly options: ReplayOptions) {}

  handle = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', 'http://replay');
      const text = await readBody(req);
      if (text === undefined)
        return send(res, 413, errorBody(413, ['request body is larger than 1 MiB']));
      let body: unknown;
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          body = Symbol.for('unparsable');
        }
      }
      const { specs } = this.options;
      if (req.method === 'POST' && specs.rpc.some((s) => s.servesPath(url.pathname))) {
        return this.rpc(url, body, res);
      }
      if (body === Symbol.for('unparsable'))
        return send(res, 400, errorBody(400, ['request body is not valid JSON']));
      return this.rest(req.method ?? 'GET', url, body, res);
    } catch (error) {
      send(res, 500, errorBody(500, [`replay server failed: ${(error as Error).message}`]));
    }
  };

  private rest(method: string, url: URL, body: unknown, res: ServerResponse) {
    const { specs } = this.options;
    const match = specs.matchRest(method, url);
    if (!match) {
      const other = specs.rest.some((s) => s.matchPath(url.pathname).length > 0);
      return send(
        res,
        other ? 405 : 404,
        errorBody(other ? 405 : 404, [`no operation for ${method} ${url.pathname}`]),
      );
    }
    const { service, operation } = match;
    const request: RestRequest = {
      pathParams: match.pathParams,
      query: parseQuery(url.searchParams),
      body,
    };
    const problems = service.validateRequest(operation, request, { strict: false });
    if (problems.length > 0) {
      return send(
        res,
        400,
        errorBody(
          400,
          problems.map((p) => `${describeWhere(p.where, p.path)}: ${p.message}`),
        ),
      );
    }
    const answer = this.restAnswer(service, operation, request);
    if (!answer)
      return send(res, 404, errorBody(404, [`no recording or example for ${operation.id}`]));
    const paged = this.page(service, operation, request, answer.body);
    if (paged.error !== undefined) return send(res, 400, errorBody(400, [paged.error]));
    send(res, answer.status, paged.body);
  }

  /** The recorded answer whose request matches best, else the spec's success example. */
  private restAnswer(service: OpenApiService, op: Operation, request: RestRequest) {
    const candidates = this.cached(`${service.name} ${op.id}`, () => {
      const out: { status: number; body: unknown; key: string; marked?: boolean }[] = [];
      for (const rec of preferComplete(this.options.recordings)) {
        const url = new URL(rec.request.url);
        const m = this.options.specs.matchRest(rec.request.method, url);
        if (m?.operation !== op || m.service !== service) continue;
        if (rec.response.status < 200 || rec.response.status >= 300) continue;
        const key = requestKey(m.pathParams, parseQuery(url.searchParams));
        out.push({
          status: rec.response.status,
          body: rec.response.body,
          key,
          marked: isMarked(rec),
        });
      }
      for (const ex of service.examples(op)) {
        if (ex.status < 200 || ex.status >= 300) continue;
        const key = requestKey(ex.request?.pathParams ?? {}, ex.request?.query ?? {});
        out.push({ status: ex.status, body: ex.body, key });
      }
      return out;
    });
    const wanted = requestKey(request.pathParams, request.query);
    // A complete answer, even to another request, beats one the era marks call incomplete.
    return (
      candidates.find((c) => c.key === wanted && !c.marked) ??
      candidates.find((c) => !c.marked) ??
      candidates.find((c) => c.key === wanted) ??
      candidates[0]
    );
  }

  /** What the server can answer for one operation or method: built on first use, then reused. */
  private readonly answers = new Map<string, unknown[]>();
  private cached<T>(key: string, build: () => T[]): T[] {
    let list = this.answers.get(key) as T[] | undefined;
    if (!list) {
      list = build();
      this.answers.set(key, list);
    }
    return list;
  }

  /** Slices the operation's list property by pageSize and pageToken. */
  private page(
    service: OpenApiService,
    op: Operation,
    request: RestRequest,
    body: unknown,
  ): { body?: unknown; error?: string } {
    if (!isObject(body) || !op.parameters.some((p) => p.name === 'pageToken')) return { body };
    const list = Object.entries(body).find(([, v]) => Array.isArray(v));
    if (!list) return { body };
    const [name, items] = list as [string, unknown[]];
    const sizeParam = op.parameters.find((p) => p.name === 'pageSize');
    const sizeSchema = sizeParam
      ? deref(service.doc, { $ref: `#${sizeParam.schema}` }, '').node
      : {};
    const size =
      Number(request.query.pageSize?.[0] ?? sizeSchema.default ?? items.length) ||
      items.length ||
      1;
    let offset = 0;
    const token = request.query.pageToken?.[0];
    if (token !== undefined) {
      const decoded = decodeToken(token, op.id);
      if (decoded === undefined)
        return {
          error: `pageToken: ${JSON.stringify(token)} is not a token this server issued for ${op.id}`,
        };
      offset = decoded;
    }
    const out: Record<string, unknown> = { ...body, [name]: items.slice(offset, offset + size) };
    delete out.nextPageToken;
    if (offset + size < items.length) out.nextPageToken = encodeToken(op.id, offset + size);
    return { body: out };
  }

  private rpc(url: URL, body: unknown, res: ServerResponse) {
    if (body === undefined || body === Symbol.for('unparsable')) {
      return send(res, 200, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'parse error: body is not valid JSON' },
      });
    }
    if (Array.isArray(body)) {
      if (!/\/rpc\/?$/.test(url.pathname)) {
        return send(res, 200, {
          jsonrpc: '2.0',
          id: null,
          error: {
            code: -32600,
            message: `batch requests are not served at ${url.pathname}; send one call per request`,
          },
        });
      }
      return send(
        res,
        200,
        body.map((call) => this.rpcCall(url, call)),
      );
    }
    send(res, 200, this.rpcCall(url, body));
  }

  private rpcCall(url: URL, call: unknown): object {
    const id = isObject(call) && 'id' in call ? call.id : null;
    const fail = (code: number, message: string) => ({
      jsonrpc: '2.0',
      id,
      error: { code, message, data: null },
    });
    if (!isObject(call) || call.jsonrpc !== '2.0' || typeof call.method !== 'string') {
      return fail(-32600, 'invalid request: expected {jsonrpc: "2.0", id, method, params}');
    }
    const found = this.options.specs.matchRpc(call.method);
    if (!found?.method.endpoints.some((e) => e.regex.test(url.pathname))) {
      return fail(
        -32601,
        `the method ${call.method} does not exist/is not available at ${url.pathname}`,
      );
    }
    const problems = found.service.validateCall(found.method, url.pathname, call, { strict: true });
    if (problems.length > 0) {
      return fail(
        -32000,
        `couldn't unmarshal an argument: ${problems.map((p) => formatViolation(p).replace(/^request\.params/, 'params')).join('; ')}`,
      );
    }
    const result = this.rpcResult(found.service, found.method, call.params);
    if (result === undefined) return fail(-32000, `no recording or example for ${call.method}`);
    if ('error' in result) return { jsonrpc: '2.0', id, error: result.error };
    return { jsonrpc: '2.0', id, result: result.result };
  }

  private rpcResult(service: OpenRpcService, method: RpcMethod, params: unknown) {
    // The caller has already checked that the request's path is one of the method's endpoints.
    const candidates = this.cached(`${service.name} ${method.id}`, () => {
      const out: {
        key: string;
        reply: { result: unknown } | { error: unknown };
        marked?: boolean;
      }[] = [];
      for (const rec of preferComplete(this.options.recordings)) {
        const call = rec.request.body;
        const reply = rec.response.body;
        if (!isObject(call) || call.method !== method.id || !isObject(reply)) continue;
        const entry = 'result' in reply ? { result: reply.result } : { error: reply.error };
        out.push({ key: canonical(call.params ?? null), reply: entry, marked: isMarked(rec) });
      }
      for (const ex of service.examples(method)) {
        out.push({ key: canonical(ex.params), reply: { result: ex.result } });
      }
      return out;
    });
    const wanted = canonical(params ?? null);
    // A complete answer, even to other params, beats one the era marks call incomplete.
    const complete = candidates.filter((c) => !c.marked);
    const pick = (list: typeof candidates) =>
      list.find((c) => c.key === wanted) ?? list.find((c) => 'result' in c.reply);
    return (pick(complete) ?? pick(candidates))?.reply;
  }
}

/** Whether the era marks call a recording trimmed or older-shaped than the current service. */
const isMarked = (r: Recording) => r.trimmed === true || (r.lenient?.length ?? 0) > 0;

/** Recordings whose era marks say they are trimmed or older-shaped go after complete ones. */
function preferComplete(recordings: Recording[]): Recording[] {
  return [...recordings].sort((a, b) => Number(isMarked(a)) - Number(isMarked(b)));
}

/** Identifies a REST request for answer lookup: path parameters and query, paging left out. */
function requestKey(params: Record<string, string>, query: Record<string, string[]>): string {
  const paging = new Set(['pageToken', 'pageSize']);
  return canonical({
    params,
    query: Object.fromEntries(Object.entries(query).filter(([k]) => !paging.has(k))),
  });
}

function describeWhere(where: string, path: string): string {
  const part = where.replace(/^request\./, '');
  const name = path.replace(/^\//, '').replaceAll('~1', '/').replaceAll('~0', '~');
  return name ? `${part} parameter ${name}` : part;
}

function errorBody(status: number, message: string[]) {
  return { message, statusCode: status, error: statusNames[status] ?? 'Internal Server Error' };
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBody) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the replay server on 127.0.0.1 (port 0 picks a free one); resolves once listening. */
export async function startReplayServer(options: ReplayOptions & { port?: number; host?: string }) {
  const handler = new ReplayHandler(options);
  const server: Server = createServer((req, res) => void handler.handle(req, res));
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
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
