import { describe, expect, it } from 'vitest';
import { ApiErrorBase, ClientError, TimeoutErrorBase } from './index.js';
import * as client from './test/client.js';
import { testErrorClasses } from './test/errorClasses.js';

testErrorClasses(client, 'Test', 'https://example.test/test-client#errors');

// A second client, as an app using two client packages has.
class OtherClientError extends ClientError {
  override name = 'OtherClientError';
  override docsUrl = 'https://example.test/other-client#errors';
}
class OtherApiError extends ApiErrorBase(OtherClientError, 'OtherApiError') {}
class OtherTimeoutError extends TimeoutErrorBase(OtherClientError) {}

describe('two clients', () => {
  it("do not share classes: one client's error is no error of the other", () => {
    const ours = new client.NotFoundError(404, 'Not Found', 'no', undefined, 'u');
    const theirs = new OtherApiError(404, 'Not Found', 'no', undefined, 'u');
    expect(ours).not.toBeInstanceOf(OtherApiError);
    expect(ours).not.toBeInstanceOf(OtherClientError);
    expect(theirs).not.toBeInstanceOf(client.HttpError);
    expect(new OtherTimeoutError(1, 'u')).not.toBeInstanceOf(client.TimeoutError);
    expect(new client.TimeoutError(1, 'u')).not.toBeInstanceOf(OtherTimeoutError);
  });

  it('share ClientError, the base the runtime recognises its own errors by', () => {
    expect(new OtherTimeoutError(1, 'u')).toBeInstanceOf(ClientError);
    expect(new client.ParameterError('o', 'p', 1, 'type', 'm')).toBeInstanceOf(ClientError);
  });

  it('keep their own docsUrl', () => {
    expect(new OtherApiError(500, 'e', 'm', undefined, 'u').docsUrl).toBe(
      'https://example.test/other-client#errors',
    );
  });
});
