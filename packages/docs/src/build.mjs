#!/usr/bin/env node
// `pnpm docs`: builds the static, offline spec site into dist/ from the bundled specs.
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHANGES_PAGE, readChanges, renderChanges } from './changes.mjs';
import { GUIDE_PAGE, readGuide, renderGuide } from './guide.mjs';
import { FAVICON_FILE, FAVICON_SVG } from './html.mjs';
import { renderLanding, SPEC_FILES } from './landing.mjs';
import { NODE_PAGE, renderNodeReference } from './node-reference.mjs';
import { buildRedocPage, buildRedocScript, REDOC_SCRIPT } from './redoc.mjs';
import { findExternalLoads } from './scan.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
/** The bundles of the workspace package @avalanche-api/specs (`pnpm specs:bundle`). */
export const defaultSpecsDir = join(packageDir, 'node_modules/@avalanche-api/specs/dist');
export const defaultOutDir = join(packageDir, 'dist');

async function readSpec(specsDir, file) {
  const path = join(specsDir, file);
  try {
    return { doc: JSON.parse(await readFile(path, 'utf8')), size: (await stat(path)).size };
  } catch (error) {
    throw new Error(
      `cannot read ${path} (${error.code ?? error.message}); bundle the specs first: pnpm specs:bundle`,
    );
  }
}

/** Builds the site; returns the files written, relative to `outDir`. */
export async function build({ specsDir = defaultSpecsDir, outDir = defaultOutDir } = {}) {
  const specs = {};
  const sizes = {};
  for (const { file, key } of SPEC_FILES) {
    const { doc, size } = await readSpec(specsDir, file);
    specs[key] = doc;
    sizes[file] = size;
  }

  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, 'specs'), { recursive: true });
  await Promise.all(
    SPEC_FILES.map(({ file }) => copyFile(join(specsDir, file), join(outDir, 'specs', file))),
  );

  await Promise.all([
    buildRedocPage({
      doc: specs.data,
      name: 'data-api',
      outFile: join(outDir, 'data-api.html'),
      current: 'data-api.html',
      title: `${specs.data.info.title} – reference`,
    }),
    buildRedocPage({
      doc: specs.metrics,
      name: 'metrics-api',
      outFile: join(outDir, 'metrics-api.html'),
      current: 'metrics-api.html',
      title: `${specs.metrics.info.title} – reference`,
    }),
    writeFile(
      join(outDir, NODE_PAGE),
      renderNodeReference({ openrpc: specs.openrpc, health: specs.health }),
    ),
    writeFile(join(outDir, 'index.html'), renderLanding({ ...specs, sizes })),
    readGuide().then((source) => writeFile(join(outDir, GUIDE_PAGE), renderGuide(source))),
    readChanges().then((changes) => writeFile(join(outDir, CHANGES_PAGE), renderChanges(changes))),
    writeFile(join(outDir, FAVICON_FILE), FAVICON_SVG),
    buildRedocScript(join(outDir, REDOC_SCRIPT)),
  ]);

  const files = await listFiles(outDir);
  for (const file of files.filter((f) => f.endsWith('.html'))) {
    const loads = findExternalLoads(await readFile(join(outDir, file), 'utf8'));
    if (loads.length) {
      const list = loads.map((l) => `<${l.element} ${l.attribute}> ${l.url}`).join('\n  ');
      throw new Error(`${file} would load from other hosts:\n  ${list}`);
    }
  }
  return files;
}

async function listFiles(dir, prefix = '') {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { specs: { type: 'string' }, out: { type: 'string' } } });
  const started = performance.now();
  const outDir = values.out ? resolve(values.out) : defaultOutDir;
  try {
    const files = await build({
      specsDir: values.specs ? resolve(values.specs) : undefined,
      outDir,
    });
    const ms = Math.round(performance.now() - started);
    console.log(`docs: wrote ${files.length} files to ${outDir} in ${ms} ms`);
    for (const file of files) console.log(`  ${file}`);
  } catch (error) {
    console.error(`docs: ${error.message}`);
    process.exitCode = 1;
  }
}
