// The HTML report's legend, seen in headless Chromium on the report of a real run against a
// faulty deployment (a proxy on 127.0.0.1 in front of the replay server) that gives one
// operation's answers a member the spec does not declare (drift), answers another's list empty
// (its promises vacuous) and drops a third's connections (not tested). Every verdict, class,
// drift kind and term the page shows links to a visible legend entry; axe finds nothing.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isObject } from '../../model/json-pointer.js';
import { Specs } from '../../model/specs.js';
import { loadRecordings } from '../../recordings/recordings.js';
import { startFaultyProxy } from '../../test/faulty-proxy.js';
import {
  axeViolations,
  browserContext,
  openFromDisk,
  recordingsDir,
  specDir,
} from '../../test/report-pages.js';
import { targetOf } from '../case-inputs.js';
import { caseClassLegend, driftKindLegend, type LegendEntry, verdictLegend } from '../legend.js';
import type { ContractReport } from '../report-types.js';
import { runContract } from '../run.js';
import { renderHtml } from './html.js';

const specs = await Specs.load(specDir);
const recordings = await loadRecordings(recordingsDir);
const service = 'metrics-api';

// Operations of the service, from its spec: the one whose list is emptied declares a promise
// over its items (so that an empty list leaves it vacuous); two others drift and go untested.
const ops = specs.rest.find((s) => s.name === service)?.operations.map((o) => o.id) ?? [];
const listed = ops.find((id) => {
  const p = targetOf(specs, { service, operation: id })?.promises;
  return p?.items !== undefined && Boolean(p.order?.length || p.filters?.length);
});
const [drifting, dropped] = ops.filter((id) => id !== listed);
if (!listed || !drifting || !dropped)
  throw new Error(`${service}: too few operations for this test`);
const items = targetOf(specs, { service, operation: listed })?.promises.items as string;

let context: BrowserContext;
let report: ContractReport;
let file: string;

beforeAll(async () => {
  const proxy = await startFaultyProxy(specs, recordings);
  proxy.fault = (x) => {
    if (x.operation === dropped) return { ...x, drop: true };
    if (x.operation === drifting && isObject(x.body))
      return { ...x, body: { ...x.body, undeclaredByTheSpec: true } };
    if (x.operation === listed && isObject(x.body) && x.status === 200)
      return { ...x, body: { ...x.body, [items.slice(1)]: [] } };
    return undefined;
  };
  try {
    report = await runContract({
      specs: specDir,
      recordings: recordingsDir,
      target: proxy.url,
      only: [listed, drifting, dropped],
      timeoutMs: 5000,
    });
  } finally {
    await proxy.close();
  }
  file = join(await mkdtemp(join(tmpdir(), 'html-legend-')), 'report.html');
  await writeFile(file, renderHtml(report));
  context = await browserContext();
}, 120_000);
afterAll(() => context?.close());

/** The legend entry an anchor in the page leads to is there and visible. */
async function expectVisibleEntry(page: Page, entry: LegendEntry) {
  const target = page.locator(`[id="legend-${entry.anchor}"]`);
  await expect(target.count(), entry.anchor).resolves.toBe(1);
  await expect(target.isVisible(), entry.anchor).resolves.toBe(true);
}

describe('the legend of a report with drift, a vacuous promise and an untested case', () => {
  test('the run has all three', () => {
    expect(report.summary.drifts.total).toBeGreaterThan(0);
    expect(report.summary.cases.notTested).toBeGreaterThan(0);
    expect(report.coverage.perOperation.some((o) => o.promises.vacuous.length > 0)).toBe(true);
  });

  test('is visible, and each verdict, class and kind the page shows has its entry', async () => {
    const { page } = await openFromDisk(context, file);
    await expect(page.locator('#legend').isVisible()).resolves.toBe(true);
    const shown = [
      ...[...new Set(report.results.map((r) => r.verdict))].map((v) => verdictLegend[v]),
      ...Object.keys(report.summary.classes).map(
        (c) => caseClassLegend[c as keyof typeof caseClassLegend],
      ),
      ...report.drifts.map((d) => driftKindLegend[d.kind as keyof typeof driftKindLegend]),
    ];
    for (const entry of shown) await expectVisibleEntry(page, entry);
    // Every word linked to the legend leads to an entry that is there.
    const hrefs = await page
      .locator('a.term')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of new Set(hrefs))
      await expect(
        page.locator(`[id="${String(href).slice(1)}"]`).count(),
        String(href),
      ).resolves.toBe(1);
    // The coverage's "vacuous" column and each drift's kind lead to their entries.
    expect(hrefs).toContain('#legend-term-vacuous');
    for (const d of report.drifts) expect(hrefs).toContain(`#legend-kind-${d.kind}`);
    expect(hrefs).toContain('#legend-verdict-not-tested');
    // A drift reads as sentences: what the spec says and what the server sent.
    const drift = page.locator('#drifts article').first();
    await expect(drift.textContent()).resolves.toMatch(
      /the spec declares no member "undeclaredByTheSpec".*the server sent "undeclaredByTheSpec": true/s,
    );
  });

  test('following a word to its entry scrolls the entry into view', async () => {
    const { page } = await openFromDisk(context, file);
    await page.locator('a.term[href="#legend-term-vacuous"]').first().click();
    await expect(page.locator('#legend-term-vacuous').isVisible()).resolves.toBe(true);
    const inView = await page
      .locator('#legend-term-vacuous')
      .evaluate((el) => el.getBoundingClientRect().top < window.innerHeight);
    expect(inView).toBe(true);
  });

  test('is accessible (axe)', async () => {
    const { page } = await openFromDisk(context, file);
    expect(await axeViolations(page)).toEqual([]);
  });
});
