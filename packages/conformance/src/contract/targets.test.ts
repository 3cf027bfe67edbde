import { describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { parseTargets } from './targets.js';

const specs = await Specs.load(new URL('../../../../specs/dist/', import.meta.url).pathname);

describe('parseTargets', () => {
  test('one URL for every service, or name=url pairs', () => {
    expect(parseTargets('http://127.0.0.1:9650/', specs)).toMatchObject({
      'node-rpc': 'http://127.0.0.1:9650',
      'data-api': 'http://127.0.0.1:9650',
    });
    expect(parseTargets('node-rpc=http://127.0.0.1:9650', specs)).toEqual({
      'node-rpc': 'http://127.0.0.1:9650',
    });
    expect(parseTargets('live', specs)).toMatchObject({
      'data-api': 'https://data-api.avax.network',
      'metrics-api': 'https://metrics.avax.network',
    });
  });

  test.each([
    ['nope', /--target: "nope" is not a URL/],
    ['chain=http://x', /unknown service "chain"/],
  ])('%s is refused with the rule', (value, message) => {
    expect(() => parseTargets(value, specs)).toThrow(message);
  });
});
