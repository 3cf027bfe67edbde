#!/usr/bin/env node
// `pnpm spec:diff`: bundles the specs as they were at a base revision (default: the last
// release) and classifies every change to the working tree's specs with the conformance
// package's differ (one implementation: packages/conformance/src/diff). With
// --check-changesets it fails unless each published package a changed spec feeds has pending
// changesets, added since the base, whose bump covers the change for that package's own users
// (clients by the client column, conformance by the server column; see `bumpPolicy`).
//
//   node scripts/spec-diff.mjs [--base REV] [--check-changesets] [--write-changeset]
//                              [--format text|json|markdown] [--no-build]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { bundleOpenApi, openApiDocuments } from './bundle-specs.mjs';

const tooling = fileURLToPath(new URL('../', import.meta.url));

/** Which published package each bundled spec feeds; conformance carries them all. */
export const feeds = {
  'data-api': ['@avalanche-api/data-client', '@avalanche-api/conformance'],
  'metrics-api': ['@avalanche-api/metrics-client', '@avalanche-api/conformance'],
  'node-rpc': ['@avalanche-api/node-rpc', '@avalanche-api/conformance'],
  'node-health': ['@avalanche-api/node-rpc', '@avalanche-api/conformance'],
};

/** Package folders whose version marks a release. */
export const publishedPackages = ['data-client', 'metrics-client', 'node-rpc', 'conformance'];

/**
 * Whose column of the classification a package is bumped by: its own users'. A client's users
 * call a server, so they feel the client column; the conformance package's users test servers
 * with its verdicts, so they feel the server column. The docs site is not published: no bump.
 */
export const audienceOf = (pkg) => (pkg === '@avalanche-api/conformance' ? 'server' : 'client');

/** The release policy, as `--help` and the README's release section state it. */
export const bumpPolicy =
  "Each published package is bumped for its own users: the client packages by the change's\n" +
  'level for clients, @avalanche-api/conformance by its level for servers (its verdicts), the\n' +
  'docs by neither (not published). breaking → major, warning or non-breaking → minor,\n' +
  'docs → patch; before the first release any bump will do.';

/** The changeset bump a change needs, by its level for the package's audience. */
export const bumpFor = {
  breaking: 'major',
  warning: 'minor',
  'non-breaking': 'minor',
  docs: 'patch',
};
const bumpRank = { none: 0, patch: 1, minor: 2, major: 3 };

export class SpecDiffUsageError extends Error {}

function git(root, args, { allowFail = false, input } = {}) {
  const r = spawnSync('git', ['-C', root, ...args], {
    encoding: input === undefined ? 'utf8' : 'buffer',
    maxBuffer: 256 * 1024 * 1024,
    ...(input === undefined ? {} : { input }),
  });
  if (r.status !== 0) {
    if (allowFail) return undefined;
    throw new Error(`git ${args.join(' ')} failed: ${String(r.stderr).trim()}`);
  }
  return r.stdout;
}

function versionAt(root, rev, file) {
  const text = git(root, ['show', `${rev}:${file}`], { allowFail: true });
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text).version;
  } catch {
    return undefined;
  }
}

/**
 * The base to compare with: the last commit that changed a published package's version (a
 * release), else the first commit that has specs. `released` says which.
 */
export function defaultBase(root) {
  const files = publishedPackages.map((p) => `packages/${p}/package.json`);
  const candidates = git(root, ['log', '--format=%H', '-G"version"', '--', ...files])
    .split('\n')
    .filter(Boolean);
  for (const commit of candidates) {
    for (const file of files) {
      const [before, after] = [versionAt(root, `${commit}^`, file), versionAt(root, commit, file)];
      if (before !== undefined && after !== undefined && before !== after)
        return { rev: commit, released: true };
    }
  }
  const first = git(root, ['rev-list', '--reverse', 'HEAD', '--', 'specs']).split('\n')[0];
  if (!first) throw new SpecDiffUsageError('no commit has specs/; pass --base REV');
  return { rev: first, released: false };
}

/** Bundles the hand-written specs under `specsDir` into `outDir`; the names written. */
export async function bundleSpecs(specsDir, outDir) {
  await mkdir(outDir, { recursive: true });
  const written = [];
  for (const { name, source } of openApiDocuments) {
    if (!existsSync(join(specsDir, source))) continue;
    await bundleOpenApi(join(specsDir, source), join(outDir, `${name}.json`));
    written.push(name);
  }
  if (existsSync(join(specsDir, 'node-rpc/openrpc.yaml'))) {
    const { writeOpenRpc } = await import('./assemble-openrpc.mjs');
    await writeOpenRpc(join(specsDir, 'node-rpc'), join(outDir, 'node-rpc.json'));
    written.push('node-rpc');
  }
  return written;
}

