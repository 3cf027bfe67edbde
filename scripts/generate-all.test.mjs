import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { generators, runAll } from './generate-all.mjs';

/** A throwaway workspace: packages/<name>/package.json with the given generate scripts. */
async function workspace(scripts) {
  const root = await mkdtemp(join(tmpdir(), 'generate-all-'));
  for (const [name, generate] of Object.entries(scripts)) {
    const dir = join(root, 'packages', name);
    await mkdir(dir, { recursive: true });
    const pkg = { name: `@t/${name}`, scripts: generate === undefined ? {} : { generate } };
    await writeFile(join(dir, 'package.json'), JSON.stringify(pkg));
  }
  await mkdir(join(root, 'packages', 'no-manifest'));
  return root;
}

describe('generate-all', () => {
  it('finds only the packages with a generate script, in name order', async () => {
    const root = await workspace({ b: 'node -e 0', a: 'node -e 0', c: undefined });
    expect((await generators(root)).map((p) => [p.name, p.command])).toEqual([
      ['@t/a', 'node -e 0'],
      ['@t/b', 'node -e 0'],
    ]);
  });

  it('runs each script in its package folder and names the ones that failed', async () => {
    const root = await workspace({
      ok: `node -e "require('fs').writeFileSync('ran.txt', process.cwd())"`,
      broken: 'node -e "process.exit(3)"',
    });
    const errors = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const failed = await runAll(await generators(root), root);
    const told = errors.mock.calls.map(([line]) => String(line));
    errors.mockRestore();
    expect(failed).toEqual(['@t/broken']);
    expect(await readFile(join(root, 'packages', 'ok', 'ran.txt'), 'utf8')).toBe(
      join(root, 'packages', 'ok'),
    );
    expect(told).toContain('@t/broken: `node -e "process.exit(3)"` failed (exit 3)\n');
  });
});
