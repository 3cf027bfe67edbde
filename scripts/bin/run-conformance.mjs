// Runs one conformance CLI command from the repository root after building the package.
// These are bins rather than root package.json scripts because pnpm prints its own
// "> avalanche-api@ contract" banner to stdout before any script, which would break
// `pnpm contract --format json | …`; a bin reached through pnpm's exec fallback prints none.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export function runConformance(command) {
  // Build output goes to stderr so stdout carries only the report.
  const build = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/turbo/bin/turbo'),
      'run',
      'build',
      '--filter=@avalanche-api/conformance',
      '--output-logs=errors-only',
    ],
    { cwd: root, stdio: ['ignore', 2, 2] },
  );
  if (build.status !== 0) {
    process.stderr.write(`${command}: building @avalanche-api/conformance failed\n`);
    process.exit(build.status ?? 1);
  }
  const cli = spawn(
    process.execPath,
    [join(root, 'packages/conformance/dist/cli.js'), command, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cli.kill(signal));
  cli.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 128 : 1);
  });
}
