// One vocabulary across the three clients (issue 41): the error classes are the same objects in
// every client, so `instanceof ParameterError` or `instanceof NotFoundError` holds whichever client
// threw, while each client's brand class (DataClientError, …) and `client` tell them apart.
// The built packages, against real node:http servers on 127.0.0.1; the calls come from the specs.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import * as data from '@avalanche-api/data-client';
import * as metrics from '@avalanche-api/metrics-client';
import * as node from '@avalanche-api/node-rpc';
import { afterEach, describe, expect, it } from 'vitest';

const servers = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A server answering every request with `status` and the JSON `body(requestBody)`. */
async function serve(status, body) {
  const seen = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      seen.push(req.url);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body(text)));
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}`, seen };
}

const spec = (name) =>
  JSON.parse(readFileSync(new URL(`../../../specs/dist/${name}.json`, import.meta.url), 'utf8'));
/** `$ref` within `doc` resolved. */
const resolve = (doc, value) =>
  value?.$ref
    ? value.$ref
        .slice(2)
        .split('/')
        .reduce((at, key) => at[key], doc)
    : value;

/**
 * From a REST spec: an operation that needs a parameter, and a call of a GET operation whose
 * required parameters all have an example (its params built from them).
 */
function restCalls(name) {
  const doc = spec(name);
  const operations = Object.values(doc.paths).flatMap((item) =>
    Object.entries(item).map(([verb, op]) => ({
      verb,
      id: op.operationId,
      required: (op.parameters ?? []).map((p) => resolve(doc, p)).filter((p) => p.required),
    })),
  );
  const needy = operations.find((op) => op.required.length);
  const valid = operations.find(
    (op) => op.verb === 'get' && op.required.every((p) => p.example !== undefined),
  );
  return {
    needy: needy.id,
    valid: [valid.id, Object.fromEntries(valid.required.map((p) => [p.name, p.example]))],
  };
}

/** From the node spec: a method with a required parameter. */
const needyMethod = spec('node-rpc').methods.find((m) =>
  m.params?.some((p) => resolve(spec('node-rpc'), p).required),
).name;

const REST = {
  data: { api: data, make: (baseUrl) => data.createDataClient({ baseUrl, retry: false }) },
  metrics: {
    api: metrics,
    make: (baseUrl) => metrics.createMetricsClient({ baseUrl, retry: false }),
  },
};
const calls = { data: restCalls('data-api'), metrics: restCalls('metrics-api') };
const brands = {
  data: data.DataClientError,
  metrics: metrics.MetricsClientError,
  node: node.NodeClientError,
};
const packageOf = (name) =>
  ({
    data: '@avalanche-api/data-client',
    metrics: '@avalanche-api/metrics-client',
    node: '@avalanche-api/node-rpc',
  })[name];

/** `error` is an error of client `name`, and of no other. */
function expectBrand(error, name) {
  expect(error.client).toBe(packageOf(name));
  for (const [other, Brand] of Object.entries(brands))
    expect(error instanceof Brand, `${error.name} of ${name} instanceof ${other}`).toBe(
      other === name,
    );
}

/** Each client module's exports by name. */
const exportsOf = [data, metrics, node].map((mod) => new Map(Object.entries(mod)));

/** Every client module exports it, as the same object. */
function expectSharedClass(name) {
  const [fromData, ...others] = exportsOf.map((named) => named.get(name));
  expect(fromData).toBeTypeOf('function');
  for (const other of others) expect(other).toBe(fromData);
}

describe('the shared classes', () => {
  it.each([
    'ClientError',
    'HttpError',
    'BadRequestError',
    'UnauthorizedError',
    'ForbiddenError',
    'NotFoundError',
    'RateLimitError',
    'ServerError',
    'UnsupportedError',
    'ParseError',
    'TimeoutError',
    'ConnectionError',
    'RedirectError',
    'ResponseTooLargeError',
    'ParameterError',
    'PaginationError',
    'ResponseValidationError',
  ])('%s is one object in all three clients', (name) => expectSharedClass(name));

  it('the clients share one paginate', () => {
    expect(metrics.paginate).toBe(data.paginate);
  });
});

describe.each(Object.keys(REST))('%s', (name) => {
  const { api, make } = REST[name];

  it('a ParameterError is an instance of every client’s ParameterError, branded with its client', async () => {
    const server = await serve(200, () => ({}));
    const error = await make(server.url)
      [calls[name].needy]({})
      .catch((e) => e);
    for (const mod of [data, metrics, node]) {
      expect(error).toBeInstanceOf(mod.ParameterError);
      expect(error).toBeInstanceOf(mod.ClientError);
    }
    expect(error.rule).toBe('required');
    expectBrand(error, name);
    expect(server.seen).toHaveLength(0);
  });

  it('a 404 is an instance of every client’s NotFoundError and HttpError, branded with its client', async () => {
    const body = { message: 'no such thing', statusCode: 404, error: 'Not Found' };
    const server = await serve(404, () => body);
    const [id, params] = calls[name].valid;
    const error = await make(server.url)
      [id](params)
      .catch((e) => e);
    for (const mod of [data, metrics, node]) {
      expect(error).toBeInstanceOf(mod.NotFoundError);
      expect(error).toBeInstanceOf(mod.HttpError);
    }
    expect(error).not.toBeInstanceOf(node.RpcError);
    expect(error).toMatchObject({ status: 404, body, message: 'no such thing' });
    expectBrand(error, name);
    expect(error.docsUrl).toBe(
      `https://github.com/avalanche-api/avalanche-api/tree/main/packages/${name}-client#notfounderror`,
    );
    expect(api.NotFoundError).toBe(data.NotFoundError);
  });
});

