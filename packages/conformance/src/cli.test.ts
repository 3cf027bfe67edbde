// The CLI end to end, as a child process against real servers on 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recordingsToHar } from './har.js';
import { loadRecordings } from './recordings.js';

const cli = new URL('../dist/cli.js', import.meta.url).pathname;
const corpus = new URL('../../../specs/recordings/', import.meta.url).pathname;

function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('check', () => {
  test('the whole corpus passes in strict mode, as JSON with a coverage summary', async () => {
    const { code, stdout } = await run(['check', corpus, '--strict', '--format', 'json']);
    const report = JSON.parse(stdout);
    expect(report.summary.failed).toBe(0);
    expect(report.summary.excluded).toBe(1);
    expect(report.results.length).toBeGreaterThan(50);
    expect(report.results[0]).toHaveProperty('operation');
    expect(report.summary.coverage.total).toBe(58);
    expect(code).toBe(0);
  });

  test('a broken exchange fails with exit 1 and names the drift; text ends with coverage', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'check-'));
    const original = JSON.parse(await readFile(join(corpus, 'metrics-api/avg-tps.1.json'), 'utf8'));
    original.response.body.results[0].value = 'fast';
    original.response.body.extra = true;
    await writeFile(join(dir, 'broken.json'), JSON.stringify(original));
    const { code, stdout } = await run(['check', dir, '--strict']);
    expect(code).toBe(1);
    expect(stdout).toContain('response.body/results/0/value: must be number');
    expect(stdout).toContain('response.body/extra: is not declared by the spec');
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^coverage: 0\/58 operations and methods/);
  });

  test('undeclared properties fail only with --strict', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'check-'));
    const original = JSON.parse(await readFile(join(corpus, 'metrics-api/avg-tps.1.json'), 'utf8'));
    original.response.body.extra = true;
    await writeFile(join(dir, 'extra.json'), JSON.stringify(original));
    expect((await run(['check', dir])).code).toBe(0);
    expect((await run(['check', dir, '--strict'])).code).toBe(1);
  });

  test('a HAR export of the corpus round-trips to the same verdicts, also as JUnit', async () => {
    // A HAR carries no era marks, so recordings judged leniently by their marks stay out.
    const recordings = (await loadRecordings(corpus)).filter(
      (r) =>
        (!r.file.includes('error-bad-request.1') || r.file.startsWith('metrics')) && !r.lenient,
    );
    const dir = await mkdtemp(join(tmpdir(), 'har-'));
    const har = join(dir, 'corpus.har');
    await writeFile(har, JSON.stringify(recordingsToHar(recordings)));
    const json = JSON.parse((await run(['check', har, '--strict', '--format', 'json'])).stdout);
    expect(json.results).toHaveLength(recordings.length);
    expect(json.summary.failed).toBe(0);
    const ops = json.results.map((r: { operation: string }) => r.operation);
    expect(new Set(ops).size).toBeGreaterThan(35);
    const junit = await run(['check', har, '--format', 'junit']);
    expect(junit.stdout).toMatch(
      new RegExp(`<testsuite name="conformance" tests="${recordings.length}" failures="0">`),
    );
  });

  test('bad usage gets exit 2 and a one-line reason', async () => {
    const { code, stderr } = await run(['check', corpus, '--format', 'yaml']);
    expect(code).toBe(2);
    expect(stderr).toContain('--format: "yaml" must be text, json or junit');
  });
});

