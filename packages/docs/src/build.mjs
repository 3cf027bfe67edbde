#!/usr/bin/env node
// `pnpm docs`: builds the static, offline spec site into dist/ from the bundled specs.
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build as esbuild } from 'esbuild';
import { CHANGES_PAGE, readChanges, renderChanges } from './changes.mjs';
import { CONFORMANCE_PAGE, renderConformance, runConformance } from './conformance.mjs';
import { consoleAssets } from './console/assets.mjs';
import { renderGuides } from './guide.mjs';
import { FAVICON_FILE, FAVICON_SVG, SEARCH_INDEX_SCRIPT, SEARCH_SCRIPT } from './html.mjs';
import { renderLanding, SPEC_FILES } from './landing.mjs';
import { renderNodeReference } from './node-reference.mjs';
import { listOperations } from './operations.mjs';
import { renderRestReference } from './rest-reference.mjs';
import { RULES_PAGE, readAudit, renderRules } from './rules-page.mjs';
import { findExternalLoads } from './scan.mjs';
import { buildSearchIndex } from './search/build-index.mjs';

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

/** The bundled specs keyed as in SPEC_FILES (data, metrics, openrpc, health): what the tests derive from. */
export function bundledSpecs(specsDir = defaultSpecsDir) {
  return Object.fromEntries(
    SPEC_FILES.map(({ file, key }) => [
      key,
      JSON.parse(readFileSync(join(specsDir, file), 'utf8')),
    ]),
  );
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

  const entries = [];
  const add = (entry) => entries.push(entry);
  const references = {
    ...renderRestReference({ doc: specs.data, service: 'data', name: 'data-api' }, { add }),
    ...renderRestReference(
      { doc: specs.metrics, service: 'metrics', name: 'metrics-api' },
      { add },
    ),
    ...renderNodeReference({ openrpc: specs.openrpc, health: specs.health }, { add }),
  };
  const pages = {
    ...references,
    'index.html': renderLanding({ ...specs, sizes }),
    ...(await renderGuides()),
    [CHANGES_PAGE]: renderChanges(await readChanges()),
    [CONFORMANCE_PAGE]: renderConformance(await conformance(), listOperations(specs)),
    [RULES_PAGE]: renderRules(await readAudit(specsDir), listOperations(specs)),
  };
  for (const [file, text] of Object.entries(pages)) {
    if (!(file in references)) entries.push(...sectionEntries(file, text));
  }
  const index = buildSearchIndex(entries);
  // Every page sits at the site root; one with console placeholders gets the console's loader.
  const consoles = consoleAssets({ relRoot: '' });
  for (const [file, text] of Object.entries(pages)) {
    if (text.includes('<div class="try" '))
      pages[file] = text.replace('</head>', `${consoles.head}</head>`);
  }
  await mkdir(join(outDir, 'console'), { recursive: true });
  await Promise.all([
    ...consoles.files.map((f) => writeFile(join(outDir, f.name), f.content)),
    ...Object.entries(pages).map(([file, text]) => writeFile(join(outDir, file), text)),
    writeFile(join(outDir, FAVICON_FILE), FAVICON_SVG),
    writeFile(join(outDir, SEARCH_INDEX_SCRIPT), index.script),
    buildSearchScript(join(outDir, SEARCH_SCRIPT)),
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

/** The contract run for conformance.html, or DOCS_CONFORMANCE_REPORT (a saved run) when set. */
async function conformance() {
  const saved = process.env.DOCS_CONFORMANCE_REPORT;
  if (saved) return JSON.parse(await readFile(saved, 'utf8'));
  return runConformance();
}

/** Headings with ids of a non-reference page (guide, overview, changes) as search entries. */
export function sectionEntries(file, text) {
  const out = [];
  for (const m of text.matchAll(/<h([1-3]) id="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)) {
    const title = m[3]
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .trim();
    const pageTitle = /<title>([^<]*)<\/title>/.exec(text)?.[1] ?? file;
    out.push({
      service: 'guide',
      kind: 'section',
      page: file,
      anchor: m[2],
      title,
      context: pageTitle,
    });
  }
  return out;
}

/** search.js: the search UI and MiniSearch in one classic script (file:// refuses modules). */
async function buildSearchScript(outFile) {
  await esbuild({
    entryPoints: [fileURLToPath(new URL('./search/search-ui.mjs', import.meta.url))],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    legalComments: 'inline',
    outfile: outFile,
    logLevel: 'warning',
  });
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
