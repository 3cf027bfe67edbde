// The one call each client makes, in both the bundle-size and the cost-per-call benchmark.
// Each app in ./apps/ exports `setup(baseUrl)` returning the call, so the code measured for
// speed is exactly the code measured for size.

/** Public hosts the bundled apps name (they are only bundled, never run). */
export const publicUrls = {
  'data-api': 'https://data-api.avax.network',
  'metrics-api': 'https://metrics.avax.network',
  'node-rpc': 'https://api.avax.network',
};

/** The base URL every client gets in the cost-per-call benchmark: the canned fetch answers it. */
export const BENCH_URL = 'http://127.0.0.1:9';

export const operations = {
  'data-api': 'listValidators({ network: "mainnet" })',
  'metrics-api': "getAvgTps({ chainId: '43114' })",
  'node-rpc': 'info.getNodeVersion()',
};

/**
 * `pkg` is the package measured, `variant` what sets this row apart from another of the same
 * package; `call` the code as a user writes it; `unwrap` takes the SDK's answer to the API's body;
 * `path` overrides the API's route for a peer that has no such operation, `query` is what a
 * peer adds on its own (its spec's default page size); `floor` marks plain
 * fetch, the yardstick of every ratio (timed, not bundled); `ours` marks our rows, and `oneCall`
 * the row whose bundle the issue's budgets apply to.
 */
export const subjects = [
  {
    id: 'fetch-data',
    api: 'data-api',
    pkg: 'fetch (floor)',
    floor: true,
    call: 'fetch(url).then((r) => r.json())',
  },
  {
    id: 'ours-data-core',
    api: 'data-api',
    pkg: '@avalanche-api/data-client',
    variant: 'one-call',
    ours: true,
    oneCall: true,
    call: "listValidators(createDataCore(), { network: 'mainnet' })",
  },
  {
    id: 'ours-data',
    api: 'data-api',
    pkg: '@avalanche-api/data-client',
    variant: 'client',
    ours: true,
    call: "createDataClient().listValidators({ network: 'mainnet' })",
  },
  {
    id: 'ours-data-validate',
    api: 'data-api',
    pkg: '@avalanche-api/data-client',
    variant: 'client, validate on',
    ours: true,
    call: "createDataClient({ validate: createValidator() }).listValidators({ network: 'mainnet' })",
  },
  {
    id: 'openapi-fetch-data',
    api: 'data-api',
    pkg: 'openapi-fetch',
    call: "createClient({ baseUrl }).GET('/v1/networks/{network}/validators', …)",
    unwrap: (res) => res?.data,
  },
  {
    id: 'glacier-data',
    api: 'data-api',
    pkg: '@avalabs/glacier-sdk',
    query: '?pageSize=10',
    call: "new Glacier({ BASE }).primaryNetwork.listValidators({ network: 'mainnet' })",
  },
  {
    id: 'chainkit-data',
    api: 'data-api',
    pkg: '@avalanche-sdk/chainkit',
    variant: 'always validates',
    query: '?pageSize=10',
    call: "new Avalanche({ … }).data.primaryNetwork.listValidators({ network: 'mainnet' }, { serverURL })",
    unwrap: (page) => page?.result,
  },
  {
    id: 'avacloud-data',
    api: 'data-api',
    pkg: '@avalabs/avacloud-sdk',
    variant: 'always validates',
    query: '?pageSize=10',
    call: "new AvaCloudSDK({ … }).data.primaryNetwork.listValidators({ network: 'mainnet' }, { serverURL })",
    unwrap: (page) => page?.result,
  },
  {
    id: 'fetch-metrics',
    api: 'metrics-api',
    pkg: 'fetch (floor)',
    floor: true,
    call: 'fetch(url).then((r) => r.json())',
  },
  {
    id: 'ours-metrics-core',
    api: 'metrics-api',
    pkg: '@avalanche-api/metrics-client',
    variant: 'one-call',
    ours: true,
    oneCall: true,
    call: "getAvgTps(createMetricsCore(), { chainId: '43114' })",
  },
  {
    id: 'ours-metrics',
    api: 'metrics-api',
    pkg: '@avalanche-api/metrics-client',
    variant: 'client',
    ours: true,
    call: "createMetricsClient().getAvgTps({ chainId: '43114' })",
  },
  {
    id: 'openapi-fetch-metrics',
    api: 'metrics-api',
    pkg: 'openapi-fetch',
    call: "createClient({ baseUrl }).GET('/v1/avg_tps/{chainId}', …)",
    unwrap: (res) => res?.data,
  },
  {
    id: 'chainkit-metrics',
    api: 'metrics-api',
    pkg: '@avalanche-sdk/chainkit',
    variant: 'always validates',
    query: '?pageSize=100',
    call: "….metrics.chains.getMetrics({ chainId: '43114', metric: 'avgTps' }, { serverURL })",
    note: 'no v1 avg_tps operation: GET /v2/chains/{chainId}/metrics/avgTps',
    path: '/v2/chains/43114/metrics/avgTps',
    unwrap: (page) => page?.result,
  },
  {
    id: 'avacloud-metrics',
    api: 'metrics-api',
    pkg: '@avalabs/avacloud-sdk',
    variant: 'always validates',
    query: '?pageSize=100',
    call: "….metrics.chains.getMetrics({ chainId: '43114', metric: 'avgTps' }, { serverURL })",
    note: 'no v1 avg_tps operation: GET /v2/chains/{chainId}/metrics/avgTps',
    path: '/v2/chains/43114/metrics/avgTps',
    unwrap: (page) => page?.result,
  },
  {
    id: 'fetch-node',
    api: 'node-rpc',
    pkg: 'fetch (floor)',
    floor: true,
    call: "fetch(url, { method: 'POST', body }).then((r) => r.json())",
    unwrap: (body) => body?.result,
  },
  {
    id: 'ours-node-core',
    api: 'node-rpc',
    pkg: '@avalanche-api/node-rpc',
    variant: 'one-call',
    ours: true,
    oneCall: true,
    call: 'infoGetNodeVersion(createNodeCore())',
  },
  {
    id: 'ours-node',
    api: 'node-rpc',
    pkg: '@avalanche-api/node-rpc',
    variant: 'client',
    ours: true,
    call: 'createNodeClient().info.getNodeVersion()',
  },
  {
    id: 'openrpc-node',
    api: 'node-rpc',
    pkg: '@open-rpc/client-js',
    call: "new Client(new RequestManager([new HTTPTransport(url)])).request({ method: 'info.getNodeVersion' })",
  },
  {
    id: 'avalanche-sdk-client-node',
    api: 'node-rpc',
    pkg: '@avalanche-sdk/client',
    call: "createAvalancheClient({ chain: avalanche, transport: { type: 'http', url, config: { retryCount: 0 } } }).info.getNodeVersion()",
  },
];

