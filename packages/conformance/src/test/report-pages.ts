// What the report, dashboard and action tests share: a contract report from the built CLI, and a
// headless Chromium that opens a page from disk, notes every request it makes and runs axe.
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import type { ReportInput } from '../contract/formats/report-view.js';
import { cli, runNode } from './cli-run.js';

export const specDir = new URL('../../../../specs/dist/', import.meta.url).pathname;
export const recordingsDir = new URL('../../../../specs/recordings/', import.meta.url).pathname;

/** `contract --format json` through the built CLI: the exit code and the report it wrote. */
export async function contractReport(args: string[], env: Record<string, string> = {}) {
  const out = join(await mkdtemp(join(tmpdir(), 'contract-report-')), 'report.json');
  const run = await runNode(cli, ['contract', ...args, '--format', 'json', '--output', out], env);
  if (run.code === 2 || run.code === null) throw new Error(`contract failed: ${run.stderr}`);
  return { ...run, report: JSON.parse(await readFile(out, 'utf8')) as ReportInput };
}

// The docs package already unpacks and starts the npm-shipped Chromium; one launcher for both.
const docsChromium = new URL('../../../docs/src/chromium.mjs', import.meta.url).href;

/** A headless Chromium context (throws one clear error when none starts; never skips). */
export async function browserContext(): Promise<BrowserContext> {
  const { launchContext } = await import(docsChromium);
  const dir = await mkdtemp(join(tmpdir(), 'report-browser-'));
  return launchContext(dir, { viewport: { width: 360, height: 800 } });
}

export interface OpenedPage {
  page: Page;
  /** Every URL the page asked for, the page itself included. */
  requests: string[];
}

/** Opens a file from disk as a visitor would, noting each request the page makes. */
export async function openFromDisk(context: BrowserContext, file: string): Promise<OpenedPage> {
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { page, requests };
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core's WCAG A/AA violations on the page: rule id and how many nodes break it. */
export async function axeViolations(page: Page): Promise<string[]> {
  // evaluate, not addScriptTag: the report's CSP forbids inline scripts it did not ship.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (o: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })) as { violations: { id: string; nodes: unknown[] }[] };
    return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
  });
  return found;
}

/** True when the page is no wider than the viewport: nothing to scroll sideways at 360 px. */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
}
