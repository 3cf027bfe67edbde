// Bundle budgets, measured on the built package (`pnpm build` first) the way a browser app ships
// it: esbuild bundle + minify, ESM, platform browser, gzip -9.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { gzippedBundle as bundleOf, expectNoOptIns } from '../../rest-core/src/test/bundle.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
// An app that makes one call: 4,204 B today (issue 25 split createTransport into named
// helpers, +58 B; issue 31 threw a decompression failure where it is built, merged the request
// headers in one object and gave the pool's controllers back inside the transport, -22 B), the
// budget the measured size rounded up to 16 B. Issue 31's target, 4,060 B, is not reached: what
// stands between is behaviour added since 3dcf1db (connection failures in words, Deno's NotCapable;
// see the issue-31 report). Issue 15 asks for 3,072 (see packages/bench/RESULTS.md).
const ONE_CALL_BUDGET = 4208;
// The whole client; with one operation in the spec it differs from the above only by the methods
// (4,339 B measured).
const CLIENT_BUDGET = 4352;

/** Bundles a tiny app the way a browser app would ship it and returns its gzipped size. */
const gzippedBundle = (app: string) => bundleOf(build, packageDir, app);

/** What the tests below measured, for the README check at the end. */
const measured: { oneCall?: number; client?: number } = {};

describe('bundle size', () => {
  it(`getAvgTps(createMetricsCore(), …) stays within ${ONE_CALL_BUDGET} bytes gzipped`, async () => {
    const { gzip, code } = await gzippedBundle(`
      import { createMetricsCore, getAvgTps } from '@avalanche-api/metrics-client';
      getAvgTps(createMetricsCore(), { chainId: '43114' }).then((page) => console.log(page));
    `);
    console.log(`metrics-client one-call app: ${gzip} bytes gzipped (budget ${ONE_CALL_BUDGET})`);
    measured.oneCall = gzip;
    expect(code).toContain('"getAvgTps"');
    expectNoOptIns(code, 'AvgTpsResponse', ['exactly one must be set']);
    expect(gzip).toBeLessThanOrEqual(ONE_CALL_BUDGET);
  });

  it(`createMetricsClient().getAvgTps() stays within ${CLIENT_BUDGET} bytes gzipped`, async () => {
    const { gzip, code } = await gzippedBundle(`
      import { createMetricsClient } from '@avalanche-api/metrics-client';
      const client = createMetricsClient();
      client.getAvgTps({ chainId: '43114' }).then((page) => console.log(page));
    `);
    console.log(`metrics-client whole-client app: ${gzip} bytes gzipped (budget ${CLIENT_BUDGET})`);
    measured.client = gzip;
    expectNoOptIns(code, 'AvgTpsResponse', ['exactly one must be set']);
    expect(gzip).toBeLessThanOrEqual(CLIENT_BUDGET);
  });

  it('the README quotes these budgets and the size measured today', () => {
    const readme = readFileSync(`${packageDir}/README.md`, 'utf8').replace(/\s+/g, ' ');
    const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;
    expect(readme).toContain(
      `keeps the app above within ${bytes(ONE_CALL_BUDGET)} (${bytes(measured.oneCall ?? 0)} today;`,
    );
    expect(readme).toContain(`within ${bytes(CLIENT_BUDGET)}.`);
  });
});
