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

describe('each package bumped for its own users, in the scratch repository', () => {
  const file = (...p) => join(repo, 'specs', ...p);
  const edit = async (path, from, to) => {
    const yaml = await readFile(path, 'utf8');
    expect(yaml).toMatch(from);
    await writeFile(path, yaml.replace(from, to));
  };
  const metricsChangeset = (client, conformance) =>
    writeFile(
      join(repo, '.changeset/last-run.md'),
      `---\n'@avalanche-api/metrics-client': ${client}\n'@avalanche-api/conformance': ${conformance}\n---\n\nThe average TPS answer no longer has lastRun.\n`,
    );
  const verdict = (r, pkg) => JSON.parse(r.stdout).changesets.find((v) => v.package === pkg);

  beforeAll(async () => {
    await git('checkout', '--', 'specs');
    await rm(join(repo, '.changeset/evm-block.md'), { force: true });
  });

  test('"jailed" added to ValidationStatus is breaking for clients: the items carry the filter\'s values', async () => {
    const status = file('data-api/schemas/ValidationStatus.yaml');
    await edit(status, /\n {2}- removed\n/, '\n  - removed\n  - jailed\n');
    const r = await gate('--check-changesets', '--format', 'json');
    await git('checkout', '--', 'specs');
    const report = JSON.parse(r.stdout);
    const uses = report.changes
      .filter((c) => c.operation === 'listValidators')
      .map((c) => [c.rule, c.client, c.server, c.message]);
    expect(uses).toEqual([
      [
        'response-enum-widened',
        'breaking',
        'non-breaking',
        'body.validators[].validationStatus: value "jailed" added',
      ],
      [
        'request-enum-widened',
        'non-breaking',
        'breaking',
        'query.validationStatus: value "jailed" added',
      ],
    ]);
    expect(report.summary.client).toBe('breaking');
    expect(verdict(r, '@avalanche-api/data-client')).toMatchObject({ needed: 'major', ok: false });
    expect(r.code).toBe(1);
  });

  const dropLastRun = async () => {
    const schema = file('metrics-api/schemas/AvgTpsResponse.yaml');
    await edit(schema, 'required: [results, status, lastRun]', 'required: [results, status]');
    await edit(schema, /\n {2}lastRun:\n(?: {4}.*\n)+/, '\n');
  };

  test('lastRun removed from the Metrics answer passes with a major metrics-client and a minor conformance changeset', async () => {
    await dropLastRun();
    await metricsChangeset('major', 'minor');
    const r = await gate('--check-changesets', '--format', 'json');
    expect(JSON.parse(r.stdout).changes).toContainEqual(
      expect.objectContaining({
        rule: 'response-property-removed',
        client: 'breaking',
        server: 'warning',
        message: 'body.lastRun: removed',
      }),
    );
    expect(verdict(r, '@avalanche-api/metrics-client')).toMatchObject({
      audience: 'client',
      needed: 'major',
      given: 'major',
      ok: true,
    });
    expect(verdict(r, '@avalanche-api/conformance')).toMatchObject({
      audience: 'server',
      needed: 'minor',
      given: 'minor',
      ok: true,
    });
    expect(r.stderr).toContain('@avalanche-api/conformance: changesets give minor, minor needed');
    expect(r.code).toBe(0);
  });

  test('the same removal with a patch for metrics-client fails, naming the client column', async () => {
    await metricsChangeset('patch', 'minor');
    const r = await gate('--check-changesets');
    expect(r.stderr).toContain('@avalanche-api/metrics-client needs a major changeset');
    expect(r.stderr).toContain('response-property-removed, breaking for clients');
    expect(r.stderr).not.toContain('@avalanche-api/conformance needs');
    expect(r.code).toBe(1);
  });

  test('--write-changeset writes each package its own bump', async () => {
    await rm(join(repo, '.changeset/last-run.md'));
    const r = await gate('--write-changeset', '--format', 'json');
    const drafted = join(
      repo,
      '.changeset',
      `spec-changes-${JSON.parse(r.stdout).base.slice(0, 7)}.md`,
    );
    const text = await readFile(drafted, 'utf8');
    await rm(drafted);
    await git('checkout', '--', 'specs');
    expect(text).toMatch(
      /^---\n'@avalanche-api\/conformance': minor\n'@avalanche-api\/metrics-client': major\n---\n/,
    );
    expect(text).toContain('body.lastRun: removed (breaking for clients, warning for servers)');
  });

  test('--help states the policy', async () => {
    const r = await gate('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '@avalanche-api/conformance by its level for servers (its verdicts)',
    );
    expect(r.stdout).toContain("the client packages by the change's");
  });
});

describe('changeset verdicts', () => {
  const change = (spec, client) => ({
    spec,
    client,
    server: client,
    operation: 'op',
    rule: 'x',
    message: 'm',
  });
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

  test('every spec change also needs a conformance changeset, by its level for servers', () => {
    const verdicts = changesetVerdicts(
      [
        { ...change('data-api', 'docs'), server: 'docs' },
        { ...change('data-api', 'breaking'), server: 'warning' },
      ],
      new Map(),
      true,
    );
    expect(verdicts.map((v) => [v.package, v.needed])).toEqual([
      ['@avalanche-api/conformance', 'minor'],
      ['@avalanche-api/data-client', 'major'],
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
