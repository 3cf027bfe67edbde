// How `contract` paces a target that pushes back or stalls, end to end: the built CLI against
// servers on 127.0.0.1 that answer 429, hold answers until the client gives up on them, or never
// answer. Nothing races a timer: a held request is released by an event (the client closing
// it, enough requests arriving), never by a sleep, and no duration is asserted but the 120 s
// bound on a dead target.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';
import { closeServers, closeWithServers, run, type Seen, serve } from '../test/cli-run.js';
import { caseClasses } from './case-values.js';
import type { ContractCase } from './contract-case.js';
import { contractCases } from './contract-cases.js';
import { pacing } from './contract-controls.js';
import { defaultPlan } from './contract-plan.js';
import { generateCases } from './generate-cases.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const cases = contractCases(specs, recordings);

// The cases a run plans before any answer: the corpus's and the generated ones.
const planned = [
  ...cases,
  ...generateCases(specs, cases, { ...defaultPlan, classes: new Set(caseClasses) }),
];
// Per REST service, the first operation the replay server answers as recorded (no era marks,
// which only a `--target replay` run applies) with enough planned cases to outlast the pushback
// (twice the 429s in a row given up on); the service's largest when none has. Through a
// pass-through proxy, all conform.
const plain = specs.rest
  .map((s) => {
    const answered = s.operations
      .map((op) => planned.filter((c) => c.service === s.name && c.operation === op.id))
      .filter((own) => own.length > 0 && own.every((c) => !c.lenient));
    const enough = answered.find((own) => own.length >= 2 * pacing.limitedInRow);
    const largest = answered.reduce<ContractCase[]>((a, b) => (b.length > a.length ? b : a), []);
    return (enough ?? largest)[0]?.operation;
  })
  .filter((id): id is string => id !== undefined)
  .join(',');
// The first operation or method of every service, node calls (and the release probe) included.
const firstOfEach = [
  ...specs.rest.map((s) => s.operations[0]?.id),
  ...specs.rpc.map((s) => s.methods[0]?.id),
].join(',');

afterEach(closeServers);

const tooMany = (res: ServerResponse) => {
  res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: ['slow down'], statusCode: 429, error: 'Too Many Requests' }));
};

/** A pass-through to an in-process replay server: a correct target. */
async function replayBehind() {
  const replay = await startReplayServer({ specs, recordings });
  closeWithServers(() => void replay.close());
  return async (s: Seen, res: ServerResponse, body: string, req: IncomingMessage) => {
    const answer = await fetch(`${replay.url}${s.url}`, {
      method: req.method ?? 'GET',
      headers: { 'content-type': 'application/json' },
      ...(body ? { body } : {}),
    });
    const text = await answer.text();
    if (res.destroyed) return;
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(text);
  };
}

/** The counts of the text report's last line. */
function casesLine(stdout: string) {
  const m = /cases: (\d+) conform, (\d+) drift, (\d+) not tested/.exec(stdout);
  if (!m) throw new Error(`no summary line in:\n${stdout}`);
  const [, conform, drift, notTested] = m.map(Number);
  return { conform, drift, notTested };
}

