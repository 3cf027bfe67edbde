#!/usr/bin/env node
// `pnpm generate`: bundles the specs, then runs every workspace package's own `generate`
// script, all at once. Not fanned out through turbo: turbo starts each task with `pnpm run`
// (~0.5 s of CPU apiece), which alone would take most of the 3 s a cold run may take.
// `turbo run generate --filter <package>` still regenerates one package the usual way.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAll } from './bundle-specs.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The packages under `<root>/packages/` with a `generate` script: directory and command. */
export async function generators(root = repoRoot) {
  const dirs = await readdir(join(root, 'packages'), { withFileTypes: true });
  const found = [];
  for (const entry of dirs
    .filter((d) => d.isDirectory())
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const dir = join(root, 'packages', entry.name);
    let pkg;
    try {
      pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    if (typeof pkg.scripts?.generate === 'string')
      found.push({ name: pkg.name, dir, command: pkg.scripts.generate });
  }
  return found;
}

/**
 * Runs one package script as `pnpm run` would (in its folder, its bins on PATH), each output
 * line prefixed with the package name; resolves to the exit code.
 */
export function run({ name, dir, command }, root = repoRoot) {
  const env = {
    ...process.env,
    PATH: [join(dir, 'node_modules/.bin'), join(root, 'node_modules/.bin'), process.env.PATH].join(
      delimiter,
    ),
  };
  return new Promise((done) => {
    const child = spawn(command, { cwd: dir, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `${name}: `;
    const relay = (stream, to) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) to.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && to.write(`${prefix}${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('error', (error) => {
      process.stderr.write(`${prefix}${error.message}\n`);
      done(1);
    });
    child.on('close', (code, signal) => {
      if (code !== 0)
        process.stderr.write(`${prefix}\`${command}\` failed (${signal ?? `exit ${code}`})\n`);
      done(code ?? 1);
    });
  });
}

/** Runs the given packages' generate scripts at once; the names of those that failed. */
export async function runAll(packages, root = repoRoot) {
  const codes = await Promise.all(packages.map((p) => run(p, root)));
  return packages.filter((_, i) => codes[i] !== 0).map((p) => p.name);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [written, packages] = await Promise.all([bundleAll(), generators()]);
  for (const file of written) console.log(`bundled ${relative(repoRoot, file)}`);
  const failed = await runAll(packages);
  if (failed.length > 0) {
    console.error(`generate failed in ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}
