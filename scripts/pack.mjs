#!/usr/bin/env node
// `pnpm pack:all [folder]`: one tarball per published package (every workspace package that is
// not `private`) in `folder` (default `packs/` at the repository root), installable with
// `npm install <folder>/*.tgz` before the packages are on the registry. `pnpm pack` writes the
// real version where a package.json says `workspace:*`; npm would copy the range as it is and
// then refuse it (see pack-guard.mjs).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const maxBuffer = 64 * 1024 * 1024;

/** The workspace's published packages, as pnpm lists them: `{ name, version, dir }`. */
export async function publishedPackages() {
  const { stdout } = await run('pnpm', ['ls', '-r', '--depth', '-1', '--json'], {
    cwd: root,
    maxBuffer,
  });
  return JSON.parse(stdout)
    .filter((p) => !p.private)
    .map(({ name, version, path }) => ({ name, version, dir: path }));
}

/** Every file path a manifest points at (`exports`, `main`, `types`, `bin`). */
function entryPoints(manifest) {
  const paths = [];
  const walk = (value) => {
    if (typeof value === 'string') paths.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk([manifest.exports, manifest.main, manifest.types, manifest.bin]);
  return paths.filter((p) => !p.includes('*'));
}

/** Throws, naming the first entry point of a package that is not built yet. */
function assertBuilt({ name, dir }) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const missing = entryPoints(manifest).find((p) => !existsSync(join(dir, p)));
  if (missing)
    throw new Error(`${name}: ${missing} does not exist; run \`pnpm build\` before packing`);
}

/** The file name `pnpm pack` gives a package's tarball: `@a/b` 1.0.0 → `a-b-1.0.0.tgz`. */
export const tarballName = ({ name, version }) =>
  `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/**
 * Packs every published package into `dest` and resolves to the tarballs' paths, sorted.
 * Tarballs of these packages already there (an older version) are removed first, so that
 * `npm install dest/*.tgz` never installs two versions of one package.
 */
export async function packAll(dest = join(root, 'packs')) {
  const packages = await publishedPackages();
  packages.forEach(assertBuilt);
  await mkdir(dest, { recursive: true });
  const prefixes = packages.map((p) => tarballName({ name: p.name, version: '' }));
  for (const file of await readdir(dest))
    if (file.endsWith('.tgz') && prefixes.some((p) => file.startsWith(p)))
      await rm(join(dest, file));
  const filters = packages.flatMap((p) => ['--filter', p.name]);
  // (pnpm's --json output would share stdout with the packages' prepack lines.)
  await run('pnpm', ['--recursive', ...filters, 'pack', '--pack-destination', dest], {
    cwd: root,
    maxBuffer,
  });
  const tarballs = packages.map((p) => join(dest, tarballName(p))).sort();
  const missing = tarballs.filter((file) => !existsSync(file));
  if (missing.length) throw new Error(`pnpm pack wrote no ${missing.join(', ')}`);
  return tarballs;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // pnpm runs a root script in the root; a relative folder is meant from where it was typed.
  const from = process.env.INIT_CWD ?? process.cwd();
  const dest = resolve(from, process.argv[2] ?? join(root, 'packs'));
  try {
    const tarballs = await packAll(dest);
    for (const file of tarballs) console.log(relative(from, file) || file);
    console.log(`\nIn your app: npm install ${dest}/*.tgz`);
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
  }
}
