#!/usr/bin/env node
// Adds up the vitest JSON reports that `pnpm test` leaves in each workspace package and
// prints one closing line, so CI shows a single summary for the whole monorepo.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const workspaces = [
  'scripts',
  ...readdirSync(join(root, 'packages')).map((name) => join('packages', name)),
];
let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
for (const ws of workspaces) {
  const pkg = join(root, ws, 'package.json');
  if (!existsSync(pkg) || !JSON.parse(readFileSync(pkg, 'utf8')).scripts?.test) continue;
  const report = join(root, ws, 'test-results.json');
  if (!existsSync(report)) {
    console.log(`${ws}: no test report`);
    missing++;
    continue;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`${ws}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
console.log(`Tests: ${passed} passed, ${failed + missing} failed, ${skipped} skipped`);
process.exit(failed + missing > 0 || passed === 0 ? 1 : 0);
