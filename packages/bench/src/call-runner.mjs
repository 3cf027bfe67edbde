// One client in its own long-lived process: the canned fetch installed as the global fetch
// before the SDK loads, one checked call, a warm-up, then rounds of sequential calls on the
// parent's signal (the parent keeps one process busy at a time), and at the end the request log.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { loadBodies } from './bodies.mjs';
import { createCannedFetch } from './canned-fetch.mjs';
import { appFile, BENCH_URL, expectedRequest, groups, subjects } from './subjects.mjs';

// `appHref`, when given, replaces the subject's app: the tests run faulty apps through here.
const [groupId, subjectId, warmupMs, appHref] = process.argv.slice(2);
const group = groups.find((g) => g.id === groupId);
const subject = subjects.find((s) => s.id === subjectId);
if (!group || !subject) throw new Error(`unknown group ${groupId} or subject ${subjectId}`);

const send = (message) => process.send?.(message);
const problems = [];
// The request log goes with a failure: a wrong URL is the usual reason an SDK's call fails here.
const fail = (error) => {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  const asked = canned.requests().map(([key, n]) => `${key} ×${n}`);
  send({ error: `${message.trim()} (requests: ${asked.join(', ') || 'none'})` });
  process.exit(1);
};

// Installed before the SDK is imported, so an SDK that captures `fetch` at load gets it too.
const route = expectedRequest(group, subject);
const canned = createCannedFetch({ ...route, body: (await loadBodies())[group.body] });
globalThis.fetch = canned.fetch;
// Belt and braces: an SDK that opened a socket of its own (not through fetch) fails its row.
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guarded(...args) {
  problems.push('opened a socket (the bench allows no network)');
  return connect.apply(this, args);
};
process.on('unhandledRejection', (reason) => {
  problems.push(`unhandled rejection: ${reason instanceof Error ? reason.message : reason}`);
});

let call;
let calls = 0;
try {
  const { setup } = await import(appHref || appFile(subject).href);
  call = setup(BENCH_URL);
  const answer = await call();
  calls++;
  const body = subject.unwrap ? subject.unwrap(answer) : answer;
  if (!group.check(body)) throw new Error(`${subject.id}: the answer was not read as expected`);
  const warmEnd = performance.now() + Number(warmupMs);
  while (performance.now() < warmEnd) {
    await call();
    calls++;
  }
} catch (error) {
  fail(error);
}

/** Calls until `ms` have passed; calls/s over the round's wall time, CPU of this process. */
async function round(ms) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const end = start + ms;
  let n = 0;
  let now = start;
  do {
    await call();
    n++;
    now = performance.now();
  } while (now < end);
  const { user, system } = process.cpuUsage(cpu);
  calls += n;
  const wallMs = now - start;
  return { calls: n, wallMs, callsPerSec: (n / wallMs) * 1000, cpuUsPerCall: (user + system) / n };
}

process.on('message', async (message) => {
  if (message?.round) {
    try {
      send({ round: await round(message.round) });
    } catch (error) {
      fail(error);
    }
  } else if (message === 'report') {
    send({ report: { requests: canned.requests(), calls, problems } });
    process.disconnect();
  }
});
send({ ready: true, calls });
