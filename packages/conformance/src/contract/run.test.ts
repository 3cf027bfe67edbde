// runContract as a library call against the in-process replay server: one report every format
// renders without touching it, settings told as values (never a header value or key), and bad
// settings as a typed error naming the value.
import { describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { contractFormats } from './formats/index.js';
import type { ContractReport } from './report-types.js';
import { ContractSettingsError, reportExitCode, runContract } from './run.js';

const root = new URL('../../../../specs/', import.meta.url);
const paths = {
  specs: new URL('dist/', root).pathname,
  recordings: new URL('recordings/', root).pathname,
};
const specs = await Specs.load(paths.specs);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe('runContract against the replay server', () => {
  const token = 'token-value-0123456789';
  let report: ContractReport;

  test('one report: every operation of the specs, counts that add up, settings as values', async () => {
    report = await runContract({
      ...paths,
      headers: ['X-Gateway-Token: $GATEWAY_TOKEN'],
      env: { GATEWAY_TOKEN: token },
      seed: 7,
    });
    const ids = specs.all.map((o) => `${o.service} ${o.id}`).sort();
    expect(report.operations.map((o) => `${o.service} ${o.operation}`).sort()).toEqual(ids);
    expect(report.summary.operations.total).toBe(ids.length);
    expect(report.summary.cases.total).toBe(report.results.length);
    const { conforms, drift, notTested, skipped } = report.summary.cases;
    expect(conforms + drift + notTested + skipped).toBe(report.results.length);
    expect(report.summary.operations.drift).toBe(0);
    expect(reportExitCode(report)).toBe(0);
    expect(report.replayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Date.parse(report.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(report.settings).toMatchObject({
      target: 'replay',
      seed: 7,
      headers: ['X-Gateway-Token'],
      apiKey: false,
    });
    // Each spec family's version, read from its document.
    for (const s of [...specs.rest, ...specs.rpc])
      expect(report.specVersions[s.name.split('-')[0] as string]).toContain(
        (s.doc as { info: { version: string } }).info.version,
      );
    expect(JSON.stringify(report)).not.toContain(token);
  }, 180_000);

  test('every format is a pure function of the report', () => {
    deepFreeze(report);
    expect(Object.keys(contractFormats).sort()).toEqual(['json', 'junit', 'text']);
    for (const render of Object.values(contractFormats))
      expect(render(report)).toBe(render(report));
    expect(JSON.parse(contractFormats.json?.(report) ?? '')).toEqual(report);
    const junit = contractFormats.junit?.(report) ?? '';
    expect([...junit.matchAll(/<testcase /g)].length).toBe(report.results.length);
    const text = contractFormats.text?.(report) ?? '';
    const { conforms, total } = report.summary.operations;
    expect(text.split('\n').at(-1)).toMatch(
      new RegExp(`^contract: ${conforms}/${total} operations and methods conform, 0 drift`),
    );
    expect(text).toContain(`target: replay server ${report.replayUrl};`);
  });
});

describe('settings runContract cannot use', () => {
  test.each([
    [{ only: ['noSuchOperation'] }, /--only: noSuchOperation names no operation/],
    [{ target: 'data-api=not a url' }, /--target: "not a url" is not a URL/],
    [{ headers: ['X-Trace literal'] }, /--header: "X-Trac…" is not 'Name: value'/],
    [{ rateLimits: ['1/s', '2/s'] }, /--rate-limit: more than one global rate/],
    [{ nodeVersion: 'banana' }, /--node-version: .*banana/],
  ])('%j throws a ContractSettingsError naming it', async (settings, message) => {
    const run = runContract({ ...paths, ...settings });
    await expect(run).rejects.toBeInstanceOf(ContractSettingsError);
    await expect(run).rejects.toThrow(message);
  });
});
