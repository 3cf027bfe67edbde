// One behaviour across the three clients, as the client guide promises, each point a table over
// the clients (the built packages, against real node:http servers on 127.0.0.1):
// parameter errors in one wording, per-call headers, opt-in response validation, and
// connection errors that say what happened.
import { once } from 'node:events';
import { createServer } from 'node:http';
import * as data from '@avalanche-api/data-client';
import { createValidator as dataValidator } from '@avalanche-api/data-client/validate';
import * as metrics from '@avalanche-api/metrics-client';
import { createValidator as metricsValidator } from '@avalanche-api/metrics-client/validate';
import * as node from '@avalanche-api/node-rpc';
import { createValidator as nodeValidator } from '@avalanche-api/node-rpc/validate';
import { afterEach, describe, expect, it } from 'vitest';

const servers = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A server answering `reply(req, body, res)`; resolves to its URL and the requests it saw. */
async function serve(reply) {
  const seen = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ url: req.url, headers: req.headers });
      reply(req, body, res);
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}`, seen };
}

const json = (res, value) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};
/** A JSON-RPC answer to `body` with `result`. */
const rpc = (body, result) => ({ jsonrpc: '2.0', id: JSON.parse(body).id, result });

/**
 * Per client: its module, a call that succeeds against `good`, the body a good server sends,
 * a body its validator must refuse, and its validator.
 */
const CLIENTS = {
  data: {
    api: data,
    make: (baseUrl, o) => data.createDataClient({ baseUrl, retry: false, ...o }),
    call: (c, options) => c.listBlockchains({ network: 'fuji' }, options),
    good: () => ({ blockchains: [] }),
    bad: () => ({ blockchains: [{ blockchainName: 7 }] }),
    createValidator: dataValidator,
    base: data.DataClientError,
  },
  metrics: {
    api: metrics,
    make: (baseUrl, o) => metrics.createMetricsClient({ baseUrl, retry: false, ...o }),
    call: (c, options) => c.getAvgTps({ chainId: '43114' }, options),
    good: () => ({ results: [] }),
    bad: () => ({ results: [{ timestamp: 'soon', value: 1 }] }),
    createValidator: metricsValidator,
    base: metrics.MetricsClientError,
  },
  node: {
    api: node,
    make: (baseUrl, o) => node.createNodeClient({ baseUrl, retry: false, ...o }),
    call: (c, options) => c.info.getNodeVersion({}, options),
    good: (body) => rpc(body, { version: 'avalanchego/1.14.2' }),
    bad: (body) => rpc(body, { version: 7 }),
    createValidator: nodeValidator,
    base: node.NodeClientError,
  },
};
const names = Object.keys(CLIENTS);

describe('parameter errors read the same on every client', () => {
  // The REST wording: `name: value <what is wrong> (operation)`, `name is required (operation)`.
  const SHAPE = /^[\w.[\]]+(: .+)? (is|does|has|holds|cannot) .+ \([\w.]+\)$/;
  it.each([
    [
      'data, an enum',
      () => data.createDataClient().listValidators({ network: 'mainnet', sortOrder: 'x' }),
      'sortOrder: "x" is not one of asc, desc (listValidators)',
      'enum',
    ],
    [
      'data, a missing parameter',
      () => data.createDataClient().listValidators({}),
      'network is required (listValidators)',
      'required',
    ],
    [
      'data, a maximum',
      () => data.createDataClient().listValidators({ network: 'mainnet', pageSize: 101 }),
      'pageSize: 101 is above the maximum 100 (listValidators)',
      'maximum',
    ],
    [
      'metrics, a pattern',
      () => metrics.createMetricsClient().getAvgTps({ chainId: 'x' }),
      'chainId: "x" does not match ^[1-9][0-9]*$ (getAvgTps)',
      'pattern',
    ],
    [
      'node, an enum',
      () =>
        node.createNodeClient().avm.getUTXOs({
          addresses: ['X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5'],
          encoding: 'xml',
        }),
      'encoding: "xml" is not one of hex, hexc, hexnc (avm.getUTXOs)',
      'enum',
    ],
    [
      'node, a missing parameter',
      () => node.createNodeClient().avm.getTx({}),
      'txID is required (avm.getTx)',
      'required',
    ],
    [
      'node, a maximum',
      () =>
        node.createNodeClient().avm.getUTXOs({
          addresses: ['X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5'],
          limit: 2000,
        }),
      'limit: 2000 is above the maximum 1024 (avm.getUTXOs)',
      'maximum',
    ],
  ])('%s', async (_, call, message, rule) => {
    const error = await call().catch((e) => e);
    expect(error.name).toBe('ParameterError');
    expect(error.message).toBe(message);
    expect(error.message).toMatch(SHAPE);
    expect(error.rule).toBe(rule);
  });
});

describe.each(names)('%s', (name) => {
  const c = CLIENTS[name];

  it("sends a call's own headers, for that call only", async () => {
    const server = await serve((_, body, res) => json(res, c.good(body)));
    const client = c.make(server.url, { headers: { 'x-app': 'demo' } });
    await c.call(client, { headers: { 'x-request-id': 'r1', 'X-App': 'per-call' } });
    await c.call(client);
    expect(server.seen[0].headers).toMatchObject({ 'x-request-id': 'r1', 'x-app': 'per-call' });
    expect(server.seen[1].headers['x-request-id']).toBeUndefined();
    expect(server.seen[1].headers['x-app']).toBe('demo');
  });

  it("validates answers with its own /validate entry point's createValidator", async () => {
    const server = await serve((_, body, res) => json(res, c.bad(body)));
    const strict = c.make(server.url, { validate: c.createValidator('strict') });
    const error = await c.call(strict).catch((e) => e);
    expect(error.name).toBe('ResponseValidationError');
    expect(error).toBeInstanceOf(c.base);
    expect(error.issues.length).toBeGreaterThan(0);
    const warnings = [];
    const warn = c.make(server.url, {
      validate: c.createValidator('warn', { onIssue: (e) => warnings.push(e) }),
    });
    await expect(c.call(warn)).resolves.toBeDefined();
    expect(warnings).toHaveLength(1);
  });

  it('a server that hangs up before answering is not "could not reach"', async () => {
    const server = await serve((req) => req.socket.destroy());
    const error = await c.call(c.make(server.url)).catch((e) => e);
    expect(error.name).toBe('ConnectionError');
    expect(error.message).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\S* closed the connection \(\w+\)$/);
    expect(server.seen).toHaveLength(1);
  });

  it('an answer that breaks off midway says so', async () => {
    const server = await serve((_, __, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"a":', () => res.socket.destroy());
    });
    const error = await c.call(c.make(server.url)).catch((e) => e);
    expect(error.name).toBe('ConnectionError');
    expect(error.message).toMatch(/ broke off mid-answer/);
  });

  it('a port nobody listens on is "could not reach"', async () => {
    const server = await serve(() => {});
    servers.pop().close();
    const error = await c.call(c.make(server.url)).catch((e) => e);
    expect(error).toMatchObject({ name: 'ConnectionError', code: 'ECONNREFUSED' });
    expect(error.message).toMatch(
      /^could not reach http:\/\/127\.0\.0\.1:\d+\/\S* \(ECONNREFUSED\)$/,
    );
  });
});
