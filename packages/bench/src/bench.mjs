// Benchmarks of this repository's clients and tools against the peer SDKs and issue 15's targets.
// Prints tables, writes results.json, and with --write-md regenerates RESULTS.md.
// Nothing leaves the machine: clients get an in-process canned fetch. Timings are reported and
// judged against the issue's targets, never asserted by a test.
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { version as esbuildVersion } from 'esbuild';
import { parseBenchArgs, sections, USAGE, UsageError } from './args.mjs';
import { bodySources, loadBodies } from './bodies.mjs';
import { measureBundleSizes } from './bundle-size.mjs';
import { judgeScale, measureCheckScale, steadyState } from './check-scale.mjs';
import { measureConformance } from './conformance.mjs';
import { measureCostPerCall } from './cost-per-call.mjs';
import { bytes, count, ms, renderMarkdown, renderText, times } from './format.mjs';
import { measureProxyCost } from './proxy-cost.mjs';
import { groups, missing, operations, subjects } from './subjects.mjs';
import { bundleBudgets, judgeTargets, mark } from './targets.mjs';
import { measureCheck, measureContract, measureGenerate } from './timings.mjs';

let args;
try {
  args = parseBenchArgs(
    process.argv.slice(2),
    subjects.map((s) => s.id),
  );
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`bench: ${error.message}\n\n${USAGE}\n`);
  process.exit(2);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const { only, chosen, skipped } = args;
/** Floors always run in the cost-per-call groups: every ratio is to them. */
const include = (s) => (!chosen || chosen.has(s.id)) && !skipped?.has(s.id);
const partial = only.size < sections.length || chosen || skipped;

const log = (line) => process.stderr.write(`${line}\n`);
const packageDir = new URL('../', import.meta.url);

async function versionOf(pkg) {
  try {
    const url = new URL(`node_modules/${pkg}/package.json`, packageDir);
    const { version } = JSON.parse(await readFile(url, 'utf8'));
    return pkg.startsWith('@avalanche-api/') ? 'workspace' : version;
  } catch {
    return '';
  }
}

const versions = {};
for (const s of subjects) if (!s.floor) versions[s.pkg] ??= await versionOf(s.pkg);
const byId = new Map(subjects.map((s) => [s.id, s]));
/** `package version (variant)`: the label of a row everywhere. */
const label = (id) => {
  const s = byId.get(id);
  if (!s) return id;
  const version = versions[s.pkg] ? ` ${versions[s.pkg]}` : '';
  return `${s.pkg}${version}${s.variant ? ` (${s.variant})` : ''}`;
};

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    v8: process.versions.v8,
    esbuild: esbuildVersion,
    loadavg: os.loadavg().map((n) => Number(n.toFixed(2))),
  };
}

const apiOrder = ['data-api', 'metrics-api', 'node-rpc'];

