// `contract` for operators, end to end: the built CLI as a child process against real servers on
// 127.0.0.1 that never answer, answer `{}`, count and time-stamp what they get. Nothing here
// races a timer: a server that must not answer never does, and rates are read from the server's
// own timestamps with a margin.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';
import { cli, closeServers, closeWithServers, run, type Seen, serve } from '../test/cli-run.js';

// Operations and methods of the bundled specs (Data, Metrics, node health, node RPC), counted
// here so that a spec edit that adds one needs no edit of this file.
const loaded = await Specs.load(new URL('../../../../specs/dist/', import.meta.url).pathname);
const specTotal =
  loaded.rest.reduce((n, s) => n + s.operations.length, 0) +
  loaded.rpc.reduce((n, s) => n + s.methods.length, 0);

const root = new URL('../../../../specs/', import.meta.url);

afterEach(closeServers);

const answerEmpty = (_s: Seen, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{}');
};

const progress = /^contract: /;

// What these tests show holds for any budget: the 600 requests of a 58-operation run (every
// operation still gets cases, round robin), not the specs' default of 12 per operation.
const BOUNDED = ['--max-requests', '600'];

describe('a target that never answers', () => {
  test('ends quickly: exit 2, not tested, no DRIFT row, progress on stderr with no long silence', async () => {
    const hung = await serve();
    const text = await run(['contract', '--target', hung.url, '--timeout-ms', '1000', ...BOUNDED]);
    expect(text.code).toBe(2);
    expect(text.stdout).not.toMatch(/DRIFT/);
    for (const service of ['data-api', 'metrics-api', 'node-rpc', 'node-health'])
      expect(text.stdout).toMatch(
        new RegExp(`^${service}: ${hung.url} gave no answer; not tested: `, 'm'),
      );
    expect(text.stdout).toMatch(
      new RegExp(
        `^contract: 0/${specTotal} operations and methods conform, 0 drift, ${specTotal} not tested`,
        'm',
      ),
    );
    // The node's release probe and the first requests only: the rest were never sent.
    expect(hung.seen.length).toBeLessThan(20);
    const lines = text.stderrLines.filter((l) => progress.test(l.line));
    expect(lines.length).toBeGreaterThan(0);
    const times = [0, ...lines.map((l) => l.at), text.ms];
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) - (times[i - 1] as number)).toBeLessThan(20_000);
    // JSON on stdout stays JSON: progress goes to stderr only.
    const json = await run([
      'contract',
      '--target',
      hung.url,
      '--timeout-ms',
      '1000',
      '--format',
      'json',
    ]);
    expect(json.code).toBe(2);
    const report = JSON.parse(json.stdout);
    expect(report.summary.cases.drift).toBe(0);
    expect(json.stderr).toMatch(/^contract: /m);
  }, 120_000);

  test('slow answers past --timeout-ms are not drift; the counts are what the servers saw', async () => {
    const specs = await Specs.load(new URL('dist/', root).pathname);
    const recordings = await loadRecordings(new URL('recordings/', root).pathname);
    const replay = await startReplayServer({ specs, recordings });
    closeWithServers(() => void replay.close());
    // The metrics API answers (forwarded to the replay server, method and body too: its
    // composite queries are POSTs); everything else never does.
    const metrics = await serve(async (s, res, body, req) => {
      const answer = await fetch(`${replay.url}${s.url}`, {
        method: req.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        ...(body ? { body } : {}),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    });
    const hung = await serve();
    const targets = `metrics-api=${metrics.url},data-api=${hung.url},node-rpc=${hung.url},node-health=${hung.url}`;
    const { code, stdout } = await run([
      'contract',
      '--target',
      targets,
      // Long enough for the forwarded answers on a busy machine; the hung ones never come.
      '--timeout-ms',
      '4000',
      ...BOUNDED,
      '--format',
      'json',
    ]);
    const report = JSON.parse(stdout);
    expect(report.summary.cases.drift).toBe(0);
    expect(report.summary.cases.conforms).toBeGreaterThan(0);
    expect(code).toBe(2);
    expect(report.summary.requests).toBe(metrics.seen.length + hung.seen.length);
    const sent = report.results.filter((r: { requests?: number }) => (r.requests ?? 0) > 0);
    expect(report.summary.casesSent).toBe(sent.length);
    const byClass = Object.values(report.summary.classes as Record<string, number>);
    expect(byClass.reduce((a, b) => a + b, 0)).toBe(sent.length);
    // The probe of the node's release is the one request that is no case; a case that timed out
    // was tried twice.
    type Sent = { service: string; requests?: number; status?: number };
    const requestsOf = (list: Sent[]) => list.reduce((n, r) => n + (r.requests ?? 0), 0);
    expect(requestsOf(sent)).toBe(metrics.seen.length + hung.seen.length - 1);
    const unanswered = sent.filter((r: Sent) => r.service !== 'metrics-api');
    expect(requestsOf(unanswered)).toBe(hung.seen.length - 1);
    expect(unanswered.every((r: Sent) => r.status === undefined)).toBe(true);
    // A forwarded answer later than the timeout is no answer too, never drift.
    expect(report.summary.noAnswer).toBe(sent.filter((r: Sent) => r.status === undefined).length);
  }, 120_000);
});

