// Issues 23 and 31: `check` on captures far larger than memory should need, against its parse
// floor. Captures are built at run time from the corpus's own recordings into a temp dir
// (deleted afterwards): JSON Lines and HAR of 20,000, 400,000 and (when the disk allows)
// 2,000,000 exchanges. On each, the floor (parse-floor.mjs: read, cut, JSON.parse) and `check`
// with default flags run as child processes, interleaved (floor, check, floor, …) so that
// both see the same load; each check is compared with the floors on either side of it. Wall
// time and peak RSS (process.resourceUsage().maxRSS of the child, workers included).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, statfs } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultJobs, jobsFor, loadRecordings, recordingsToHar } from '@avalanche-api/conformance';

const corpus = new URL('../../../specs/recordings/', import.meta.url).pathname;
const cli = new URL('../node_modules/@avalanche-api/conformance/dist/cli.js', import.meta.url)
  .pathname;
const preload = new URL('./max-rss.cjs', import.meta.url).pathname;
const floorScript = new URL('./parse-floor.mjs', import.meta.url).pathname;

/** The corpus without its era-marked and excluded recordings: every exchange passes alone. */
export async function passingRecordings() {
  const keys = async (name) =>
    Object.keys(JSON.parse(await readFile(join(corpus, '..', name), 'utf8')));
  const skip = [
    ...(await keys('recordings-eras.json')),
    ...(await keys('recordings-exclusions.json')),
  ];
  return (await loadRecordings(corpus)).filter(
    (r) => !r.lenient && !skip.some((k) => r.file === k || r.file.endsWith(`/${k}`)),
  );
}

export async function writeCapture(path, kind, n, recordings) {
  const lines =
    kind === 'har'
      ? recordingsToHar(recordings).log.entries.map((e) => JSON.stringify(e))
      : recordings.map(({ file: _file, ...r }) => JSON.stringify(r));
  const out = createWriteStream(path);
  if (kind === 'har')
    out.write('{"log":{"version":"1.2","creator":{"name":"bench","version":"0"},"entries":[\n');
  const sep = kind === 'har' ? ',\n' : '\n';
  for (let i = 0; i < n; i++)
    if (!out.write(`${i > 0 ? sep : ''}${lines[i % lines.length]}`)) await once(out, 'drain');
  out.end(kind === 'har' ? '\n]}}\n' : '\n');
  await once(out, 'finish');
  return (await stat(path)).size;
}