/** `data-client (one-call)`: short enough for the targets table; versions are in the others. */
const shortLabel = (id) => {
  const s = byId.get(id);
  const name = s ? s.pkg.replace(/^@avalanche-api\//, '') : id;
  return s?.variant ? `${name} (${s.variant})` : name;
};

function targetsTable(results) {
  const rows = judgeTargets(results, shortLabel);
  return {
    title: 'Issue 15 targets, judged from this run',
    columns: [{ label: 'target' }, { label: 'measured' }, { label: 'verdict' }],
    rows: rows.map((r) => [r.target, r.measured, mark(r.pass)]),
    notes: [
      'Speed: medians over the rounds of calls/s divided by the plain-fetch floor of the same round',
      '(same body, same process kind); "ahead in" counts the rounds where the first made more',
      'calls/s than the second. Bundles: gzip -9 of the one-call app. Timings: median wall time.',
    ],
  };
}

function scaleTable(scale) {
  const mib = (kib) => (kib / 1024).toFixed(0);
  const rate = (n, msTaken) => count(Math.round((n / msTaken) * 1000));
  const verdicts = judgeScale(scale);
  const jobs = scale.jobs
    ? Object.entries(scale.jobs.times).map(
        ([name, runs]) =>
          `--${name === 'default' ? 'jobs (default)' : name}: ${runs.map((r) => `${(r.wallMs / 1000).toFixed(1)} s`).join(', ')}; peak ${mib(Math.max(...runs.map((r) => r.maxRssKiB)))} MiB`,
      )
    : [];
  return {
    title: 'check against its parse floor, streamed captures built from the corpus (issues 23, 31)',
    columns: [
      { label: 'input' },
      { label: 'exchanges', right: true },
      { label: 'size MiB', right: true },
      { label: 'floor /s', right: true },
      { label: 'check /s', right: true },
      { label: 'check ÷ floor', right: true },
      { label: 'floor peak MiB', right: true },
      { label: 'check peak MiB', right: true },
      { label: 'exit', right: true },
      { label: 'load', right: true },
    ],
    rows: scale.rows.map((r) => [
      r.id,
      count(r.n),
      mib(r.bytes / 1024),
      rate(r.n, r.floor.wallMs),
      rate(r.n, r.check.wallMs),
      `${r.ratio.toFixed(2)} (${r.ratios.map((x) => x.toFixed(2)).join(', ')})`,
      mib(r.floor.maxRssKiB),
      mib(r.check.maxRssKiB),
      String(r.check.code),
      r.loadavg.toFixed(1),
    ]),
    notes: [
      'Floor: `node src/parse-floor.mjs KIND FILE` (read, cut at newlines or with the HAR entry scan, JSON.parse each);',
      'check: `avalanche-conformance check FILE --format json --output F` with default flags; both child processes,',
      'Node start included, run interleaved (floor, check, floor, …). Rates from the best run of each; the ratio is',
      'the median over checks of (mean of the floors beside it) ÷ (its time), each ratio in brackets. Peak RSS is',
      "process.resourceUsage().maxRSS, worker threads included. Captures repeat the corpus's",
      `${scale.corpusRecordings} recordings that pass alone; written to a temp dir and deleted after. Load: 1-min load average after the row.`,
      ...(scale.rows.some((r) => r.n === 2_000_000)
        ? []
        : [
            `No 2M-exchange run: ${scale.freeGiB} GiB free disk (needs > 12), or --scale-sizes left it out.`,
          ]),
      ...steadyState(scale).map(
        (s) =>
          `Past ${count(s.from)} (${s.kind}, ${count(s.to)} − ${count(s.from)}): check ${count(Math.round(s.rate))}/s, ${s.ratio.toFixed(2)} of the floor over the same exchanges; at ${count(s.from)} it took ${(s.beyondMs / 1000).toFixed(1)} s longer than that rate gives (Node's start and the JIT's warm-up).`,
      ),
      ...(scale.jobs
        ? [
            '',
            `--jobs on ${count(scale.jobs.n)} JSON Lines exchanges, ${scale.jobs.cores} cores, interleaved, each round in another order; verdicts on the medians:`,
            '',
            ...jobs.map((j) => `- ${j}`),
          ]
        : []),
      '',
      ...verdicts.map((v) => `- ${mark(v.pass)}: ${v.target} — ${v.measured}`),
    ],
  };
}

function proxyTable(p) {
  const us = (x) => `${(x / 1000).toFixed(2)} ms`;
  const verdict = { pass: p.addedP50Us <= 2000 && p.proxyFailures === 0 };
  return {
    title: 'the validating proxy: what it adds to a request (issue 31)',
    columns: [
      { label: 'path' },
      { label: 'p50', right: true },
      { label: 'p99', right: true },
      { label: `req/s (${p.connections} connections)`, right: true },
      { label: 'CPU per request', right: true },
    ],
    rows: [
      [
        'direct to the target',
        us(p.direct.p50),
        us(p.direct.p99),
        count(Math.round(p.directRps)),
        us(p.cpuPerRequestUs.direct),
      ],
      [
        'through the proxy',
        us(p.proxied.p50),
        us(p.proxied.p99),
        count(Math.round(p.proxyRps)),
        us(p.cpuPerRequestUs.proxy),
      ],
      [
        'added by the proxy',
        us(p.addedP50Us),
        us(p.addedP99Us),
        '',
        us(p.cpuPerRequestUs.proxy - p.cpuPerRequestUs.direct),
      ],
    ],
    notes: [
      `GET ${p.path} (a ${p.answerBytes}-byte answer, the corpus's smallest passing GET) from the replay server on`,
      '127.0.0.1; the proxy (startProxy, as the CLI runs it), the target and the client share the bench process, so the',
      "OS's scheduling delay of a third process on a loaded machine is not counted as the proxy's. CPU: user + system of the process.",
      `Latency: ${p.requests} requests each way, one at a time over keep-alive, in alternating blocks of 100.`,
      `Throughput: ${p.connections} requests in flight for a few seconds each way (a hand loop). Findings the proxy printed: ${p.proxyFailures}.`,
      '',
      `- ${mark(verdict.pass)}: the proxy adds at most 2 ms at p50 on a small answer — ${us(p.addedP50Us)}`,
    ],
  };
}

function bundleTable(bundle) {
  const rows = [];
  for (const api of apiOrder) {
    const ours = bundle.rows.find((r) => r.api === api && r.oneCall && !r.error);
    for (const r of bundle.rows.filter((x) => x.api === api)) {
      const budget = bundleBudgets[r.id];
      const note = [
        budget && !r.error
          ? `budget ${bytes(budget)} B: ${r.gzipBytes <= budget ? 'within' : 'OVER'}`
          : '',
        r.external?.length ? `external for the browser: ${r.external.join(', ')}` : '',
        r.error ? `not bundled: ${r.error}` : '',
      ].filter(Boolean);
      rows.push([
        api,
        label(r.id),
        r.error ? '–' : bytes(r.minBytes),
        r.error ? '–' : bytes(r.gzipBytes),
        r.error || !ours ? '–' : times(r.gzipBytes / ours.gzipBytes),
        r.error ? '–' : String(r.modules),
        note.join('; '),
      ]);
    }
    if (bundle.rows.some((x) => x.api === api))
      for (const m of missing.filter((x) => x.api === api))
        rows.push([api, `${m.pkg} ${versions[m.pkg] ?? ''}`, '–', '–', '–', '–', `n/a: ${m.why}`]);
  }
  return {
    title: 'Bundle size of a one-call app (esbuild, bundle + minify, ESM, platform browser)',
    columns: [
      { label: 'API' },
      { label: 'package' },
      { label: 'minified B', right: true },
      { label: 'gzip -9 B', right: true },
      { label: 'gzip vs ours one-call', right: true },
      { label: 'modules', right: true },
      { label: 'note' },
    ],
    rows,
    notes: [
      `Calls: ${apiOrder.map((a) => `${a} ${operations[a]}`).join('; ')}.`,
      'Ours: "one-call" imports the core and the one operation function (the budgets of issue 15',
      'apply to it); "client" is the full createXClient() with every operation.',
      'Peer SDKs use their own equivalent operation; chainkit and avacloud have no v1 avg_tps and',
      "call getMetrics({ metric: 'avgTps' }) (GET /v2/chains/{chainId}/metrics/avgTps).",
      '"external" names Node built-ins left unbundled because the browser build could not resolve',
      'them: the app then does not load in a browser without a shim for that module.',
    ],
  };
}

const ratioText = (r) => (r.ratio ? r.ratio.median.toFixed(2) : '–');
const rangeText = (r) => (r.ratio ? `${r.ratio.min.toFixed(2)}–${r.ratio.max.toFixed(2)}` : '–');

function callsTable(calls, group, bodyBytes) {
  const g = calls.groups.find((x) => x.group === group.id);
  const rows = g.rows.map((r) => {
    const s = byId.get(r.id);
    const ok = !r.error;
    return [
      label(r.id),
      ok ? ratioText(r) : '–',
      ok ? rangeText(r) : '–',
      ok ? count(r.callsPerSec) : '–',
      ok ? r.usPerCall.toFixed(1) : '–',
      ok ? r.cpuUsPerCall.toFixed(1) : '–',
      ok && r.cpuRatio ? r.cpuRatio.median.toFixed(2) : '–',
      [
        s.note,
        s.query ? `sends ${s.query.slice(1)} (its default)` : '',
        ok ? '' : `failed: ${r.error}`,
      ]
        .filter(Boolean)
        .join('; '),
    ];
  });
  for (const m of missing.filter((x) => x.api === group.api))
    rows.push([`${m.pkg} ${versions[m.pkg] ?? ''}`, '–', '–', '–', '–', '–', '–', `n/a: ${m.why}`]);
  return {
    title: `Cost per call: ${group.title} (${bytes(bodyBytes)} B body)`,
    columns: [
      { label: 'package' },
      { label: 'ratio to floor', right: true },
      { label: 'min–max', right: true },
      { label: 'calls/s', right: true },
      { label: 'µs/call', right: true },
      { label: 'CPU µs/call', right: true },
      { label: 'CPU ratio', right: true },
      { label: 'note' },
    ],
    rows,
  };
}

function callsNotes(calls) {
  return [
    `${calls.rounds} interleaved rounds of ${calls.roundMs} ms per subject, after ${calls.warmupMs} ms of warm-up.`,
    'Every subject runs in its own long-lived Node process; the parent runs round r of each in',
    'turn (one process busy at a time). "ratio to floor" is the median over rounds of calls/s',
    "divided by the plain-fetch floor's calls/s in the same round, min–max its range; calls/s,",
    'µs/call (1e6 / calls/s) and CPU µs/call (user + system of the client process) are medians;',
    '"CPU ratio" is the floor\'s CPU µs/call over the subject\'s, per round, median: less moved by',
    'other work on the machine (time spent waiting for a CPU is not counted).',
    'fetch: an in-process canned fetch installed as globalThis.fetch before the SDK loads; it',
    'answers the fixed body (the JSON-RPC id echoed), never touches a network, and records every',
    'request: each row made exactly one request per call, to the expected URL (checked).',
    `Bodies: 1-validator page: ${bodySources.validators1}; 100-validator page: ${bodySources.validators100};`,
    `avg TPS: ${bodySources.avgTps}; getNodeVersion: ${bodySources.getNodeVersion}.`,
    'Peer SDKs: chainkit and avacloud validate every answer against their schemas and have no',
    'switch to turn it off; retries off (retryConfig none), chainkit telemetry off, serverURL on',
    'every call; @avalanche-sdk/client (viem) with retryCount 0 (its default retries 3 times).',
    'Our clients run with their defaults (no response validation) unless the row says',
    '"validate on" (createValidator() from @avalanche-api/data-client/validate).',
  ];
}

function timingsTable(timings) {
  return {
    title: 'Timings, fresh processes from the repository root (Node start included)',
    columns: [
      { label: 'command' },
      { label: 'runs', right: true },
      { label: 'median ms', right: true },
      { label: 'min–max ms', right: true },
      { label: 'target' },
      { label: 'verdict' },
      { label: 'note' },
    ],
    rows: timings.map((t) => [
      t.command,
      String(t.runs),
      count(t.ms.median),
      `${count(t.ms.min)}–${count(t.ms.max)}`,
      `< ${t.targetMs >= 1000 ? `${t.targetMs / 1000} s` : `${t.targetMs} ms`}`,
      mark(!t.problem && t.ms.median < t.targetMs),
      [
        t.verdict,
        t.classes &&
          `${t.requests} requests: ${Object.entries(t.classes)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}; ${t.operations?.conforms}/${t.operations?.total} operations conform`,
        t.tasks && `turbo tasks: ${t.tasks}`,
        t.problem,
      ]
        .filter(Boolean)
        .join('; '),
    ]),
    notes: [
      'Wall clock from spawning the command to its exit. check: the conformance CLI over the corpus.',
      'pnpm contract: the conformance package build (a turbo cache hit) then every case class against',
      "the in-process replay server. pnpm generate --force: turbo's cache bypassed, so every generate",
      'task runs again with the tasks it depends on.',
    ],
  };
}

function conformanceTables(conf) {
  const { throughput, coldStart } = conf;
  const sorted = [...throughput.rounds].sort((a, b) => a - b);
  const cold = (mode, name) => {
    const c = coldStart[mode];
    return [
      name,
      String(c.precompiledValidators),
      ms(c.importMs, 1),
      ms(c.loadMs, 1),
      ms(c.readMs, 1),
      ms(c.firstCheckMs, 2),
      ms(c.timeToFirstMs, 1),
      ms(c.firstPassMs, 1),
      ms(c.timeToFirstMs - c.firstCheckMs + c.firstPassMs, 1),
    ];
  };
  return [
    {
      title: 'Conformance validation throughput (warm, in-process, strict)',
      columns: [
        { label: 'corpus' },
        { label: 'exchanges', right: true },
        { label: 'pass strict', right: true },
        { label: 'exchanges/s (median)', right: true },
        { label: 'min–max of runs', right: true },
      ],
      rows: [
        [
          conf.corpus,
          String(conf.exchanges),
          String(conf.passing),
          count(throughput.exchangesPerSec),
          `${count(sorted[0])}–${count(sorted.at(-1))}`,
        ],
      ],
      notes: [
        `Specs.load(), loadRecordings(), then specs.checkExchange(rec, { strict: true }) over the whole`,
        `corpus in passes: ${conf.warmupMs} ms of warm-up, then ${throughput.rounds.length} rounds of ${conf.roundMs} ms.`,
        `Not passing: ${conf.failing.join(', ') || 'none'}. The library does not apply`,
        'specs/recordings-exclusions.json, which leaves data-api/error-bad-request.1.json out on purpose.',
      ],
    },
    {
      title: `Conformance cold start (fresh process each, median of ${coldStart.precompiled.samples.length}, ms)`,
      columns: [
        { label: 'validators' },
        { label: 'ahead of time', right: true },
        { label: 'import', right: true },
        { label: 'Specs.load', right: true },
        { label: 'read corpus', right: true },
        { label: '1st check', right: true },
        { label: 'time to first result', right: true },
        { label: 'whole corpus, 1st pass', right: true },
        { label: 'time to all results', right: true },
      ],
      rows: [
        cold('precompiled', 'precompiled (Specs.load())'),
        cold('runtime', 'compiled at run time ({ precompiled: false })'),
      ],
      notes: [
        'Timed from the first line of the script (Node already started) to the first checkExchange',
        `result (import + Specs.load + loadRecordings + one check, of ${conf.firstExchange}),`,
        'and to the last result of the first pass over the corpus. Precompiled: Specs.load imports',
        'every ahead-of-time validator up front. At run time: each schema compiles on its first use,',
        'which the first check and the first pass pay.',
      ],
    },
  ];
}

const started = performance.now();
const info = machine();
log(
  `machine: ${info.cpus} × ${info.cpuModel}, ${info.memoryGiB} GiB, ${info.platform}, node ${info.node}, load ${info.loadavg.join(' ')}`,
);
const results = { date: new Date().toISOString(), machine: info, partial: Boolean(partial) };
const detail = [];

/** Seconds per table, so a run that outgrows its budget shows where. */
const seconds = {};
const timedSection = async (name, run) => {
  const t = performance.now();
  await run();
  seconds[name] = Number(((performance.now() - t) / 1000).toFixed(1));
};

if (only.has('bundle'))
  await timedSection('bundle', async () => {
    results.bundle = await measureBundleSizes({ include, log });
    detail.push(bundleTable(results.bundle));
  });
if (only.has('calls'))
  await timedSection('calls', async () => {
    results.calls = await measureCostPerCall({
      rounds: args.rounds,
      roundMs: args.roundMs,
      warmupMs: args.warmupMs,
      include,
      log,
    });
    const bodies = await loadBodies();
    const ran = groups.filter((g) => results.calls.groups.some((x) => x.group === g.id));
    for (const g of ran)
      detail.push(callsTable(results.calls, g, JSON.stringify(bodies[g.body]).length));
    if (ran.length) detail.at(-1).notes = callsNotes(results.calls);
  });
if (only.has('conformance'))
  await timedSection('conformance', async () => {
    results.conformance = await measureConformance({
      runs: 5,
      coldRuns: 5,
      warmupMs: 3000,
      roundMs: 400,
      log,
    });
    detail.push(...conformanceTables(results.conformance));
  });
// Last: `pnpm generate --force` rebuilds what generate depends on, so nothing else runs meanwhile.
if (only.has('timings'))
  await timedSection('timings', async () => {
    results.timings = [
      await measureCheck({ runs: args.checkRuns, log }),
      await measureContract({ runs: args.timingRuns, log }),
      await measureGenerate({ runs: args.timingRuns, log }),
    ];
    detail.push(timingsTable(results.timings));
  });
if (only.has('proxy'))
  await timedSection('proxy', async () => {
    results.proxy = await measureProxyCost({ log });
    detail.push(proxyTable(results.proxy));
  });
// After the timings, so the large captures' disk and CPU load do not skew them.
if (only.has('scale'))
  await timedSection('scale', async () => {
    results.scale = await measureCheckScale({ log, sizes: args.scaleSizes });
    detail.push(scaleTable(results.scale));
  });
results.seconds = seconds;
results.versions = versions;
results.machine.loadavgAtEnd = os.loadavg().map((n) => Number(n.toFixed(2)));
results.totalSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
const tables = [targetsTable(results), ...detail];
const sectionTimes = Object.entries(seconds)
  .map(([name, n]) => `${name} ${n} s`)
  .join(', ');

const header = [
  `Machine: ${info.cpus} CPUs (${info.cpuModel}), ${info.memoryGiB} GiB, ${info.platform}`,
  `Node ${info.node} (V8 ${info.v8}), esbuild ${info.esbuild}`,
  `Load average (1, 5, 15 min) at start ${info.loadavg.join(' ')} (well above 0 means other work shared the CPUs), at end ${info.loadavgAtEnd.join(' ')} (the benchmark's own processes included)`,
];
console.log(
  [
    header.join('\n'),
    ...tables.map(renderText),
    `Total ${results.totalSeconds} s (${sectionTimes}).`,
  ].join('\n\n'),
);

await writeFile(new URL('results.json', packageDir), `${JSON.stringify(results, null, 2)}\n`);
log('wrote results.json');

if (args.writeMd) {
  const md = [
    '# Benchmark results',
    '',
    '<!-- Generated by `pnpm bench --write-md` (node src/bench.mjs --write-md in packages/bench); do not edit by hand. -->',
    '',
    `One full run on ${results.date.slice(0, 10)}. What each table measures and how to read it: [README.md](./README.md).`,
    '',
    ...header.map((l) => `- ${l}`),
    '',
    tables.map(renderMarkdown).join('\n\n'),
    '',
    `Total run time ${results.totalSeconds} s (${sectionTimes}).`,
    '',
  ].join('\n');
  await writeFile(new URL('RESULTS.md', packageDir), md);
  log('wrote RESULTS.md');
}
