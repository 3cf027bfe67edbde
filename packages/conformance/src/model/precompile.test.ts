// The ahead-of-time validators in dist/ (built by `pnpm build`) are used by the CLI and
// agree with validators compiled at run time.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type * as Api from '../index.js';

const dist = (await import(new URL('../../dist/index.js', import.meta.url).href)) as typeof Api;
const corpus = new URL('../../../../specs/recordings/', import.meta.url).pathname;
const recordings = await dist.loadRecordings(corpus);
/** The exchanges the corpus leaves out on purpose, which need not pass. */
const excluded = Object.keys(
  JSON.parse(await readFile(new URL('../recordings-exclusions.json', `file://${corpus}`), 'utf8')),
);

// Counts the relaxed views the era marks need too (their validators are precompiled as well).
const builtAtRunTime = (specs: Api.Specs): number =>
  [...specs.rest, ...specs.rpc]
    .flatMap((s) => [...s.sets.values()])
    .reduce((n, set) => n + set.built.size, 0) +
  [...specs.relaxed.values()].reduce((n, view) => n + builtAtRunTime(view), 0);

test('checking the corpus with the bundled specs compiles nothing at run time', async () => {
  const specs = await dist.Specs.load();
  for (const strict of [true, false]) {
    const failing = recordings
      .filter((r) => !specs.checkExchange(r, { strict }).ok)
      .map((r) => r.file);
    expect(failing.filter((file) => !excluded.includes(file))).toEqual([]);
  }
  // The corpus's era marks relax the documents for several recordings.
  expect(specs.relaxed.size).toBeGreaterThan(1);
  expect(builtAtRunTime(specs)).toBe(0);
});

test('precompiled and run-time validators give the same verdicts and messages', async () => {
  const aot = await dist.Specs.load();
  const jit = await dist.Specs.load(undefined, { precompiled: false });
  for (const r of recordings) {
    const broken = structuredClone(r);
    if (broken.response.body && typeof broken.response.body === 'object') {
      (broken.response.body as Record<string, unknown>).surprise = 1;
    }
    for (const rec of [r, broken]) {
      expect(aot.checkExchange(rec, { strict: true })).toEqual(
        jit.checkExchange(rec, { strict: true }),
      );
    }
  }
  expect(builtAtRunTime(jit)).toBeGreaterThan(0);
});

test('a spec that differs from the one compiled falls back to run-time compilation', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'specs-'));
  await cp(dist.defaultSpecDir, dir, { recursive: true });
  const file = join(dir, 'metrics-api.json');
  const doc = JSON.parse(await readFile(file, 'utf8'));
  doc.info.version = '9.9.9';
  await writeFile(file, JSON.stringify(doc));
  const specs = await dist.Specs.load(dir);
  const metrics = recordings.filter((r) => r.file.startsWith('metrics-api/'));
  for (const r of metrics) expect(specs.checkExchange(r, { strict: true }).ok).toBe(true);
  expect(builtAtRunTime(specs)).toBeGreaterThan(0);
});
