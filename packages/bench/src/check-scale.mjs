// Issue 23: `check` on captures far larger than memory should need. Captures are built at
// run time from the corpus's own recordings into a temp dir (deleted afterwards): a 20,000-
// and a 400,000-exchange HAR, 100,000 exchanges as JSON Lines and, when the disk allows, a
// 2,000,000-exchange HAR. Each is checked by the CLI in a child process; wall time and peak
// RSS (process.resourceUsage().maxRSS of that child, worker threads included) are recorded.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRecordings, recordingsToHar } from '@avalanche-api/conformance';

const corpus = new URL('../../../specs/recordings/', import.meta.url).pathname;
const cli = new URL('../node_modules/@avalanche-api/conformance/dist/cli.js', import.meta.url)
  .pathname;
const preload = new URL('./max-rss.cjs', import.meta.url).pathname;

/** The corpus without its era-marked and excluded recordings: every exchange passes alone. */
async function passingRecordings() {
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

async function writeCapture(path, kind, n, recordings) {
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

async function runCheck(file, dir) {
  const rssFile = join(dir, 'maxrss');
  const report = join(dir, 'report.json');
  const t = performance.now();
  const child = spawn(
    process.execPath,
    ['--require', preload, cli, 'check', file, '--strict', '--format', 'json', '--output', report],
    { env: { ...process.env, BENCH_MAXRSS_FILE: rssFile }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const [code] = await once(child, 'exit');
  const wallMs = performance.now() - t;
  const maxRssKiB = Number(await readFile(rssFile, 'utf8'));
  const summary = JSON.parse(await readFile(report, 'utf8')).summary;
  return { code, wallMs, maxRssKiB, summary, stderr: stderr.slice(-2000) };
}

export async function measureCheckScale({ log }) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-scale-'));
  const recordings = await passingRecordings();
  const { bavail, bsize } = await statfs(dir);
  const freeGiB = (bavail * bsize) / 2 ** 30;
  const plan = [
    { id: 'har-20k', kind: 'har', n: 20_000 },
    { id: 'har-400k', kind: 'har', n: 400_000 },
    { id: 'jsonl-100k', kind: 'jsonl', n: 100_000 },
    // ~1.1 kB per entry: 2M is ~2.3 GB, run only with room to spare.
    ...(freeGiB > 12 ? [{ id: 'har-2m', kind: 'har', n: 2_000_000 }] : []),
  ];
  const rows = [];
  try {
    for (const p of plan) {
      const file = join(dir, `${p.id}.${p.kind}`);
      log(`scale: writing ${p.id}`);
      const bytes = await writeCapture(file, p.kind, p.n, recordings);
      log(`scale: checking ${p.id} (${(bytes / 2 ** 20).toFixed(0)} MiB)`);
      const r = await runCheck(file, dir);
      await rm(file);
      rows.push({ ...p, bytes, ...r, usPerExchange: (r.wallMs * 1000) / p.n });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { corpusRecordings: recordings.length, freeGiB: Math.round(freeGiB), rows };
}

/** Issue 23's targets, judged from the rows. */
export function judgeScale(scale) {
  const row = (id) => scale.rows.find((r) => r.id === id);
  const small = row('har-20k');
  const out = [];
  for (const id of ['har-400k', 'har-2m']) {
    const big = row(id);
    if (!big || !small) continue;
    const rssBudget = 1.5 * small.maxRssKiB + 64 * 1024;
    out.push({
      target: `${id}: exit 0, peak RSS ≤ 1.5× har-20k's + 64 MiB, time per exchange ≤ 1.5× har-20k's`,
      measured: `exit ${big.code}; ${(big.maxRssKiB / 1024).toFixed(0)} MiB vs budget ${(rssBudget / 1024).toFixed(0)} MiB; ${big.usPerExchange.toFixed(1)} µs vs ${(1.5 * small.usPerExchange).toFixed(1)} µs`,
      pass:
        big.code === 0 &&
        big.maxRssKiB <= rssBudget &&
        big.usPerExchange <= 1.5 * small.usPerExchange,
    });
  }
  const lines = row('jsonl-100k');
  if (lines)
    out.push({
      target: 'jsonl-100k: exit 0, summary.exchanges 100000',
      measured: `exit ${lines.code}, summary.exchanges ${lines.summary?.exchanges}`,
      pass: lines.code === 0 && lines.summary?.exchanges === 100_000,
    });
  return out;
}
