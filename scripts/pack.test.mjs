// The published packages as `pnpm pack` would ship them: built entry points in, no tests,
// snapshots or test helpers. Runs after the packages' builds (turbo.json).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const PUBLISHED = ['data-client', 'metrics-client', 'node-rpc', 'rest-core', 'conformance'];

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
  return JSON.parse(stdout).files.map((f) => f.path);
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

describe.each(PUBLISHED)('pnpm pack of packages/%s', (name) => {
  const dir = join(root, 'packages', name);
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