describe('node', () => {
  const make = (baseUrl) => node.createNodeClient({ baseUrl, retry: false });

  it('a ParameterError is an instance of every client’s ParameterError, branded node', async () => {
    const server = await serve(200, () => ({}));
    const error = await make(server.url)
      .request(needyMethod, {})
      .catch((e) => e);
    for (const mod of [data, metrics, node]) expect(error).toBeInstanceOf(mod.ParameterError);
    expect(error.rule).toBe('required');
    expectBrand(error, 'node');
    expect(server.seen).toHaveLength(0);
  });

  it('a JSON-RPC error is an RpcError of the node, no other client’s', async () => {
    const server = await serve(200, (text) => ({
      jsonrpc: '2.0',
      id: JSON.parse(text).id,
      error: { code: -32000, message: 'something failed' },
    }));
    const error = await make(server.url)
      .info.getNodeVersion()
      .catch((e) => e);
    expect(error).toBeInstanceOf(node.RpcError);
    expect(error).toBeInstanceOf(data.ClientError);
    expect(error).toMatchObject({ code: -32000, method: 'info.getNodeVersion' });
    expect(error.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ext\//);
    expectBrand(error, 'node');
  });

  it('a refused connection is the one ConnectionError class on every client, told apart by brand', async () => {
    const server = await serve(200, () => ({}));
    servers.pop().close();
    const [id, params] = calls.data.valid;
    const errors = {
      node: await make(server.url)
        .info.getNodeVersion()
        .catch((e) => e),
      data: await REST.data
        .make(server.url)
        [id](params)
        .catch((e) => e),
    };
    for (const [name, error] of Object.entries(errors)) {
      expect(error).toBeInstanceOf(metrics.ConnectionError);
      expectBrand(error, name);
    }
  });
});

describe('a validate setting that is not a validator', () => {
  // JavaScript users try the mode itself; every factory refuses it with a ParameterError naming the
  // value and what to pass instead, before any request.
  const factories = [
    ['createDataClient', data.createDataClient, '@avalanche-api/data-client', 'createDataCore'],
    ['createDataCore', data.createDataCore, '@avalanche-api/data-client', 'createDataCore'],
    [
      'createMetricsClient',
      metrics.createMetricsClient,
      '@avalanche-api/metrics-client',
      'createMetricsCore',
    ],
    ['createNodeClient', node.createNodeClient, '@avalanche-api/node-rpc', 'createNodeCore'],
    ['createNodeCore', node.createNodeCore, '@avalanche-api/node-rpc', 'createNodeCore'],
  ];
  it.each(factories.flatMap((f) => ['strict', 'warn', true, {}].map((value) => [...f, value])))(
    '%s refuses validate: %j',
    (_, create, pkg, factory, value) => {
      const error = (() => {
        try {
          create({ validate: value });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(data.ParameterError);
      expect(error).toMatchObject({
        parameter: 'validate',
        value,
        rule: 'type',
        client: pkg,
        message: `validate: ${JSON.stringify(value)} is not a validator; pass createValidator('strict') from ${pkg}/validate (${factory})`,
      });
    },
  );

  it.each(factories)('%s takes no validate, "off" and a validator', (_, create) => {
    for (const validate of [undefined, 'off', () => {}])
      expect(() => create({ validate })).not.toThrow();
  });
});
