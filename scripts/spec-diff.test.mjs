// The changeset gate in a scratch repository: the project's spec sources after a release-like
// commit, then a breaking edit with too small a changeset (fails, naming the package and the
// bump), with a major one (passes), and no edit at all (passes). No network: git init locally.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { changesetVerdicts, draftChangeset, publishedPackages } from './spec-diff.mjs';

const run = promisify(execFile);
const tooling = fileURLToPath(new URL('../', import.meta.url));
const script = join(tooling, 'scripts/spec-diff.mjs');
const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 'scratch',
  GIT_AUTHOR_EMAIL: 'scratch@example.com',
  GIT_COMMITTER_NAME: 'scratch',
  GIT_COMMITTER_EMAIL: 'scratch@example.com',
};

let repo;
const git = (...args) => run('git', ['-C', repo, ...args], { env });

async function setVersions(version) {
  for (const p of publishedPackages) {
    const file = join(repo, 'packages', p, 'package.json');
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, `${JSON.stringify({ name: `@avalanche-api/${p}`, version }, null, 2)}\n`);
  }
}

/** Runs the gate in the scratch repository; exit code, stdout and stderr. */
async function gate(...args) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, '--no-build', ...args], {
      cwd: repo,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

const evmBlock = () => join(repo, 'specs/data-api/schemas/EvmBlock.yaml');
const changeset = (bump) =>
  writeFile(
    join(repo, '.changeset/evm-block.md'),
    `---\n'@avalanche-api/data-client': ${bump}\n'@avalanche-api/conformance': ${bump}\n---\n\nEvmBlock.txCount became a string.\n`,
  );

beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), 'spec-diff-scratch-'));
  await git('init', '-q', '-b', 'main');
  for (const dir of ['data-api', 'metrics-api', 'node-rpc'])
    await cp(join(tooling, 'specs', dir), join(repo, 'specs', dir), { recursive: true });
  await mkdir(join(repo, '.changeset'));
  await cp(join(tooling, '.changeset/config.json'), join(repo, '.changeset/config.json'));
  await setVersions('0.0.0');
  await git('add', '-A');
  await git('commit', '-qm', 'specs');
  await writeFile(
    join(repo, '.changeset/first.md'),
    "---\n'@avalanche-api/node-rpc': minor\n---\n\nFirst.\n",
  );
  await git('add', '-A');
  await git('commit', '-qm', 'a change before the release');
  // A release as `changeset version` makes it: versions bumped, pending changesets consumed.
  await setVersions('0.1.0');
  await rm(join(repo, '.changeset/first.md'));
  await git('add', '-A');
  await git('commit', '-qm', 'release 0.1.0');
});
afterAll(() => rm(repo, { recursive: true, force: true }));

describe('pnpm spec:diff --check-changesets in a scratch repository', () => {
  test('unchanged specs pass, compared with the release commit', async () => {
    const release = (await git('rev-parse', 'HEAD')).stdout.trim();
    const r = await gate('--check-changesets');
    expect(r.stdout).toContain(`specs at ${release.slice(0, 12)} (the base)`);
    expect(r.stdout).toContain('no spec changes');
    expect(r.code).toBe(0);
  });

  test('a breaking edit with only a patch changeset fails, naming the package and the bump', async () => {
    const yaml = await readFile(evmBlock(), 'utf8');
    await writeFile(evmBlock(), yaml.replace(/(\n {2}txCount:\n {4}type: )integer/, '$1string'));
    await changeset('patch');
    const r = await gate('--check-changesets');
    expect(r.stdout).toContain('getBlock: body.txCount: type "integer" → "string"');
    expect(r.stderr).toContain('@avalanche-api/data-client needs a major changeset');
    expect(r.stderr).toContain('give patch');
    expect(r.stderr).toContain('type-changed, breaking for clients');
    expect(r.code).toBe(1);
  });

  test('the same edit with a major changeset passes', async () => {
    await changeset('major');
    const r = await gate('--check-changesets');
    expect(r.stderr).toContain('@avalanche-api/data-client: changesets give major, major needed');
    expect(r.code).toBe(0);
  });

  test('--write-changeset drafts the bumps the diff needs', async () => {
    const r = await gate('--write-changeset', '--format', 'json');
    const report = JSON.parse(r.stdout);
    expect(report.summary.client).toBe('breaking');
    const file = join(repo, '.changeset', `spec-changes-${report.base.slice(0, 7)}.md`);
    const text = await readFile(file, 'utf8');
    expect(text).toMatch(
      /^---\n'@avalanche-api\/conformance': major\n'@avalanche-api\/data-client': major\n---\n/,
    );
    expect(text).toContain('txCount');
    await rm(file);
  });

  test('an unknown --base is a usage error naming it', async () => {
    const r = await gate('--base', 'no-such-rev');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--base: "no-such-rev" is not a commit');
  });
});

describe('changeset verdicts', () => {
  const change = (spec, client) => ({ spec, client, operation: 'op', rule: 'x', message: 'm' });
  test.each([
    [
      'breaking needs major',
      [change('metrics-api', 'breaking')],
      { a: { '@avalanche-api/metrics-client': 'minor' } },
      true,
      false,
    ],
    [
      'non-breaking needs minor',
      [change('metrics-api', 'non-breaking')],
      { a: { '@avalanche-api/metrics-client': 'minor' } },
      true,
      true,
    ],
    [
      'docs needs patch',
      [change('node-rpc', 'docs')],
      { a: { '@avalanche-api/node-rpc': 'patch' } },
      true,
      true,
    ],
    [
      'no changeset for the package',
      [change('node-health', 'docs')],
      { a: { '@avalanche-api/data-client': 'major' } },
      true,
      false,
    ],
    [
      'before the first release any bump will do',
      [change('metrics-api', 'breaking')],
      { a: { '@avalanche-api/metrics-client': 'patch' } },
      false,
      true,
    ],
    [
      'before the first release a changeset is still needed',
      [change('metrics-api', 'breaking')],
      {},
      false,
      false,
    ],
  ])('%s', (_name, changes, sets, released, ok) => {
    const verdicts = changesetVerdicts(changes, new Map(Object.entries(sets)), released);
    const client = verdicts.find((v) => v.package !== '@avalanche-api/conformance');
    expect(client.ok).toBe(ok);
  });

  test('every spec change also needs a conformance changeset', () => {
    const verdicts = changesetVerdicts([change('data-api', 'docs')], new Map(), true);
    expect(verdicts.map((v) => [v.package, v.needed])).toEqual([
      ['@avalanche-api/conformance', 'patch'],
      ['@avalanche-api/data-client', 'patch'],
    ]);
  });

  test('a draft lists the notable changes and counts the docs ones', () => {
    const text = draftChangeset(
      [change('data-api', 'breaking'), change('data-api', 'docs')],
      'abcdef0123456789',
    );
    expect(text).toContain("'@avalanche-api/data-client': major");
    expect(text).toContain('The specs changed since abcdef012345:');
    expect(text).toContain('1 change touched descriptions or examples only.');
  });
});
