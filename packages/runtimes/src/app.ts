// A TypeScript app on the packages as the root README installs them before the first release
// (`pnpm pack:all`, then `npm install <folder>/*.tgz`): one call of each client against the
// replay server of the packed conformance package, `paginate` over two pages, and a parameter
// the client refuses before sending. `tsc` checks it against the installed .d.ts files; it prints
// one JSON line that the test judges.
import { createDataClient, ParameterError, paginate } from '@avalanche-api/data-client';
import { createMetricsClient } from '@avalanche-api/metrics-client';
import { createNodeClient } from '@avalanche-api/node-rpc';

const [baseUrl] = process.argv.slice(2);
const data = createDataClient({ baseUrl, retry: false });

const nodeIds: string[][] = [];
for await (const page of paginate(
  data.listValidators,
  { network: 'mainnet', pageSize: 1 },
  { maxPages: 2 },
)) {
  nodeIds.push(page.validators.map((v) => v.nodeId));
}

// The types are the spec's, not `any`: a single-item operation cannot be paginated.
// @ts-expect-error getBlock answers no nextPageToken
paginate(data.getBlock, { chainId: '43114', blockId: '1' });

const { results } = await createMetricsClient({ baseUrl, retry: false }).getAvgTps({
  chainId: '43114',
});
const tps: number[] = results.map((r) => r.value);

const { version } = await createNodeClient({ baseUrl, retry: false }).info.getNodeVersion();

let refused: { rule: string; message: string } | undefined;
try {
  await data.listValidators({ network: 'mainnet', pageSize: 101 });
} catch (error) {
  if (!(error instanceof ParameterError)) throw error;
  refused = { rule: error.rule, message: error.message };
}

console.log(JSON.stringify({ nodeIds, tps, version, refused }));