describe('serve', () => {
  let child: ChildProcess;
  let base: string;
  beforeAll(async () => {
    child = spawn(process.execPath, [cli, 'serve', '--port', '0']);
    const [line] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    base = (/http:\/\/127\.0\.0\.1:\d+/.exec(String(line)) ?? [''])[0];
  });
  afterAll(() => child.kill('SIGKILL'));

  test('answers a Data API request from the recordings and stops cleanly on SIGTERM', async () => {
    const res = await fetch(
      `${base}/v1/networks/mainnet/addresses:listChainIds?addresses=avax1h2ccj9f5ay5acl6tyn9mwmw32p8wref8vl8ctg`,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.addresses[0].address).toBe('avax1h2ccj9f5ay5acl6tyn9mwmw32p8wref8vl8ctg');
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});

describe('contract', () => {
  test('against the built-in replay server, every operation and method conforms', async () => {
    const { code, stdout } = await run(['contract', '--format', 'json']);
    const report = JSON.parse(stdout);
    expect(report.summary).toMatchObject({ operations: 58, conform: 58, drift: 0 });
    expect(code).toBe(0);
  });

  test('unreachable targets give one line per service and a non-zero exit, no stack trace', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((r) => closed.close(r));
    const { code, stdout, stderr } = await run([
      'contract',
      '--target',
      url,
      '--only',
      'data-api,metrics-api',
      '--timeout-ms',
      '2000',
    ]);
    expect(code).toBe(1);
    expect(stdout).toMatch(new RegExp(`^data-api: ${url} is unreachable \\(ECONNREFUSED\\)$`, 'm'));
    expect(stdout).toMatch(new RegExp(`^metrics-api: ${url} is unreachable`, 'm'));
    expect(`${stdout}${stderr}`).not.toMatch(/\n\s+at /);
  });

  describe('against a deliberately broken server', () => {
    const seen: { url: string; key: string | undefined }[] = [];
    let base: string;
    const server = createServer((req: IncomingMessage, res) => {
      const url = req.url ?? '';
      seen.push({ url, key: req.headers['x-glacier-api-key'] as string | undefined });
      if (url.startsWith('/v1/avg_tps/')) {
        // Wrong types and a missing required field.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ results: [{ timestamp: '1724716800', value: 1 }], lastRun: 1 }));
      } else if (url.startsWith('/v1/chains/') && url.includes('/blocks/')) {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body>502 Bad Gateway</body></html>');
      } else if (url.startsWith('/v1/chains/')) {
        // A hung connection: never answers.
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ addresses: [{ address: 'a', blockchainIds: ['x'], surprise: 1 }] }),
        );
      }
    });
    beforeAll(async () => {
      base = await listen(server);
    });
    afterAll(() => {
      server.closeAllConnections();
      server.close();
    });

    test('reports each fault as drift and never crashes or hangs', async () => {
      const record = await mkdtemp(join(tmpdir(), 'record-'));
      const secret = 'sk-test-0123456789abcdef';
      const { code, stdout, stderr } = await run(
        [
          'contract',
          '--target',
          base,
          '--only',
          'getAvgTps,getBlock,getLatestBlocks,getChainIdsForAddresses',
          '--timeout-ms',
          '800',
          '--api-key-env',
          'TEST_KEY',
          '--record',
          record,
          '--format',
          'json',
        ],
        { TEST_KEY: secret },
      );
      expect(code).toBe(1);
      const report = JSON.parse(stdout);
      const texts = report.results.flatMap((r: { violations: { text: string }[] }) =>
        r.violations.map((v) => v.text),
      );
      expect(texts).toContain('response.body/results/0/timestamp: must be integer');
      expect(texts).toContain('response.body/status: is required but missing');
      expect(
        texts.some((t: string) => /HTTP 502 with a body that is not JSON \(text\/html\)/.test(t)),
      ).toBe(true);
      expect(texts.some((t: string) => /no answer within 800 ms/.test(t))).toBe(true);
      expect(texts).toContain('response.body/addresses/0/surprise: is not declared by the spec');
      const drift = Object.fromEntries(
        report.operations.map((o: { operation: string; ok: boolean }) => [o.operation, o.ok]),
      );
      expect(drift).toEqual({
        getAvgTps: false,
        getBlock: false,
        getLatestBlocks: false,
        getChainIdsForAddresses: false,
      });
      // The key goes to the data-api target only, and never into output or recordings.
      expect(
        seen.filter((s) => s.url.startsWith('/v1/avg_tps/')).every((s) => s.key === undefined),
      ).toBe(true);
      expect(
        seen.filter((s) => !s.url.startsWith('/v1/avg_tps/')).every((s) => s.key === secret),
      ).toBe(true);
      expect(`${stdout}${stderr}`).not.toContain(secret);
      const files = (await readdir(record, { recursive: true })).filter((f) => f.endsWith('.json'));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(await readFile(join(record, f), 'utf8')).not.toContain(secret);
    });
  });
});
