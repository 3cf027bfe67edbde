import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { generators, inProcess, runAll, runJobs } from './generate-all.mjs';

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

const scripts = fileURLToPath(new URL('.', import.meta.url));
const pkgDir = join(scripts, '..', 'packages', 'p');

describe('inProcess', () => {
  it.each([
    [
      'the REST generator with a spec and an output folder',
      'node ../../scripts/generate-openapi-types.mjs ../../specs/dist/x.json src/generated',
      {
        kind: 'openapi',
        spec: join(scripts, '..', 'specs/dist/x.json'),
        out: join(pkgDir, 'src/generated'),
      },
    ],
    [
      'the node-rpc generator with its defaults',
      'node ../../scripts/generate-node-rpc.mjs',
      {
        kind: 'node-rpc',
      },
    ],
    [
      'the REST generator with a flag',
      'node ../../scripts/generate-openapi-types.mjs a.json out --check',
      undefined,
    ],
    [
      'the node-rpc generator with paths',
      'node ../../scripts/generate-node-rpc.mjs --out x',
      undefined,
    ],
    ['a script of another folder', 'node ./generate-openapi-types.mjs a.json out', undefined],
    ['shell syntax', 'node ../../scripts/generate-node-rpc.mjs && echo hi', undefined],
    ['quoting', `node ../../scripts/generate-openapi-types.mjs "a b.json" out`, undefined],
    ['another program', 'tsx ../../scripts/generate-node-rpc.mjs', undefined],
  ])('%s', (_, command, want) => {
    expect(inProcess({ dir: pkgDir, command })).toEqual(want);
  });
});

describe('runJobs', () => {
  /** Captures what is written to stdout and stderr while `fn` runs. */
  async function captured(fn) {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const result = await fn();
      return {
        result,
        out: out.mock.calls.map(([s]) => s).join(''),
        err: err.mock.calls.map(([s]) => s).join(''),
      };
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  }
  const job = (name, kind = 'ok') => ({ name, job: { kind, name } });
  const fine = {
    load: async () => {},
    run: async (j) => `did ${j.name}`,
  };

  it('runs each job once its bundles are written, in order, and names the one that failed', async () => {
    const ran = [];
    let written;
    const bundles = new Promise((done) => {
      written = done;
    });
    const table = {
      ok: {
        load: async () => {},
        run: async (j) => {
          ran.push(j.name);
          return `did ${j.name}`;
        },
      },
      bad: {
        load: async () => {},
        run: async () => {
          throw new Error('spec says no\nsecond line');
        },
      },
    };
    const running = captured(() =>
      runJobs([job('@t/a'), job('@t/b', 'bad'), job('@t/c')], () => bundles, table),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual([]);
    written(true);
    const { result, out, err } = await running;
    expect(ran).toEqual(['@t/a', '@t/c']);
    expect(result).toEqual(['@t/b']);
    expect(out).toBe('@t/a: did @t/a\n@t/c: did @t/c\n');
    expect(err).toContain('@t/b: Error: spec says no\n@t/b: second line\n');
    expect(err).toMatch(/@t\/b: generate failed\n$/);
  });

  it('loads every generator before waiting for any bundle', async () => {
    const loaded = [];
    const table = {
      ok: { ...fine, load: async () => loaded.push('ok') },
      other: { ...fine, load: async () => loaded.push('other') },
    };
    let seen;
    await captured(() =>
      runJobs(
        [job('@t/a'), job('@t/b', 'other')],
        async () => {
          seen ??= [...loaded];
          return true;
        },
        table,
      ),
    );
    expect(seen).toEqual(['ok', 'other']);
  });

  it('fails a job whose generator does not load, with the package name', async () => {
    const broken = () => Promise.reject(new SyntaxError('Unexpected token'));
    const table = {
      broken: {
        load: broken,
        async run() {
          await broken();
        },
      },
    };
    const { result, err } = await captured(() =>
      runJobs([job('@t/x', 'broken')], async () => true, table),
    );
    expect(result).toEqual(['@t/x']);
    expect(err).toContain('@t/x: SyntaxError: Unexpected token');
  });

  it('skips only the jobs whose bundles failed', async () => {
    const { result, out } = await captured(() =>
      runJobs([job('@t/a'), job('@t/b')], async ({ name }) => name === '@t/b', { ok: fine }),
    );
    expect(result).toEqual([]);
    expect(out).toBe('@t/b: did @t/b\n');
  });
});
