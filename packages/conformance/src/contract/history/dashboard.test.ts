// The dashboard after a season of nightly runs: 90 generated runs against one target, the
// operation counts taken from the specs, a few operations drifting and getting fixed along the
// way. It must read at a glance in Chromium: dated axis, stacked counts, a legend in words, the
// operations that changed named beside the chart; no request leaves file://, axe finds nothing,
// and the page stays within its byte budget.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Specs } from '../../model/specs.js';
import {
  axeViolations,
  browserContext,
  fitsWidth,
  openFromDisk,
  specDir,
} from '../../test/report-pages.js';
import { dashboardHtml, diffRuns } from './dashboard.js';
import type { HistoryEntry } from './history.js';

const specs = await Specs.load(specDir);
const operations = [
  ...specs.rest.flatMap((s) => s.operations.map((o) => ({ service: s.name, id: o.id }))),
  ...specs.rpc.flatMap((s) => s.methods.map((m) => ({ service: s.name, id: m.id }))),
];
const RUNS = 90;
// A budget for the whole page at 90 runs: the chart is one <g> of three rects per run.
const BUDGET = 120 * 1024;

/** Run i's drifting operations: operation k drifts from night 10k to night 10k + 4. */
function driftingOn(night: number) {
  return operations.filter((_, k) => k < 8 && night >= 10 * k && night < 10 * k + 5);
}

function generatedRuns(): HistoryEntry[] {
  const start = Date.UTC(2026, 7, 31, 3, 17);
  return Array.from({ length: RUNS }, (_, night) => {
    const drifting = driftingOn(night);
    const notTested = night % 7 === 3 ? 12 : 0;
    const counts = {
      conforms: operations.length - drifting.length - notTested,
      drift: drifting.length,
      notTested,
      skipped: 0,
    };
    return {
      id: `run-${night}`,
      time: new Date(start + night * 86_400_000).toISOString(),
      target: 'https://data-api.avax.network',
      verdict: drifting.length ? 'DRIFT' : notTested ? 'NOT TESTED' : 'CONFORMS',
      operations: { total: operations.length, ...counts },
      cases: { total: operations.length, ...counts },
      coverage: { exercised: operations.length - notTested, total: operations.length },
      drifts: drifting.map((o) => `${o.service} ${o.id} status`),
      json: `runs/run-${night}.json`,
    } satisfies HistoryEntry;
  });
}

let html: string;
let page: Page;
let requests: string[];
let context: BrowserContext;

beforeAll(async () => {
  html = dashboardHtml(diffRuns(generatedRuns()));
  const file = join(await mkdtemp(join(tmpdir(), 'dashboard-')), 'index.html');
  await writeFile(file, html);
  context = await browserContext();
  ({ page, requests } = await openFromDisk(context, file));
});
afterAll(() => context?.close());

describe(`the dashboard of ${RUNS} nightly runs`, () => {
  test(`stays within ${BUDGET / 1024} KiB`, () => {
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(BUDGET);
  });

  test('one stacked bar per run, its parts adding up to the operations tested', async () => {
    const bars = await page.locator('svg.chart g').count();
    expect(bars).toBe(RUNS);
    const first = await page.locator('svg.chart g').first().locator('title').textContent();
    // Night 0: the first operation drifts.
    expect(first).toBe(`Aug 31: ${operations.length - 1} conforming, 1 drifting, 0 not tested`);
  });

  test('dates on the x axis, from the first run to the last, and counts on the y axis', async () => {
    const labels = await page.locator('svg.chart text').allTextContents();
    expect(labels).toContain('Aug 31');
    expect(labels).toContain('Nov 28');
    expect(labels).toContain(String(operations.length));
    expect(labels).toContain('0');
  });

  test('a legend says what each colour means, in words', async () => {
    expect(await page.locator('.legend li').allTextContents()).toEqual([
      'conforming',
      'drifting',
      'not tested',
    ]);
  });

  test('the operations that started or stopped drifting are named beside the chart', async () => {
    const changes = await page.locator('.changes li').allTextContents();
    // Newest first: the eighth operation was fixed on night 75 (Nov 14).
    expect(changes[0]).toBe(`Nov 14: fixed: ${operations[7]?.id}`);
    expect(changes.some((c) => c.includes(`started drifting: ${operations[3]?.id}`))).toBe(true);
  });

  test('nothing is requested beyond the page, axe finds nothing, no sideways scroll at 360 px', async () => {
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
  });
});
