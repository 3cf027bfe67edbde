// One client in a fresh process (no JIT or heap state left by another SDK): warm up, then
// `runs` rounds of `calls` sequential calls against the loopback server, one timing per call,
// and the CPU time this process spent (the server's work is in another process).
import { performance } from 'node:perf_hooks';
import { summarize } from './stats.mjs';
import { appFile, subjects } from './subjects.mjs';

const [id, baseUrl, calls, runs, warmup] = process.argv.slice(2);
const subject = subjects.find((s) => s.id === id);
if (!subject) throw new Error(`unknown subject ${id}`);

// Nothing may leave the machine: any fetch to another host fails and is reported. Installed
// before the SDK is imported, so an SDK that captures `fetch` at load gets the guarded one.
const blocked = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1') {
    blocked.push(`a request to ${url.origin} (blocked)`);
    return Promise.reject(new Error(`bench: blocked a request to ${url.origin}`));
  }
  return realFetch(input, init);
};
process.on('unhandledRejection', (reason) => {
  blocked.push(`unhandled rejection: ${reason instanceof Error ? reason.message : reason}`);
});

const { setup } = await import(appFile(subject).href);
const call = setup(baseUrl);

const first = await call();
if (!subject.check(first)) throw new Error(`${id}: the answer was not read as expected`);
for (let i = 0; i < Number(warmup); i++) await call();

const rounds = [];
const latencies = new Float64Array(Number(calls));
for (let r = 0; r < Number(runs); r++) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < latencies.length; i++) {
    const t = performance.now();
    await call();
    latencies[i] = performance.now() - t;
  }
  const wall = performance.now() - start;
  const { user, system } = process.cpuUsage(cpu);
  rounds.push({ ...summarize(latencies, wall), cpuUsPerCall: (user + system) / latencies.length });
}

process.send?.({
  id,
  rounds,
  blocked,
  requests: 1 + Number(warmup) + Number(calls) * rounds.length,
});
