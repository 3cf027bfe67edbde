// The node's typed errors against a real JSON-RPC server on 127.0.0.1 that answers with the
// node's own texts: the cases come from the spec's x-error-kinds (one per declared entry, its
// `example` being the node's message), so a new pattern in the spec is a new case here.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyRpcError } from './classifyRpcError.js';
import { BadRequestError, NotFoundError, UnsupportedError } from './errors.js';
import * as generatedActions from './generated/actions.js';
import {
  createNodeClient,
  createNodeCore,
  HttpError,
  ParameterError,
  RpcError,
  ServerError,
} from './index.js';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../../../specs/dist');
const read = (name: string) => JSON.parse(readFileSync(join(dist, name), 'utf8'));

type Entry = {
  kind: 'notFound' | 'badRequest' | 'unsupported';
  code: number;
  pattern?: string;
  example: string;
};
type Method = {
  name: string;
  paramStructure: string;
  servers: { url: string; variables?: Record<string, { default: string }> }[];
  examples: { params: { name: string; value: unknown }[] }[];
  'x-error-kinds': { shared: string; patterns?: Entry[] };
};
const doc = read('node-rpc.json') as {
  methods: Method[];
  'x-error-kinds': Record<string, Entry[]>;
};
const health = read('node-health.json') as { paths: Record<string, unknown> };

const classes = {
  notFound: NotFoundError,
  badRequest: BadRequestError,
  unsupported: UnsupportedError,
};
const kindsOf = (m: Method) => [
  ...(m['x-error-kinds'].patterns ?? []),
  ...(doc['x-error-kinds'][m['x-error-kinds'].shared] ?? []),
];
/** The params of a method's first example, as the wire carries them. */
const paramsOf = (m: Method) => {
  const list = m.examples[0]?.params ?? [];
  return m.paramStructure === 'by-position'
    ? list.map((p) => p.value)
    : Object.fromEntries(list.map((p) => [p.name, p.value]));
};
/** The one-call functions by name. */
const actions: Record<string, unknown> = { ...generatedActions };
/** The method's one-call function (`avm.getBlockByHeight` -> avmGetBlockByHeight). */
const actionOf = (method: string) => {
  const key = method.replace(/[._]/g, '').toLowerCase();
  const name = Object.keys(actions).find((k) => k.toLowerCase() === key) as string;
  return actions[name] as (core: unknown, params: unknown) => Promise<unknown>;
};

/** What the server answers next: a JSON-RPC error object, or a whole HTTP answer. */
let answer: { error?: object; status?: number; type?: string; text?: string } = {};
const seen: { url: string; method: string }[] = [];
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const q = body ? JSON.parse(body) : {};
      seen.push({ url: req.url ?? '', method: q.method });
      if (answer.status) {
        res.writeHead(answer.status, { 'content-type': answer.type ?? 'text/plain' });
        return res.end(answer.text);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: q.id, error: answer.error }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((ok) => server.close(ok)));

const client = () => createNodeClient({ baseUrl: base, retry: false });

const cases = doc.methods.flatMap((m) =>
  kindsOf(m).map(
    (e) => [`${m.name} ${e.kind} ${e.code} ${JSON.stringify(e.example)}`, m, e] as const,
  ),
);

describe("the node's error texts by kind (x-error-kinds)", () => {
  it('has a case for every method', () => {
    expect(new Set(cases.map(([, m]) => m.name)).size).toBe(doc.methods.length);
  });

  it.each(cases)('%s', async (_, m, e) => {
    const data = e.code === -32000 ? null : { detail: 'kept' };
    answer = { error: { code: e.code, message: e.example, data } };
    // The example classifies as its kind (no earlier entry shadows it)…
    expect(classifyRpcError(m.name, { code: e.code, message: e.example })).toBe(e.kind);
    // …and the client and the one-call function throw its class, every field of the error kept.
    const viaClient = await client()
      .request(m.name as never, paramsOf(m) as never)
      .catch((x: unknown) => x);
    const viaAction = await actionOf(m.name)(
      createNodeCore({ baseUrl: base, retry: false }),
      paramsOf(m),
    ).catch((x: unknown) => x);
    for (const err of [viaClient, viaAction]) {
      expect(err).toBeInstanceOf(classes[e.kind]);
      expect(err).toBeInstanceOf(RpcError);
      expect(err).toMatchObject({
        name: classes[e.kind].name,
        method: m.name,
        code: e.code,
        message: e.example,
        data,
      });
    }
    expect(seen.at(-1)?.method).toBe(m.name);
  });

  it.each(doc.methods.map((m) => [m.name, m] as const))(
    '%s: a -32000 text no pattern knows stays a plain RpcError',
    async (_, m) => {
      const message = 'an error text the spec does not classify';
      answer = { error: { code: -32000, message, data: null } };
      expect(classifyRpcError(m.name, { code: -32000, message })).toBeUndefined();
      const err = await client()
        .request(m.name as never, paramsOf(m) as never)
        .catch((x: unknown) => x);
      expect(err).toBeInstanceOf(RpcError);
      for (const Class of Object.values(classes)) expect(err).not.toBeInstanceOf(Class);
      expect(err).toMatchObject({
        name: 'RpcError',
        code: -32000,
        message,
        data: null,
        method: m.name,
      });
    },
  );
});

