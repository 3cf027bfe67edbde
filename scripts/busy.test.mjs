import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const busy = new URL('./busy.mjs', import.meta.url).pathname;
/** The busy loops whose parent is `pid`, as ps lists them. */
const loopsOf = async (pid) =>
  (await run('ps', ['-eo', 'pid=,args='])).stdout
    .split('\n')
    .filter((l) => l.includes(`const parent = ${pid};`));

describe('busy.mjs', () => {
  it('runs the command beside one loop per BUSY_LOOPS and passes its exit code on', async () => {
    // The command ends when told to (a line on its stdin), not after some time.
    const child = spawn(process.execPath, [busy, 'sh', '-c', 'read line; exit 3'], {
      env: { ...process.env, BUSY_LOOPS: '2' },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    // A loop shows its own arguments only once it has exec'd: wait for both, then no more.
    while ((await loopsOf(child.pid)).length < 2) await new Promise((r) => setImmediate(r));
    expect(await loopsOf(child.pid)).toHaveLength(2);
    child.stdin.end('done\n');
    const [code] = await once(child, 'exit');
    expect(code).toBe(3);
    // The loops were sent SIGKILL on the way out; wait until the system has reaped them.
    while ((await loopsOf(child.pid)).length) await new Promise((r) => setImmediate(r));
  });

  it('leaves no loop behind when it is killed outright', async () => {
    const child = spawn(process.execPath, [busy, 'sleep', '10'], {
      env: { ...process.env, BUSY_LOOPS: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    while ((await loopsOf(child.pid)).length < 1) await new Promise((r) => setImmediate(r));
    expect(await loopsOf(child.pid)).toHaveLength(1);
    child.kill('SIGKILL');
    await once(child, 'exit');
    // Each loop checks for its parent every ~50 million turns; wait for that, not a fixed time
    // (a loop that never leaves runs this case into its time limit).
    while ((await loopsOf(child.pid)).length) await new Promise((r) => setImmediate(r));
  });
});
