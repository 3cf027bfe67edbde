// The HTML report of a real run against a faulty target (a proxy on 127.0.0.1 in front of the
// replay server that reverses one operation's list and sees the key the run sends), opened from
// disk in headless Chromium: verdict first, every operation of the services run, every drift
// with its curl line, coverage; no request leaves file://, no key anywhere, axe finds nothing.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Specs } from '../../model/specs.js';
import { loadRecordings } from '../../recordings/recordings.js';
import { resultsReversed, startFaultyProxy } from '../../test/faulty-proxy.js';
import {
  axeViolations,
  browserContext,
  contractReport,
  fitsWidth,
  openFromDisk,
  recordingsDir,
  specDir,
} from '../../test/report-pages.js';
import { esc, renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { driftsOf, type ReportInput, redactCredentials } from './report-view.js';

const specs = await Specs.load(specDir);
const recordings = await loadRecordings(recordingsDir);
const key = 'k3y-never-in-a-report-0123456789';
// Two services the run covers; the operations expected on the page come from their specs.
const services = ['metrics-api', 'node-health'];
const specOperations = specs.rest
  .filter((s) => services.includes(s.name))
  .flatMap((s) => s.operations.map((o) => o.id));

let context: BrowserContext;
let report: ReportInput;
let file: string;
const keysSeen: string[] = [];

beforeAll(async () => {
  const proxy = await startFaultyProxy(specs, recordings);
  // getAvgTps answers in the wrong order (a schema-valid fault the order promise must catch).
  proxy.fault = (x) => {
    keysSeen.push(String(x.headers?.['x-api-key'] ?? ''));
    return x.operation === 'getAvgTps' ? resultsReversed(x) : undefined;
  };
  try {
    const run = await contractReport(
      [
        '--target',
        proxy.url,
        '--only',
        services.join(','),
        '--node-version',
        'none',
        '--header',
        'x-api-key: $REPORT_KEY',
      ],
      { REPORT_KEY: key },
    );
    report = run.report;
  } finally {
    await proxy.close();
  }
  file = join(await mkdtemp(join(tmpdir(), 'html-report-')), 'report.html');
  await writeFile(file, renderHtml(report));
  context = await browserContext();
});
afterAll(() => context?.close());

describe('the HTML report opened from disk', () => {
  test('the run drifted on the faulty operation and sent the key to the target', () => {
    expect(keysSeen).toContain(key);
    expect(report.operations.find((o) => o.operation === 'getAvgTps')?.verdict).toBe('drift');
  });

  test('verdict first, every operation, every drift with its curl line, coverage', async () => {
    const { page, requests } = await openFromDisk(context, file);
    const first = await page
      .locator('main > header > *')
      .evaluateAll((els) => els.map((e) => e.textContent?.trim()));
    expect(first[1]).toBe('DRIFT');
    const rows = await page.locator('#operations-table tbody th').allTextContents();
    expect(new Set(rows)).toEqual(new Set(specOperations));
    const drifts = driftsOf(report);
    expect(drifts.length).toBeGreaterThan(0);
    const curls = await page.locator('#drifts pre.curl').allTextContents();
    expect(curls).toEqual(drifts.map((d) => d.example.curl));
    for (const d of drifts)
      await expect(page.getByText(d.key, { exact: true }).count()).resolves.toBe(1);
    await expect(page.locator('#coverage table').count()).resolves.toBeGreaterThan(0);
    // Only the page itself was asked for: no request to any host, not even file:// neighbours.
    expect(requests).toEqual([`file://${file}`]);
    expect(await page.content()).not.toContain(key);
  });

  test('the filter narrows the table to the drifting rows', async () => {
    const { page } = await openFromDisk(context, file);
    await page.locator('#op-drift').check();
    const visible = await page.locator('#operations-table tbody tr:visible th').allTextContents();
    expect(visible).toEqual(
      report.operations.filter((o) => o.verdict === 'drift').map((o) => o.operation),
    );
  });

  test('is accessible (axe) and readable at 360 px', async () => {
    const { page } = await openFromDisk(context, file);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
  });
});

describe('no credential in a report', () => {
  // The run's report as a writer that forgot to scrub would leave it: the page and the summary
  // still show no credential value.
  const leaky = (): ReportInput => {
    const { drifts: _drifts, ...rest } = report;
    const drifting = report.results.find((r) => r.verdict === 'drift');
    if (!drifting) throw new Error('the run has no drifting case');
    return {
      ...rest,
      target: 'https://user:hunter2@example.test/?api_key=hunter3',
      services: [
        { service: 'data-api', url: 'https://user:hunter2@example.test', reachable: true },
      ],
      settings: { ...report.settings, token: 'hunter4' } as ReportInput['settings'],
      results: [
        {
          ...drifting,
          curl: `curl -sS 'https://example.test/v1?token=hunter5' -H 'Authorization: Bearer hunter6' -H "x-glacier-api-key: hunter7" -H 'x-api-key: $KEY'`,
        },
      ],
    };
  };

  test.each([
    ['html', renderHtml, esc("-H 'x-api-key: $KEY'")],
    ['markdown', (r: ReportInput) => renderMarkdown(r), "-H 'x-api-key: $KEY'"],
  ])('%s shows names and $VAR references, never a value', (_name, render, reference) => {
    const out = render(leaky());
    for (const secret of ['hunter2', 'hunter3', 'hunter4', 'hunter5', 'hunter6', 'hunter7'])
      expect(out).not.toContain(secret);
    expect(out).toContain(reference);
    expect(out).toContain('Authorization: [redacted]');
  });

  test('redactCredentials keeps headers that are not credentials', () => {
    const curl = `curl -H 'content-type: application/json' -H 'x-request-id: 42'`;
    expect(redactCredentials(curl)).toBe(curl);
  });
});