describe('an always-{} server', () => {
  test('a text report of a few lines per operation, each distinct problem once; JUnit with time', async () => {
    const empty = await serve(answerEmpty);
    const text = await run(['contract', '--target', empty.url, ...BOUNDED]);
    expect(text.code).toBe(1);
    const lines = text.stdout.split('\n');
    // The report's tables are its index, a row per operation and method, so its length grows
    // with the specs: a row in each of the three tables, a filters line, about one problem
    // (four lines: the problem, expected and got in words, curl) each, and a legend of the
    // words used. What must not grow with the cases, 2,000 drifting ones, is held below: each
    // distinct problem is told once.
    expect(lines.indexOf('')).toBe(specTotal + 1);
    expect(lines.length).toBeLessThan(100 + 7 * specTotal);
    const before = empty.seen.length;
    const json = JSON.parse(
      (await run(['contract', '--target', empty.url, '--format', 'json', ...BOUNDED])).stdout,
    );
    // Every count in the summary is what the server saw.
    expect(json.summary.requests).toBe(empty.seen.length - before);
    expect(json.summary.casesSent).toBe(empty.seen.length - before - 1);
    expect(json.summary.cases.drift + json.summary.cases.conforms).toBe(json.summary.casesSent);
    type Result = {
      verdict: string;
      headline?: string;
      violations: { kind: string; where: string; path: string; message: string }[];
    };
    const drift: Result[] = json.results.filter((r: Result) => r.verdict === 'drift');
    expect(drift.length).toBeGreaterThan(300);
    // Every problem of every case is named by its rule and its place (indexes as *); one
    // problem's cases may differ in detail (the request id echoed), told once with its count.
    for (const r of drift)
      for (const v of r.violations) {
        const named =
          v.kind === 'unexpected-status' || v.kind === 'unexpected-error'
            ? `${v.kind} expected `
            : `${v.kind} ${v.where}${v.path.replace(/\/\d+(?=\/|$)/g, '/*')}: `;
        expect(text.stdout).toContain(named);
      }
    // A body violation's headline names it, not "expected HTTP 200, got HTTP 200".
    const body = drift.find((r) => r.violations.every((v) => v.kind === 'missing-required'));
    expect(body?.headline).toMatch(/^response\.body\/\w+: is required but missing/);
    expect(JSON.stringify(json.results)).not.toMatch(/expected HTTP 200, got HTTP 200"/);
    // Every line of the drift section is a problem with its count, or its curl line: one
    // problem per rule and place (the expected and got words for a status), whatever the cases.
    const header = lines.findIndex((l) => l.startsWith('DRIFT: '));
    const section = lines.slice(header + 1);
    const problems = section.slice(0, section.indexOf(''));
    const distinct = new Set(
      drift.flatMap((r) =>
        r.violations.map((v) =>
          v.kind === 'unexpected-status' || v.kind === 'unexpected-error'
            ? `${v.kind} ${v.message}`
            : `${v.kind} ${v.where}${v.path.replace(/\/\d+(?=\/|$)/g, '/*')}`,
        ),
      ),
    );
    expect(lines[header]).toMatch(new RegExp(`^DRIFT: ${distinct.size} distinct problems in `));
    // Each problem: its line, what the spec says and what came back in words, its curl line.
    expect(problems.length).toBe(4 * distinct.size);
    const shapes = [
      /^ {2}\d+× \S+ /,
      /^ {4}expected: (for this request \(.*\) )?(the spec|JSON-RPC 2\.0|every answer|an HTTP answer) /,
      /^ {4}got: the server/,
      /^ {4}curl -sS /,
    ];
    problems.forEach((l, i) => {
      expect(l).toMatch(shapes[i % 4] as RegExp);
    });

    const junit = await run(['contract', '--target', empty.url, '--format', 'junit', ...BOUNDED]);
    const cases = [...junit.stdout.matchAll(/<testcase ([^>]*?)\/?>/g)].map((m) => m[1] as string);
    expect(cases.length).toBe(json.results.length);
    for (const c of cases) expect(c).toMatch(/ time="\d+\.\d{3}"/);
    const names = cases.map((c) =>
      /classname="([^"]*)" name="([^"]*)"/.exec(c)?.slice(1).join(' '),
    );
    expect(new Set(names).size).toBe(names.length);
    expect(junit.stdout).toMatch(/<failure message="response\.body\/\w+: is required but missing/);
  }, 180_000);
});

describe('controls', () => {
  test('--rate-limit 10/s: no second at the server holds more than 12 requests', async () => {
    const empty = await serve(answerEmpty);
    const { code, stdout } = await run([
      'contract',
      '--target',
      empty.url,
      '--rate-limit',
      '10/s',
      '--max-requests',
      '30',
      '--concurrency',
      '8',
      '--format',
      'json',
    ]);
    expect(code).toBe(1);
    const at = empty.seen.map((s) => s.at).sort((a, b) => a - b);
    expect(at.length).toBe(JSON.parse(stdout).summary.requests);
    expect(at.length).toBeGreaterThanOrEqual(25);
    // The most requests in any one-second window, read off the server's own clock.
    let most = 0;
    for (let i = 0, j = 0; j < at.length; j++) {
      while ((at[j] as number) - (at[i] as number) >= 1000) i++;
      most = Math.max(most, j - i + 1);
    }
    expect(most).toBeLessThanOrEqual(12);
    // And they were spread out: 30 requests at 10/s take at least ~2.5 s whatever the load.
    expect((at.at(-1) as number) - (at[0] as number)).toBeGreaterThan(2500);
  }, 120_000);

  test('--max-failures 5 stops after about 5 drifting cases and says so', async () => {
    const empty = await serve(answerEmpty);
    const { code, stdout } = await run([
      'contract',
      '--target',
      empty.url,
      '--max-failures',
      '5',
      '--node-version',
      'none',
    ]);
    expect(code).toBe(1);
    const summary = stdout.trim().split('\n').at(-1) as string;
    const [conform, drift] = (/cases: (\d+) conform, (\d+) drift/.exec(summary) ?? [])
      .slice(1)
      .map(Number);
    // Cases already in flight (--concurrency 4) finish: 5 to 8. A case `{}` satisfies (a health
    // check) conforms and counts no failure; every request sent is one of these cases.
    expect(drift).toBeGreaterThanOrEqual(5);
    expect(drift).toBeLessThanOrEqual(8);
    expect(empty.seen.length).toBe((conform as number) + (drift as number));
    expect(stdout).toMatch(
      /^stopped early: --max-failures 5 reached; \d+ planned cases not sent$/m,
    );
  }, 120_000);

  test('--header reaches its service only; its value is in no output or recording', async () => {
    const token = 'gw-secret-0123456789abcdef';
    const node = await serve((_s, res, body) => {
      const call = JSON.parse(body || '{}');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id ?? 1, result: { echo: token } }));
    });
    const data = await serve(answerEmpty);
    const record = await mkdtemp(join(tmpdir(), 'record-'));
    const { stdout, stderr } = await run(
      [
        'contract',
        '--target',
        `node-rpc=${node.url},data-api=${data.url}`,
        '--only',
        'info.getNodeID,listBlockchains',
        '--header',
        'node-rpc=X-Gateway-Token: $GW_TOKEN',
        '--header',
        'X-Client: literal-client-id',
        '--record',
        record,
        '--format',
        'json',
      ],
      { GW_TOKEN: token },
    );
    expect(node.seen.length).toBeGreaterThan(0);
    expect(node.seen.every((s) => s.headers['x-gateway-token'] === token)).toBe(true);
    expect(data.seen.length).toBeGreaterThan(0);
    expect(data.seen.every((s) => s.headers['x-gateway-token'] === undefined)).toBe(true);
    expect(data.seen.every((s) => s.headers['x-client'] === 'literal-client-id')).toBe(true);
    const report = JSON.parse(stdout);
    const curls = report.results.map((r: { service: string; curl: string }) => r);
    for (const r of curls) {
      if (r.service === 'node-rpc') expect(r.curl).toContain('-H "X-Gateway-Token: $GW_TOKEN"');
      else expect(r.curl).not.toContain('X-Gateway-Token');
      expect(r.curl).toContain('-H "X-Client: [redacted]"');
    }
    const files = (await readdir(record, { recursive: true })).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    const recorded = await Promise.all(files.map((f) => readFile(join(record, f), 'utf8')));
    for (const out of [stdout, stderr, ...recorded]) {
      expect(out).not.toContain(token);
      expect(out).not.toContain('literal-client-id');
    }
  }, 120_000);

  test.each([
    [['--header', 'X-Trace literal'], /--header: "X-Trac…" is not 'Name: value'/],
    [
      ['--header', 'X-A: $NOT_SET_ANYWHERE'],
      /the environment variable NOT_SET_ANYWHERE is not set/,
    ],
    [['--rate-limit', '10/h'], /--rate-limit: "10\/h" is not N\/s or N\/m/],
    [['--rate-limit', '1/s', '--rate-limit', '2/s'], /more than one global rate/],
    [['--max-failures', 'some'], /--max-failures: "some" must be an integer/],
  ])(
    '%j is a usage error naming the value, exit 2',
    async (args, want) => {
      const { code, stderr, stdout } = await run(['contract', ...args]);
      expect(code).toBe(2);
      expect(stderr).toMatch(want);
      expect(stdout).toBe('');
    },
    60_000,
  );
});

describe('serve --host', () => {
  test('binds the address given: 127.0.0.2 answers, 127.0.0.1 on that port does not', async () => {
    const child = spawn(process.execPath, [cli, 'serve', '--host', '127.0.0.2', '--port', '0']);
    closeWithServers(() => child.kill('SIGKILL'));
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const url = /http:\/\/127\.0\.0\.2:(\d+)/.exec(String(line));
    expect(url).not.toBeNull();
    const res = await fetch(`${url?.[0]}/ext/health`);
    expect(res.status).toBeGreaterThan(0);
    await res.arrayBuffer();
    await expect(fetch(`http://127.0.0.1:${url?.[1]}/ext/health`)).rejects.toThrow();
  }, 60_000);

  test('an address that is not an IP, and --help says what binding beyond loopback means', async () => {
    const bad = await run(['serve', '--host', 'my host']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--host: "my host" is not an IP address');
    const help = await run(['serve', '--help']);
    expect(help.stdout).toMatch(/--host ADDR[\s\S]*exposes the server to the network/);
  }, 60_000);
});
