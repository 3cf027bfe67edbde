#!/usr/bin/env node
// Runs a command while busy loops keep every core at 100%: the proof that the tests do not
// depend on the machine's speed (`pnpm test:busy` runs `pnpm test` this way; CI runs its test
// step so). One loop per core by default, BUSY_LOOPS=n for another count.
//
//   node scripts/busy.mjs <command> [args…]
//
// Each loop is a child Node process that spins and, every ~100 ms of spinning, checks that this
// process is still alive, so no loop outlives the run even when this process is killed outright.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const LOOP = `const parent = ${process.pid};
for (let i = 1; ; i++) if (i % 5e7 === 0) { try { process.kill(parent, 0); } catch { process.exit(0); } }`;

/** Starts `count` busy loops; returns a function that stops them. */
export function busyLoops(count = availableParallelism()) {
  const loops = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', LOOP], { stdio: 'ignore' }),
  );
  return () => {
    for (const loop of loops) loop.kill('SIGKILL');
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/busy.mjs <command> [args…]');
    process.exit(2);
  }
  const count = Number(process.env.BUSY_LOOPS ?? availableParallelism());
  const stop = busyLoops(count);
  console.error(
    `busy.mjs: ${count} busy loop(s) running beside \`${[command, ...args].join(' ')}\``,
  );
  const child = spawn(command, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    stop();
    console.error(`busy.mjs: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}
