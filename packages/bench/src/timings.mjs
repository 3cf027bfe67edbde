// Wall-clock timings of the commands issue 15 sets targets for, each in fresh processes from the
// repository root, Node's (and pnpm's) start included: `check` over the corpus, `pnpm contract`
// against the in-process replay server with every case class, and `pnpm generate` with turbo's
// cache bypassed (`--force`, so every generate task and what it depends on runs again).
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { repoRoot } from './bodies.mjs';
import { spread } from './stats.mjs';

/** The case classes `contract` knows; "every case class" means each of them sent at least once. */
export const caseClasses = ['recorded', 'example', 'generated', 'negative', 'page', 'linked'];

// pnpm as the user runs it; under `pnpm bench` npm_execpath names the very pnpm running us.
const pnpm = process.env.npm_execpath?.includes('pnpm')
  ? [process.execPath, process.env.npm_execpath]
  : ['pnpm'];

function timed(file, args) {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(file, args, { cwd: repoRoot, maxBuffer: 256 << 20 }, (error, stdout, stderr) => {
      resolve({
        ms: performance.now() - started,
        code: error ? (error.code ?? 1) : 0,
        stdout,
        stderr,
      });
    });
  });
}

const tail = (text) => text.trim().split('\n').at(-1) ?? '';

/** One timing row: the samples' median and range, and the first problem seen, if any. */
function row(name, command, targetMs, samples, problem) {
  const ms = samples.map((s) => s.ms);
  return { name, command, targetMs, runs: ms.length, ms: spread(ms), samples: ms, problem };
}

export async function measureCheck({ runs, log }) {
  const args = ['packages/conformance/dist/cli.js', 'check', 'specs/recordings'];
  const samples = [];
  let problem;
  for (let i = 0; i < runs; i++) {
    log(`  timings: check ${i + 1}/${runs}`);
    const r = await timed(process.execPath, args);
    samples.push(r);
    if (r.code !== 0) problem ??= `exit ${r.code}: ${tail(r.stderr || r.stdout)}`;
  }
  const verdict = samples.at(-1)?.stdout.match(/^\d+ passed.*$/m)?.[0];
  return { ...row('check', `node ${args.join(' ')}`, 500, samples, problem), verdict };
}

/** Judges a contract report: it must have sent cases of every class. */
export function contractProblem(summary) {
  if (!summary) return 'no JSON report on stdout';
  const absent = caseClasses.filter((k) => !(summary.classes?.[k] > 0));
  return absent.length ? `no case sent of class ${absent.join(', ')}` : undefined;
}

export async function measureContract({ runs, log }) {
  const samples = [];
  let problem;
  let summary;
  for (let i = 0; i < runs; i++) {
    log(`  timings: pnpm contract ${i + 1}/${runs}`);
    const r = await timed(pnpm[0], [...pnpm.slice(1), 'contract', '--format', 'json']);
    samples.push(r);
    // Exit 1 (drift) still prints a report: the time counts, the verdict is shown.
    try {
      summary = JSON.parse(r.stdout).summary;
    } catch {
      summary = undefined;
    }
    problem ??= contractProblem(summary);
  }
  return {
    ...row(
      'contract',
      'pnpm contract --format json (replay, every case class)',
      15_000,
      samples,
      problem,
    ),
    requests: summary?.requests,
    classes: summary?.classes,
    operations: summary?.operations,
  };
}

export async function measureGenerate({ runs, log }) {
  const samples = [];
  let problem;
  for (let i = 0; i < runs; i++) {
    log(`  timings: pnpm generate --force ${i + 1}/${runs}`);
    const r = await timed(pnpm[0], [...pnpm.slice(1), 'generate', '--force']);
    samples.push(r);
    if (r.code !== 0) problem ??= `exit ${r.code}: ${tail(r.stderr || r.stdout)}`;
  }
  const tasks = samples
    .at(-1)
    ?.stdout.match(/Tasks:\s+(.*)/)?.[1]
    ?.trim();
  return { ...row('generate', 'pnpm generate --force', 3000, samples, problem), tasks };
}
