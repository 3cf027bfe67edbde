// The shared hostile-server table (rest-core/src/test/hostile.ts) against this client's wiring;
// the key travels in a credential-named header, the way a node provider's key does. The client's
// methods and the one-call functions (infoGetNodeVersion(core)) share one path, call.ts's `call`.
import { hostileSuite, KEY } from '../../rest-core/src/test/hostile.js';
import { createNodeClient } from './index.js';

const X_ADDR = 'X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5';
const answer = (body: string, result: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(body) as { id: number }).id, result });
const client = (baseUrl: string, settings: object) =>
  createNodeClient({ baseUrl, headers: { 'x-api-key': KEY }, ...settings });

hostileSuite('node-rpc', {
  protocol: 'jsonrpc',
  abortable: true,
  call: (baseUrl, { signal, ...settings }) =>
    client(baseUrl, settings).info.getNodeVersion({}, signal && { signal }),
  good: (request) => answer(request.body, { version: 'avalanchego/1.13.0' }),
  paginate: async (baseUrl, settings) => {
    for await (const _ of client(baseUrl, settings).avm.utxos({ addresses: [X_ADDR], limit: 1 }));
  },
  page: (request, cursor, index) =>
    answer(request.body, {
      numFetched: '1',
      utxos: [`0x0${index}`],
      endIndex: { address: X_ADDR, utxo: cursor },
      encoding: 'hex',
    }),
  batch: (baseUrl, settings) =>
    client(baseUrl, settings)
      .evm()
      .batch([{ method: 'eth_getChainConfig' }, { method: 'eth_feeConfig', params: ['latest'] }]),
});
