import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { send, startServer, type TestServer } from '../../rest-core/src/test/server.js';
import { createDataClient, DataClientError } from './index.js';
import { createValidator, ResponseValidationError } from './validate.js';

const spec = JSON.parse(
  readFileSync(new URL('../../../specs/dist/data-api.json', import.meta.url), 'utf8'),
);

type Content = { example?: unknown; examples?: Record<string, { value: unknown }> };
type SpecOperation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, Content> }>;
};

/** Every success example of the spec, as [operationId, body]. */
const examples: [string, unknown][] = [];
for (const item of Object.values(spec.paths) as Record<string, SpecOperation>[]) {
  for (const op of Object.values(item)) {
    const status = Object.keys(op.responses).find((s) => s.startsWith('2')) as string;
    // A success without a body (reindexNft's 201) has no example to validate.
    const content = op.responses[status]?.content?.['application/json'] ?? {};
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

// What checkSchema and createValidator do is tested in @avalanche-api/rest-core; these run the
// spec's own examples through this package's schemas and show the wiring.
describe('the generated schemas', () => {
  it.each(examples)("%s: the spec's example passes", (operationId, body) => {
    const validate = createValidator('strict');
    expect(() => validate({ operationId, url: 'u', body })).not.toThrow();
  });
});

describe('createValidator with a client', () => {
  const bad = { blockchains: [{ blockchainName: 7 }] };

  it('strict throws a ResponseValidationError', async () => {
    server = await startServer((_, res) => send(res, 200, bad));
    const client = createDataClient({ baseUrl: server.url, validate: createValidator('strict') });
    const error = await client.listBlockchains({ network: 'fuji' }).catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toBeInstanceOf(DataClientError);
    expect(error.operationId).toBe('listBlockchains');
    expect(error.issues).toContain(
      'body.blockchains[0].blockchainName: expected string, got number',
    );
    // The message lists every mismatch (there are fewer than 10), one per line.
    expect(error.message.split('\n')).toEqual([
      `the listBlockchains answer does not match the spec (${error.issues.length} issues):`,
      ...error.issues.map((issue: string) => `  ${issue}`),
    ]);
    expect(error.issues.length).toBeGreaterThan(1);
  });

  it("off and 'off' check nothing", async () => {
    server = await startServer((_, res) => send(res, 200, bad));
    for (const validate of [createValidator('off'), 'off' as const, undefined]) {
      const client = createDataClient({ baseUrl: server.url, validate });
      await expect(client.listBlockchains({ network: 'fuji' })).resolves.toEqual(bad);
    }
  });
});