describe('rate limits are not drift', () => {
  test('an always-429 target: bounded, 0 drift, exit 2, the rate-limited count and what to try', async () => {
    const limited = await serve((_s, res) => tooMany(res));
    const text = await run(['contract', '--target', limited.url, '--only', plain]);
    expect(text.code).toBe(2);
    expect(text.stdout).not.toMatch(/DRIFT/);
    const counts = casesLine(text.stdout);
    expect(counts).toMatchObject({ conform: 0, drift: 0 });
    expect(counts.notTested).toBeGreaterThan(pacing.limitedInRow);
    expect(text.stdout).toMatch(
      new RegExp(`^rate limited: ${counts.notTested} cases not tested \\(data-api \\d+`, 'm'),
    );
    expect(text.stdout).toMatch(/^ {2}try a lower rate \(--rate-limit 2\/s.*--api-key-env NAME/m);
    // Given up on after that many 429s in a row; at most the --concurrency (4) were in flight.
    expect(limited.seen.length).toBeLessThanOrEqual(pacing.limitedInRow + 4);

    const json = await run([
      'contract',
      '--target',
      limited.url,
      '--only',
      plain,
      '--format',
      'json',
    ]);
    const report = JSON.parse(json.stdout);
    expect(json.code).toBe(2);
    expect(report.summary.cases.drift).toBe(0);
    expect(report.summary.rateLimited).toBe(counts.notTested);
    for (const r of report.results.filter((x: { verdict: string }) => x.verdict !== 'skipped')) {
      expect(r.verdict).toBe('not-tested');
      expect(r.unreachable).toMatch(/^rate limited: /);
    }
  }, 120_000);

  test('a target that 429s the first requests, then answers, conforms once the run slowed down', async () => {
    const forward = await replayBehind();
    const first = pacing.limitedInRow - 2;
    const burst: ServerResponse[] = [];
    let inFlight = 0;
    /** Requests in flight at the server when each arrived, itself included. */
    const atArrival: number[] = [];
    const front = await serve(async (s, res, body, req) => {
      const i = atArrival.push(++inFlight) - 1;
      // The first --concurrency requests are held until all have arrived: they were in flight
      // together before any pushback.
      if (i < 4) {
        burst.push(res);
        if (burst.length === 4)
          for (const r of burst.splice(0)) {
            inFlight--;
            tooMany(r);
          }
        return;
      }
      if (i < first) {
        inFlight--;
        return tooMany(res);
      }
      await forward(s, res, body, req);
      inFlight--;
    });
    const text = await run([
      'contract',
      '--target',
      front.url,
      '--only',
      plain,
      '--concurrency',
      '4',
    ]);
    expect(casesLine(text.stdout)).toMatchObject({ drift: 0, notTested: 0 });
    expect(text.stdout).not.toMatch(/^rate limited:/m);
    expect(text.code).toBe(0);
    // After the 429s the pace was halved, then halved again: never more than 2 in flight.
    expect(Math.max(...atArrival.slice(4, 8))).toBeLessThanOrEqual(2);
    expect(front.seen.length).toBeGreaterThan(first);
  }, 120_000);
});

describe('a slow moment is not the end of a target', () => {
  test('a correct target that stalls once past --timeout-ms, 10 requests in flight, still conforms', async () => {
    const forward = await replayBehind();
    let answered = 0;
    let stalled = false;
    let over = false;
    let timedOut = 0;
    const held: (() => void)[] = [];
    const front = await serve(async (s, res, body, req) => {
      // After 8 answers the server stops answering; the stall ends once the client has given up
      // on more requests than the old cut-off (5 no-answers in a row) allowed.
      if (!over && (stalled || answered >= 8)) {
        stalled = true;
        held.push(() => void forward(s, res, body, req));
        res.on('close', () => {
          if (res.writableEnded) return;
          timedOut++;
          if (timedOut < 6 || over) return;
          over = true;
          for (const release of held.splice(0)) release();
        });
        return;
      }
      await forward(s, res, body, req);
      answered++;
    });
    const args = ['--only', plain, '--concurrency', '10', '--timeout-ms', '4000'];
    const json = await run(['contract', '--target', front.url, ...args, '--format', 'json']);
    const report = JSON.parse(json.stdout);
    expect(timedOut).toBeGreaterThanOrEqual(6);
    expect(report.summary.cases).toMatchObject({ drift: 0, notTested: 0 });
    expect(json.code).toBe(0);
    // Each request the client gave up on was retried, and the retry was answered (a busy machine
    // may time out an answer it was slow to read too: at least that many).
    const retried = report.results.filter((r: { requests?: number }) => r.requests === 2);
    expect(retried.length).toBeGreaterThanOrEqual(timedOut);
    expect(report.summary.requests).toBe(front.seen.length);
  }, 120_000);

  test('a target that never answers still ends within 120 s with the defaults: exit 2, not tested', async () => {
    const hung = await serve();
    const text = await run(['contract', '--target', hung.url, '--only', firstOfEach]);
    expect(text.code).toBe(2);
    expect(text.stdout).not.toMatch(/DRIFT/);
    for (const s of [...specs.rest, ...specs.rpc])
      expect(text.stdout).toMatch(
        new RegExp(
          `^${s.name}: ${hung.url} gave no answer; not tested: no answer (within 15000 ms|for \\d+ s)`,
          'm',
        ),
      );
    expect(casesLine(text.stdout)).toMatchObject({ conform: 0, drift: 0 });
    expect(text.ms).toBeLessThan(120_000);
  }, 180_000);
});
