// The tally of `check`: per-operation counts, whatever mix of services, batches and
// unmatched results comes through, and however many distinct batch mixes.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { type CheckedItem, CheckTally } from './report.js';

const specs = await Specs.load();

describe('CheckTally', () => {
  test('counts each name of a result (a batch names several) once per result, by service', () => {
    const names = ['a', 'b', 'c.d', ''];
    const item = fc.record({
      service: fc.option(fc.constantFrom('s1', 's2'), { nil: undefined }),
      operation: fc.option(
        fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }).map((n) => n.join(',')),
        { nil: undefined },
      ),
      ok: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 60 }), (items) => {
        const tally = new CheckTally();
        const want: Record<string, { passed: number; failed: number }> = {};
        for (const { service, operation, ok } of items) {
          const result: CheckedItem = { file: 'f', ok, errors: [] };
          if (service !== undefined) result.service = service;
          if (operation !== undefined) result.operation = operation;
          tally.add(result);
          for (const op of operation ? operation.split(',') : ['(unmatched)']) {
            const key = service ? `${service} ${op}` : op;
            want[key] ??= { passed: 0, failed: 0 };
            if (ok) want[key].passed++;
            else want[key].failed++;
          }
        }
        expect(tally.summary(specs).operations).toEqual(want);
      }),
      { numRuns: 200, seed: 31 },
    );
  });

  test('past the remembered mixes of a batch, counts stay right', () => {
    const tally = new CheckTally();
    for (let i = 0; i < 3000; i++)
      tally.add({
        file: 'f',
        service: 's',
        operation: `m${i % 1500},x`,
        ok: i % 3 !== 0,
        errors: [],
      });
    const { operations } = tally.summary(specs);
    expect(operations['s x']).toEqual({ passed: 2000, failed: 1000 });
    // m0 at i = 0 and 1500 (both failed), m1 at 1 and 1501 (both passed).
    expect(operations['s m0']).toEqual({ passed: 0, failed: 2 });
    expect(operations['s m1']).toEqual({ passed: 2, failed: 0 });
    expect(Object.keys(operations)).toHaveLength(1501);
  });
});
