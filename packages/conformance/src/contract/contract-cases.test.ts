import { describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { contractCases } from './contract-cases.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const allCases = contractCases(specs, recordings);

describe('contractCases', () => {
  test("every case expects its recording's or example's own answer", () => {
    const sig = allCases.filter((c) => c.operation === 'aggregateSignatures');
    expect(sig.length).toBeGreaterThan(0);
    for (const c of sig) expect(c.expect.status).toBe(201);
    const rpc = allCases.filter((c) => c.service === 'node-rpc');
    expect(rpc.every((c) => c.expect.reply === 'result' || c.expect.reply === 'error')).toBe(true);
  });

  test('one request paired with two answers keeps the success and skips the other', () => {
    const tps = allCases.filter((c) => c.operation === 'getAvgTps');
    const skipped = tps.filter((c) => c.skip);
    expect(skipped.map((c) => [c.source, c.expect.status])).toEqual([
      ['metrics-api/error-bad-request.1.json', 400],
    ]);
    expect(skipped[0]?.skip).toMatch(/same request as metrics-api\/avg-tps\.1\.json/);
  });
});
