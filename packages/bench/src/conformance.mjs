// Conformance validation: exchanges validated per second over the recordings corpus (warm,
// in-process), and cold start with the ahead-of-time validators against compiling at run time.
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { loadRecordings, Specs } from '@avalanche-api/conformance';
import { recordingsDir, repoRoot } from './bodies.mjs';
import { median, medianOf } from './stats.mjs';

/** Validates the whole corpus in passes for at least `ms`; returns exchanges per second. */
function throughput(specs, recordings, ms) {
  let exchanges = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (const recording of recordings) specs.checkExchange(recording, { strict: true });
    exchanges += recordings.length;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  return (exchanges / elapsed) * 1000;
}

const exclusions = `${repoRoot}specs/recordings-exclusions.json`;

function coldStart(mode) {
  const child = fork(
    new URL('./conformance-cold.mjs', import.meta.url),
    [mode, recordingsDir, exclusions],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    let result;
    child.on('message', (m) => {
      result = m;
    });
    child.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`cold start (${mode}) exited with ${code}`)),
    );
  });
}

const coldKeys = [
  'bootMs',
  'importMs',
  'loadMs',
  'readMs',
  'firstCheckMs',
  'timeToFirstMs',
  'firstPassMs',
];

export async function measureConformance({ runs, coldRuns, warmupMs, roundMs, log }) {
  log('  conformance: throughput');
  const specs = await Specs.load();
  const recordings = await loadRecordings(recordingsDir);
  const results = recordings.map((r) => specs.checkExchange(r, { strict: true }));
  // The rate keeps climbing for about 2.5 s (JIT tiers) before it levels off.
  throughput(specs, recordings, warmupMs);
  const rounds = [];
  for (let i = 0; i < runs; i++) rounds.push(throughput(specs, recordings, roundMs));

  const cold = { precompiled: [], runtime: [] };
  for (let i = 0; i < coldRuns; i++) {
    // Alternated, so a slow moment of the machine does not land on one side only.
    for (const mode of ['precompiled', 'runtime']) {
      log(`  conformance: cold start ${mode} ${i + 1}/${coldRuns}`);
      cold[mode].push(await coldStart(mode));
    }
  }
  return {
    corpus: 'specs/recordings',
    exchanges: recordings.length,
    firstExchange: cold.precompiled[0]?.firstExchange,
    passing: results.filter((r) => r.ok).length,
    failing: results.filter((r) => !r.ok).map((r) => r.file),
    strict: true,
    warmupMs,
    roundMs,
    throughput: { rounds, exchangesPerSec: median(rounds) },
    coldStart: Object.fromEntries(
      Object.entries(cold).map(([mode, samples]) => [
        mode,
        {
          ...medianOf(samples, coldKeys),
          precompiledValidators: samples[0].precompiledValidators,
          samples,
        },
      ]),
    ),
  };
}
