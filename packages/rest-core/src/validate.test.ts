import { describe, expect, it, vi } from 'vitest';
import type { StructuralSchema } from './spec.js';
import {
  CLIENT,
  createTestClient,
  ResponseValidationError,
  TestClientError,
} from './test/client.js';
import { send, serverPerTest } from './test/server.js';
import { createValidatorWith, mismatchMessage } from './validate.js';

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
const createValidator = createValidatorWith(schemas, responseSchemas, CLIENT);

const bad = { operationId: 'getBlock', url: 'https://host/b', body: { blockNumber: 7 } };

describe('createValidator', () => {
  it('strict (the default) throws a ResponseValidationError of the client', () => {
    for (const validate of [createValidator(), createValidator('strict')]) {
      const error = (() => {
        try {
          validate(bad);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error).toBeInstanceOf(TestClientError);
      expect(error).toMatchObject({
        operationId: 'getBlock',
        url: 'https://host/b',
        issues: ['body.blockNumber: expected string, got number'],
        message:
          'the getBlock answer does not match the spec: body.blockNumber: expected string, got number',
        details: 'https://host/b',
      });
    }
  });

  it('passes a body that matches, and an operation without a schema', () => {
    const validate = createValidator('strict');
    expect(() => validate({ ...bad, body: { blockNumber: '7' } })).not.toThrow();
    expect(() => validate({ ...bad, operationId: 'unknown' })).not.toThrow();
  });

  /** What strict throws for a list of `n` numbers where strings are promised. */
  const manyIssues = (n: number, parameters?: { maxIssues?: number }) => {
    const many = { type: 'array', items: { type: 'string' } } as const;
    const validate = createValidatorWith({}, { list: many }, CLIENT)('strict', parameters);
    try {
      validate({ operationId: 'list', url: 'u', body: Array.from({ length: n }, (_, i) => i) });
    } catch (e) {
      return e as InstanceType<typeof ResponseValidationError>;
    }
    throw new Error('no error');
  };
  const issue = (i: number) => `body[${i}]: expected string, got number`;

  it.each([
    ['every issue, under the cap', 3, undefined, [0, 1, 2], ''],
    ['the first 10, then how many more', 25, undefined, [...Array(10).keys()], '  … and 15 more'],
    ['exactly the cap, with no tail', 10, undefined, [...Array(10).keys()], ''],
    ['maxIssues of them', 5, 2, [0, 1], '  … and 3 more'],
  ])('the message lists %s; issues holds all', (_, n, maxIssues, listed, tail) => {
    const error = manyIssues(n, { maxIssues });
    expect(error.issues).toEqual(Array.from({ length: n }, (_, i) => issue(i)));
    expect(error.message).toBe(
      [
        `the list answer does not match the spec (${n} issues):`,
        ...listed.map((i) => `  ${issue(i)}`),
        ...(tail ? [tail] : []),
      ].join('\n'),
    );
  });

  it('one issue stays on the message line', () => {
    expect(mismatchMessage('getBlock', ['body: missing'])).toBe(
      'the getBlock answer does not match the spec: body: missing',
    );
  });

  it('warn reports to onIssue, once, and lets the body through', () => {
    const onIssue = vi.fn();
    expect(createValidator('warn', { onIssue })(bad)).toBeUndefined();
    expect(onIssue).toHaveBeenCalledOnce();
    expect(onIssue).toHaveBeenCalledWith(expect.any(ResponseValidationError));
  });

  it('takes the mode in the options object too', () => {
    const onIssue = vi.fn();
    expect(createValidator({ mode: 'warn', onIssue })(bad)).toBeUndefined();
    expect(onIssue).toHaveBeenCalledOnce();
    expect(() => createValidator({})(bad)).toThrow(ResponseValidationError);
  });

  it('warn defaults to one console.warn that names each issue once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    createValidator('warn')(bad);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith(
      'ResponseValidationError: the getBlock answer does not match the spec: body.blockNumber: expected string, got number\n  (https://host/b)',
    );
    const printed = String(warn.mock.calls[0]);
    expect(printed.split('body.blockNumber').length - 1).toBe(1);
    warn.mockRestore();
  });

  it('off checks nothing', () => {
    const onIssue = vi.fn();
    expect(() => createValidator('off', { onIssue })(bad)).not.toThrow();
    expect(onIssue).not.toHaveBeenCalled();
  });

  it('a mode that is none of off, warn, strict is a ParameterError naming it', () => {
    expect(() => createValidator('loud' as never)).toThrow(
      expect.objectContaining({
        name: 'ParameterError',
        message: 'mode: "loud" is not one of off, warn, strict (createValidator)',
        parameter: 'mode',
        value: 'loud',
        rule: 'enum',
        client: CLIENT,
      }),
    );
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
