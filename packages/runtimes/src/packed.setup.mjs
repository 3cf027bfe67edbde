// Vitest globalSetup: once per run, the packages installed the way the root README tells a user
// to before the first release: its pack command in the checkout, then its `npm install` line, as
// written, in an empty folder. The tarballs go where that line looks for them
// (`../avalanche-api/packs/`), so the line runs unchanged. Every test file of this package reads
// the result with `inject('packed')`: the packing and the install happen once per run.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The pack command of the root README, as run here (a folder argument added). */
export const PACK = 'pnpm pack:all';

/** The root README's section on installing from a checkout. */
export async function checkoutSection() {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
  const section = readme
    .split(/^## /m)
    .find((s) => s.startsWith('Use the packages from a checkout (before the first release)'));
  if (!section)
    throw new Error('the root README has no section "Use the packages from a checkout"');
  return section;
}

/** The line of a Markdown text's `sh` blocks that installs tarballs with npm. */
export function tarballInstallLine(markdown) {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap(([, block]) => block.split('\n'))
    .find((line) => /^npm (install|i)\s.*\.tgz/.test(line));
}

/** The folder an install line's tarballs are in, relative to where it runs. */
export const packsFolder = (line) => dirname(line.split(/\s+/).find((arg) => arg.endsWith('.tgz')));

/**
 * Runs an npm line as written (by `sh`, which expands its globs) in a new, empty folder `base/name`
 * and resolves to that folder. npm may answer third-party packages from its cache; ours come from
 * the tarballs (none is on the registry, so a lookup would fail). What a pnpm script sets for npm
 * (`npm_*`: user agent, config) is left out, as in a user's shell.
 */
export async function npmAsWritten(base, name, line) {
  const cwd = join(base, name);
  await mkdir(cwd);
  await writeFile(
    join(cwd, 'package.json'),
    `{ "name": "${name}", "private": true, "type": "module" }\n`,
  );
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('npm_')),
  );
  // A user's shell, not the test runner's: without the workspace's node_modules/.bin folders,
  // where this package's `node` is the newest Node it tests on. npm run by that Node reads the
  // global npmrc of that Node's prefix (none), not the machine's (its CA file, its proxy): each
  // registry request then failed and was retried for minutes.
  env.PATH = (env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.split(sep).includes('node_modules'))
    .join(delimiter);
  Object.assign(env, {
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  });
  await run('sh', ['-c', line], { cwd, env, maxBuffer: 16 * 1024 * 1024 });
  return cwd;
}

export default async function setup({ provide }) {
  const base = await mkdtemp(join(tmpdir(), 'packed-'));
  const line = tarballInstallLine(await checkoutSection());
  if (!line) throw new Error('the root README shows no `npm install <tarballs>` line');
  const packs = resolve(base, 'my-app', packsFolder(line));
  const started = performance.now();
  await run('sh', ['-c', `${PACK} "$0"`, packs], { cwd: repoRoot });
  const packedMs = performance.now() - started;
  const dir = await npmAsWritten(base, 'my-app', line);
  const installedMs = performance.now() - started - packedMs;
  const tarballs = (await readdir(packs)).filter((f) => f.endsWith('.tgz')).sort();
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `${PACK}: ${tarballs.length} tarballs in ${s(packedMs)}; npm install: ${s(installedMs)}`,
  );
  provide('packed', { base, dir, tarballs });
  return () => rm(base, { recursive: true, force: true });
}
