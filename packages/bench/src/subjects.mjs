// The one call each client makes, in both the bundle-size and the client-overhead benchmark.
// Each app in ./apps/ exports `setup(baseUrl)` returning the call, so the code measured for
// speed is exactly the code measured for size.

/** Public hosts the bundled apps name (they are only bundled, never run). */
export const publicUrls = {
  'data-api': 'https://data-api.avax.network',
  'metrics-api': 'https://metrics.avax.network',
  'node-rpc': 'https://api.avax.network',
};

export const operations = {
  'data-api': 'listValidators({ network: "mainnet" })',
  'metrics-api': "getAvgTps({ chainId: '43114' })",
  'node-rpc': 'info.getNodeVersion()',
};

const validators = (page) => page?.validators?.length === 4;
const tps = (body) => body?.results?.length === 4;
const version = (result) => result?.version === 'avalanche/1.9.1';

/**
 * `pkg` is the package measured; `call` the code as a user writes it; `check` proves the answer
 * was read and parsed; `floor` marks plain fetch, which is timed but not bundled.
 */
export const subjects = [
  {
    id: 'ours-data',
    api: 'data-api',
    pkg: '@avalanche-api/data-client',
    ours: true,
    call: 'createDataClient().listValidators({ network })',
    check: validators,
  },
  {
    id: 'glacier-data',
    api: 'data-api',
    pkg: '@avalabs/glacier-sdk',
    call: 'new Glacier({ BASE }).primaryNetwork.listValidators({ network })',
    check: validators,
  },
  {
    id: 'chainkit-data',
    api: 'data-api',
    pkg: '@avalanche-sdk/chainkit',
    call: 'new Avalanche({ … }).data.primaryNetwork.listValidators({ network }, { serverURL })',
    check: (page) => validators(page?.result),
  },
  {
    id: 'avacloud-data',
    api: 'data-api',
    pkg: '@avalabs/avacloud-sdk',
    call: 'new AvaCloudSDK({ … }).data.primaryNetwork.listValidators({ network }, { serverURL })',
    check: (page) => validators(page?.result),
  },
  {
    id: 'openapi-fetch-data',
    api: 'data-api',
    pkg: 'openapi-fetch',
    call: "createClient({ baseUrl }).GET('/v1/networks/{network}/validators', …)",
    check: (res) => validators(res?.data),
  },
  {
    id: 'fetch-data',
    api: 'data-api',
    pkg: 'fetch (floor)',
    floor: true,
    call: 'fetch(url).then((r) => r.json())',
    check: validators,
  },
  {
    id: 'ours-metrics',
    api: 'metrics-api',
    pkg: '@avalanche-api/metrics-client',
    ours: true,
    call: "createMetricsClient().getAvgTps({ chainId: '43114' })",
    check: tps,
  },
  {
    id: 'chainkit-metrics',
    api: 'metrics-api',
    pkg: '@avalanche-sdk/chainkit',
    call: "….metrics.chains.getMetrics({ chainId: '43114', metric: 'avgTps' }, { serverURL })",
    note: 'no v1 avg_tps operation: GET /v2/chains/{chainId}/metrics/avgTps',
    check: (page) => tps(page?.result),
  },
  {
    id: 'avacloud-metrics',
    api: 'metrics-api',
    pkg: '@avalabs/avacloud-sdk',
    call: "….metrics.chains.getMetrics({ chainId: '43114', metric: 'avgTps' }, { serverURL })",
    note: 'no v1 avg_tps operation: GET /v2/chains/{chainId}/metrics/avgTps',
    check: (page) => tps(page?.result),
  },
  {
    id: 'fetch-metrics',
    api: 'metrics-api',
    pkg: 'fetch (floor)',
    floor: true,
    call: 'fetch(url).then((r) => r.json())',
    check: tps,
  },
  {
    id: 'ours-node',
    api: 'node-rpc',
    pkg: '@avalanche-api/node-rpc',
    ours: true,
    call: 'createNodeClient().info.getNodeVersion()',
    check: version,
  },
  {
    id: 'openrpc-node',
    api: 'node-rpc',
    pkg: '@open-rpc/client-js',
    call: "new Client(new RequestManager([new HTTPTransport(url)])).request({ method: 'info.getNodeVersion' })",
    check: version,
  },
  {
    id: 'fetch-node',
    api: 'node-rpc',
    pkg: 'fetch (floor)',
    floor: true,
    call: 'fetch(url, { method: "POST", body }).then((r) => r.json())',
    check: version,
  },
];

/** Peer SDKs with no operation for an API, listed so the tables say so instead of omitting. */
export const missing = [
  {
    api: 'metrics-api',
    pkg: '@avalabs/glacier-sdk',
    why: 'has no Metrics API (Data API only)',
  },
];

export const appFile = (subject) => new URL(`./apps/${subject.id}.mjs`, import.meta.url);
