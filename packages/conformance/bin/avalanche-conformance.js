#!/usr/bin/env node
// Committed so that pnpm can link the bin at install time, before `dist/` is built;
// the CLI is dist/cli.js, which runs on import.
try {
  await import('../dist/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/cli.js')) {
    throw error;
  }
  console.error(
    'avalanche-conformance: dist/cli.js is missing; build the package first (pnpm build)',
  );
  process.exitCode = 1;
}