/** Runs a child with the peak-RSS preload; its wall time, peak RSS and exit code. */
async function timed(args, dir) {
  const rssFile = join(dir, 'maxrss');
  const t = performance.now();
  const child = spawn(process.execPath, ['--require', preload, ...args], {
    env: { ...process.env, BENCH_MAXRSS_FILE: rssFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const [code] = await once(child, 'exit');
  const wallMs = performance.now() - t;
  const maxRssKiB = Number(await readFile(rssFile, 'utf8'));
  return { code, wallMs, maxRssKiB, stdout, stderr: stderr.slice(-2000) };
}

const floorRun = (kind, file, dir) => timed([floorScript, kind, file], dir);

/** `check` with default flags (the JSON report to a file, so the summary can be read). */
async function checkRun(file, dir, extra = []) {
  const report = join(dir, 'report.json');
  const r = await timed(
    [cli, 'check', file, ...extra, '--format', 'json', '--output', report],
    dir,
  );
  const summary = JSON.parse(await readFile(report, 'utf8')).summary;
  return { ...r, summary };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * Floor and check on one capture, interleaved: F C F (C F for each more round). A check's
 * ratio is the mean of the floors beside it over its own time.
 */
async function floorAndCheck(kind, file, rounds, dir, log) {
  const floors = [await floorRun(kind, file, dir)];
  const checks = [];
  for (let i = 0; i < rounds; i++) {
    log(`scale:   check round ${i + 1}`);
    checks.push(await checkRun(file, dir));
    floors.push(await floorRun(kind, file, dir));
  }
  const ratios = checks.map((c, i) => (floors[i].wallMs + floors[i + 1].wallMs) / 2 / c.wallMs);
  const best = (xs) => xs.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
  return {
    floor: {
      wallMs: best(floors).wallMs,
      maxRssKiB: Math.max(...floors.map((f) => f.maxRssKiB)),
      exchanges: JSON.parse(floors[0].stdout).exchanges,
    },
    check: { ...best(checks), maxRssKiB: Math.max(...checks.map((c) => c.maxRssKiB)) },
    ratio: median(ratios),
    ratios,
  };
}

/**
 * `--jobs 1`, `--jobs 2` and the default on one capture, interleaved for `rounds`, each round in
 * another order (a fixed order measured the one that always ran first ~25 % faster, same code).
 */
async function jobsCompare(file, rounds, dir, log) {
  const variants = Object.entries({
    'jobs 1': ['--jobs', '1'],
    'jobs 2': ['--jobs', '2'],
    default: [],
  });
  const times = Object.fromEntries(variants.map(([k]) => [k, []]));
  for (let i = 0; i < rounds; i++)
    for (const [name, extra] of [...variants.slice(i % 3), ...variants.slice(0, i % 3)]) {
      log(`scale:   ${name}, round ${i + 1}`);
      const r = await checkRun(file, dir, extra);
      times[name].push({
        wallMs: r.wallMs,
        maxRssKiB: r.maxRssKiB,
        exchanges: r.summary.exchanges,
      });
    }
  return times;
}

/** The sizes run: 20k and 400k always, 2M with room on disk unless `sizes` says otherwise. */
export async function measureCheckScale({ log, sizes }) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-scale-'));
  const recordings = await passingRecordings();
  const { bavail, bsize } = await statfs(dir);
  const freeGiB = (bavail * bsize) / 2 ** 30;
  // ~1.1 kB per HAR entry: 2M is ~2.3 GB, run only with room to spare.
  const plan = sizes ?? [20_000, 400_000, ...(freeGiB > 12 ? [2_000_000] : [])];
  // --jobs compared on 100k JSON Lines exchanges, or fewer when only smaller sizes are asked.
  const jobsAt = Math.min(100_000, Math.max(...plan));
  const rows = [];
  let jobs;
  try {
    for (const kind of ['jsonl', 'har'])
      for (const n of plan) {
        const id = `${kind}-${n >= 1e6 ? `${n / 1e6}m` : `${n / 1e3}k`}`;
        const file = join(dir, `${id}.${kind}`);
        log(`scale: writing ${id}`);
        const bytes = await writeCapture(file, kind, n, recordings);
        log(`scale: floor and check on ${id} (${(bytes / 2 ** 20).toFixed(0)} MiB)`);
        const r = await floorAndCheck(kind, file, n <= 20_000 ? 3 : 1, dir, log);
        await rm(file);
        rows.push({ id, kind, n, bytes, ...r, loadavg: loadavg()[0] });
      }
    {
      const file = join(dir, 'jobs.jsonl');
      log(`scale: --jobs on ${jobsAt} JSON Lines exchanges`);
      await writeCapture(file, 'jsonl', jobsAt, recordings);
      jobs = {
        n: jobsAt,
        cores: availableParallelism(),
        // What the default picks here (every core).
        picked: defaultJobs(),
        // `--jobs 2` is a ceiling: the threads it ran with here.
        pickedFor2: jobsFor(2),
        times: await jobsCompare(file, 5, dir, log),
      };
      await rm(file);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { corpusRecordings: recordings.length, freeGiB: Math.round(freeGiB), rows, jobs };
}

/**
 * Check's steady state, from two sizes of one kind: its rate over the exchanges past the
 * smaller size (code warm by then), that rate against the floor's over the same exchanges,
 * and how much longer the smaller run took than the steady rate gives (Node's start and the
 * JIT's warm-up, which the floor's JSON.parse, native code, does not pay). From the best run
 * of each size; nothing when either is missing or the larger did not take longer.
 */
export function steadyState(scale, from = 400_000, to = 2_000_000) {
  const out = [];
  for (const kind of ['jsonl', 'har']) {
    const small = scale.rows.find((r) => r.kind === kind && r.n === from);
    const large = scale.rows.find((r) => r.kind === kind && r.n === to);
    if (!small || !large) continue;
    const checkMs = large.check.wallMs - small.check.wallMs;
    const floorMs = large.floor.wallMs - small.floor.wallMs;
    if (checkMs <= 0 || floorMs <= 0) continue;
    const rate = ((to - from) / checkMs) * 1000;
    out.push({
      kind,
      from,
      to,
      rate,
      ratio: floorMs / checkMs,
      beyondMs: small.check.wallMs - (from / rate) * 1000,
    });
  }
  return out;
}

/** Issue 31's targets, judged from the rows. */
export function judgeScale(scale) {
  const out = [];
  for (const r of scale.rows) {
    const want = r.kind === 'jsonl' ? 0.5 : 0.4;
    out.push({
      target: `${r.id}: exit 0, all ${r.n} exchanges, check ≥ ${want} of the parse floor's throughput`,
      measured: `exit ${r.check.code}, ${r.check.summary?.exchanges} exchanges, ${r.ratio.toFixed(2)} of the floor`,
      pass: r.check.code === 0 && r.check.summary?.exchanges === r.n && r.ratio >= want,
    });
  }
  for (const kind of ['jsonl', 'har']) {
    const mid = scale.rows.find((r) => r.kind === kind && r.n === 400_000);
    const big = scale.rows.find((r) => r.kind === kind && r.n === 2_000_000);
    if (!mid || !big) continue;
    const budget = 1.5 * mid.check.maxRssKiB + 64 * 1024;
    out.push({
      target: `${kind}: peak RSS at 2M ≤ 1.5× 400k's + 64 MiB`,
      measured: `${(big.check.maxRssKiB / 1024).toFixed(0)} MiB vs ${(budget / 1024).toFixed(0)} MiB`,
      pass: big.check.maxRssKiB <= budget,
    });
  }
  if (scale.jobs) {
    // Medians over rounds that each ran the three in another order.
    const walls = (name) => scale.jobs.times[name].map((t) => t.wallMs);
    const best = (name) => median(walls(name));
    // "Slower" means past the noise: --jobs 1's own spread over its rounds (at least 5 %), so
    // that two runs of the very same thread count are never told apart by a noisy machine.
    const one = walls('jobs 1');
    const noise = Math.max(0.05 * best('jobs 1'), Math.max(...one) - Math.min(...one));
    for (const name of ['jobs 2', 'default'])
      out.push({
        target: `--${name === 'default' ? `jobs default (it picked ${scale.jobs.picked})` : `${name} (it ran ${scale.jobs.pickedFor2 ?? 2})`} no slower than --jobs 1 (${scale.jobs.cores} cores), beyond --jobs 1's own spread`,
        measured: `${(best(name) / 1000).toFixed(1)} s vs ${(best('jobs 1') / 1000).toFixed(1)} s ± ${(noise / 1000).toFixed(1)} s`,
        pass: best(name) <= best('jobs 1') + noise,
      });
  }
  return out;
}
