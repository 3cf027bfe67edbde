import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchContext, packagedArgs, QUIET_ARGS, resolveBrowser } from './chromium.mjs';

const userDataDir = await mkdtemp(join(tmpdir(), 'docs-chromium-test-'));
afterAll(() => rm(userDataDir, { recursive: true, force: true }));

describe('browser for the docs test', () => {
  it('names a CHROMIUM_PATH that does not exist', async () => {
    await expect(resolveBrowser({ CHROMIUM_PATH: '/nowhere/chromium' })).rejects.toThrow(
      'CHROMIUM_PATH=/nowhere/chromium does not exist',
    );
  });

  it('fails with one clear error, never a skip, when the browser does not start', async () => {
    const error = await launchContext(userDataDir, {}, { CHROMIUM_PATH: process.execPath }).then(
      () => undefined,
      (e) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain(
      `could not start Chromium from CHROMIUM_PATH (${process.execPath})`,
    );
    expect(error.message).toContain('never skips');
  });

  it('keeps the packaged flags but not those that relax web security or share one process, and stays off the network', () => {
    const args = packagedArgs([
      '--no-sandbox',
      '--disable-web-security',
      '--allow-running-insecure-content',
      '--single-process',
    ]);
    expect(args).toEqual(['--no-sandbox', ...QUIET_ARGS]);
    expect(args).toContain('--disable-background-networking');
  });

  it('starts the npm-shipped Chromium when CHROMIUM_PATH is not set', async () => {
    const { CHROMIUM_PATH: _, ...env } = process.env;
    const browser = await resolveBrowser(env);
    expect(browser.source).toMatch(/^@sparticuz\/chromium \d+/);
    expect(browser.env.LD_LIBRARY_PATH.split(':')[0]).toMatch(/al2023\/lib$/);
    const context = await launchContext(userDataDir, {}, env);
    try {
      const page = await context.newPage();
      await page.setContent('<h1>started</h1>');
      expect(await page.textContent('h1')).toBe('started');
    } finally {
      await context.close();
    }
  });
});
