// The contract lines the READMEs quote are what a run against the replay server prints: counts
// must match a fresh run (the duration and the replay's port are the run's own). A spec change
// that changes the counts changes the READMEs with it.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const readmes = ['README.md', 'packages/conformance/README.md'];
const withoutRunFigures = (line) =>
  line
    .replace(/^`|`\.?$/g, '')
    .replace(/ in [\d.]+ s$/, ' in N s')
    .replace(/127\.0\.0\.1:\d+/, '127.0.0.1:PORT');

let run;
beforeAll(async () => {
  const cli = join(root, 'packages/conformance/dist/cli.js');
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'contract'], {
    cwd: root,
    maxBuffer: 16 << 20,
  });
  run = stdout.split('\n').map(withoutRunFigures);
}, 180_000);

describe.each(readmes)('%s', (file) => {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const quoted = (prefix) =>
    lines.map((l) => withoutRunFigures(l.trim())).filter((l) => l.startsWith(prefix));

  it.each([['cases sent by class:'], ['contract: ']])('quotes the "%s" line of a run', (prefix) => {
    const wanted = run.find((l) => l.startsWith(prefix));
    expect(wanted).toBeDefined();
    const got = quoted(prefix);
    expect(got.length).toBeGreaterThan(0);
    for (const line of got) expect(line).toBe(wanted);
  });

  it('quotes the target line of a run wherever it shows one', () => {
    const wanted = run.find((l) => l.startsWith('target: replay server'));
    for (const line of quoted('target: replay server')) expect(line).toBe(wanted);
  });

  it('says how many requests the run sends where it gives the figure', () => {
    const sent = Number(/(\d+) requests in/.exec(run.find((l) => l.startsWith('contract: ')))[1]);
    for (const [, n] of lines.join(' ').matchAll(/the (\d+) requests of the summary line/g))
      expect(Number(n)).toBe(sent);
  });
});
