// A node is judged by the release it reports; the methods that release does not serve (the spec
// marks them gone before it, or come after it) are checked for the answer such a node gives, by
// the spec's x-error-kinds. Against the replay server run standalone, every operation and method
// the specs hold conforms; a server of that release that still serves such a method, or refuses
// it in other words, drifts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { describedRelease } from '../model/versions.js';
import { loadRecordings } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';
import { notServedByDescribedRelease } from '../replay/replay-node.js';
import { type FaultyProxy, startFaultyProxy } from '../test/faulty-proxy.js';
import type { ContractReport } from './report-types.js';
import { runContract } from './run.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const node = specs.rpc.find((s) => s.name === 'node-rpc');
const release = String(describedRelease(node?.doc ?? {}));
const absent = (node ? notServedByDescribedRelease(node) : []).map((m) => m.id);

type ReplayServer = Awaited<ReturnType<typeof startReplayServer>>;

const drifting = (report: ContractReport) =>
  report.operations.filter((o) => o.verdict === 'drift').map((o) => o.operation);
const casesOf = (report: ContractReport, operation: string) =>
  report.results.filter((r) => r.operation === operation && r.verdict !== 'skipped');

test('the specs mark methods the release they describe does not serve', () => {
  expect(absent.length).toBeGreaterThan(0);
});

// The whole plan against the standalone replay server (every operation and method conforms) is
// run once, beside the fake, in fake/fake.test.ts.
describe('the replay server, standalone, judged by the release it states', () => {
  let server: ReplayServer;
  let report: ContractReport;
  beforeAll(async () => {
    server = await startReplayServer({ specs, recordings });
    report = await runContract({ target: server.url, only: absent });
  }, 300_000);
  afterAll(() => server?.close());

  test('the methods it does not serve conform', () => {
    expect(report.nodeVersion).toContain(release);
    expect(report.operations.map((o) => [o.operation, o.verdict])).toEqual(
      absent.map((id) => [id, 'conforms']),
    );
  });

  test.each(absent)('%s is called once and answered as a method the node does not serve', (id) => {
    const [only, ...more] = casesOf(report, id);
    expect(more).toEqual([]);
    expect(only).toMatchObject({ verdict: 'conforms', absentFrom: `avalanchego ${release}` });
    expect(only?.got).toMatch(/error -32000 "rpc: can't find method/);
  });
});

describe('a server of that release that does not behave so drifts', () => {
  let older: ReplayServer;
  let proxy: FaultyProxy;
  beforeAll(async () => {
    older = await startReplayServer({ specs, recordings, olderAnswers: true });
    proxy = await startFaultyProxy(specs, recordings);
  });
  afterAll(async () => {
    await older?.close();
    await proxy?.close();
  });

  test('one that still answers the methods with a result (older answers served)', async () => {
    const report = await runContract({ target: older.url, only: absent });
    expect(drifting(report).sort()).toEqual([...absent].sort());
    for (const id of absent)
      expect(casesOf(report, id)[0]?.violations[0]?.message).toMatch(
        /^expected an unsupported error .*, got a result$/,
      );
  }, 120_000);

  test('one that refuses them with another error', async () => {
    proxy.fault = (a) =>
      absent.includes(a.operation)
        ? {
            ...a,
            body: {
              jsonrpc: '2.0',
              id: a.call?.id,
              error: { code: -32000, message: 'not found', data: null },
            },
          }
        : undefined;
    const report = await runContract({ target: proxy.url, only: absent });
    expect(drifting(report).sort()).toEqual([...absent].sort());
    for (const id of absent)
      expect(casesOf(report, id)[0]?.violations[0]?.message).toContain(
        'got error -32000 "not found"',
      );
  }, 120_000);
});
