// The fixed answers of the canned fetch: real recordings where the corpus has one, else the
// spec's own example (the corpus has no listValidators recording).
import { createHash } from 'node:crypto';
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
  validators1:
    'the active validator of the Data API spec example `mixedStates` (GET /v1/networks/{network}/validators, 200), alone on the page',
  validators100:
    'that active validator repeated 100 times, each copy with its own NodeID (CB58 of 20 bytes derived from its index)',
  avgTps: 'specs/recordings/metrics-api/avg-tps.1.json',
  getNodeVersion: 'specs/recordings/node-rpc/info.getNodeVersion.1.json',
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (Bitcoin alphabet) of bytes; no library here needs one, and it is six lines. */
export function base58(bytes) {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** Avalanche's CB58: base58 of the bytes followed by the last 4 bytes of their SHA-256. */
export function cb58(bytes) {
  const checksum = createHash('sha256').update(bytes).digest().subarray(-4);
  return base58(Buffer.concat([bytes, checksum]));
}

/** A well-formed NodeID of its own for copy `i` (20 bytes from the SHA-256 of the index). */
export function nodeIdFor(i) {
  const bytes = createHash('sha256').update(`bench validator ${i}`).digest().subarray(0, 20);
  return `NodeID-${cb58(bytes)}`;
}

/** The page with `count` copies of `validator`, each with a distinct nodeId. */
export function validatorPage(example, validator, count) {
  const validators = Array.from({ length: count }, (_, i) =>
    count === 1 ? validator : { ...validator, nodeId: nodeIdFor(i) },
  );
  return { ...example, validators };
}

export async function loadBodies() {
  let dataApi;
  try {
    dataApi = await readJson(dataApiSpec);
  } catch (cause) {
    throw new Error(`${fileURLToPath(dataApiSpec)} is missing: run \`pnpm build\` at the root`, {
      cause,
    });
  }
  const operation = dataApi.paths['/v1/networks/{network}/validators'].get;
  const example = operation.responses['200'].content['application/json'].examples.mixedStates.value;
  // A mainnet page is mostly active validators, the largest kind (~1.2 kB each).
  const active = example.validators.find((v) => v.validationStatus === 'active');
  if (!active) throw new Error('the mixedStates example has no active validator');
  return {
    validators1: validatorPage(example, active, 1),
    validators100: validatorPage(example, active, 100),
    avgTps: (await readJson(`${recordingsDir}/metrics-api/avg-tps.1.json`)).response.body,
    getNodeVersion: (await readJson(`${recordingsDir}/node-rpc/info.getNodeVersion.1.json`))
      .response.body,
  };
}
