// Cost per call, interleaved: per group (one body), every subject runs in its own long-lived
// process with an in-process canned fetch; the parent runs round r of each subject in turn (one
// process busy at a time) for R rounds, and divides each round's calls/s by the floor's in the
// same round, so a machine that speeds up or slows down moves every subject alike.
import { fork } from 'node:child_process';
import { requestProblem } from './canned-fetch.mjs';
import { median, ratiosToFloor, rotation, spread } from './stats.mjs';
import { expectedRequest, groups, subjects } from './subjects.mjs';

const runnerFile = new URL('./call-runner.mjs', import.meta.url);
/** Longest wait for one message of a runner (start + warm-up, one round, the report). */
const MESSAGE_LIMIT_MS = 60_000;

/** A runner process and a way to ask it for its next message, bounded in time. */
function startRunner(group, subject, warmupMs) {
  const child = fork(runnerFile, [group.id, subject.id, String(warmupMs), subject.app ?? ''], {
    // stdout ignored: an SDK that logs must not write into the tables.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  const queue = [];
  let waiting;
  const deliver = (m) => {
    if (waiting) {
      const w = waiting;
      waiting = undefined;
      w(m);
    } else queue.push(m);
  };
  child.on('message', deliver);
  child.on('exit', (code) =>
    deliver({ error: lastErrorLine(stderr) || `the process exited with code ${code}` }),
  );
  const next = () =>
    queue.length
      ? Promise.resolve(queue.shift())
      : new Promise((resolve) => {
          const timer = setTimeout(() => {
            waiting = undefined;
            resolve({ error: `no answer within ${MESSAGE_LIMIT_MS / 1000} s` });
          }, MESSAGE_LIMIT_MS);
          waiting = (m) => {
            clearTimeout(timer);
            resolve(m);
          };
        });
  const ask = (message) => {
    if (child.connected) child.send(message);
    return next();
  };
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  };
  return { next, ask, stop };
}

const lastErrorLine = (text) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /Error|error/.test(l))
    .at(0) ?? text.trim().split('\n').at(-1);

/**
 * One group's rounds. A member with `app` (a module URL) runs that app in place of its own; the
 * tests use it for faulty clients.
 */
export async function measureGroup(group, members, { rounds, roundMs, warmupMs, log }) {
  const state = members.map((subject) => ({ subject, rounds: [], error: undefined }));
  const runners = new Map();
  try {
    // Started one at a time: each warm-up runs alone, like every round.
    for (const s of state) {
      log(`  calls ${group.id}: start ${s.subject.id}`);
      const runner = startRunner(group, s.subject, warmupMs);
      runners.set(s, runner);
      const m = await runner.next();
      if (!m.ready) s.error = m.error ?? 'did not start';
    }
    for (let r = 0; r < rounds; r++) {
      log(`  calls ${group.id}: round ${r + 1}/${rounds}`);
      for (const s of rotation(state, r)) {
        if (s.error) continue;
        const m = await runners.get(s).ask({ round: roundMs });
        if (m.round) s.rounds[r] = m.round;
        else s.error = m.error ?? 'no round result';
      }
    }
    for (const s of state) {
      if (s.error) continue;
      const m = await runners.get(s).ask('report');
      if (!m.report) {
        s.error = m.error ?? 'no request log';
        continue;
      }
      const { requests, calls, problems } = m.report;
      s.error =
        requestProblem(requests, expectedRequest(group, s.subject).key, calls) ??
        (problems.length ? problems.join('; ') : undefined);
      s.requests = calls;
    }
  } finally {
    for (const runner of runners.values()) runner.stop();
  }
  const floor = state.find((s) => s.subject.floor);
  return state.map((s) => summarizeSubject(s, floor));
}

/** One row: ratios to the floor per round (median, min–max), calls/s, µs/call and CPU/call. */
export function summarizeSubject(s, floor) {
  const row = { id: s.subject.id };
  if (s.error) return { ...row, error: s.error };
  const done = s.rounds.filter(Boolean);
  const callsPerSec = median(done.map((x) => x.callsPerSec));
  const floorOk = floor && !floor.error;
  const ratios = floorOk ? ratiosToFloor(s.rounds, floor.rounds) : [];
  const cpuRatios = floorOk ? ratiosToFloor(s.rounds, floor.rounds, 'cpuUsPerCall') : [];
  return {
    ...row,
    requests: s.requests,
    rounds: s.rounds,
    callsPerSec,
    usPerCall: 1e6 / callsPerSec,
    cpuUsPerCall: median(done.map((x) => x.cpuUsPerCall)),
    ratio: ratios.length ? spread(ratios) : undefined,
    cpuRatio: cpuRatios.length ? spread(cpuRatios) : undefined,
  };
}

/**
 * @param {{ rounds: number, roundMs: number, warmupMs: number, include: (s) => boolean,
 *   log: (line: string) => void }} options
 */
export async function measureCostPerCall(options) {
  const out = [];
  for (const group of groups) {
    const members = subjects.filter((s) => s.api === group.api && (s.floor || options.include(s)));
    if (members.length < 2) continue;
    out.push({
      group: group.id,
      title: group.title,
      short: group.short,
      rows: await measureGroup(group, members, options),
    });
  }
  return {
    fetch: 'in-process canned fetch (globalThis.fetch), no network',
    rounds: options.rounds,
    roundMs: options.roundMs,
    warmupMs: options.warmupMs,
    groups: out,
  };
}
