// The browser the docs test drives: CHROMIUM_PATH when set, else the Chromium build that
// @sparticuz/chromium ships inside its npm package, so `pnpm test` needs no apt and no root.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Sparticuz, { inflate } from '@sparticuz/chromium';
import { chromium } from 'playwright-core';

/** Flags that keep a headless Chromium off the network on a closed machine. */
export const QUIET_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-domain-reliability',
  '--no-pings',
];

/** Flags for a browser from CHROMIUM_PATH (Debian's chromium, a local Chrome). */
const SYSTEM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', ...QUIET_ARGS];

/**
 * The package's own flags minus those that relax web security (the test must see what a
 * visitor's browser sees: file:// fetches, mixed content) and --single-process, which Lambda
 * needs and a test does not: there one crashing page would take the whole browser with it.
 */
export function packagedArgs(args = Sparticuz.args) {
  const relaxed = /^--(disable-web-security|allow-running-insecure-content|single-process)$/;
  return [...args.filter((a) => !relaxed.test(a)), ...QUIET_ARGS];
}

// require.resolve rather than import.meta.resolve, which vitest's global-setup runner lacks.
const packageBin = join(
  dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')),
  '../bin',
);
const packageVersion = JSON.parse(
  readFileSync(join(packageBin, '../package.json'), 'utf8'),
).version;

/**
 * Unpacks the packaged Chromium once per version into the temp dir and returns its paths.
 * The package unpacks into `os.tmpdir()` only, so TMPDIR points at a private staging dir
 * while it runs; the finished dir is renamed into place, so a killed or parallel run never
 * leaves a half-written browser behind for the next one.
 */
export async function unpackPackagedChromium(root = tmpdir()) {
  const dir = join(root, `avalanche-docs-chromium-${packageVersion}`);
  const paths = {
    executablePath: join(dir, 'chromium'),
    libDir: join(dir, 'al2023', 'lib'),
    fontConfigDir: join(dir, 'fontconfig'),
  };
  if (existsSync(join(paths.fontConfigDir, 'fonts.conf'))) return paths;

  const stage = await mkdtemp(`${dir}.partial-`);
  const saved = process.env.TMPDIR;
  try {
    process.env.TMPDIR = stage;
    await Sparticuz.executablePath(packageBin);
    await inflate(join(packageBin, 'al2023.tar.br'));
    await writeFontConfig(join(stage, 'fontconfig'), dir);
  } catch (error) {
    await rm(stage, { recursive: true, force: true });
    throw error;
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
  try {
    await rename(stage, dir);
  } catch (error) {
    // Another run finished first: keep its copy.
    await rm(stage, { recursive: true, force: true });
    if (!existsSync(paths.executablePath)) throw error;
  }
  return paths;
}

/**
 * The package's fonts.conf names Lambda's /tmp/fonts; with no font found Chromium aborts
 * (SkFontMgr "Not implemented") on the first fallback lookup, so point at where we unpacked.
 */
async function writeFontConfig(configDir, dir) {
  await mkdir(configDir, { recursive: true });
  const dirs = [join(dir, 'fonts', 'fonts'), '/usr/share/fonts', '/usr/local/share/fonts'];
  const xml = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    ...dirs.map((d) => `  <dir>${d}</dir>`),
    `  <cachedir>${join(dir, 'fontconfig', 'cache')}</cachedir>`,
    '</fontconfig>',
    '',
  ].join('\n');
  await writeFile(join(configDir, 'fonts.conf'), xml);
}

/** How to start the browser: a path, its flags and the environment it needs. */
export async function resolveBrowser(env = process.env) {
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH)) {
      throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist`);
    }
    return { source: 'CHROMIUM_PATH', executablePath: env.CHROMIUM_PATH, args: SYSTEM_ARGS, env };
  }
  const { executablePath, libDir, fontConfigDir } = await unpackPackagedChromium();
  const libraryPath = [libDir, env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return {
    source: `@sparticuz/chromium ${packageVersion}`,
    executablePath,
    args: packagedArgs(),
    env: { ...env, LD_LIBRARY_PATH: libraryPath, FONTCONFIG_PATH: fontConfigDir },
  };
}

/** Starts a persistent headless context; throws one clear error when no browser starts. */
export async function launchContext(userDataDir, options = {}, env = process.env) {
  let browser;
  try {
    browser = await resolveBrowser(env);
    const { executablePath, args, env: browserEnv } = browser;
    const launch = (dir) =>
      chromium.launchPersistentContext(dir, {
        ...options,
        executablePath,
        headless: true,
        args,
        env: browserEnv,
      });
    try {
      return await launch(userDataDir);
    } catch {
      // A browser that closed while it started, seen when several tests launch at once on two
      // busy cores: once more, in a profile of its own (the first may hold a lock).
      return await launch(`${userDataDir}-again`);
    }
  } catch (error) {
    const from = browser ? `${browser.source} (${browser.executablePath})` : 'no browser';
    throw new Error(
      `The docs browser test could not start Chromium from ${from}: ${error.message.split('\n')[0]}. ` +
        'It never skips: run `pnpm install` so @sparticuz/chromium is present, or set CHROMIUM_PATH to a Chromium or Chrome binary.',
      { cause: error },
    );
  }
}
