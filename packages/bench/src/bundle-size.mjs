// Bundle size of a one-call app: what a browser app ships to make that one call, minified and
// gzipped, for our clients and for the peer SDKs making the same call.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { appFile, publicUrls, subjects } from './subjects.mjs';

const options = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  metafile: true,
  logLevel: 'silent',
};

/** `Could not resolve "events"` → `events`, when the name is a Node built-in. */
function unresolvedBuiltins(error) {
  const names = (error.errors ?? [])
    .map((e) => /Could not resolve "([^"]+)"/.exec(e.text)?.[1])
    .filter((name) => name && isBuiltin(name));
  return [...new Set(names)];
}

/**
 * Bundles the entry for the browser. Node built-ins a package imports are not available there;
 * only when the build fails on them are they marked external, and the row says which.
 */
async function bundle(entry) {
  const external = [];
  for (;;) {
    try {
      const result = await build({ ...options, entryPoints: [entry], external });
      return { result, external };
    } catch (error) {
      const builtins = unresolvedBuiltins(error).filter((n) => !external.includes(n));
      if (builtins.length === 0) throw error;
      external.push(...builtins);
    }
  }
}

export async function measureBundleSizes({ include, log }) {
  const dir = await mkdtemp(join(tmpdir(), 'avalanche-api-bench-'));
  const rows = [];
  try {
    for (const subject of subjects.filter((s) => !s.floor && include(s))) {
      log(`  bundle: ${subject.id}`);
      const entry = join(dir, `${subject.id}.mjs`);
      // The app makes the call and uses the answer, so nothing it needs is tree-shaken away.
      await writeFile(
        entry,
        `import { setup } from ${JSON.stringify(fileURLToPath(appFile(subject)))};\n` +
          `setup(${JSON.stringify(publicUrls[subject.api])})().then((answer) => console.log(answer));\n`,
      );
      const row = {
        id: subject.id,
        api: subject.api,
        pkg: subject.pkg,
        ours: subject.ours === true,
        oneCall: subject.oneCall === true,
      };
      try {
        const { result, external } = await bundle(entry);
        const code = result.outputFiles[0].contents;
        rows.push({
          ...row,
          minBytes: code.length,
          gzipBytes: gzipSync(code, { level: 9 }).length,
          modules: Object.keys(result.metafile.inputs).length - 1,
          external,
          warnings: result.warnings.length,
        });
      } catch (error) {
        rows.push({ ...row, error: error.errors?.[0]?.text ?? String(error) });
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { esbuild: options, rows };
}