/** Extracts specs/ (without recordings) as it was at `rev` into `dir`; false when it had none. */
function extractSpecs(root, rev, dir) {
  const tar = git(
    root,
    ['archive', '--format=tar', rev, '--', 'specs', ':(exclude)specs/recordings'],
    { allowFail: true, input: '' },
  );
  if (!tar) return false;
  const r = spawnSync('tar', ['-x', '-C', dir], { input: tar });
  if (r.status !== 0) throw new Error(`extracting specs of ${rev} failed: ${r.stderr}`);
  return existsSync(join(dir, 'specs'));
}

async function loadDiffer(build) {
  if (build) {
    const r = spawnSync(
      process.execPath,
      [
        join(tooling, 'node_modules/turbo/bin/turbo'),
        'run',
        'build',
        '--filter=@avalanche-api/conformance',
        '--output-logs=errors-only',
      ],
      { cwd: tooling, stdio: ['ignore', 2, 2] },
    );
    if (r.status !== 0) throw new Error('building @avalanche-api/conformance failed');
  }
  return import(join(tooling, 'packages/conformance/dist/diff/index.js'));
}

/**
 * The classified changes of the specs from `base` (default: the last release) to the working
 * tree of the repository at `root`.
 */
export async function specChanges({ root, base, build = true }) {
  const differ = await loadDiffer(build);
  let rev = base;
  let released = true;
  if (rev === undefined) ({ rev, released } = defaultBase(root));
  const resolved = git(root, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], {
    allowFail: true,
  });
  if (!resolved) throw new SpecDiffUsageError(`--base: ${JSON.stringify(rev)} is not a commit`);
  const at = resolved.trim().slice(0, 12);
  const tmp = await mkdtemp(join(tmpdir(), 'spec-diff-'));
  try {
    const oldDir = join(tmp, 'old');
    const newDir = join(tmp, 'new');
    await mkdir(join(tmp, 'src'), { recursive: true });
    try {
      if (extractSpecs(root, resolved.trim(), join(tmp, 'src')))
        await bundleSpecs(join(tmp, 'src/specs'), oldDir);
      else await mkdir(oldDir, { recursive: true });
    } catch (cause) {
      throw new Error(`the specs at ${at} do not bundle: ${cause.message}`, { cause });
    }
    await bundleSpecs(join(root, 'specs'), newDir);
    const result = await differ.diffPaths(oldDir, newDir);
    return { base: resolved.trim(), released, differ, ...result };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** The pending changesets added since `rev`: file → { package: bump }. */
export async function pendingChangesets(root, rev) {
  const added = git(root, ['diff', '--name-only', '--diff-filter=A', rev, '--', '.changeset'])
    .split('\n')
    .filter(Boolean);
  const untracked = git(root, ['ls-files', '--others', '--exclude-standard', '--', '.changeset'])
    .split('\n')
    .filter(Boolean);
  const out = new Map();
  for (const file of new Set([...added, ...untracked])) {
    if (!file.endsWith('.md') || file.endsWith('README.md')) continue;
    if (!existsSync(join(root, file))) continue;
    const text = await readFile(join(root, file), 'utf8');
    const front = /^---\s*\n([\s\S]*?)\n---/.exec(text);
    const bumps = front ? parseYaml(front[1]) : null;
    out.set(file, bumps && typeof bumps === 'object' ? bumps : {});
  }
  return out;
}

const levelRank = { none: 0, docs: 1, 'non-breaking': 2, warning: 3, breaking: 4 };

/** For each package the changes feed, its most severe change for its own users. */
function worstPerPackage(changes) {
  const packages = new Map();
  for (const change of changes) {
    for (const pkg of feeds[change.spec] ?? ['@avalanche-api/conformance']) {
      const audience = audienceOf(pkg);
      const entry = packages.get(pkg);
      if (!entry || levelRank[change[audience]] > levelRank[entry.change[audience]])
        packages.set(pkg, { change, audience, needed: bumpFor[change[audience]] });
    }
  }
  return [...packages].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * What each published package needs: the bump its most severe spec change for its own users
 * calls for (see `audienceOf`), the change, and the bump its pending changesets give.
 */
export function changesetVerdicts(changes, changesets, released) {
  const verdicts = [];
  for (const [pkg, { change, audience, needed }] of worstPerPackage(changes)) {
    let given = 'none';
    for (const bumps of changesets.values()) {
      const b = bumps[pkg];
      if (b in bumpRank && bumpRank[b] > bumpRank[given]) given = b;
    }
    // Before the first release nobody depends on a version yet: a changeset must exist, any bump.
    const ok = released ? bumpRank[given] >= bumpRank[needed] : given !== 'none';
    verdicts.push({ package: pkg, needed: released ? needed : 'any', given, change, audience, ok });
  }
  return verdicts;
}

function describe(change, audience = 'client') {
  return `${change.spec} ${change.operation}: ${change.message} (${change.rule}, ${change[audience]} for ${audience}s)`;
}

/** A draft changeset for the changes: front matter with the bumps needed, one line per change. */
export function draftChangeset(changes, base) {
  const bumps = worstPerPackage(changes).map(([pkg, { needed }]) => [pkg, needed]);
  const notable = changes
    .filter((c) => c.client !== 'docs')
    .sort((a, b) => levelRank[b.client] - levelRank[a.client]);
  const shown = notable.slice(0, 30);
  const lines = shown.map(
    (c) =>
      `- ${c.spec} \`${c.operation}\`: ${c.message} (${c.client} for clients, ${c.server} for servers).`,
  );
  if (notable.length > shown.length) lines.push(`- and ${notable.length - shown.length} more.`);
  const docs = changes.length - notable.length;
  return [
    '---',
    ...bumps.map(([p, b]) => `'${p}': ${b}`),
    '---',
    '',
    `The specs changed since ${base.slice(0, 12)}${lines.length ? ':' : '.'}`,
    '',
    ...lines,
    ...(docs > 0
      ? ['', `${docs} change${docs === 1 ? '' : 's'} touched descriptions or examples only.`]
      : []),
    '',
  ].join('\n');
}

export async function main(argv, root = process.cwd()) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        base: { type: 'string' },
        'check-changesets': { type: 'boolean' },
        'write-changeset': { type: 'boolean' },
        format: { type: 'string' },
        'no-build': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`spec:diff: ${error.message}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(
      `Usage: pnpm spec:diff [--base REV] [--check-changesets] [--write-changeset] [--format text|json|markdown]\n\n${bumpPolicy}\n`,
    );
    return 0;
  }
  const format = values.format ?? 'text';
  if (!['text', 'json', 'markdown'].includes(format)) {
    process.stderr.write(
      `spec:diff: --format ${JSON.stringify(format)} must be text, json or markdown\n`,
    );
    return 2;
  }
  const top = git(root, ['rev-parse', '--show-toplevel'], { allowFail: true });
  if (!top) {
    process.stderr.write(`spec:diff: ${root} is not inside a git repository\n`);
    return 2;
  }
  const repo = top.trim();
  let result;
  try {
    result = await specChanges({ root: repo, base: values.base, build: !values['no-build'] });
  } catch (error) {
    // A bad base, a spec that does not bundle at it or a document the differ refuses: nothing
    // was compared, which is not a pass.
    process.stderr.write(`spec:diff: ${error.message}\n`);
    return 2;
  }
  const { base, released, changes, summary, differ } = result;
  const where = `specs at ${base.slice(0, 12)} (${released ? 'the base' : 'first commit with specs; no release yet'}) → working tree`;
  let verdicts = [];
  if (values['check-changesets'])
    verdicts = changesetVerdicts(changes, await pendingChangesets(repo, base), released);
  if (format === 'json') {
    const report = JSON.parse(differ.formatDiff(changes, summary, 'json'));
    process.stdout.write(
      `${JSON.stringify({ base, released, ...report, ...(values['check-changesets'] ? { changesets: verdicts.map(({ change, ...v }) => ({ ...v, change: describe(change, v.audience) })) } : {}) }, null, 2)}\n`,
    );
  } else {
    process.stdout.write(`${where}\n${differ.formatDiff(changes, summary, format)}\n`);
  }
  if (values['write-changeset'] && changes.length > 0) {
    const file = join(repo, '.changeset', `spec-changes-${base.slice(0, 7)}.md`);
    await writeFile(file, draftChangeset(changes, base));
    process.stderr.write(`spec:diff: drafted ${file}; edit it before committing\n`);
  }
  let failed = false;
  for (const v of verdicts) {
    if (v.ok) {
      const why =
        v.needed === 'any' ? 'any bump will do before the first release' : `${v.needed} needed`;
      process.stderr.write(`spec:diff: ${v.package}: changesets give ${v.given}, ${why}\n`);
      continue;
    }
    failed = true;
    const need = v.needed === 'any' ? 'a changeset' : `a ${v.needed} changeset`;
    process.stderr.write(
      `spec:diff: ${v.package} needs ${need} (pending changesets since ${base.slice(0, 12)} give ${v.given}) for: ${describe(v.change, v.audience)}\n`,
    );
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
