import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAtomically } from './write-atomically.mjs';

let dir;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'write-atomically-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('writeAtomically', () => {
  it('a reader during rewrites sees one whole version or another, never a part', async () => {
    const file = join(dir, 'nested/doc.json');
    // Large enough that a plain writeFile lands in several chunks a reader can catch between.
    const version = (n) => JSON.stringify({ n, pad: 'x'.repeat(1 << 20) });
    await writeAtomically(file, version(0));
    let writing = true;
    const writer = (async () => {
      for (let n = 1; n <= 20; n++) await writeAtomically(file, version(n));
      writing = false;
    })();
    const seen = new Set();
    while (writing) seen.add(JSON.parse(await readFile(file, 'utf8')).n);
    await writer;
    expect(JSON.parse(await readFile(file, 'utf8')).n).toBe(20);
    expect(seen.size).toBeGreaterThan(0);
    expect(await readdir(join(dir, 'nested'))).toEqual(['doc.json']);
  });
});
