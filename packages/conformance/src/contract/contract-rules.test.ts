// The rule kinds the audit (specs/rules.yaml) added to x-promises, proved on `contract`: the
// replay server breaking one of them (its own fault switch, answers schema-valid) is reported
// as drift of that kind on the operations declaring it (for `calls`, on the linked pair), and
// the replay server without a fault keeps them all.
import { describe, expect, test } from 'vitest';
import type { PromiseKind, Promises } from '../model/promises/vocabulary.js';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';
import { targetOf } from './case-inputs.js';
import { contractCases } from './contract-cases.js';
import { parseClasses, runPlan } from './contract-plan.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const base = contractCases(specs, recordings);

const declares: Record<string, (p: Promises) => boolean> = {
  scope: (p) => Boolean(p.scope?.length),
  units: (p) => Boolean(p.units?.length),
  relation: (p) => Boolean(p.relations?.length),
  calls: (p) => Boolean(p.calls?.length),
};

/** The operations declaring the kind, and for `calls` the ones they are linked to. */
function declaring(kind: string): Set<string> {
  const out = new Set<string>();
  for (const { service, id } of specs.all) {
    const p = targetOf(specs, { service, operation: id })?.promises;
    if (!p || !declares[kind]?.(p)) continue;
    out.add(id);
    for (const c of p.calls ?? []) out.add(c.with);
  }
  return out;
}

async function contract(operations: Set<string>, fault?: PromiseKind) {
  const replay = await startReplayServer({ specs, recordings, ...(fault ? { fault } : {}) });
  try {
    const { results } = await runPlan(
      specs,
      base,
      {
        targets: Object.fromEntries([...specs.rest, ...specs.rpc].map((s) => [s.name, replay.url])),
        concurrency: 4,
        timeoutMs: 20000,
        maxRetryAfterMs: 0,
        retries: 0,
        replaysCorpus: true,
      },
      {
        classes: parseClasses(undefined),
        seed: 1,
        maxCases: 6,
        maxRequests: 1500,
        maxPages: 3,
        only: (c) => operations.has(c.operation),
      },
    );
    return results;
  } finally {
    await replay.close();
  }
}

const schemaKinds = new Set([
  'undeclared-property',
  'missing-required',
  'wrong-type',
  'undeclared-value',
  'invalid',
]);

describe('the new rule kinds on contract', () => {
  test.each(Object.keys(declares))(
    '%s: broken by the replay server, caught as drift; kept without the fault',
    async (kind) => {
      const operations = declaring(kind);
      expect(operations.size).toBeGreaterThan(0);
      const faulty = await contract(operations, kind as PromiseKind);
      const caught = new Set(
        faulty.filter((r) => r.violations.some((v) => v.kind === kind)).map((r) => r.operation),
      );
      expect(caught.size).toBeGreaterThan(0);
      expect([...caught].filter((op) => !operations.has(op))).toEqual([]);
      expect(
        faulty.flatMap((r) =>
          r.violations
            .filter((v) => schemaKinds.has(v.kind))
            .map((v) => `${r.operation} ${v.message}`),
        ),
      ).toEqual([]);
      const kept = await contract(operations);
      expect(
        kept.flatMap((r) => r.violations.filter((v) => v.kind === kind).map((v) => v.message)),
      ).toEqual([]);
    },
    120000,
  );

  test('calls: the linked pair is asked on the same target', async () => {
    const results = await contract(declaring('calls'));
    const linked = results.filter((r) => r.source.includes('(calls)'));
    expect(linked.length).toBeGreaterThan(0);
  }, 120000);
});
