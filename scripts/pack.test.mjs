// The published packages as `pnpm pack` would ship them: built entry points in, no tests,
// snapshots or test helpers. Runs after the packages' builds (turbo.json).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { publishedPackages } from './pack.mjs';
import { refusal } from './pack-guard.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PUBLISHED = await publishedPackages();

/** The files of a package's tarball that only tests need. */
export function testFilesIn(paths) {
  return paths.filter((p) =>
    /(^|\/)(__snapshots__|test|tests|__tests__)\/|\.(test|test-d|test-util|spec)\.[cm]?[jt]sx?$|\.snap$/.test(
      p,
    ),
  );
}

async function packList(dir) {
  // pnpm is on PATH whenever this runs through `pnpm test`.
  const { stdout } = await promisify(execFile)('pnpm', ['pack', '--dry-run', '--json'], {
    cwd: dir,
    maxBuffer: 32 * 1024 * 1024,
  });
  // The JSON follows the lines pnpm prints for a package's prepack script (pack-guard.mjs).
  return JSON.parse(stdout.slice(stdout.search(/^\{/m))).files.map((f) => f.path);
}

describe('testFilesIn', () => {
  it.each([
    ['src/__snapshots__/exports.test.ts.snap', true],
    ['src/createNodeClient.test.ts', true],
    ['src/createNodeClient.test-d.ts', true],
    ['src/server.test-util.ts', true],
    ['src/test/server.ts', true],
    ['dist/test/server.js', true],
    ['dist/replay.test.js', true],
    ['src/createNodeClient.ts', false],
    ['dist/contract.js', false],
    ['recordings/data-api/listValidators.json', false],
    ['src/latest.ts', false],
  ])('%s → %s', (path, want) => expect(testFilesIn([path])).toEqual(want ? [path] : []));
});

describe.each(PUBLISHED.map((p) => [p.name, p.dir]))('pnpm pack of %s', (_, dir) => {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

  it('ships its built entry points and no test files', async () => {
    const files = await packList(dir);
    expect(files).toContain('package.json');
    expect(files).toContain('README.md');
    expect(files, 'run `pnpm build` first').toContain('dist/index.js');
    expect(files).toContain('dist/index.d.ts');
    expect(testFilesIn(files)).toEqual([]);
    for (const bin of Object.values(manifest.bin ?? {})) {
      expect(files).toContain(bin.replace(/^\.\//, ''));
    }
  });
});

describe('the conformance bin', () => {
  it('is a committed launcher that runs the built CLI, so a fresh install links it before any build', async () => {
    const dir = join(root, 'packages/conformance');
    const launcher = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).bin[
      'avalanche-conformance'
    ];
    expect(launcher).not.toMatch(/dist\//);
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, launcher), '--help']);
    expect(stdout).toMatch(/^Usage: avalanche-conformance <command>/);
  });
});

describe('npm pack of a package that depends on a sibling', () => {
  const npmAgent = 'npm/11.0.0 node/v20.19.0 linux x64 workspaces/false';
  const client = { name: '@a/client', dependencies: { '@a/core': 'workspace:*', x: '1.0.0' } };
  it.each([
    [
      'npm, a workspace range',
      client,
      npmAgent,
      /^npm would pack @a\/client with @a\/core@workspace:\*,/,
    ],
    ['pnpm, which writes versions', client, 'pnpm/10.34.9 npm/? node/v20.19.0', undefined],
    [
      'npm, no workspace range',
      { name: '@a/core', dependencies: { x: '1.0.0' } },
      npmAgent,
      undefined,
    ],
    [
      'npm, a workspace peer',
      { name: '@a/p', peerDependencies: { '@a/core': 'workspace:^' } },
      npmAgent,
      /@a\/core@workspace:\^/,
    ],
  ])('%s', (_, manifest, agent, want) => {
    const message = refusal(manifest, agent);
    if (want) expect(message).toMatch(want);
    else expect(message).toBeUndefined();
  });

  // Run as a user does, in a shell: npm's own user agent, not the one `pnpm test` passes down.
  const shellEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('npm_')),
  );
  const siblings = (dir) =>
    Object.values(
      JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {},
    ).some((range) => range.startsWith('workspace:'));
  it.each(PUBLISHED.filter((p) => siblings(p.dir)).map((p) => [p.name, p.dir]))(
    '%s: stops before writing a tarball, naming the command that works',
    async (_, dir) => {
      const error = await promisify(execFile)('npm', ['pack', '--dry-run'], {
        cwd: dir,
        env: shellEnv,
      }).then(
        () => undefined,
        (e) => e,
      );
      expect(error?.code, 'npm pack exits non-zero').toBe(1);
      expect(error.stderr).toMatch(/which npm cannot install/);
      expect(error.stderr).toContain('`pnpm pack:all`');
    },
  );
});
