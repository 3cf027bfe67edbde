#!/usr/bin/env node
// Bundles every hand-written spec under specs/ into one JSON document each in specs/dist/.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writeOpenRpc } from './assemble-openrpc.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const specsDir = resolve(here, '../specs');
export const distDir = join(specsDir, 'dist');
const redocly = join(here, 'node_modules/.bin/redocly');

/** The REST documents: source (relative to specs/) and bundle name. */
export const openApiDocuments = [
  { name: 'data-api', source: 'data-api/openapi.yaml' },
  { name: 'metrics-api', source: 'metrics-api/openapi.yaml' },
  { name: 'node-health', source: 'node-rpc/health.openapi.yaml' },
];

/**
 * Bundles every REST document in one redocly process (each process costs ~0.4 s of CPU to
 * start); a throwaway config names each document's output, since `-o` with several inputs
 * writes by source file name and two of ours are `openapi.yaml`.
 */
async function bundleOpenApi() {
  const dir = await mkdtemp(join(tmpdir(), 'bundle-specs-'));
  const config = join(dir, 'redocly.yaml');
  const outputs = openApiDocuments.map(({ name }) => join(distDir, `${name}.json`));
  const apis = openApiDocuments.map(
    ({ name, source }, i) =>
      `  ${name}:\n    root: ${JSON.stringify(join(specsDir, source))}\n    output: ${JSON.stringify(outputs[i])}\n`,
  );
  await writeFile(config, `apis:\n${apis.join('')}`);
  try {
    await promisify(execFile)(redocly, ['bundle', '--config', config], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return outputs;
}

export async function bundleAll() {
  await mkdir(distDir, { recursive: true });
  const [rest, rpc] = await Promise.all([
    bundleOpenApi(),
    writeOpenRpc(join(specsDir, 'node-rpc'), join(distDir, 'node-rpc.json')).then(() =>
      join(distDir, 'node-rpc.json'),
    ),
  ]);
  return [...rest, rpc];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const doc of openApiDocuments) {
    if (!existsSync(join(specsDir, doc.source))) throw new Error(`missing spec ${doc.source}`);
  }
  const written = await bundleAll();
  for (const file of written) console.log(`bundled ${file.slice(specsDir.length + 1)}`);
}
