// What each runtime runs, from a project that installed the packed packages: one call of each
// client against the test's server on 127.0.0.1, a typed error, a parameter error, and a call
// answered in process by the fake (no network, no file). It prints
// one JSON line; the test judges it. Plain JavaScript, so every runtime runs it as it is.
import { createFakeFetch } from '@avalanche-api/conformance/fake';
import { createDataClient, DataClientError, NotFoundError } from '@avalanche-api/data-client';
import { createMetricsClient } from '@avalanche-api/metrics-client';
import { createNodeClient, ParameterError } from '@avalanche-api/node-rpc';
import { createValidator } from '@avalanche-api/node-rpc/validate';

const [baseUrl] = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
const settled = (promise) =>
  promise.then(
    (value) => ({ value }),
    (e) => ({ error: { name: e.name, message: e.message, code: e.code, rule: e.rule } }),
  );

const data = createDataClient({ baseUrl, retry: false });
const out = {
  validators: await settled(data.listValidators({ network: 'mainnet' })),
  notFound: await settled(
    data.getBlock({ chainId: '43114', blockId: '1' }).catch((e) => {
      // The classes hold across the package boundary in this runtime.
      throw Object.assign(e, {
        code: e instanceof NotFoundError && e instanceof DataClientError ? 'typed' : 'untyped',
      });
    }),
  ),
  // The test server hangs up on this one before answering.
  hangUp: await settled(data.listBlockchains({ network: 'fuji' })),
  avgTps: await settled(
    createMetricsClient({ baseUrl, retry: false }).getAvgTps({ chainId: '43114' }),
  ),
  nodeVersion: await settled(
    createNodeClient({
      baseUrl,
      retry: false,
      validate: createValidator('strict'),
    }).info.getNodeVersion(),
  ),
  parameter: await settled(
    createNodeClient({ baseUrl })
      .avm.getUTXOs({
        addresses: ['X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5'],
        encoding: 'xml',
      })
      .catch((e) => {
        throw Object.assign(e, { code: e instanceof ParameterError ? 'typed' : 'untyped' });
      }),
  ),
  fake: await settled(
    (async () => {
      const fake = createFakeFetch();
      const page = await createDataClient({ fetch: fake }).listBlockchains({ network: 'mainnet' });
      return { chains: page.blockchains.length > 0, requests: fake.requests.length };
    })(),
  ),
};
console.log(JSON.stringify(out));
