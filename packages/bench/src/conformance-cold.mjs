// One cold start in a fresh process: import the package, load the specs, read the corpus and
// validate its first exchange (time to first result), then the rest of the corpus.
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

const [mode, dir, exclusionsFile] = process.argv.slice(2);
// The first exchange timed is one the specs match: an excluded one may match no operation at
// all and so compile nothing.
const excluded = Object.keys(JSON.parse(await readFile(exclusionsFile, 'utf8')));
const boot = performance.now();
const { Specs, loadRecordings } = await import('@avalanche-api/conformance');
const imported = performance.now();
const specs = await Specs.load(undefined, { precompiled: mode === 'precompiled' });
const loaded = performance.now();
const recordings = await loadRecordings(dir);
const read = performance.now();
const firstIndex = recordings.findIndex((r) => !excluded.includes(r.file));
const firstResult = specs.checkExchange(recordings[firstIndex], { strict: true });
const first = performance.now();
for (const [i, recording] of recordings.entries())
  if (i !== firstIndex) specs.checkExchange(recording, { strict: true });
const pass = performance.now();

// Every service shares one table of ahead-of-time validators: empty when they were not used.
const precompiledValidators = Object.values(specs.rest[0]?.precompiled ?? {}).reduce(
  (n, set) => n + Object.keys(set).length,
  0,
);
process.send?.({
  bootMs: boot,
  importMs: imported - boot,
  loadMs: loaded - imported,
  readMs: read - loaded,
  firstCheckMs: first - read,
  timeToFirstMs: first - boot,
  firstPassMs: pass - read,
  exchanges: recordings.length,
  firstExchange: `${recordings[firstIndex].file} (${firstResult.operation})`,
  precompiledValidators,
});