/** Every endpoint path of the spec, variables at their defaults, and every GET health path. */
const endpoints = [
  ...new Set([
    ...doc.methods.map((m) => {
      const s = m.servers[0] as Method['servers'][number];
      return new URL(s.url.replace(/\{(\w+)\}/g, (_, v: string) => s.variables?.[v]?.default ?? ''))
        .pathname;
    }),
    ...Object.keys(health.paths),
  ]),
];

describe('a baseUrl ending in an endpoint path', () => {
  it.each(endpoints.flatMap((p) => [p, `${p}/`]))(
    '%s is refused, naming the base to pass',
    (path) => {
      for (const create of [createNodeClient, createNodeCore]) {
        const value = `http://127.0.0.1:9650${path}`;
        const err = (() => {
          try {
            create({ baseUrl: value });
          } catch (e) {
            return e;
          }
        })();
        expect(err).toBeInstanceOf(ParameterError);
        expect(err).toMatchObject({ parameter: 'baseUrl', value, rule: 'endpointPath' });
        // The value as ParameterError shows it (shortened past 60 characters).
        expect((err as Error).message).toContain(JSON.stringify(value).slice(0, 50));
        expect((err as Error).message).toMatch(
          /pass the node's base url, http:\/\/127\.0\.0\.1:9650 /,
        );
      }
    },
  );

  it('keeps a path in front of the endpoint (a proxy) and lets a base url through', () => {
    expect(() => createNodeClient({ baseUrl: 'https://proxy.example/avax/ext/bc/C/rpc' })).toThrow(
      /ends in the endpoint path \/ext\/bc\/C\/rpc; pass the node's base url, https:\/\/proxy\.example\/avax /,
    );
    for (const ok of [
      'http://127.0.0.1:9650',
      'http://127.0.0.1:9650/',
      'https://proxy.example/next/',
    ])
      expect(createNodeClient({ baseUrl: ok }).baseUrl).toBe(ok.replace(/\/$/, ''));
  });
});

describe("an HTTP error keeps the server's text", () => {
  it.each([
    ['a text 404', { status: 404, text: '404 page not found\n' }, HttpError, '404 page not found'],
    [
      'an HTML 502',
      {
        status: 502,
        type: 'text/html',
        text: '<html><head><title>502 Bad Gateway</title></head></html>',
      },
      ServerError,
      '502 Bad Gateway',
    ],
    [
      'a JSON 500',
      { status: 500, type: 'application/json', text: '{"message":"node is shutting down"}' },
      ServerError,
      'node is shutting down',
    ],
    [
      'a long text 404',
      { status: 404, text: `${'x'.repeat(300)}\nsecond line` },
      HttpError,
      `${'x'.repeat(99)}…`,
    ],
  ] as const)('%s', async (_, given, Class, said) => {
    answer = given;
    const err = await client()
      .info.getNodeVersion()
      .catch((x: unknown) => x);
    expect(err).toBeInstanceOf(Class);
    expect((err as Error).message).toBe(`HTTP ${given.status} from ${base}/ext/info: ${said}`);
    const body = (err as HttpError).body;
    if ('type' in given && given.type === 'application/json')
      expect(body).toEqual(JSON.parse(given.text));
    else expect(body).toBe(given.text.slice(0, 1000));
  });
});
