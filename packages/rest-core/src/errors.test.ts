import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ClientError,
  clientErrorBrand,
  HttpError,
  httpErrorClass,
  NotFoundError,
  RateLimitError,
  RpcError,
  rpcFailure,
  ServerError,
  TimeoutError,
  UnsupportedError,
} from './index.js';
import * as client from './test/client.js';
import { githubAnchors, testErrorClasses } from './test/errorClasses.js';

testErrorClasses(await import('./index.js'), client, 'Test', client.CLIENT, { readme: false });

// A second client, as an app using two client packages has.
const OtherClientError = clientErrorBrand('OtherClientError', '@avalanche-api/other-client');
const api = { status: 404, error: 'Not Found', body: undefined, url: 'u' };

describe('two clients', () => {
  it('share the classes: an error of either is an instance of the one class', () => {
    const ours = new NotFoundError('no', { ...api, client: client.CLIENT });
    const theirs = new NotFoundError('no', { ...api, client: '@avalanche-api/other-client' });
    for (const error of [ours, theirs]) {
      expect(error).toBeInstanceOf(client.NotFoundError);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toBeInstanceOf(ClientError);
    }
  });

  it('are told apart by their brand classes and by `client`', () => {
    const ours = new TimeoutError('t', { client: client.CLIENT, timeoutMs: 1, url: 'u' });
    const theirs = new TimeoutError('t', {
      client: '@avalanche-api/other-client',
      timeoutMs: 1,
      url: 'u',
    });
    expect(ours).toBeInstanceOf(client.TestClientError);
    expect(ours).not.toBeInstanceOf(OtherClientError);
    expect(theirs).toBeInstanceOf(OtherClientError);
    expect(theirs).not.toBeInstanceOf(client.TestClientError);
  });

  it('keep their own docsUrl: the README of the package that threw, at the class', () => {
    expect(
      new ServerError('m', { ...api, status: 500, client: '@avalanche-api/other-client' }).docsUrl,
    ).toBe(
      'https://github.com/avalanche-api/avalanche-api/tree/main/packages/other-client#servererror',
    );
  });

  it('narrow with the brand as a type guard', () => {
    const error: unknown = new NotFoundError('no', { ...api, client: client.CLIENT });
    if (!(error instanceof client.TestClientError)) throw new Error('not narrowed');
    // `error` is a ClientError here: its fields type-check.
    expect(error.client).toBe(client.CLIENT);
  });
});

describe('httpErrorClass', () => {
  it.each([
    [400, BadRequestError],
    [404, NotFoundError],
    [429, RateLimitError],
    [500, ServerError],
    [501, UnsupportedError],
    [503, ServerError],
    [409, HttpError],
  ] as const)('%i is a %o', (status, Class) => {
    expect(httpErrorClass(status)).toBe(Class);
  });
});

describe('rpcFailure', () => {
  const fields = {
    client: '@avalanche-api/node-rpc',
    method: 'avm.getBlockByHeight',
    code: -32000,
    message: "couldn't get block at height 1: not found",
    url: 'http://127.0.0.1/ext/bc/X',
  };

  it.each([
    ['notFound', NotFoundError],
    ['badRequest', BadRequestError],
    ['unsupported', UnsupportedError],
  ] as const)('%s is a %o that keeps the JSON-RPC fields and is an RpcError too', (kind, Class) => {
    const error = rpcFailure(kind, { ...fields, data: { height: 1 } });
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({
      message: fields.message,
      client: fields.client,
      method: fields.method,
      code: -32000,
      data: { height: 1 },
      status: 200,
      body: { code: -32000, message: fields.message, data: { height: 1 } },
      url: fields.url,
    });
    // Only the class of its kind.
    expect(error instanceof NotFoundError).toBe(kind === 'notFound');
  });

  it('an unknown kind is a plain RpcError, no HttpError', () => {
    const error = rpcFailure(undefined, fields);
    expect(error).toBeInstanceOf(RpcError);
    expect(error.name).toBe('RpcError');
    expect(error).not.toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ method: fields.method, code: -32000, url: fields.url });
  });

  it('RpcError matches no error without the JSON-RPC fields', () => {
    expect(new NotFoundError('no', { ...api })).not.toBeInstanceOf(RpcError);
    expect(new Error('x')).not.toBeInstanceOf(RpcError);
    expect({ code: 1, method: 'm' }).not.toBeInstanceOf(RpcError);
  });
});

describe('githubAnchors (the README anchor check)', () => {
  it('reads headings as GitHub slugs them, outside code blocks, numbering repeats', () => {
    const markdown = [
      '# @avalanche-api/x',
      '### NotFoundError',
      '## Parameter checks',
      '```ts',
      '# not a heading',
      '```',
      '## Parameter checks',
      '## `createValidator` (strict), A/B',
    ].join('\n');
    expect(githubAnchors(markdown)).toEqual([
      'avalanche-apix',
      'notfounderror',
      'parameter-checks',
      'parameter-checks-1',
      'createvalidator-strict-ab',
    ]);
  });
});
