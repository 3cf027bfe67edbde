// Benchmarks of this repository's clients and conformance package against the peer SDKs.
// Prints tables, writes results.json, and with --write-md regenerates RESULTS.md.
// Only ever talks to 127.0.0.1. Timings are reported, never asserted.
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { version as esbuildVersion } from 'esbuild';
import { bodySources } from './bodies.mjs';
import { measureBundleSizes } from './bundle-size.mjs';
import { measureClientOverhead } from './client-overhead.mjs';
import { measureConformance } from './conformance.mjs';
import { measureContract } from './contract.mjs';
import { bytes, count, ms, renderMarkdown, renderText, times } from './format.mjs';
import { median } from './stats.mjs';
import { missing, operations } from './subjects.mjs';

const { values: args } = parseArgs({
  options: {
    'write-md': { type: 'boolean', default: false },
    only: { type: 'string', default: 'bundle,calls,conformance,contract' },
    calls: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '300' },
  },
});
const only = new Set(args.only.split(','));
for (const name of only)
  if (!['bundle', 'calls', 'conformance', 'contract'].includes(name))
    throw new Error(`--only takes bundle, calls, conformance, contract; got ${name}`);
for (const name of ['calls', 'runs', 'warmup'])
  if (!/^\d+$/.test(args[name]) || (name !== 'warmup' && Number(args[name]) === 0))
    throw new Error(`--${name} takes a whole number${name === 'warmup' ? '' : ' above 0'}`);
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
const label = async (pkg) => {
  if (pkg.includes('(')) return pkg;
  versions[pkg] ??= await versionOf(pkg);
  return `${pkg} ${versions[pkg]}`;
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

async function bundleTable(bundle) {
  const rows = [];
  for (const api of apiOrder) {
    const ours = bundle.rows.find((r) => r.api === api && r.ours);
    for (const r of bundle.rows.filter((x) => x.api === api)) {
      const note = [
        r.external?.length ? `external for the browser: ${r.external.join(', ')}` : '',
        r.error ? `not bundled: ${r.error}` : '',
      ].filter(Boolean);
      rows.push([
        api,
        await label(r.pkg),
        r.error ? '–' : bytes(r.minBytes),
        r.error ? '–' : bytes(r.gzipBytes),
        r.error || !ours?.gzipBytes ? '–' : times(r.gzipBytes / ours.gzipBytes),
        r.error ? '–' : String(r.modules),
        note.join('; '),
      ]);
    }
    for (const m of missing.filter((x) => x.api === api))
      rows.push([api, await label(m.pkg), '–', '–', '–', '–', `n/a: ${m.why}`]);
  }
  return {
    title: 'Bundle size of a one-call app (esbuild, bundle + minify, ESM, platform browser)',
    columns: [
      { label: 'API' },
      { label: 'package' },
      { label: 'minified B', right: true },
      { label: 'gzip -9 B', right: true },
      { label: 'gzip vs ours', right: true },
      { label: 'modules', right: true },
      { label: 'note' },
    ],
    rows,
    notes: [
      `Calls: ${apiOrder.map((a) => `${a} ${operations[a]}`).join('; ')}.`,
      'Peer SDKs use their own equivalent operation; chainkit and avacloud have no v1 avg_tps and',
      "call getMetrics({ metric: 'avgTps' }) (GET /v2/chains/{chainId}/metrics/avgTps).",
      '"external" names Node built-ins left unbundled because the browser build could not resolve',
      'them: the app then does not load in a browser without a shim for that module.',
    ],
  };
}

/** Median relative spread of calls/s between the runs of each row, as a percentage. */
function spread(rows) {
  const spreads = rows
    .filter((r) => r.rounds?.length > 1)
    .map((r) => {
      const values = r.rounds.map((x) => x.callsPerSec);
      return (Math.max(...values) - Math.min(...values)) / r.callsPerSec;
    });
  return spreads.length ? `${(median(spreads) * 100).toFixed(0)}%` : 'n/a (one run)';
}

const signed = (n) => {
  const rounded = Math.round(n);
  return rounded === 0 ? '±0' : `${rounded < 0 ? '−' : '+'}${count(Math.abs(rounded))}`;
};

async function callsTable(calls) {
  const rows = [];
  for (const api of apiOrder) {
    const floor = calls.rows.find((r) => r.api === api && r.floor && !r.error);
    for (const r of calls.rows.filter((x) => x.api === api)) {
      const ok = !r.error;
      rows.push([
        api,
        await label(r.pkg),
        ok ? count(r.callsPerSec) : '–',
        ok ? count(r.p50Ms * 1000) : '–',
        ok ? count(r.p99Ms * 1000) : '–',
        ok ? count(r.cpuUsPerCall) : '–',
        ok && floor && !r.floor ? signed(r.cpuUsPerCall - floor.cpuUsPerCall) : '',
        [r.note, r.error ? `failed: ${r.error}` : ''].filter(Boolean).join('; '),
      ]);
    }
    for (const m of missing.filter((x) => x.api === api))
      rows.push([api, await label(m.pkg), '–', '–', '–', '–', '', `n/a: ${m.why}`]);
  }
  return {
    title: `Client overhead per call (${calls.runs} runs of ${calls.calls} sequential calls, each after ${calls.warmup} warm-up calls; medians of the runs)`,
    columns: [
      { label: 'API' },
      { label: 'package' },
      { label: 'calls/s', right: true },
      { label: 'p50 µs', right: true },
      { label: 'p99 µs', right: true },
      { label: 'client CPU µs/call', right: true },
      { label: 'CPU over fetch', right: true },
      { label: 'note' },
    ],
    rows,
    notes: [
      `Run-to-run spread: calls/s of one row varied by ${spread(calls.rows)} (median over rows of`,
      '(max − min) / median); differences smaller than that are noise on this machine.',
      'Every run starts the client in a fresh Node process (clients take turns); the server is',
      'node:http on 127.0.0.1 in another process, answering fixed bodies (the JSON-RPC id echoed).',
      'Checked for every row: the first answer parsed as expected, and the server saw exactly the',
      'requests the client made. "client CPU" is user + system time of the client process per call,',
      'the client library plus Node\'s fetch; "CPU over fetch" subtracts the plain-fetch floor.',
      `Bodies: listValidators ${bodySources.listValidators}; avg TPS ${bodySources.avgTps};`,
      `getNodeVersion ${bodySources.getNodeVersion}.`,
      'Peer SDKs: retries off (chainkit/avacloud retryConfig none), chainkit telemetry off, serverURL',
      'passed on every call. Our clients run with their defaults. "fetch (floor)" is plain fetch +',
      'res.json() of the same request.',
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
  `machine: ${info.cpus} × ${info.cpuModel}, ${info.memoryGiB} GiB, ${info.platform}, node ${info.node}`,
);
const results = { date: new Date().toISOString(), machine: info };
const tables = [];

if (only.has('bundle')) {
  results.bundle = await measureBundleSizes({ log });
  tables.push(await bundleTable(results.bundle));
}
if (only.has('calls')) {
  results.calls = await measureClientOverhead({
    calls: Number(args.calls),
    runs: Number(args.runs),
    warmup: Number(args.warmup),
    log,
  });
  tables.push(await callsTable(results.calls));
}
if (only.has('conformance')) {
  results.conformance = await measureConformance({
    runs: 5,
    coldRuns: 5,
    warmupMs: 3000,
    roundMs: 400,
    log,
  });
  tables.push(...conformanceTables(results.conformance));
}
if (only.has('contract')) {
  const c = await measureContract({ runs: 3, log });
  results.contract = c;
  tables.push({
    title: 'Contract run (all case classes, default bounds, replay target)',
    columns: [
      { label: 'command' },
      { label: 'requests', right: true },
      { label: 'by class' },
      { label: 'verdict' },
      { label: 'wall ms (median of 3)', right: true },
    ],
    rows: [
      [
        c.command,
        String(c.requests),
        Object.entries(c.classes)
          .map(([k, n]) => `${k} ${n}`)
          .join(', '),
        `${c.operations.conforms}/${c.operations.total} operations conform`,
        ms(c.wallMs.median, 0),
      ],
    ],
    notes: [
      'Wall clock of the CLI process, start to exit: loading the specs and corpus, starting the replay server, generating and sending every case.',
    ],
  });
}
results.versions = versions;
results.machine.loadavgAtEnd = os.loadavg().map((n) => Number(n.toFixed(2)));
results.totalSeconds = Number(((performance.now() - started) / 1000).toFixed(1));

const header = [
  `Machine: ${info.cpus} CPUs (${info.cpuModel}), ${info.memoryGiB} GiB, ${info.platform}`,
  `Node ${info.node} (V8 ${info.v8}), esbuild ${info.esbuild}`,
  `Load average (1, 5, 15 min) at start ${info.loadavg.join(' ')} (well above 0 means other work shared the CPUs), at end ${info.loadavgAtEnd.join(' ')} (the benchmark's own processes included)`,
];
console.log(
  [...header, '', ...tables.map(renderText), `Total ${results.totalSeconds} s.`].join('\n\n'),
);

await writeFile(new URL('results.json', packageDir), `${JSON.stringify(results, null, 2)}\n`);
log('wrote results.json');

if (args['write-md']) {
  const md = [
    '# Benchmark results',
    '',
    '<!-- Generated by `node src/bench.mjs --write-md` in packages/bench; do not edit by hand. -->',
    '',
    `One full run on ${results.date.slice(0, 10)}. What each table measures and how to read it: [README.md](./README.md).`,
    '',
    ...header.map((l) => `- ${l}`),
    '',
    tables.map(renderMarkdown).join('\n\n'),
    '',
    `Total run time ${results.totalSeconds} s.`,
    '',
  ].join('\n');
  await writeFile(new URL('RESULTS.md', packageDir), md);
  log('wrote RESULTS.md');
}
