// The root README's "Use the packages from a checkout" as a user follows it: the global setup
// ran its pack command and `npm install`ed the tarballs in an empty project; here the install is
// judged, and a TypeScript app on the three clients is type-checked with `tsc` against the
// installed packages and run with node against the packed conformance package's replay server.
import { execFile } from 'node:child_process';
import { copyFile, lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { startReplay, TSCONFIG } from '@avalanche-api/snippets/src/project.mjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  checkoutSection,
  npmAsWritten,
  PACK,
  packsFolder,
  repoRoot,
  tarballInstallLine,
} from './packed.setup.mjs';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const { base, dir, tarballs } = inject('packed');
const PUBLISHED = await published();

/** The workspace packages that are published (not `private`), read from their package.json. */
async function published() {
  const folders = await readdir(join(repoRoot, 'packages'));
  const manifests = await Promise.all(
    folders.map((f) => readFile(join(repoRoot, 'packages', f, 'package.json'), 'utf8')),
  );
  return manifests.map((m) => JSON.parse(m)).filter((m) => !m.private);
}

/** The names `npm ls` finds installed at the top of a folder; it exits 1 on a missing or invalid one. */
async function installed(folder) {
  const { stdout } = await run('npm', ['ls', '--all', '--json'], { cwd: folder });
  return Object.keys(JSON.parse(stdout).dependencies).sort();
}

/** A manifest's dependencies on other published packages of this workspace. */
const siblings = (manifest) =>
  Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith('@avalanche-api/'));

describe('installing from a checkout, as the root README says', () => {
  it('the README shows the commands the setup ran, from a clone to the install', async () => {
    const section = await checkoutSection();
    const lines = /```sh\n([\s\S]*?)```/.exec(section)[1].split('\n');
    const at = (command) => lines.findIndex((l) => l === command || l.startsWith(`${command} `));
    const order = ['git clone', 'pnpm install', 'pnpm build', PACK, 'npm install'].map(at);
    expect(order, 'each command, in this order').toEqual([...order].sort((a, b) => a - b));
    expect(order).not.toContain(-1);
    // The install line looks for the tarballs where the pack command writes them.
    expect(packsFolder(tarballInstallLine(section))).toMatch(/^\.\.\/avalanche-api\/packs$/);
    expect(lines).toContain('cd avalanche-api');
  });

  it('packs one tarball per published package, and npm installs each from it', async () => {
    const packages = PUBLISHED;
    expect(tarballs).toEqual(
      packages.map((m) => `${m.name.slice(1).replace('/', '-')}-${m.version}.tgz`).sort(),
    );
    for (const { name, version } of packages) {
      const folder = join(dir, 'node_modules', name);
      // A copy from the tarball, not a link into the checkout.
      expect((await lstat(folder)).isSymbolicLink(), name).toBe(false);
      const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8'));
      expect(manifest.version).toBe(version);
      expect(JSON.stringify(manifest.dependencies ?? {}), name).not.toContain('workspace:');
    }
    expect(await installed(dir)).toEqual(packages.map((m) => m.name).sort());
  });

  // Each package that needs a sibling's tarball shows its own install line; it runs as written.
  it.each(PUBLISHED.filter((m) => siblings(m).length > 0).map((m) => [m.name, m]))(
    "%s's README install line runs as written",
    async (name, manifest) => {
      const folder = join(repoRoot, 'packages', name.split('/')[1]);
      const line = tarballInstallLine(await readFile(join(folder, 'README.md'), 'utf8'));
      expect(line, 'an `npm install <tarballs>` line').toBeDefined();
      const app = await npmAsWritten(base, `readme-${name.split('/')[1]}`, line);
      expect(await installed(app)).toEqual([name, ...siblings(manifest)].sort());
    },
  );
});

describe('a TypeScript app on the installed packages', () => {
  let replay;
  beforeAll(async () => {
    replay = await startReplay(dir);
  });
  afterAll(() => replay?.stop());

  it('type-checks with tsc and runs: each client, paginate and a ParameterError', async () => {
    const project = join(dir, 'ts-app');
    await mkdir(join(project, 'src'), { recursive: true });
    await copyFile(new URL('app.ts', import.meta.url), join(project, 'src/app.ts'));
    // The app's own folder inside the installed project resolves the packages from its
    // node_modules; the compiler and Node's types come from the workspace (no download).
    const types = dirname(dirname(require.resolve('@types/node/package.json')));
    const tsconfig = {
      ...TSCONFIG,
      compilerOptions: { ...TSCONFIG.compilerOptions, typeRoots: [types] },
    };
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = require.resolve('typescript/bin/tsc');
    const compiled = await run(process.execPath, [tsc, '-p', project, '--pretty', 'false'], {
      cwd: project,
    }).catch((error) => error);
    expect(`${compiled.stdout}`, 'tsc reports no error').toBe('');
    const { stdout } = await run(process.execPath, [join(project, 'dist/app.js'), replay.url], {
      cwd: project,
    });
    const out = JSON.parse(stdout.trim().split('\n').at(-1));
    // Two pages of one validator each, the second from the first's nextPageToken.
    expect(out.nodeIds.map((ids) => ids.length)).toEqual([1, 1]);
    expect(out.nodeIds[0][0]).not.toBe(out.nodeIds[1][0]);
    expect(out.tps.length).toBeGreaterThan(0);
    expect(out.version).toMatch(/^avalanche(go)?\/\d/);
    const spec = JSON.parse(await readFile(join(repoRoot, 'specs/dist/data-api.json'), 'utf8'));
    // A parameter is inline or a local `#/components/parameters/<name>` reference.
    const deref = (p) => (p.$ref ? spec.components.parameters[p.$ref.split('/').at(-1)] : p);
    const pageSize = Object.values(spec.paths)
      .flatMap((item) => Object.values(item))
      .find((op) => op.operationId === 'listValidators')
      .parameters.map(deref)
      .find((p) => p.name === 'pageSize');
    expect(pageSize.schema.maximum, 'the app sends 101, above the maximum').toBeLessThan(101);
    expect(out.refused).toMatchObject({ rule: 'maximum' });
    expect(out.refused.message).toContain('pageSize');
  });
});
