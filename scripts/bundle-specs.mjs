#!/usr/bin/env node
import { existsSync } from 'node:fs';
// Bundles every hand-written spec under specs/ into one JSON document each in specs/dist/.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPromises } from './check-promises.mjs';
import { writeAtomically } from './write-atomically.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const specsDir = resolve(here, '../specs');
export const distDir = join(specsDir, 'dist');

/** The REST documents: source (relative to specs/) and bundle name. */
export const openApiDocuments = [
  { name: 'data-api', source: 'data-api/openapi.yaml' },
  { name: 'metrics-api', source: 'metrics-api/openapi.yaml' },
  { name: 'node-health', source: 'node-rpc/health.openapi.yaml' },
];

/**
 * Bundles one REST document with Redocly's library (what `redocly bundle` runs, without the
 * CLI's ~0.8 s start; openapi-typescript loads the same library, so a generator in the same
 * process pays for it once), as the CLI would write it. Fails naming the document and
 * every error the bundler reports, as the CLI refuses to write a bundle with errors.
 */
export async function bundleOpenApiDocument(sourceFile) {
  // Required, not imported: the same module instance openapi-typescript requires.
  const { bundle, createConfig } = createRequire(import.meta.url)('@redocly/openapi-core');
  const where = relative(process.cwd(), sourceFile) || sourceFile;
  let result;
  try {
    // An empty config: no decorators, so the bundle is the source with its $refs gathered.
    result = await bundle({ ref: sourceFile, config: await createConfig({}) });
  } catch (cause) {
    throw new Error(`bundling ${where} failed: ${cause.message}`, { cause });
  }
  const problems = result.problems.map((p) => {
    const at = p.location?.[0];
    const place = at
      ? ` (${relative(dirname(sourceFile), at.source.absoluteRef)} ${at.pointer})`
      : '';
    return { severity: p.severity, text: `${p.message}${place}` };
  });
  for (const p of problems.filter((p) => p.severity !== 'error')) {
    process.stderr.write(`bundling ${where}: ${p.severity}: ${p.text}\n`);
  }
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`bundling ${where} failed:\n  ${errors.map((p) => p.text).join('\n  ')}`);
  }
  return result.bundle.parsed;
}

/** Bundles one REST document into `outFile`, failing on a promise outside the vocabulary. */
export async function bundleOpenApi(sourceFile, outFile) {
  const parsed = await bundleOpenApiDocument(sourceFile);
  assertPromises(basename(outFile, '.json'), parsed);
  // No trailing newline, byte for byte what `redocly bundle -o x.json` writes.
  await writeAtomically(outFile, JSON.stringify(parsed, null, 2));
  return outFile;
}

/** Bundles the REST documents into specs/dist/; the files written. */
export function bundleRest() {
  return Promise.all(
    openApiDocuments.map(({ name, source }) =>
      bundleOpenApi(join(specsDir, source), join(distDir, `${name}.json`)),
    ),
  );
}

/** Assembles the node's OpenRPC document into specs/dist/; the files written. */
export async function bundleRpc() {
  const out = join(distDir, 'node-rpc.json');
  // Imported here: a process that bundles only the REST documents skips the YAML and ajv load.
  const { writeOpenRpc } = await import('./assemble-openrpc.mjs');
  try {
    await writeOpenRpc(join(specsDir, 'node-rpc'), out);
  } catch (cause) {
    throw new Error(`assembling specs/node-rpc failed: ${cause.message}`, { cause });
  }
  return [out];
}

/**
 * The rule audit's map (specs/rules.yaml) as specs/dist/rules.json: each rule id with the
 * x-promises entries that check it, so reports can name the rules a run checked.
 */
export async function bundleRules() {
  const { parse } = await import('yaml');
  const audit = parse(await readFile(join(specsDir, 'rules.yaml'), 'utf8'));
  const rules = [...(audit.rules ?? []), ...(audit.references ?? [])].map((r) => ({
    id: r.id,
    targets: (r.checkedBy ?? r.operations ?? []).filter((t) => t.pointer !== undefined),
  }));
  const out = join(distDir, 'rules.json');
  await writeAtomically(out, JSON.stringify({ rules }, null, 2));
  return out;
}

export async function bundleAll() {
  const [rest, rpc, rules] = await Promise.all([bundleRest(), bundleRpc(), bundleRules()]);
  return [...rest, ...rpc, rules];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const doc of openApiDocuments) {
    if (!existsSync(join(specsDir, doc.source))) throw new Error(`missing spec ${doc.source}`);
  }
  const written = await bundleAll();
  for (const file of written) console.log(`bundled ${file.slice(specsDir.length + 1)}`);
}
