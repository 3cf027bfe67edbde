// The repository's GitHub workflows and its action, checked the way GitHub would read them, and
// every step they run is something this repository runs too: .ci/run, a root `pnpm` script, or a
// helper script under .github/scripts that the tests below execute against local git remotes and
// a history folder.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
// A schema validator for workflow and action files (SchemaStore's schemas plus GitHub's own
// extra rules: `needs` naming real jobs, glob syntax); writing one here would be worse.
import { validateAction, validateWorkflow } from '@action-validator/core';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const workflowsDir = join(root, '.github/workflows');
const workflows = readdirSync(workflowsDir)
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => ({ file: f, text: readFileSync(join(workflowsDir, f), 'utf8') }));
const run = promisify(execFile);

/** The `run:` lines of every step of every job, one entry per non-empty command line. */
function runLines(doc) {
  return Object.values(doc.jobs ?? {}).flatMap((job) =>
    (job.steps ?? []).flatMap((step) =>
      typeof step.run === 'string'
        ? step.run
            .split('\n')
            .map((l) => l.trim())
            .filter((l) => l && !l.startsWith('#'))
        : [],
    ),
  );
}

describe('workflow and action files', () => {
  test('the four workflows the README describes are there', () => {
    expect(workflows.map((w) => w.file).sort()).toEqual([
      'ci.yml',
      'docs.yml',
      'nightly-contract.yml',
      'release.yml',
    ]);
  });

  test.each(workflows)('$file is a valid workflow', ({ text }) => {
    expect(validateWorkflow(text).errors).toEqual([]);
  });

  test('action.yml is a valid action', () => {
    expect(validateAction(readFileSync(join(root, 'action.yml'), 'utf8')).errors).toEqual([]);
  });

  test('the validator catches a broken workflow (a step key GitHub does not know, a job needing a missing job)', () => {
    const ci = parse(workflows.find((w) => w.file === 'ci.yml').text);
    const broken = structuredClone(ci);
    broken.jobs.ci.steps[0].wiht = { 'fetch-depth': 0 };
    expect(validateWorkflow(JSON.stringify(broken)).errors).not.toEqual([]);
    const orphan = structuredClone(ci);
    orphan.jobs.ci.needs = 'no-such-job';
    expect(validateWorkflow(JSON.stringify(orphan)).errors).not.toEqual([]);
  });
});

describe('what the workflows run', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const ciRun = readFileSync(join(root, '.ci/run'), 'utf8');
  const pnpmPin = /pnpm@(\d+\.\d+\.\d+)/.exec(ciRun)[1];
  const lines = workflows.flatMap(({ file, text }) =>
    runLines(parse(text)).map((line) => ({ file, line })),
  );

  test.each(lines)('$file: `$line` is a command of this repository', ({ line }) => {
    const pnpmScript = /^pnpm (?!install)([\w:-]+)/.exec(line);
    if (pnpmScript) expect(Object.keys(pkg.scripts)).toContain(pnpmScript[1]);
    else if (line.startsWith('npm i -g pnpm@')) expect(line).toBe(`npm i -g pnpm@${pnpmPin}`);
    else if (line.startsWith('bash '))
      expect(existsSync(join(root, line.split(' ')[1]))).toBe(true);
    else expect(line).toMatch(/^pnpm install --frozen-lockfile$/);
  });

  test('CI is .ci/run itself, so the two cannot drift apart', () => {
    expect(lines.filter((l) => l.file === 'ci.yml').map((l) => l.line)).toEqual(['bash .ci/run']);
  });

  test('every helper script a workflow runs is one this file executes', () => {
    const scripts = lines.flatMap((l) => /\.github\/scripts\/([\w.-]+)/.exec(l.line)?.[1] ?? []);
    expect(new Set(scripts)).toEqual(new Set(['push-history.sh', 'build-dashboard.sh']));
  });

  test('the nightly run uses this repository action with the CLI built in the checkout', () => {
    const nightly = parse(workflows.find((w) => w.file === 'nightly-contract.yml').text);
    const step = nightly.jobs.contract.steps.find((s) => s.uses === './');
    expect(existsSync(join(root, step.with.cli))).toBe(true);
    expect(step.with['api-key']).toMatch(/^\$\{\{ secrets\.AVALANCHE_API_KEY \}\}$/);
  });
});

const git = (cwd, ...args) => run('git', args, { cwd });

describe('push-history.sh', () => {
  test('starts the branch on the first run, adds to it later, and says when nothing changed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'history-push-'));
    const remote = join(dir, 'remote.git');
    const checkout = join(dir, 'checkout');
    await git(dir, 'init', '-q', '--bare', remote);
    await mkdir(checkout);
    await git(checkout, 'init', '-q');
    await git(checkout, 'remote', 'add', 'origin', remote);
    const script = join(root, '.github/scripts/push-history.sh');
    const history = join(checkout, 'contract-history');
    await mkdir(join(history, 'runs'), { recursive: true });
    await writeFile(join(history, 'runs/index.jsonl'), '{"id":"first"}\n');

    const first = await run('bash', [script, 'contract-history'], { cwd: checkout });
    expect(first.stdout).toMatch(/pushed \w+ to contract-history/);
    const again = await run('bash', [script, 'contract-history'], { cwd: checkout });
    expect(again.stdout).toContain('nothing new');

    await writeFile(join(history, 'runs/index.jsonl'), '{"id":"first"}\n{"id":"second"}\n');
    await run('bash', [script, 'contract-history'], { cwd: checkout });
    const { stdout: log } = await git(remote, 'log', '--format=%s', 'contract-history');
    expect(log.trim().split('\n')).toHaveLength(2);
    const { stdout: kept } = await git(remote, 'show', 'contract-history:runs/index.jsonl');
    expect(kept).toContain('second');
  });
});

describe('build-dashboard.sh', () => {
  const script = join(root, '.github/scripts/build-dashboard.sh');

  test('without a history it writes a page saying so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dashboard-'));
    const { stdout } = await run('bash', [script, join(dir, 'none'), join(dir, 'out')]);
    expect(stdout).toContain('placeholder');
    expect(await readFile(join(dir, 'out/index.html'), 'utf8')).toContain(
      'No nightly contract run',
    );
  });

  test('with a history it builds the dashboard with the CLI of this checkout', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dashboard-'));
    const history = join(dir, 'runs');
    await mkdir(join(history, 'runs'), { recursive: true });
    const counts = { conforms: 3, drift: 1, notTested: 0, skipped: 0 };
    const entry = (id, time) => ({
      id,
      time,
      target: 'https://data-api.avax.network',
      verdict: 'DRIFT',
      operations: { total: 4, ...counts },
      cases: { total: 4, ...counts },
      coverage: { exercised: 4, total: 4 },
      drifts: ['listBlockchains 500'],
      json: `runs/${id}.json`,
    });
    await writeFile(
      join(history, 'index.jsonl'),
      `${[entry('a', '2026-11-01T03:17:00.000Z'), entry('b', '2026-11-02T03:17:00.000Z')]
        .map((e) => JSON.stringify(e))
        .join('\n')}\n`,
    );
    for (const id of ['a', 'b']) await writeFile(join(history, `runs/${id}.json`), '{}');
    const { stdout } = await run('bash', [script, history, join(dir, 'out')]);
    expect(stdout).toMatch(/dashboard: 2 runs of 1 targets/);
    expect(existsSync(join(dir, 'out/index.html'))).toBe(true);
  });
});
