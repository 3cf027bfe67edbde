import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeClient, NodeClientError } from './index.js';
import { rpc, startServer, type TestServer } from './server.test-util.js';
import { createValidator, ResponseValidationError } from './validate.js';

const spec = JSON.parse(
  readFileSync(new URL('../../../specs/dist/node-rpc.json', import.meta.url), 'utf8'),
);

/** Every result example of the spec, as [method, result]. */
const examples: [string, unknown][] = (
  spec.methods as { name: string; examples?: { result?: { value: unknown } }[] }[]
).flatMap((m) =>
  (m.examples ?? [])
    .filter((e) => e.result)
    .map((e): [string, unknown] => [m.name, e.result?.value]),
);

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// checkSchema and createValidator are tested in @avalanche-api/rest-core; these run the spec's
// own examples through this package's result schemas and show the wiring, as the REST clients do.
describe('the generated result schemas', () => {
  it('cover every example of the spec', () => {
    expect(examples.length).toBeGreaterThan(0);
  });
  it.each(examples)("%s: the spec's example passes", (operationId, body) => {
    const validate = createValidator('strict');
    expect(() => validate({ operationId, url: 'u', body })).not.toThrow();
  });
});

describe('createValidator with a client', () => {
  const bad = { version: 7 };

  it('strict throws a ResponseValidationError naming the method and the path', async () => {
    server = await startServer(rpc(() => bad));
    const client = createNodeClient({ baseUrl: server.url, validate: createValidator('strict') });
    const error = await client.info.getNodeVersion().catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toBeInstanceOf(NodeClientError);
    expect(error.operationId).toBe('info.getNodeVersion');
    expect(error.issues).toContain('body.version: expected string, got number');
    expect(error.message.split('\n')).toEqual([
      `the info.getNodeVersion answer does not match the spec (${error.issues.length} issues):`,
      ...error.issues.map((issue: string) => `  ${issue}`),
    ]);
  });

  it('warn reports and returns the result', async () => {
    server = await startServer(rpc(() => bad));
    const onIssue = vi.fn();
    const client = createNodeClient({
      baseUrl: server.url,
      validate: createValidator('warn', { onIssue }),
    });
    await expect(client.info.getNodeVersion()).resolves.toEqual(bad);
    expect(onIssue).toHaveBeenCalledOnce();
    expect(onIssue.mock.calls[0]?.[0]).toBeInstanceOf(ResponseValidationError);
  });

  it('checks each result of a batch', async () => {
    server = await startServer(rpc(() => ({ nope: true })));
    const client = createNodeClient({ baseUrl: server.url, validate: createValidator('strict') });
    const error = await client
      .evm()
      .batch([{ method: 'eth_getChainConfig' }])
      .catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.operationId).toBe('eth_getChainConfig');
  });

  it("off and 'off' check nothing", async () => {
    server = await startServer(rpc(() => bad));
    for (const validate of [createValidator('off'), 'off' as const, undefined]) {
      const client = createNodeClient({ baseUrl: server.url, validate });
      await expect(client.info.getNodeVersion()).resolves.toEqual(bad);
    }
  });
});
