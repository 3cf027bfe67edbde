// A throwaway project that uses the published packages exactly as packed: `pnpm pack` of each,
// the tarballs extracted into node_modules/@avalanche-api/, one .ts file per block, `tsc` over
// them, and a runner that imports each compiled block with its HTTP sent to the replay server.
import { execFile, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './blocks.mjs';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** The published packages: directory under packages/ -> package name. */
export const PUBLISHED = {
  'rest-core': '@avalanche-api/rest-core',
  'data-client': '@avalanche-api/data-client',
  'metrics-client': '@avalanche-api/metrics-client',
  'node-rpc': '@avalanche-api/node-rpc',
  conformance: '@avalanche-api/conformance',
};

/**
 * Packs every published package into `dir/tarballs` and extracts each into
 * `dir/node_modules/<name>`. Third-party dependencies are linked from the workspace's own
 * install instead of `npm install`: the test then works offline and takes seconds, while every
 * file of our packages still comes from its tarball.
 */
export async function installPacked(dir) {
  const tarballs = join(dir, 'tarballs');
  await mkdir(tarballs, { recursive: true });
  const modules = join(dir, 'node_modules');
  const linked = new Set();
  const link = async (name, from) => {
    if (linked.has(name)) return;
    linked.add(name);
    const target = join(modules, name);
    await mkdir(dirname(target), { recursive: true });
    await symlink(await realpath(from), target, 'dir');
  };
  for (const [folder, name] of Object.entries(PUBLISHED)) {
    const pkgDir = join(repoRoot, 'packages', folder);
    const { stdout } = await run('pnpm', ['pack', '--pack-destination', tarballs], {
      cwd: pkgDir,
    });
    const tgz = stdout.trim().split('\n').pop().trim();
    const target = join(modules, name);
    await mkdir(target, { recursive: true });
    await run('tar', ['-xzf', tgz, '-C', target, '--strip-components=1']);
    const manifest = JSON.parse(await readFile(join(target, 'package.json'), 'utf8'));
    for (const [dep, range] of Object.entries(manifest.dependencies ?? {})) {
      if (dep in Object.fromEntries(Object.values(PUBLISHED).map((n) => [n, 1]))) {
        // A packed package names its sibling by version (pnpm rewrites workspace:*).
        if (range.startsWith('workspace:')) throw new Error(`${name}: ${dep} still says ${range}`);
        continue;
      }
      await link(dep, join(pkgDir, 'node_modules', dep));
    }
    // An optional peer (MSW for the conformance package's `/msw` entry) is what a user adds
    // beside it: linked from the workspace so a block using it compiles.
    for (const dep of Object.keys(manifest.peerDependencies ?? {}))
      await link(dep, join(pkgDir, 'node_modules', dep));
  }
  // What the blocks themselves need to be type-checked: `process.env` and the compiler.
  await link('@types/node', dirname(require.resolve('@types/node/package.json')));
  await link('typescript', dirname(require.resolve('typescript/package.json')));
  return { tarballs: (await readdir(tarballs)).sort() };
}

/** The compiler settings a user of the packages is likely to have: strict ESM, top-level await. */
export const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    // Every block is a module, so a block without imports may still use top-level await.
    moduleDetection: 'force',
    strict: true,
    // The packed .d.ts files are checked too: a broken published type fails here.
    skipLibCheck: false,
    types: ['node'],
    rootDir: 'src',
    outDir: 'dist',
    noEmitOnError: false,
  },
  include: ['src'],
};

/**
 * Writes each block to `src/<n>.ts` and compiles them in one program. Returns one list of
 * diagnostics per block (`line:col TSxxxx message`, lines counted within the block).
 */
export async function compileBlocks(dir, blocks) {
  await writeFile(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  await writeFile(join(dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  await mkdir(join(dir, 'src'), { recursive: true });
  await Promise.all(
    blocks.map((block, i) => writeFile(join(dir, 'src', `b${i}.ts`), `${block.code}\n`)),
  );
  const tsc = join(dir, 'node_modules/typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error) => error);
  const output = `${result.stdout ?? ''}`;
  const errors = blocks.map(() => []);
  const other = [];
  // tsc's plain output: `src/b3.ts(2,7): error TS2304: Cannot find name 'client'.`
  let last;
  for (const line of output.split('\n')) {
    const m = /^src\/b(\d+)\.ts\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (m) {
      last = errors[Number(m[1])];
      last.push(`${m[2]}:${m[3]} ${m[4]} ${m[5]}`);
    } else if (/^\s/.test(line) && last) {
      last[last.length - 1] += `\n${line}`;
    } else if (line.trim()) {
      last = other;
      other.push(line);
    }
  }
  if (result instanceof Error && !output.trim()) throw result;
  return { errors, other };
}

/**
 * Starts the packed conformance package's replay server (`serve` with these extra arguments);
 * resolves with its URL and a stop().
 */
export async function startReplay(dir, args = []) {
  const cli = join(dir, 'node_modules/@avalanche-api/conformance/dist/cli.js');
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`replay server did not start within 60 s:\n${output}`)),
      60_000,
    );
    const read = (chunk) => {
      output += chunk;
      const m = /replay server on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`replay server exited with ${code}:\n${output}`));
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, stop };
}

/**
 * Runs the compiled blocks one after the other in one Node process, every request to the public
 * API hosts sent to `replayUrl` instead (see runner.mjs). Returns one result per block:
 * `{ ok: true }`, `{ ok: false, error }` or `{ skipped: reason }`.
 */
export async function runBlocks(
  dir,
  blocks,
  replayUrl,
  { timeoutMs = 20_000, include = () => true, name = 'plan' } = {},
) {
  // `blocks` is the list compileBlocks was given (block i is dist/b<i>.js); `include` picks the
  // ones this run is for, and `name` keeps two runs' files apart.
  const plan = blocks.map((block, i) => ({
    file: join(dir, 'dist', `b${i}.js`),
    skip: !include(block)
      ? 'another run'
      : block.flags.has('no-run')
        ? 'no-run'
        : block.flags.has('fragment')
          ? 'fragment'
          : null,
  }));
  const planFile = join(dir, `${name}.json`);
  const resultFile = join(dir, `${name}-results.json`);
  await writeFile(planFile, JSON.stringify({ plan, replayUrl, timeoutMs }));
  const runner = new URL('./runner.mjs', import.meta.url).pathname;
  await run(process.execPath, [runner, planFile, resultFile], {
    cwd: dir,
    // A value for the blocks' api key, so the key's path is exercised; it reaches only 127.0.0.1.
    // REPLAY_URL is what the guide tells an app's tests to read.
    env: { ...process.env, GLACIER_API_KEY: 'snippet-test-key', REPLAY_URL: replayUrl },
    maxBuffer: 64 * 1024 * 1024,
    timeout: timeoutMs * (blocks.filter(include).length + 2),
  });
  return JSON.parse(await readFile(resultFile, 'utf8'));
}
