// Which operation a REST request is for, through the index by the path's first two segments.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OpenApiService } from './openapi.js';

const op = (operationId: string) => ({ operationId, responses: { '200': { description: 'ok' } } });
const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/v1/chains': { get: op('listChains') },
    '/v1/chains/{chainId}': { get: op('getChain'), post: op('postChain') },
    '/v1/{network}/things': { get: op('listThings') },
    '/v1/chains/{chainId}/blocks': { get: op('listBlocks') },
    '/v1/webhooks:getSharedSecret': { get: op('getSharedSecret') },
    '/ext': { get: op('root') },
  },
};
const service = new OpenApiService('t', doc);
const id = (method: string, path: string) => service.match(method, path)?.operation.id;

describe('match', () => {
  it.each([
    ['GET', '/v1/chains', 'listChains'],
    ['GET', '/v1/chains/43114', 'getChain'],
    ['POST', '/v1/chains/43114', 'postChain'],
    ['GET', '/v1/chains/43114/blocks', 'listBlocks'],
    ['GET', '/v1/webhooks:getSharedSecret', 'getSharedSecret'],
    // A template among the first two segments is tried for any request of its method.
    ['GET', '/v1/mainnet/things', 'listThings'],
    ['GET', '/v1/x/things', 'listThings'],
    ['GET', '/ext', 'root'],
    ['GET', '/v2/chains/1', undefined],
    ['DELETE', '/v1/chains/1', undefined],
  ])('%s %s is %s', (method, path, want) => {
    expect(id(method, path)).toBe(want);
  });

  it('finds what trying every template in order finds, for every path of the spec', () => {
    const paths = ['/v1/chains', '/v1/chains/x', '/v1/x/things', '/v1/chains/x/blocks', '/ext'];
    for (const path of paths) {
      const first = service.operations.find((o) => o.method === 'GET' && o.regex.test(path));
      expect(id('get', path), path).toBe(first?.id);
    }
  });
});

describe('match on the bundled REST specs', () => {
  it.each(['data-api', 'metrics-api', 'node-health'])(
    '%s: every example request finds the operation trying every template would',
    (name) => {
      const bundled = JSON.parse(
        readFileSync(new URL(`../../../../specs/dist/${name}.json`, import.meta.url), 'utf8'),
      );
      const real = new OpenApiService(name, bundled);
      let checked = 0;
      for (const operation of real.operations) {
        for (const example of real.examples(operation)) {
          const path = operation.path.replace(/\{(\w+)\}/g, (_, p) =>
            encodeURIComponent(String(example.request?.pathParams[p] ?? 'x')),
          );
          const linear = real.operations.find(
            (o) => o.method === operation.method && o.regex.test(path),
          );
          expect(real.match(operation.method, path)?.operation.id, path).toBe(linear?.id);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
    },
  );
});
