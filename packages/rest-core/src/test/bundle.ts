// The clients' size tests bundle a tiny app the way a browser app ships it: esbuild (passed in,
// as each client package has it) bundle + minify, ESM, platform browser, gzip -9.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';

// esbuild's `build`; typed loosely so rest-core needs no esbuild of its own.
type Build = (options: never) => Promise<{ outputFiles?: { text: string }[] }>;

/** The gzipped size and the code of `app` bundled against the built package in `packageDir`. */
export async function gzippedBundle(
  build: Build,
  packageDir: string,
  app: string,
): Promise<{ gzip: number; code: string }> {
  if (!existsSync(`${packageDir}/dist/index.js`)) {
    throw new Error('no dist/: run `pnpm build` first');
  }
  const result = await build({
    stdin: { contents: app, resolveDir: packageDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  } as never);
  const code = result.outputFiles?.[0]?.text ?? '';
  return { gzip: gzipSync(code, { level: 9 }).length, code };
}

/**
 * What no app of the size tests uses stays out, across the @avalanche-api/rest-core boundary too:
 * the opt-in entry points (the response schemas, named by one of them; openapi-fetch), paginate and
 * its PaginationError, the validator, checkSchema, and the words of `absent` (cross-field rules).
 */
export function expectNoOptIns(code: string, responseSchema: string, absent: string[] = []) {
  expect(code).not.toContain(responseSchema);
  expect(code).not.toContain('Deeply-nested arrays');
  expect(code).not.toContain('repeats an earlier page token');
  expect(code).not.toContain('does not match the spec');
  expect(code).not.toContain('alternatives, not');
  for (const words of absent) expect(code).not.toContain(words);
}
