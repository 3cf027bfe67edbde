import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

/** Budget for an app that only reads the node version (viem-style per-entry budget). */
// Raised from 4096 by issue 13: node-rpc now stands on the shared transport (size cap, key scoping,
// strict Retry-After) and the shared error classes; issue 15 cuts it.
const BUDGET = 6144;
const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist/index.js');

it(`a browser app calling info.getNodeVersion() stays within ${BUDGET} bytes gzipped`, async () => {
  expect(existsSync(dist), 'build the package first: pnpm build').toBe(true);
  const out = await build({
    stdin: {
      contents: `import { createNodeClient } from ${JSON.stringify(dist)};\ncreateNodeClient().info.getNodeVersion().then(console.log);\n`,
      resolveDir: dirname(dist),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]?.contents ?? new Uint8Array();
  const gzip = gzipSync(code).length;
  console.log(`size: ${code.length} bytes minified, ${gzip} bytes gzipped (budget ${BUDGET})`);
  // Node built-ins would fail here: platform browser does not resolve them.
  expect(gzip).toBeLessThanOrEqual(BUDGET);
});
