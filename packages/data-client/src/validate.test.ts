import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schemas } from './generated/schemas.js';
import { createDataClient } from './index.js';
import { checkSchema } from './internal/checkSchema.js';
import { send, startServer, type TestServer } from './test/server.js';
import { createValidator, ResponseValidationError } from './validate.js';

const spec = JSON.parse(
  readFileSync(new URL('../../../specs/dist/data-api.json', import.meta.url), 'utf8'),
);

type Content = { example?: unknown; examples?: Record<string, { value: unknown }> };
type SpecOperation = {
  operationId: string;
  responses: Record<string, { content: Record<string, Content> }>;
};

/** Every success example of the spec, as [operationId, body]. */
const examples: [string, unknown][] = [];
for (const item of Object.values(spec.paths) as Record<string, SpecOperation>[]) {
  for (const op of Object.values(item)) {
    const status = Object.keys(op.responses).find((s) => s.startsWith('2')) as string;
    const content = op.responses[status]?.content['application/json'] ?? {};
    const values = content.example
      ? [content.example]
      : Object.values(content.examples ?? {}).map((e) => e.value);
    for (const value of values) examples.push([op.operationId, value]);
  }
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('checkSchema', () => {
  it.each(examples)("%s: the spec's example passes", (operationId, body) => {
    const validate = createValidator('strict');
    expect(() => validate({ operationId, url: 'u', body })).not.toThrow();
  });

  it.each([
    [
      'missing required',
      { blockchains: [{}] },
      'body.blockchains[0].createBlockTimestamp: missing',
    ],
    ['wrong type', { blockchains: 'none' }, 'body.blockchains: expected array, got string'],
    [
      'integer',
      { blockchains: [], nextPageToken: 5 },
      'body.nextPageToken: expected string, got number',
    ],
  ])('%s', (_, body, issue) => {
    const issues = checkSchema(body, { $ref: 'ListBlockchainsResponse' }, schemas);
    expect(issues).toContain(issue);
  });

  it('reports a oneOf that matches no variant, with the closest variant’s problems', () => {
    const issues = checkSchema({ validationStatus: 'active' }, { $ref: 'Validator' }, schemas);
    expect(issues[0]).toBe('body: matches 0 of the 4 alternatives, not exactly one');
    expect(issues.length).toBeGreaterThan(1);
  });

  it('checks enum, const, null and additionalProperties', () => {
    expect(checkSchema('x', { enum: ['a', 'b'] }, {})).toEqual([
      'body: "x" is not one of "a", "b"',
    ]);
    expect(checkSchema('x', { const: 'a' }, {})).toEqual(['body: expected "a", got "x"']);
    expect(checkSchema(null, { type: ['string', 'null'] }, {})).toEqual([]);
    expect(
      checkSchema({ a: 1 }, { type: 'object', additionalProperties: { type: 'string' } }, {}),
    ).toEqual(['body.a: expected string, got number']);
    expect(checkSchema({ extra: 1 }, { type: 'object', properties: {} }, {})).toEqual([]);
  });
});

describe('createValidator with a client', () => {
  const bad = { blockchains: [{ blockchainName: 7 }] };

  it('strict throws a ResponseValidationError', async () => {
    server = await startServer((_, res) => send(res, 200, bad));
    const client = createDataClient({ baseUrl: server.url, validate: createValidator('strict') });
    const error = await client.listBlockchains({ network: 'fuji' }).catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.operationId).toBe('listBlockchains');
    expect(error.issues).toContain(
      'body.blockchains[0].blockchainName: expected string, got number',
    );
    expect(error.message).toMatch(/^the listBlockchains answer does not match the spec: body/);
  });

  it('warn reports and returns the body', async () => {
    server = await startServer((_, res) => send(res, 200, bad));
    const onWarning = vi.fn();
    const client = createDataClient({
      baseUrl: server.url,
      validate: createValidator('warn', { onWarning }),
    });
    await expect(client.listBlockchains({ network: 'fuji' })).resolves.toEqual(bad);
    expect(onWarning).toHaveBeenCalledWith(expect.any(ResponseValidationError));
  });

  it('warn defaults to console.warn', async () => {
    server = await startServer((_, res) => send(res, 200, bad));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createDataClient({ baseUrl: server.url, validate: createValidator('warn') });
    await client.listBlockchains({ network: 'fuji' });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("off and 'off' check nothing", async () => {
    server = await startServer((_, res) => send(res, 200, bad));
    for (const validate of [createValidator('off'), 'off' as const, undefined]) {
      const client = createDataClient({ baseUrl: server.url, validate });
      await expect(client.listBlockchains({ network: 'fuji' })).resolves.toEqual(bad);
    }
  });

  it('takes any function with the hook signature', async () => {
    server = await startServer((_, res) => send(res, 200, { blockchains: [] }));
    const hook = vi.fn();
    const client = createDataClient({ baseUrl: server.url, validate: hook });
    await client.listBlockchains({ network: 'fuji' });
    expect(hook).toHaveBeenCalledWith({
      operationId: 'listBlockchains',
      url: `${server.url}/v1/networks/fuji/blockchains`,
      body: { blockchains: [] },
    });
  });
});
