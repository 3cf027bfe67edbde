#!/usr/bin/env node
// `pnpm specs:lint`: Redocly's recommended rules over the REST specs (errors and warnings
// both fail), the OpenRPC meta-schema over the assembled node document, and the promises:
// every operation and method keeps to the x-promises vocabulary and declares at least its
// answer's content type, so a new one that forgets its promises is named here, before a test;
// and the node document's error kinds (x-error-kinds: every method has them, every example is
// classified as its entry says),
// and the rule audit (specs/rules.yaml) still covers every seed sentence and resolves.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { assembleOpenRpc } from './assemble-openrpc.mjs';
import { bundleOpenApiDocument, openApiDocuments } from './bundle-specs.mjs';
import { errorKindProblems } from './check-error-kinds.mjs';
import { missingPromises, promiseProblems } from './check-promises.mjs';
import { ruleProblems } from './check-rules.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const redocly = join(here, 'node_modules/.bin/redocly');

/** The REST documents Redocly lints, as named under `apis` in redocly.yaml. */
const restApis = ['data-api', 'metrics-api', 'node-health'];

async function lintApi(api) {
  const run = promisify(execFile);
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const args = ['lint', api, '--config', join(root, 'redocly.yaml'), '--format', 'json'];
  // Redocly exits 1 on errors; the JSON report is on stdout either way.
  const { stdout } = await run(redocly, args, { cwd: root, env, maxBuffer: 64 << 20 }).catch(
    (error) => error,
  );
  const report = JSON.parse(stdout);
  for (const problem of report.problems) {
    const where = problem.location?.[0];
    console.log(
      `${api}: ${problem.severity} ${problem.ruleId}: ${problem.message}` +
        (where ? ` (${where.source.ref ?? where.source.absoluteRef} ${where.pointer})` : ''),
    );
  }
  const { errors, warnings } = report.totals;
  console.log(`redocly ${api}: ${errors} errors, ${warnings} warnings`);
  return errors + warnings;
}

async function lintRest() {
  const counts = await Promise.all(restApis.map(lintApi));
  return counts.reduce((a, b) => a + b, 0);
}

async function lintRpc(specsDir) {
  const doc = await assembleOpenRpc(join(specsDir, 'node-rpc'));
  console.log(`openrpc: ${doc.methods.length} methods, valid against the meta-schema`);
  return doc;
}

/**
 * The promise problems of the specs under `specsDir`: each names the document, the operation
 * or method, and what to add or fix.
 */
export async function promiseLint(specsDir) {
  const docs = await Promise.all(
    openApiDocuments.map(async ({ name, source }) => [
      name,
      await bundleOpenApiDocument(join(specsDir, source)),
    ]),
  );
  docs.push(['node-rpc', await lintRpc(specsDir)]);
  return [
    ...docs.flatMap(([name, doc]) => [
      ...promiseProblems(name, doc),
      ...missingPromises(name, doc),
    ]),
    ...ruleLint(specsDir, Object.fromEntries(docs)).map((p) => `rules: ${p}`),
  ];
}

/**
 * The rule audit's problems: `specs/rules.yaml` against the seeds in `specs/seeds/`, the
 * bundled documents, and the published references where they are found (`REFERENCES_DIR`,
 * else the `refs` folder beside the repository: `<spec>.reference.json`). The references are
 * not part of the repository: without them the audit's reference rules are only resolved.
 */
export function ruleLint(specsDir, docs, referencesDir = process.env.REFERENCES_DIR) {
  const audit = parseYaml(readFileSync(join(specsDir, 'rules.yaml'), 'utf8'));
  const seedsDir = join(specsDir, 'seeds');
  const seeds = Object.fromEntries(
    readdirSync(seedsDir).map((f) => [f, readFileSync(join(seedsDir, f), 'utf8')]),
  );
  const refs = referencesDir ?? resolve(specsDir, '../../refs');
  const references = {};
  for (const spec of ['data-api', 'metrics-api']) {
    const file = join(refs, `${spec}.reference.json`);
    if (existsSync(file)) references[spec] = JSON.parse(readFileSync(file, 'utf8'));
  }
  return ruleProblems({ audit, seeds, docs, references });
}

/** The x-error-kinds problems of the node document under `specsDir`. */
export async function errorKindLint(specsDir) {
  return errorKindProblems(await assembleOpenRpc(join(specsDir, 'node-rpc')));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const promises = await promiseLint(join(root, 'specs'));
  for (const problem of promises) console.log(`x-promises: ${problem}`);
  console.log(`x-promises: ${promises.length} problems`);
  const kinds = await errorKindLint(join(root, 'specs'));
  for (const problem of kinds) console.log(`x-error-kinds: ${problem}`);
  console.log(`x-error-kinds: ${kinds.length} problems`);
  const problems = (await lintRest()) + promises.length + kinds.length;
  if (problems > 0) process.exit(1);
}
