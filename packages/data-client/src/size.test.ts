// Bundle budgets, measured on the built package (`pnpm build` first) the way a browser app ships
// it: esbuild bundle + minify, ESM, platform browser, gzip -9.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { gzippedBundle as bundleOf, expectNoOptIns } from '../../rest-core/src/test/bundle.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
// An app that makes one call: 4,432 B today, within issue 31's 4,500 B (it was 4,659 B: one-letter
// keys in an OperationPlan, a shorter transport and query builder, a Retry-After date guard of one
// short regex, a closure for the scrubbed cause chain, rest-core's createRestCore, and browser
// bundles without the AbortController pool, which pays in Node only: package.json "browser").
// Issue 15 asks for 4,096 (see packages/bench/RESULTS.md). Issue 41 made the error classes
// rest-core's, shared by every client (each error carrying its client and a docsUrl to its class's
// README heading), and refuses a `validate` setting that is not a validator: +139 B (4,441 ->
// 4,580 B; the validate check ~90 B of it), and every parameter rule of every schema shape is
// checked before sending (rest-core's checkRule): 4,600 B, so the budget is 4,650 B.
const ONE_CALL_BUDGET = 4650;
// The whole client: every operation's plan ships, by design, so its budget follows the spec:
// issue 31's 6,303 B (the size at 3dcf1db) for the 16 operations it had when set (6,129 B
// measured: the methods bound from a generated list, not a module namespace), and 64 B more for
// each one added.
const BASE_OPERATIONS = 16;
const PER_OPERATION = 64;
const operationCount = Object.values(
  JSON.parse(readFileSync(`${packageDir}/../../specs/dist/data-api.json`, 'utf8')).paths as Record<
    string,
    Record<string, { operationId?: string }>
  >,
).flatMap((item) => Object.values(item).filter((op) => op?.operationId)).length;
const CLIENT_BUDGET = 6303 + PER_OPERATION * Math.max(0, operationCount - BASE_OPERATIONS);

/** Bundles a tiny app the way a browser app would ship it and returns its gzipped size. */
const gzippedBundle = (app: string) => bundleOf(build, packageDir, app);

/** What the tests below measured, for the README check at the end. */
const measured: { oneCall?: number; client?: number } = {};

describe('bundle size', () => {
  it(`listValidators(createDataCore(), …) stays within ${ONE_CALL_BUDGET} bytes gzipped and ships no other operation`, async () => {
    const { gzip, code } = await gzippedBundle(`
      import { createDataCore, listValidators } from '@avalanche-api/data-client';
      listValidators(createDataCore(), { network: 'mainnet', pageSize: 10 }).then((page) => console.log(page));
    `);
    console.log(`data-client one-call app: ${gzip} bytes gzipped (budget ${ONE_CALL_BUDGET})`);
    measured.oneCall = gzip;
    expect(code).toContain('"listValidators"');
    // No other operation, and not the cross-field rules only other operations have.
    for (const other of [
      'getBlock',
      'aggregateSignatures',
      'getUtxosByAddresses',
      'listBlockchains',
    ]) {
      expect(code).not.toContain(`"${other}"`);
    }
    expect(code).not.toContain('/v1/chains/');
    expect(code).not.toContain('exactly one must be set');
    expectNoOptIns(code, 'SignedMessageResponse');
    expect(gzip).toBeLessThanOrEqual(ONE_CALL_BUDGET);
  });

  it(`createDataClient().listValidators() stays within ${CLIENT_BUDGET} bytes gzipped`, async () => {
    const { gzip, code } = await gzippedBundle(`
      import { createDataClient } from '@avalanche-api/data-client';
      const client = createDataClient();
      client.listValidators({ network: 'mainnet', pageSize: 10 }).then((page) => console.log(page));
    `);
    console.log(`data-client whole-client app: ${gzip} bytes gzipped (budget ${CLIENT_BUDGET})`);
    measured.client = gzip;
    // The client has every operation: this is the check that the one-call test above can fail.
    expect(code).toContain('"aggregateSignatures"');
    expectNoOptIns(code, 'SignedMessageResponse');
    expect(gzip).toBeLessThanOrEqual(CLIENT_BUDGET);
  });

  it('a browser bundle makes a new AbortController per attempt; a Node bundle keeps the pool', async () => {
    const app = `
      import { createDataCore, listValidators } from '@avalanche-api/data-client';
      listValidators(createDataCore(), { network: 'mainnet' }).then((page) => console.log(page));
    `;
    const codeFor = async (platform: 'browser' | 'node') =>
      (
        await build({
          stdin: { contents: app, resolveDir: packageDir, loader: 'js' },
          bundle: true,
          minify: true,
          format: 'esm',
          platform,
          write: false,
          logLevel: 'silent',
        })
      ).outputFiles[0]?.text ?? '';
    // The pool notes fetch's listeners by replacing the signal's addEventListener.
    expect(await codeFor('node')).toContain('.addEventListener=');
    expect(await codeFor('browser')).not.toContain('.addEventListener=');
  });

  it('the README quotes these budgets and the size measured today', () => {
    const readme = readFileSync(`${packageDir}/README.md`, 'utf8').replace(/\s+/g, ' ');
    const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;
    expect(readme).toContain(
      `keeps the app above within ${bytes(ONE_CALL_BUDGET)} (${bytes(measured.oneCall ?? 0)} today;`,
    );
    expect(readme).toContain(
      `within ${bytes(CLIENT_BUDGET - PER_OPERATION * (operationCount - BASE_OPERATIONS))} for its ${BASE_OPERATIONS} operations, plus ${PER_OPERATION} B for each operation the spec adds.`,
    );
  });
});
