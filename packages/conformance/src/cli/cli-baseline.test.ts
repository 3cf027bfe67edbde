// `contract --baseline` and `--write-baseline` end to end: the built CLI against a faulty
// deployment on 127.0.0.1 (a proxy in front of the replay server that drops required members
// from one operation's answers). The operation and members are read off the specs.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { deref, isObject } from '../model/json-pointer.js';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { startFaultyProxy } from '../test/faulty-proxy.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const cli = new URL('../../dist/cli.js', import.meta.url).pathname;

/**
 * The first GET operation with a recorded 200 answer (none era-marked) whose schema requires
 * two members.
 */
function faultTarget() {
  for (const service of specs.rest)
    for (const op of service.operations) {
      if (op.method !== 'GET') continue;
      const own = recordings.filter(
        (r) => specs.matchRest('GET', new URL(r.request.url))?.operation === op,
      );
      // Era-marked recordings drift against any target but the replay server itself.
      const recorded =
        own.some((r) => r.response.status === 200) && own.every((r) => !r.lenient?.length);
      const node = (value: unknown) => deref(service.doc, value, '').node ?? {};
      const ok = node(isObject(op.node.responses) ? op.node.responses['200'] : undefined) as {
        content?: Record<string, { schema?: unknown }>;
      };
      const schema = node(ok.content?.['application/json']?.schema) as { required?: string[] };
      if (recorded && (schema.required?.length ?? 0) >= 2)
        return { service: service.name, op, members: schema.required as string[] };
    }
  throw new Error('no GET operation with a recorded 200 answer requires two members');
}
const target = faultTarget();
const [first, second] = target.members as [string, string];
const keyOf = (member: string) =>
  `${target.service} ${target.op.id} missing-required response.body/${member}`;

const proxy = await startFaultyProxy(specs, recordings);
afterAll(() => proxy.close());
let dropped: string[] = [];
proxy.fault = (x) => {
  if (x.operation !== target.op.id || x.status !== 200 || !isObject(x.body)) return undefined;
  for (const m of dropped) delete x.body[m];
  return x;
};

const dir = await mkdtemp(join(tmpdir(), 'baseline-'));

function contract(...args: string[]) {
  const all = ['contract', '--target', proxy.url, '--only', target.op.id, ...args];
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [cli, ...all], { maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

interface Report {
  drifts: { key: string; cases: number; baselined?: { reason: string } }[];
  summary: { drifts: { total: number; baselined: number; new: number } };
  baseline?: { known: string[]; expired: { key: string }[]; stale: string[] };
  warnings: string[];
}

describe(`a baseline for ${target.op.id} without ${first}`, () => {
  const file = join(dir, 'baseline.json');

  test('--write-baseline accepts every drift of the run; with it the same drift passes (exit 0)', async () => {
    dropped = [first];
    const written = await contract('--format', 'json', '--write-baseline', file);
    expect(written.code).toBe(1);
    const report = JSON.parse(written.stdout) as Report;
    expect(report.drifts.map((d) => d.key)).toContain(keyOf(first));
    const baseline = JSON.parse(await readFile(file, 'utf8'));
    expect(baseline.entries.map((e: { key: string }) => e.key)).toEqual(
      report.drifts.map((d) => d.key).sort(),
    );
    expect(baseline.entries[0].reason).toMatch(/^accepted on \d{4}-\d{2}-\d{2}$/);

    const known = await contract('--format', 'json', '--baseline', file);
    expect(known.code).toBe(0);
    const again = JSON.parse(known.stdout) as Report;
    expect(again.summary.drifts).toEqual({
      total: report.drifts.length,
      baselined: report.drifts.length,
      new: 0,
    });
    expect(again.drifts.find((d) => d.key === keyOf(first))?.baselined?.reason).toMatch(
      /^accepted on/,
    );
    expect(again.warnings).toEqual([]);
    const text = await contract('--baseline', file);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^known drift, excused by .*baseline\.json: \d+ distinct$/m);
    expect(text.stdout).toContain(keyOf(first));
    expect(text.stdout).not.toMatch(/^DRIFT: /m);
  }, 180_000);

  test('a new drift beside the known one fails (exit 1) and is the only one not baselined', async () => {
    dropped = [first, second];
    const { code, stdout } = await contract('--format', 'json', '--baseline', file);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(report.drifts.find((d) => d.key === keyOf(first))?.baselined).toBeDefined();
    const fresh = report.drifts.filter((d) => !d.baselined).map((d) => d.key);
    expect(fresh).toContain(keyOf(second));
    expect(report.summary.drifts.new).toBe(fresh.length);
  }, 180_000);

  test('an expired entry warns and no longer excuses its drift (exit 1)', async () => {
    dropped = [first];
    const expiredFile = join(dir, 'expired.json');
    const entries = JSON.parse(await readFile(file, 'utf8')).entries.map((e: { key: string }) =>
      e.key === keyOf(first) ? { ...e, expires: '2000-01-01' } : e,
    );
    await writeFile(expiredFile, JSON.stringify({ entries }));
    const { code, stdout, stderr } = await contract('--format', 'json', '--baseline', expiredFile);
    expect(code).toBe(1);
    const warning = `"${keyOf(first)}" expired on 2000-01-01; its drift counts as new`;
    expect(stderr).toContain(`warning: baseline ${expiredFile}: ${warning}`);
    const report = JSON.parse(stdout) as Report;
    expect(report.baseline?.expired).toEqual([{ key: keyOf(first), expires: '2000-01-01' }]);
    expect(report.warnings.some((w) => w.includes(warning))).toBe(true);
    expect(report.drifts.find((d) => d.key === keyOf(first))?.baselined).toBeUndefined();
  }, 180_000);

  test('an entry whose drift is gone is stale: warned, and the run passes', async () => {
    dropped = [];
    const { code, stdout, stderr } = await contract('--format', 'json', '--baseline', file);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report.baseline?.stale).toContain(keyOf(first));
    expect(stderr).toContain(`"${keyOf(first)}" no longer occurs; remove the entry`);
  }, 180_000);

  test.each([
    ['{"entries": {}}', /baseline\.json: must be an object with an "entries" array/],
    [
      '{"entries": [{"key": "a b c d", "reason": "x"}, {"key": "a b c e", "reason": "y", "expires": "2026-13-01"}]}',
      /entries\[1\] \("a b c e"\): expires "2026-13-01" is not a date YYYY-MM-DD/,
    ],
    [
      '{"entries": [{"key": "a b c d", "reason": ""}]}',
      /entries\[0\] \("a b c d"\): reason must be/,
    ],
    ['{"entries": [{"key": "a b", "reason": "r"}]}', /key "a b" is not "<service> <operation>/],
    [
      '{"entries": [{"key": "a b c d", "reason": "r", "expiry": "2030-01-01"}]}',
      /unknown field "expiry"/,
    ],
    [
      '{"entries": [{"key": "a b c d", "reason": "r"}, {"key": "a b c d", "reason": "s"}]}',
      /entries\[1\] \("a b c d"\): the same key as entries\[0\]/,
    ],
  ])(
    'a bad baseline %s is a usage error naming the entry (exit 2)',
    async (text, message) => {
      const bad = join(dir, 'bad', 'baseline.json');
      await mkdir(join(dir, 'bad'), { recursive: true });
      await writeFile(bad, text);
      const { code, stderr, stdout } = await contract('--baseline', bad);
      expect(code).toBe(2);
      expect(stderr).toMatch(message);
      expect(stdout).toBe('');
    },
    60_000,
  );
});
