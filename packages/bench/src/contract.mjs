// Contract timing: the whole `avalanche-conformance contract` run (every case class, default
// bounds) against its in-process replay server, wall clock from process start to exit.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './stats.mjs';

const require = createRequire(import.meta.url);
const bin = join(
  dirname(require.resolve('@avalanche-api/conformance/package.json')),
  'bin/avalanche-conformance.js',
);

function once() {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [bin, 'contract', '--format', 'json'],
      { maxBuffer: 256 << 20 },
      (error, stdout) => {
        const wallMs = performance.now() - started;
        // Exit 1 (drift) still prints a report; anything unparsable is a failure.
        try {
          resolve({ wallMs, report: JSON.parse(stdout) });
        } catch {
          reject(error ?? new Error('contract printed no JSON report'));
        }
      },
    );
  });
}

export async function measureContract({ runs, log }) {
  const samples = [];
  let report;
  for (let i = 0; i < runs; i++) {
    log(`  contract: run ${i + 1}/${runs}`);
    const r = await once();
    samples.push(r.wallMs);
    report = r.report;
  }
  const { summary } = report;
  return {
    command: 'avalanche-conformance contract --format json (target: replay)',
    requests: summary.requests,
    classes: summary.classes,
    operations: summary.operations,
    cases: summary.cases,
    runMs: summary.durationMs,
    wallMs: { median: median(samples), samples },
  };
}
