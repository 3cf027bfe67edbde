// The contract report's coverage by rule id of the audit (specs/rules.yaml, bundled as
// rules.json): per operation, each rule its promises check is checked, vacuous or never
// exercised, read off a run against the replay server.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';
import type { ContractResult } from './contract-case.js';
import { contractCases } from './contract-cases.js';
import { parseClasses, runPlan } from './contract-plan.js';
import { contractCoverage, ruleCoverageLine } from './coverage.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const rules = specs.rules?.rules ?? [];
/** The operations a few rules of each seed speak of, and one no case is run for. */
const ran = new Set(['listValidators', 'getAvgTps', 'info.getNetworkID', 'info.getNetworkName']);
let results: ContractResult[] = [];
let close: () => Promise<void>;

beforeAll(async () => {
  const replay = await startReplayServer({ specs, recordings });
  close = () => replay.close();
  ({ results } = await runPlan(
    specs,
    contractCases(specs, recordings),
    {
      targets: Object.fromEntries([...specs.rest, ...specs.rpc].map((s) => [s.name, replay.url])),
      concurrency: 2,
      timeoutMs: 20000,
      maxRetryAfterMs: 0,
      retries: 0,
      replaysCorpus: true,
    },
    {
      classes: parseClasses(undefined),
      seed: 1,
      maxCases: 4,
      maxRequests: 300,
      maxPages: 2,
      only: (c) => ran.has(c.operation),
    },
  ));
}, 120000);
afterAll(() => close());

const mapsTo = (service: string, id: string) =>
  rules
    .filter((r) =>
      r.targets.some(
        (t) => t.spec === service && (t.document || t.operation === id || t.method === id),
      ),
    )
    .map((r) => r.id)
    .sort();

describe('coverage by rule id', () => {
  test('the specs carry the audit', () => {
    expect(rules.length).toBeGreaterThan(0);
  });

  test('every operation lists each rule its promises check once: checked, vacuous or never exercised', () => {
    const coverage = contractCoverage(specs, results);
    for (const o of coverage.perOperation) {
      const r = o.rules ?? { checked: [], vacuous: [], neverExercised: [] };
      const listed = [...r.checked, ...r.vacuous, ...r.neverExercised].sort();
      expect(listed, `${o.service} ${o.operation}`).toEqual(mapsTo(o.service, o.operation));
      if (!ran.has(o.operation)) expect(r.checked, o.operation).toEqual([]);
    }
  });

  test('a run checks the rules of what it asked: page size, defaults, relations, calls', () => {
    const coverage = contractCoverage(specs, results);
    const of = (op: string) => coverage.perOperation.find((o) => o.operation === op)?.rules;
    expect(of('listValidators')?.checked).toEqual(
      expect.arrayContaining(['data.validators-page', 'data.content-type', 'ref.page-size']),
    );
    expect(of('getAvgTps')?.checked).toEqual(expect.arrayContaining(['data.avg-tps-answer']));
    expect(of('info.getNetworkID')?.checked).toEqual(['node.content-type', 'node.network-ids']);
    expect(of('avm.getUTXOs')?.neverExercised).toContain('node.utxos-limit');
    expect(ruleCoverageLine(coverage)).toMatch(
      /^rules \(specs\/rules\.yaml, by operation\): checked \d+ rule ids, vacuous \d+, never exercised \d+$/,
    );
  });

  test('without the audit, no rule coverage is told', () => {
    const audit = specs.rules;
    specs.rules = undefined;
    let coverage: ReturnType<typeof contractCoverage>;
    try {
      coverage = contractCoverage(specs, results);
    } finally {
      specs.rules = audit;
    }
    expect(coverage.perOperation.every((o) => o.rules === undefined)).toBe(true);
    expect(ruleCoverageLine(coverage)).toBeUndefined();
  });
});