const pageOf = (n) => (page) => page?.validators?.length === n && page.validators[0]?.nodeId;
const tps = (body) => body?.results?.length === 4;
const version = (result) => result?.version === 'avalanche/1.9.1';

/**
 * The cost-per-call groups: every subject of a group answers the same body; rounds interleave
 * within a group and each round's calls/s is divided by the group's floor in that round.
 */
export const groups = [
  {
    id: 'data-1',
    api: 'data-api',
    short: '1-validator page',
    title: 'Data API listValidators, 1-validator page',
    body: 'validators1',
    route: { method: 'GET', path: '/v1/networks/mainnet/validators' },
    check: pageOf(1),
  },
  {
    id: 'data-100',
    api: 'data-api',
    short: '100-validator page',
    title: 'Data API listValidators, 100-validator page',
    body: 'validators100',
    route: { method: 'GET', path: '/v1/networks/mainnet/validators' },
    check: pageOf(100),
  },
  {
    id: 'metrics',
    api: 'metrics-api',
    short: 'avg TPS',
    title: 'Metrics API avg TPS',
    body: 'avgTps',
    route: { method: 'GET', path: '/v1/avg_tps/43114' },
    check: tps,
  },
  {
    id: 'node',
    api: 'node-rpc',
    short: 'info.getNodeVersion',
    title: 'node JSON-RPC info.getNodeVersion',
    body: 'getNodeVersion',
    route: { method: 'POST', path: '/ext/info', rpc: 'info.getNodeVersion' },
    check: version,
  },
];

/** The request a subject of a group must make on every call, as the canned fetch keys it. */
export function expectedRequest(group, subject) {
  const url = new URL(`${subject.path ?? group.route.path}${subject.query ?? ''}`, BENCH_URL).href;
  const key = `${group.route.method} ${url}${group.route.rpc ? ` ${group.route.rpc}` : ''}`;
  return { method: group.route.method, url, rpc: Boolean(group.route.rpc), key };
}

/** Peer SDKs with no operation for an API, listed so the tables say so instead of omitting. */
export const missing = [
  {
    api: 'metrics-api',
    pkg: '@avalabs/glacier-sdk',
    why: 'has no Metrics API (Data API only)',
  },
];

export const appFile = (subject) => new URL(`./apps/${subject.id}.mjs`, import.meta.url);
