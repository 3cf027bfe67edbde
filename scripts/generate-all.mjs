#!/usr/bin/env node
// `pnpm generate`: bundles the specs and runs every workspace package's own `generate` script.
// Not fanned out through turbo: turbo starts each task with `pnpm run` (~0.5 s of CPU apiece),
// which alone would take most of the 3 s a cold run may take.
// `turbo run generate --filter <package>` still regenerates one package the usual way.
//
// The repository's own generators run inside this process, so TypeScript and openapi-typescript
// (~0.45 s of CPU) load once instead of once per package, while a worker thread bundles the specs
// on the other core: the REST documents first, then the OpenRPC document. Each generator starts
// as soon as the bundles it reads are written. Any other generate script is spawned, as
// `pnpm run` would, once every bundle is written.
// Arguments (the bench passes `--force`) are ignored: every run does all the work, no caches.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { bundleRest, bundleRpc } from './bundle-specs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');

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

/**
 * How a package's generate script runs inside this process, or undefined when it must be
 * spawned: only `node <this folder>/generate-openapi-types.mjs <spec> <out>` and
 * `node <this folder>/generate-node-rpc.mjs` with its default paths; anything else (other
 * flags, quoting, shell syntax) goes to the shell untouched.
 */
export function inProcess({ dir, command }) {
  const words = command.trim().split(/\s+/);
  if (words[0] !== 'node' || words.length < 2 || words.some((w) => /[^\w./@:=+-]/.test(w))) {
    return undefined;
  }
  const script = resolve(dir, words[1]);
  const args = words.slice(2);
  if (
    script === join(here, 'generate-openapi-types.mjs') &&
    args.length === 2 &&
    !args.some((a) => a.startsWith('-'))
  ) {
    return { kind: 'openapi', spec: resolve(dir, args[0]), out: resolve(dir, args[1]) };
  }
  if (script === join(here, 'generate-node-rpc.mjs') && args.length === 0) {
    return { kind: 'node-rpc' };
  }
  return undefined;
}

/** Writes `text` to `stream`, each line prefixed with the package name as spawned output is. */
function tell(stream, name, text) {
  stream.write(
    `${text
      .split('\n')
      .map((line) => `${name}: ${line}\n`)
      .join('')}`,
  );
}

/** The generators that run in-process, by `inProcess(…).kind`: how to load and run one job. */
export const kinds = {
  openapi: {
    load: () => import('./generate-openapi-types.mjs'),
    async run({ spec, out }) {
      const { displayPath, writeGenerated } = await this.load();
      const stale = await writeGenerated({ specPath: spec, outDir: out });
      const where = displayPath(out);
      return stale.length
        ? `wrote ${stale.map((f) => `${where}/${f}`).join(', ')}`
        : `${where} is up to date`;
    },
  },
  'node-rpc': {
    load: () => import('./generate-node-rpc.mjs'),
    async run() {
      const { defaults, generate, writeGenerated } = await this.load();
      const [doc, health] = await Promise.all(
        [defaults.spec, defaults.health].map(async (f) => JSON.parse(await readFile(f, 'utf8'))),
      );
      const stale = await writeGenerated(await generate(doc, health), defaults.out);
      const where = relative(repoRoot, defaults.out);
      return stale.length
        ? `wrote ${stale.map((f) => `${where}/${f}`).join(', ')}`
        : `${where} unchanged`;
    },
  },
};

/**
 * Runs in-process jobs one after another on this thread. Every generator is loaded first (while
 * the worker bundles); each job then runs once `bundled(job)` resolves true, that is once the
 * bundles it reads are written, and is skipped when it resolves false (a bundle failed, which is
 * reported on its own). Resolves to the names of the packages whose generator failed.
 */
export async function runJobs(jobs, bundled, table = kinds) {
  // A module that fails to load fails its job below, with the package's name.
  await Promise.all(jobs.map(({ job }) => table[job.kind].load().catch(() => {})));
  const failed = [];
  for (const { name, job } of jobs) {
    if (!(await bundled(job))) continue;
    try {
      tell(process.stdout, name, await table[job.kind].run(job));
    } catch (error) {
      tell(process.stderr, name, `${error.stack ?? error}\ngenerate failed`);
      failed.push(name);
    }
  }
  return failed;
}

/** The bundle groups the worker writes, in order: the REST documents first, as most jobs read them. */
const bundleGroups = { rest: bundleRest, rpc: bundleRpc };

/** `pnpm generate`; resolves to the exit code. */
export async function main() {
  const planned = (await generators()).map((p) => ({ ...p, job: inProcess(p) }));
  const worker = new Worker(new URL(import.meta.url), { workerData: { bundle: true } });
  const settle = {};
  const groups = Object.fromEntries(
    Object.keys(bundleGroups).map((group) => [
      group,
      new Promise((done) => {
        settle[group] = done;
      }),
    ]),
  );
  const settleAll = (result) => {
    for (const done of Object.values(settle)) done(result);
  };
  worker.on('message', ({ group, files, error }) => settle[group]({ files, error }));
  // A crash of the worker itself (not a failing bundle, which it reports) fails what is left.
  worker.on('error', (error) => settleAll({ error: error.stack ?? String(error) }));
  worker.on('exit', () => settleAll({ error: 'the bundling worker exited early' }));
  for (const group of Object.values(groups)) {
    group.then(({ files = [], error }) => {
      for (const file of files) console.log(`bundled ${relative(repoRoot, file)}`);
      if (error) console.error(error);
    });
  }
  const ok = (group) => groups[group].then((r) => !r.error);
  const all = () => Promise.all(Object.keys(groups).map(ok)).then((oks) => oks.every(Boolean));

  // The REST generators read only the REST bundles; node-rpc also reads node-health.json.
  const failed = await runJobs(
    planned.filter((p) => p.job),
    (job) => (job.kind === 'openapi' ? ok('rest') : all()),
  );
  if (!(await all())) failed.push('the spec bundles');
  else failed.push(...(await runAll(planned.filter((p) => !p.job))));
  if (failed.length === 0) return 0;
  console.error(`generate failed in ${failed.join(', ')}`);
  return 1;
}

if (!isMainThread && workerData?.bundle) {
  // The bundling worker: reports each group as soon as it is written, so jobs start early.
  for (const [group, bundle] of Object.entries(bundleGroups)) {
    try {
      parentPort.postMessage({ group, files: await bundle() });
    } catch (error) {
      parentPort.postMessage({ group, error: error.message });
    }
  }
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
