import { describe, expect, it } from 'vitest';
import {
  restCurl,
  restUrl,
  rpcClientCall,
  rpcCurl,
  rpcParams,
  rpcTypeScript,
  shellQuote,
  tsLiteral,
} from './samples.mjs';

const server = (url, variables = {}) => ({
  url,
  variables: Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, { default: v }])),
});

describe('tsLiteral', () => {
  it.each([
    ['string', "it's", "'it\\'s'"],
    ['object', { a: 1, 'b-c': [true, null] }, "{ a: 1, 'b-c': [true, null] }"],
    ['empty', {}, '{}'],
  ])('%s', (_, given, want) => expect(tsLiteral(given)).toBe(want));

  it('breaks long values over lines', () => {
    expect(
      tsLiteral({
        addresses: ['X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5'],
        limit: 2,
        encoding: 'hex',
      }),
    ).toBe(
      "{\n  addresses: ['X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5'],\n  limit: 2,\n  encoding: 'hex',\n}",
    );
  });
});

describe('shellQuote', () => {
  it('survives single quotes', () => expect(shellQuote(`a'b`)).toBe(`'a'\\''b'`));
});

describe('rpcParams', () => {
  const byName = { name: 'x.y', paramStructure: 'by-name', params: [{ name: 'a' }, { name: 'b' }] };
  const byPosition = { ...byName, paramStructure: 'by-position' };
  it.each([
    ['by-name', byName, [{ name: 'b', value: 2 }], { b: 2 }],
    ['by-position keeps order, fills gaps', byPosition, [{ name: 'b', value: 2 }], [null, 2]],
    ['by-position drops trailing', byPosition, [{ name: 'a', value: 1 }], [1]],
    ['by-position empty', byPosition, [], []],
  ])('%s', (_, method, params, want) => expect(rpcParams(method, { params })).toEqual(want));
});

describe('rpcClientCall', () => {
  it.each([
    [
      'avm.getUTXOs',
      server('https://{host}/ext/bc/{blockchainId}', { blockchainId: 'X' }),
      'client.avm.getUTXOs',
    ],
    ['info.getNodeVersion', server('https://{host}/ext/info'), 'client.info.getNodeVersion'],
    [
      'index.getIndex',
      server('https://{host}/ext/index/{chain}/{kind}', { chain: 'X', kind: 'tx' }),
      "client.index('X/tx').getIndex",
    ],
    [
      'eth_feeConfig',
      server('https://{host}/ext/bc/{blockchainId}/rpc', { blockchainId: 'C' }),
      "client.evm('C').feeConfig",
    ],
    [
      'validators.getCurrentValidators',
      server('http://{host}/ext/bc/{blockchainId}/validators', { blockchainId: 'abc' }),
      "client.validators('abc').getCurrentValidators",
    ],
  ])('%s', (name, s, want) => expect(rpcClientCall({ name, servers: [s] })).toBe(want));
});

describe('JSON-RPC samples', () => {
  const method = {
    name: 'eth_getActiveRulesAt',
    paramStructure: 'by-position',
    params: [{ name: 'blockTimestamp' }],
    result: { name: 'rules' },
    servers: [
      server('https://{host}/ext/bc/{blockchainId}/rpc', {
        host: 'api.avax.network',
        blockchainId: 'C',
      }),
    ],
  };
  const example = { params: [{ name: 'blockTimestamp', value: 1735689600 }] };
  it('curl posts the JSON-RPC body to the expanded endpoint', () => {
    const out = rpcCurl(method, example);
    expect(out).toContain("curl -X POST 'https://api.avax.network/ext/bc/C/rpc'");
    expect(JSON.parse(out.split("--data '")[1].slice(0, -1))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getActiveRulesAt',
      params: [1735689600],
    });
  });
  it('TypeScript uses the namespaced client with the params tuple', () => {
    expect(rpcTypeScript(method, example)).toBe(
      [
        "import { createNodeClient } from '@avalanche-api/node-rpc';",
        '',
        "const client = createNodeClient({ baseUrl: 'https://api.avax.network' });",
        "const rules = await client.evm('C').getActiveRulesAt([1735689600]);",
      ].join('\n'),
    );
  });
  it('falls back to client.request for names without a namespace', () => {
    expect(
      rpcTypeScript({ ...method, name: 'web3_clientVersion', params: [] }, { params: [] }),
    ).toContain("await client.request('web3_clientVersion', [])");
  });
});

describe('REST samples', () => {
  const params = [
    { name: 'network', in: 'path' },
    { name: 'addresses', in: 'query' },
    { name: 'txTypes', in: 'query', explode: true },
  ];
  it('fills the path and builds a readable query', () => {
    expect(
      restUrl('https://h/', '/v1/{network}/x', params, {
        network: 'mainnet',
        addresses: 'a,b',
        txTypes: ['T1', 'T2'],
      }),
    ).toBe('https://h/v1/mainnet/x?addresses=a,b&txTypes=T1&txTypes=T2');
  });
  it('sends JSON bodies', () => {
    expect(restCurl({ method: 'post', url: 'https://h/x', body: { a: 1 } })).toBe(
      "curl -X POST 'https://h/x' \\\n  -H 'content-type: application/json' \\\n  --data '{\n  \"a\": 1\n}'",
    );
  });
});

describe('long endpoint selectors', () => {
  it('move to their own line', () => {
    const method = {
      name: 'validators.getCurrentValidators',
      paramStructure: 'by-name',
      params: [{ name: 'nodeIDs' }],
      result: { name: 'validators' },
      servers: [
        server('http://{host}/ext/bc/{blockchainId}/validators', {
          host: '127.0.0.1:9650',
          blockchainId: 'C49rHzk3vLr1w9Z8sY7scrZ69TU4WcD2pRS6ZyzaSn9xA2U9F',
        }),
      ],
    };
    expect(rpcTypeScript(method, { params: [{ name: 'nodeIDs', value: ['NodeID-1'] }] })).toContain(
      "const api = client.validators('C49rHzk3vLr1w9Z8sY7scrZ69TU4WcD2pRS6ZyzaSn9xA2U9F');\nconst validators = await api.getCurrentValidators({ nodeIDs: ['NodeID-1'] });",
    );
  });
});
