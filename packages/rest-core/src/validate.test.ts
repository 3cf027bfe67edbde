import { describe, expect, it, vi } from 'vitest';
import type { StructuralSchema } from './spec.js';
import { createTestClient, ResponseValidationError } from './test/client.js';
import { send, serverPerTest } from './test/server.js';
import { createValidatorWith } from './validate.js';

const serve = serverPerTest();

// A client's generated schemas.ts, in small.
const schemas: Record<string, StructuralSchema> = {
  Block: {
    type: 'object',
    required: ['blockNumber'],
    properties: { blockNumber: { type: 'string' } },
  },
};
const responseSchemas: Record<string, StructuralSchema> = { getBlock: { $ref: 'Block' } };
const createValidator = createValidatorWith(schemas, responseSchemas, ResponseValidationError);

const bad = { operationId: 'getBlock', url: 'https://host/b', body: { blockNumber: 7 } };

describe('createValidator', () => {
  it("strict (the default) throws the client's ResponseValidationError", () => {
    for (const validate of [createValidator(), createValidator('strict')]) {
      const error = (() => {
        try {
          validate(bad);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error).toMatchObject({
        operationId: 'getBlock',
        url: 'https://host/b',
        issues: ['body.blockNumber: expected string, got number'],
        message:
          'the getBlock answer does not match the spec: body.blockNumber: expected string, got number',
        details: 'body.blockNumber: expected string, got number',
      });
    }
  });

  it('passes a body that matches, and an operation without a schema', () => {
    const validate = createValidator('strict');
    expect(() => validate({ ...bad, body: { blockNumber: '7' } })).not.toThrow();
    expect(() => validate({ ...bad, operationId: 'unknown' })).not.toThrow();
  });

  it('details lists the first 20 issues, issues all of them', () => {
    const many = { type: 'array', items: { type: 'string' } } as const;
    const validate = createValidatorWith({}, { list: many }, ResponseValidationError)('strict');
    const error = (() => {
      try {
        validate({ operationId: 'list', url: 'u', body: Array.from({ length: 25 }, (_, i) => i) });
      } catch (e) {
        return e as InstanceType<typeof ResponseValidationError>;
      }
    })();
    expect(error?.issues).toHaveLength(25);
    expect(error?.details?.split('\n')).toHaveLength(20);
  });

  it('warn reports to onWarning and lets the body through', () => {
    const onWarning = vi.fn();
    expect(createValidator('warn', { onWarning })(bad)).toBeUndefined();
    expect(onWarning).toHaveBeenCalledWith(expect.any(ResponseValidationError));
  });

  it('warn defaults to console.warn', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    createValidator('warn')(bad);
    expect(warn).toHaveBeenCalledWith(
      'the getBlock answer does not match the spec: body.blockNumber: expected string, got number',
      'body.blockNumber: expected string, got number',
    );
    warn.mockRestore();
  });

  it('off checks nothing', () => {
    const onWarning = vi.fn();
    expect(() => createValidator('off', { onWarning })(bad)).not.toThrow();
    expect(onWarning).not.toHaveBeenCalled();
  });

  it('as the validate option of a client, strict rejects the call', async () => {
    const server = await serve((_, res) => send(res, 200, { blockNumber: 7 }));
    const client = createTestClient({ baseUrl: server.url, validate: createValidator('strict') });
    await expect(client.getBlock({ chainId: '1', blockId: '2' })).rejects.toMatchObject({
      name: 'ResponseValidationError',
      url: `${server.url}/v1/chains/1/blocks/2`,
    });
  });
});
