import { describe, expect, it } from 'vitest';
import { canParseUrl, pathnameOf } from './url.js';

/** URLs whose scheme, authority or path could make a shortcut read them wrong. */
const urls = [
  'https://api.avax.network/ext/bc/C/rpc',
  'http://127.0.0.1:9650/ext/info',
  'http://[::1]:9650/ext/bc/X',
  'https://api.avax.network',
  'https://api.avax.network/',
  'https://api.avax.network//ext//info/',
  'https://user:pass@api.avax.network/ext/info',
  'https://data-api.avax.network/v1/networks/mainnet/addresses:listChainIds?addresses=avax1',
  'https://api.avax.network/ext/bc/C/rpc?x=1#top',
  'https://api.avax.network/ext/./info',
  'https://api.avax.network/ext/../info',
  'https://api.avax.network/ext/%2e%2e/info',
  'https://api.avax.network/ext/a b',
  'https://api.avax.network/ext/ä',
  'https://api.avax.network\\ext\\info',
  'https://API.Avax.Network:443/ext/info',
  'HTTPS://api.avax.network/ext/info',
  'http:api.avax.network/ext/info',
  'http:///api.avax.network/ext/info',
  'https://xn--nxasmq6b.com/ext/info',
  'https://bücher.example/ext/info',
  'https://api.avax.network:99999/ext/info',
  'https://api.avax.network:12a/ext/info',
  'https://foo.123/ext/info',
  'https://a b/ext/info',
  'https://[::1/ext/info',
  'https://%zz/ext/info',
  'https://api.avax.network\t/ext/info',
  ' https://api.avax.network/ext/info',
  'https://api.avax.network/ext/info ',
  'https://',
  'https:',
  'https://@',
  'ftp://api.avax.network/ext/info',
  'mailto:someone@example.com',
  '/ext/info',
  'not a url',
  '',
];

const urlPathname = (url: string): string | Error => {
  try {
    return new URL(url).pathname;
  } catch (error) {
    return error as Error;
  }
};

const ours = (url: string): string | Error => {
  try {
    return pathnameOf(url);
  } catch (error) {
    return error as Error;
  }
};

describe('URL reading with remembered origins', () => {
  it.each(urls)('%j: canParseUrl and pathnameOf agree with URL, first and cached', (url) => {
    for (let round = 0; round < 2; round++) {
      expect(canParseUrl(url)).toBe(URL.canParse(url));
      const got = ours(url);
      const want = urlPathname(url);
      if (want instanceof Error) {
        expect(got).toBeInstanceOf(TypeError);
        expect((got as Error & { code?: string }).code).toBe(
          (want as Error & { code?: string }).code,
        );
      } else expect(got).toBe(want);
    }
  });

  it('does not read a longer authority as the one read just before it', () => {
    const before = 'https://api.avax.network/ext/info';
    for (const after of [
      'https://api.avax.network:99999/ext/info',
      'https://api.avax.network.123/ext/info',
      'https://api.avax.network:9650/ext/bc/C/rpc',
      'https://api.avax.networkx/ext/./info',
      'https://api.avax.network',
      'https://api.avax.network?x=1',
    ]) {
      expect(pathnameOf(before)).toBe('/ext/info');
      expect(canParseUrl(after)).toBe(URL.canParse(after));
      expect(ours(after)).toEqual(urlPathname(after));
    }
  });

  it('keeps its verdicts right past its bound (a capture may name any number of hosts)', () => {
    for (let i = 0; i < 600; i++) {
      const good = `https://host${i}.example/ext/bc/C/rpc`;
      const bad = `https://host${i}.example:9${i}99999/ext/info`;
      expect([canParseUrl(good), pathnameOf(good)]).toEqual([true, '/ext/bc/C/rpc']);
      expect(canParseUrl(bad)).toBe(false);
      expect(() => pathnameOf(bad)).toThrow(TypeError);
    }
    // Those read first, forgotten since, still answered the same.
    expect(canParseUrl('https://host0.example:999999/x')).toBe(false);
    expect(pathnameOf('https://host0.example/ext/info')).toBe('/ext/info');
  });
});
