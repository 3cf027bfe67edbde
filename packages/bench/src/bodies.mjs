// The fixed answers of the loopback server: real recordings where the corpus has one, else
// the spec's own example (the corpus has no listValidators recording).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const recordingsDir = `${repoRoot}specs/recordings`;
// The bundled Data API document as the conformance package's build ships it (a ^build output).
const dataApiSpec = new URL(
  '../specs/data-api.json',
  import.meta.resolve('@avalanche-api/conformance'),
);

const readJson = async (path) => JSON.parse(await readFile(path, 'utf8'));

/** Where each body comes from, for the README and the report. */
export const bodySources = {
  listValidators:
    'the Data API spec, GET /v1/networks/{network}/validators, 200 example `mixedStates`',
  avgTps: 'specs/recordings/metrics-api/avg-tps.1.json',
  getNodeVersion: 'specs/recordings/node-rpc/info.getNodeVersion.1.json',
};

export async function loadBodies() {
  let dataApi;
  try {
    dataApi = await readJson(dataApiSpec);
  } catch (cause) {
    throw new Error(`${fileURLToPath(dataApiSpec)} is missing: run \`pnpm build\` at the root`, {
      cause,
    });
  }
  const validators = dataApi.paths['/v1/networks/{network}/validators'].get;
  const examples = validators.responses['200'].content['application/json'].examples;
  return {
    listValidators: examples.mixedStates.value,
    avgTps: (await readJson(`${recordingsDir}/metrics-api/avg-tps.1.json`)).response.body,
    getNodeVersion: (await readJson(`${recordingsDir}/node-rpc/info.getNodeVersion.1.json`))
      .response.body,
  };
}
