import { describe, expect, it } from 'vitest';
import { renderConformance } from './conformance.mjs';

const counts = (conforms, drift = 0, notTested = 0, skipped = 0) => ({
  conforms,
  drift,
  notTested,
  skipped,
});
const report = (cases, drift = []) => ({
  target: 'replay',
  date: '2026-11-27T20:00:00.000Z',
  summary: { operations: counts(2), cases },
  operations: [
    {
      service: 'data-api',
      operation: 'listValidators',
      cases: 3,
      statuses: [200, 400],
      verdict: 'conforms',
      drift: {},
    },
    {
      service: 'node-health',
      operation: 'health',
      cases: 1,
      statuses: [200],
      verdict: 'drift',
      drift: { schema: 1 },
    },
  ],
  drift,
});
const places = [
  { service: 'data', op: 'listValidators', page: 'data-api.html', anchor: 'listValidators' },
  { service: 'health', op: 'health', page: 'node-api.html', anchor: 'get-ext-health' },
];

describe('conformance page', () => {
  it.each([
    ['every case conforms', counts(5, 0, 0, 1), 'conforms'],
    ['one drifted', counts(4, 1), 'drift'],
    ['one not tested', counts(4, 0, 1), 'not-tested'],
    ['nothing tested', counts(0, 0, 0, 3), 'not-tested'],
  ])('%s: the verdict says so', (_name, cases, want) => {
    expect(renderConformance(report(cases), places)).toContain(
      `Verdict: <span class="badge v-${want}">`,
    );
  });

  it('links each operation to its section and lists each drift with its violations', () => {
    const page = renderConformance(
      report(counts(4, 1), [
        {
          service: 'node-health',
          operation: 'health',
          source: 'example',
          status: 200,
          violations: ['/checks: must be object'],
        },
      ]),
      places,
    );
    expect(page).toContain(
      '<a href="data-api.html#listValidators"><code>listValidators</code></a>',
    );
    expect(page).toContain('<a href="node-api.html#get-ext-health"><code>health</code></a>');
    expect(page).toContain('<code>/checks: must be object</code>');
    expect(page).toContain('<td>schema 1</td>');
  });
});
