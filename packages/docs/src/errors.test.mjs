// The docs' error facts, held to the specs and to the client: every failure example shown under
// an operation names only that operation's parameters, and each status's class is the class the
// data client really throws for it.
import { createServer } from 'node:http';
import { createDataClient } from '@avalanche-api/data-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledSpecs } from './build.mjs';
import {
  documentParameterNames,
  errorExamplesFor,
  mentionedParameters,
  methodErrorKinds,
  operationParameterNames,
  REST_ERROR_CLASSES,
  responseExamples,
  restErrorClass,
  rpcErrorClass,
} from './errors.mjs';
import { operationsOf } from './operations.mjs';

const specs = bundledSpecs();
const REST = [
  ['data-api', specs.data],
  ['metrics-api', specs.metrics],
];

/** `[spec, operationId, status, entry, doc, known]` for every failure status of every REST operation. */
const failures = REST.flatMap(([name, doc]) => {
  const entries = operationsOf(doc);
  const known = documentParameterNames(doc, entries);
  return entries.flatMap((entry) =>
    Object.keys(entry.operation.responses ?? {})
      .filter((status) => /^[45]/.test(status))
      .map((status) => [name, entry.operation.operationId, status, entry, doc, known]),
  );
});

describe('mentionedParameters', () => {
  const known = new Set(['pageSize', 'network', 'to']);
  it.each([
    ['a string message', { message: 'pageSize must not be greater than 100' }, ['pageSize']],
    ['a list of messages', { message: ['network must be one of: a', 'x'] }, ['network']],
    ['whole words only', { message: 'pageSizes and Network, too' }, []],
    ['a JSON-RPC error', { error: { message: 'to is required' } }, ['to']],
    ['no message', { statusCode: 400 }, []],
  ])('%s', (_, value, want) => {
    expect(mentionedParameters(value, known)).toEqual(want);
  });
});

describe('errorExamplesFor', () => {
  const doc = {
    paths: {
      '/a': {
        get: {
          operationId: 'a',
          parameters: [{ name: 'pageSize', in: 'query' }],
          responses: { 400: { $ref: '#/components/responses/Bad' } },
        },
      },
      '/b': {
        get: { operationId: 'b', responses: { 400: { $ref: '#/components/responses/Bad' } } },
      },
    },
    components: {
      responses: {
        Bad: {
          content: {
            'application/json': {
              examples: {
                plain: { value: { message: 'Invalid request' } },
                big: { value: { message: 'pageSize must not be greater than 100' } },
              },
            },
          },
        },
      },
    },
  };
  const [a, b] = operationsOf(doc);
  const known = documentParameterNames(doc, [a, b]);
  it("keeps an example naming the operation's own parameter and drops one naming another's", () => {
    expect(errorExamplesFor(doc, a, '400', known).map(([n]) => n)).toEqual(['plain', 'big']);
    expect(errorExamplesFor(doc, b, '400', known).map(([n]) => n)).toEqual(['plain']);
  });
});

describe('the failure examples the docs show, over the specs', () => {
  it.each(failures)(
    '%s %s %s: shows at least one example, each naming only its own parameters',
    (_, operationId, status, entry, doc, known) => {
      const own = operationParameterNames(doc, entry);
      for (const [name, value] of errorExamplesFor(doc, entry, status, known)) {
        const foreign = mentionedParameters(value, known).filter((p) => !own.has(p));
        expect(foreign, `${operationId} ${status} example ${name}`).toEqual([]);
      }
      // A status whose response has examples shows at least one under every operation.
      if (responseExamples(doc, entry.operation.responses[status]).length > 0) {
        expect(errorExamplesFor(doc, entry, status, known).length, operationId).toBeGreaterThan(0);
      }
    },
  );

  it.each(REST)(
    '%s: every failure example is shown under some operation (none names a parameter no operation has)',
    (_, doc) => {
      const shown = new Set();
      const all = new Set();
      for (const [, , status, entry, d, known] of failures.filter((f) => f[4] === doc)) {
        for (const [name] of responseExamples(d, entry.operation.responses[status])) {
          all.add(`${status} ${name}`);
        }
        for (const [name] of errorExamplesFor(d, entry, status, known)) {
          shown.add(`${status} ${name}`);
        }
      }
      expect([...all].filter((k) => !shown.has(k))).toEqual([]);
    },
  );
});

describe('the class each status maps to is the one the data client throws', () => {
  let server;
  let baseUrl;
  beforeAll(async () => {
    // Answers every request with the status its x-status header names.
    server = createServer((req, res) => {
      const status = Number(req.headers['x-status']);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'from the test server', statusCode: status, error: 'x' }));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const statuses = [
    ...new Set(failures.filter((f) => f[0] === 'data-api').map(([, , status]) => status)),
  ];
  // A GET operation that needs no parameters: the call reaches the server as it is.
  const bare = operationsOf(specs.data).find(
    (e) => e.method === 'get' && !e.parameters.some((p) => p.required),
  ).operation.operationId;

  // 418: a status without a class of its own, beside the ones the spec declares.
  it.each([...statuses, '418'])('%s', async (status) => {
    const client = createDataClient({ baseUrl, retry: false, headers: { 'x-status': status } });
    const error = await client[bare]().catch((e) => e);
    expect(error.name).toBe(restErrorClass(status));
    expect(error.status).toBe(Number(status));
  });

  it('has no class in its table that no declared status reaches', () => {
    const reached = new Set(statuses.map(restErrorClass));
    expect(Object.values(REST_ERROR_CLASSES).filter((c) => !reached.has(c))).toEqual([]);
  });
});

describe('the class the node client throws for a JSON-RPC error', () => {
  const { openrpc } = specs;
  const KIND = {
    notFound: 'NotFoundError',
    badRequest: 'BadRequestError',
    unsupported: 'UnsupportedError',
  };
  /** `[method, entry, kinds]` for every x-error-kinds entry the node spec gives a method. */
  const cases = openrpc.methods.flatMap((m) => {
    const kinds = methodErrorKinds(openrpc, m);
    return kinds.map((k) => [m.name, k, kinds]);
  });

  it('every method says how its errors are classified', () => {
    expect(cases.length).toBeGreaterThan(openrpc.methods.length);
  });

  it.each(cases)('%s: the example of a %j entry names its kind’s class', (_m, entry, kinds) => {
    // The first matching entry wins, as in the client: an example is classified by its own kind
    // (scripts/check-error-kinds.mjs holds the spec to that).
    expect(rpcErrorClass({ code: entry.code, message: entry.example }, kinds)).toBe(
      KIND[entry.kind],
    );
  });

  it('an error no entry describes stays RpcError', () => {
    expect(rpcErrorClass({ code: -32000, message: 'something else entirely' }, [])).toBe(
      'RpcError',
    );
  });
});
