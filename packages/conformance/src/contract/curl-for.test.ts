import { describe, expect, test } from 'vitest';
import type { ContractCase } from './contract-case.js';
import { curlFor } from './curl-for.js';

describe('curlFor', () => {
  test('quotes the body for the shell and names the key by its variable', () => {
    const c: ContractCase = {
      service: 'data-api',
      operation: 'aggregateSignatures',
      source: 'x',
      method: 'POST',
      path: '/v1/signatureAggregator/mainnet/aggregateSignatures',
      body: { message: "it's" },
      nodeSpecific: false,
      expect: { status: 201 },
    };
    expect(
      curlFor(c, 'http://127.0.0.1:9/p', { header: 'x-glacier-api-key', variable: 'MY_KEY' }),
    ).toBe(
      `curl -sS -X POST 'http://127.0.0.1:9/p' -H "x-glacier-api-key: $MY_KEY" -H 'content-type: application/json' --data '{"message":"it'\\''s"}'`,
    );
  });
});
