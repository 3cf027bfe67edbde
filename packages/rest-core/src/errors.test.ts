import { describe, expect, it } from 'vitest';
import { ClientError } from './index.js';
import * as client from './test/client.js';
import { testErrorClasses } from './test/errorClasses.js';

testErrorClasses(client, 'Test', 'https://example.test/test-client#errors');

// A second client, as an app using two client packages has.
class OtherClientError extends ClientError {
  override name = 'OtherClientError';
  override docsUrl = 'https://example.test/other-client#errors';
}
class OtherApiError extends OtherClientError {
  override name = 'OtherApiError';
  declare status: number;
}
class OtherTimeoutError extends OtherClientError {
  override name = 'TimeoutError';
  declare timeoutMs: number;
}
const api = { status: 404, error: 'Not Found', body: undefined, url: 'u' };
const timeout = { timeoutMs: 1, url: 'u' };

describe('two clients', () => {
  it("do not share classes: one client's error is no error of the other", () => {
    const ours = new client.NotFoundError('no', api);
    const theirs = new OtherApiError('no', api);
    expect(ours).not.toBeInstanceOf(OtherApiError);
    expect(ours).not.toBeInstanceOf(OtherClientError);
    expect(theirs).not.toBeInstanceOf(client.HttpError);
    expect(new OtherTimeoutError('t', timeout)).not.toBeInstanceOf(client.TimeoutError);
    expect(new client.TimeoutError('t', timeout)).not.toBeInstanceOf(OtherTimeoutError);
  });

  it('share ClientError, the base the runtime recognises its own errors by', () => {
    expect(new OtherTimeoutError('t', timeout)).toBeInstanceOf(ClientError);
    expect(
      new client.ParameterError('m', { operation: 'o', parameter: 'p', value: 1, rule: 'type' }),
    ).toBeInstanceOf(ClientError);
  });

  it('keep their own docsUrl', () => {
    expect(new OtherApiError('m', { ...api, status: 500 }).docsUrl).toBe(
      'https://example.test/other-client#errors',
    );
  });
});
