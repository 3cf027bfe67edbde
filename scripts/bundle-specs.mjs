#!/usr/bin/env node
// Bundles every hand-written spec under specs/ into one JSON document each in specs/dist/.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
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

async function bundleOpenApi({ name, source }) {
  const out = join(distDir, `${name}.json`);
  await promisify(execFile)(redocly, ['bundle', join(specsDir, source), '-o', out], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return out;
}

export async function bundleAll() {
  await mkdir(distDir, { recursive: true });
  const jobs = openApiDocuments.map(bundleOpenApi);
  jobs.push(
    writeOpenRpc(join(specsDir, 'node-rpc'), join(distDir, 'node-rpc.json')).then(() =>
      join(distDir, 'node-rpc.json'),
    ),
  );
  return Promise.all(jobs);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const doc of openApiDocuments) {
    if (!existsSync(join(specsDir, doc.source))) throw new Error(`missing spec ${doc.source}`);
  }
  const written = await bundleAll();
  for (const file of written) console.log(`bundled ${file.slice(specsDir.length + 1)}`);
}
