// Client overhead per call: each client, in its own process, calls one operation against a
// loopback server (another process) that answers a fixed body. The server counts what it
// served, which proves every call reached 127.0.0.1 and nothing else.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { medianOf } from './stats.mjs';
import { subjects } from './subjects.mjs';

const here = (file) => new URL(file, import.meta.url);
const RUNNER_LIMIT_MS = 60_000;

function startServer() {
  const child = fork(here('./server.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the loopback server exited (${code})`)));
  });
  const served = async () => {
    child.send('served');
    const [m] = await once(child, 'message');
    return m.served;
  };
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.send('stop');
    await once(child, 'exit');
  };
  return { port, served, stop };
}

function runClient(id, baseUrl, { calls, runs, warmup }) {
  const child = fork(here('./call-runner.mjs'), [id, baseUrl, calls, runs, warmup], {
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  let result;
  child.on('message', (m) => {
    result = m;
  });
  // Bounded: a client stuck (say, retrying) is stopped and its row says so.
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill();
  }, RUNNER_LIMIT_MS);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (result && code === 0) resolve(result);
      else if (timedOut) resolve({ id, error: `no result within ${RUNNER_LIMIT_MS / 1000} s` });
      else resolve({ id, error: errorLine(stderr) || `exited with code ${code}` });
    });
  });
}

const errorLine = (text) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /Error|error/.test(l))
    .at(0) ?? text.trim().split('\n').at(-1);

const total = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);

/** Warms the server's own code paths before any client is timed. */
async function warmServer(baseUrl, requests) {
  for (let i = 0; i < requests; i++) {
    const res = await fetch(`${baseUrl}/v1/avg_tps/43114`);
    await res.arrayBuffer();
  }
  return requests;
}

/**
 * Every round starts each client in a fresh process, the clients taking turns, so a slow
 * moment of the machine spreads over all of them instead of landing on one.
 *
 * @param {{ calls: number, runs: number, warmup: number, log: (line: string) => void }} options
 */
export async function measureClientOverhead(options) {
  const { calls, runs, warmup, log } = options;
  const server = startServer();
  const port = await server.port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const state = new Map(subjects.map((s) => [s.id, { rounds: [], served: 0, requests: 0 }]));
  try {
    const warm = await warmServer(baseUrl, 1000);
    if (total(await server.served()) !== warm) throw new Error('the server missed requests');
    for (let round = 1; round <= runs; round++) {
      log(`  calls: round ${round}/${runs}`);
      for (const subject of subjects) {
        const s = state.get(subject.id);
        if (s.error) continue;
        const before = total(await server.served());
        const out = await runClient(subject.id, baseUrl, { calls, runs: 1, warmup });
        s.served += total(await server.served()) - before;
        if (out.error) s.error = out.error;
        else if (out.blocked.length > 0) s.error = [...new Set(out.blocked)].join('; ');
        else {
          s.requests += out.requests;
          s.rounds.push(...out.rounds);
        }
      }
    }
  } finally {
    await server.stop();
  }
  const rows = subjects.map((subject) => {
    const s = state.get(subject.id);
    const row = {
      id: subject.id,
      api: subject.api,
      pkg: subject.pkg,
      ours: subject.ours === true,
      floor: subject.floor === true,
      note: subject.note,
    };
    if (s.error) return { ...row, error: s.error };
    // Every request the client made reached the loopback server, and nothing else did.
    if (s.served !== s.requests)
      return { ...row, error: `server saw ${s.served} requests, client made ${s.requests}` };
    return {
      ...row,
      served: s.served,
      rounds: s.rounds,
      ...medianOf(s.rounds, ['callsPerSec', 'p50Ms', 'p99Ms', 'cpuUsPerCall']),
    };
  });
  return { server: 'node:http on 127.0.0.1, ephemeral port', calls, runs, warmup, rows };
}
