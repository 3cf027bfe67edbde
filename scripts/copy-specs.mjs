#!/usr/bin/env node
// Copies the bundled specs (specs/dist/*.json) and the recordings corpus into a package
// folder, so the published package carries the exact documents it was built against.
import { copyFile, cp, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const specs = resolve(dirname(fileURLToPath(import.meta.url)), '../specs');
const target = resolve(process.argv[2] ?? '.');
const dist = join(specs, 'dist');
await mkdir(join(target, 'specs'), { recursive: true });
const files = (await readdir(dist)).filter((f) => f.endsWith('.json'));
if (files.length === 0) throw new Error(`no bundled specs in ${dist}; run pnpm specs:bundle`);
await Promise.all(files.map((f) => copyFile(join(dist, f), join(target, 'specs', f))));
await rm(join(target, 'recordings'), { recursive: true, force: true });
await cp(join(specs, 'recordings'), join(target, 'recordings'), { recursive: true });
for (const side of ['recordings-exclusions.json', 'recordings-eras.json'])
  await copyFile(join(specs, side), join(target, side));
