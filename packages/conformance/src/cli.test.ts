// The CLI end to end, as a child process against real servers on 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPath } from './contract/build-path.js';
import { Specs } from './model/specs.js';
import { recordingsToHar } from './recordings/har.js';
import { loadRecordings } from './recordings/recordings.js';
import { cli, run } from './test/cli-run.js';

// Operations and methods of the bundled specs (Data, Metrics, node health, node RPC), counted
// here so that a spec edit that adds one needs no edit of this file.
const loaded = await Specs.load(new URL('../../../specs/dist/', import.meta.url).pathname);
const specTotal =
  loaded.rest.reduce((n, s) => n + s.operations.length, 0) +
  loaded.rpc.reduce((n, s) => n + s.methods.length, 0);

const corpus = new URL('../../../specs/recordings/', import.meta.url).pathname;

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('check', () => {
  test('the whole corpus passes in strict mode, as JSON with a coverage summary', {
    timeout: 180_000,
  }, async () => {
    const { code, stdout } = await run(['check', corpus, '--strict', '--format', 'json']);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ reportVersion: 2, command: 'check' });
    expect(report.summary.failed).toBe(0);
    expect(report.summary.excluded).toBe(1);
    expect(report.summary.exchanges).toBeGreaterThan(50);
    expect(report.summary.passed).toBe(report.summary.exchanges);
    // Only what needs a look is listed: here the one excluded exchange.
    expect(report.results).toEqual([expect.objectContaining({ excluded: expect.any(String) })]);
    expect(report.summary.coverage.total).toBe(specTotal);
    expect(code).toBe(0);
  });

  test('a broken exchange fails with exit 1 and names the drift; text ends with coverage', {
    timeout: 180_000,
  }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'check-'));
    const original = JSON.parse(await readFile(join(corpus, 'metrics-api/avg-tps.1.json'), 'utf8'));
    original.response.body.results[0].value = 'fast';
    original.response.body.extra = true;
    await writeFile(join(dir, 'broken.json'), JSON.stringify(original));
    const { code, stdout } = await run(['check', dir, '--strict']);
    expect(code).toBe(1);
    expect(stdout).toContain('response.body/results/0/value: must be number');
    expect(stdout).toContain('response.body/extra: is not declared by the spec');
    expect(stdout.trim().split('\n').at(-1)).toMatch(
      new RegExp(`^coverage: 0/${specTotal} operations and methods`),
    );
  });

  test('undeclared properties fail only with --strict', { timeout: 180_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'check-'));
    const original = JSON.parse(await readFile(join(corpus, 'metrics-api/avg-tps.1.json'), 'utf8'));
    original.response.body.extra = true;
    await writeFile(join(dir, 'extra.json'), JSON.stringify(original));
    expect((await run(['check', dir])).code).toBe(0);
    expect((await run(['check', dir, '--strict'])).code).toBe(1);
  });

  test('a HAR export of the corpus round-trips to the same verdicts, also as JUnit', {
    timeout: 180_000,
  }, async () => {
    // A HAR carries no era marks, so recordings judged leniently by their marks stay out. It is
    // one capture, where relations between calls hold: the corpus's recordings of methods in such a
    // relation come from different nodes (one URL), so they stay out too.
    const related = new Set(
      loaded.rpc.flatMap((s) =>
        s.methods.flatMap((m) =>
          (m.promises.calls ?? []).length
            ? [m.id, ...(m.promises.calls ?? []).map((c) => c.with)]
            : [],
        ),
      ),
    );
    const recordings = (await loadRecordings(corpus)).filter(
      (r) =>
        (!r.file.includes('error-bad-request.1') || r.file.startsWith('metrics')) &&
        !r.lenient &&
        !related.has(String((r.request.body as { method?: unknown } | undefined)?.method)),
    );
    const dir = await mkdtemp(join(tmpdir(), 'har-'));
    const har = join(dir, 'corpus.har');
    await writeFile(har, JSON.stringify(recordingsToHar(recordings)));
    const lines = (await run(['check', har, '--strict', '--format', 'jsonl'])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const { summary } = lines.pop();
    expect(lines).toHaveLength(recordings.length);
    expect(summary.failed).toBe(0);
    const ops = lines.map((r: { operation: string }) => r.operation);
    // Every operation the exported recordings exercise is reported.
    const recorded = new Set(
      recordings.map(
        (r) =>
          loaded.matchRest(r.request.method, new URL(r.request.url))?.operation.id ??
          String((r.request.body as { method?: unknown } | undefined)?.method),
      ),
    );
    expect(new Set(ops)).toEqual(recorded);
    expect(recorded.size).toBeGreaterThan(30);
    // JUnit: one passing case per operation, one per exchange that needs a look.
    const junit = await run(['check', har, '--format', 'junit']);
    expect(junit.stdout).toMatch(
      new RegExp(
        `<testsuite name="conformance" tests="${Object.keys(summary.operations).length}" failures="0" skipped="0">`,
      ),
    );
  });

  test('a schema-valid exchange that breaks its promises fails, with expected vs got', {
    timeout: 180_000,
  }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'check-'));
    const read = async (file: string) => JSON.parse(await readFile(join(corpus, file), 'utf8'));
    const blocks = await read('data-api/list-latest-blocks.1.json');
    blocks.request.url += '?pageSize=2';
    blocks.response.body.blocks.reverse();
    await writeFile(join(dir, 'blocks.json'), JSON.stringify(blocks));
    const health = await read('node-rpc/get-ext-health.1.json');
    health.response.status = 503;
    health.response.headers = { 'Content-Type': 'text/plain' };
    await writeFile(join(dir, 'health.har'), JSON.stringify(recordingsToHar([health])));
    // Two pages of one listing, the second handing out the first one's token again.
    const first = await read('data-api/list-latest-blocks.1.json');
    first.response.body.nextPageToken = 'A';
    const second = structuredClone(first);
    second.request.url += '?pageToken=A';
    await writeFile(join(dir, 'pages.har'), JSON.stringify(recordingsToHar([first, second])));
    const { code, stdout } = await run(['check', dir]);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /response\.body\/blocks: page-size: \d+ items for pageSize=2 \(at most 2\)/,
    );
    expect(stdout).toMatch(
      /order: blocks\[1\]\.blockNumber "\d+" after "\d+", expected descending/,
    );
    expect(stdout).toContain('response.status: status: HTTP 503 with healthy true (expected 200)');
    expect(stdout).toContain(
      'response.headers/content-type: content-type: text/plain, expected application/json',
    );
    expect(stdout).toContain(
      'response.body/nextPageToken: paging: nextPageToken "A" on page 2 was handed out on page 1 already',
    );
    expect(stdout).toMatch(
      /paging: blocks\[0\]\.blockHash "0x[0-9a-f]+" on page 2 was on page 1 already/,
    );
  });

  test('bad usage gets exit 2 and a one-line reason', { timeout: 180_000 }, async () => {
    const { code, stderr } = await run(['check', corpus, '--format', 'yaml']);
    expect(code).toBe(2);
    expect(stderr).toContain('--format: "yaml" must be text, json, jsonl or junit');
  });
});

describe('serve', () => {
  let child: ChildProcess;
  let base: string;
  beforeAll(async () => {
    child = spawn(process.execPath, [cli, 'serve', '--port', '0']);
    const [line] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    base = (/http:\/\/127\.0\.0\.1:\d+/.exec(String(line)) ?? [''])[0];
  }, 180_000);
  afterAll(() => child.kill('SIGKILL'));

  test('answers a Data API request from the recordings and stops cleanly on SIGTERM', {
    timeout: 180_000,
  }, async () => {
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

  test('--fault makes every answer break that rule; a bad switch is a usage error', {
    timeout: 180_000,
  }, async () => {
    const bad = await run(['serve', '--fault', 'sideways']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fault: x-replay-fault: "sideways" is not a fault switch');
    const faulty = spawn(process.execPath, [cli, 'serve', '--port', '0', '--fault', 'order']);
    try {
      const [line] = (await once(faulty.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
      const url = (/http:\/\/127\.0\.0\.1:\d+/.exec(String(line)) ?? [''])[0];
      const res = await fetch(`${url}/v1/networks/mainnet/blockchains?sortOrder=asc`);
      expect(res.headers.get('x-replay-fault-applied')).toBe('order');
      const times = (await res.json()).blockchains.map(
        (b: { createBlockTimestamp: number }) => b.createBlockTimestamp,
      );
      expect(times).not.toEqual([...times].sort((a: number, b: number) => a - b));
    } finally {
      faulty.kill('SIGKILL');
    }
  });
});

describe('contract', () => {
  test('against the built-in replay server, every operation and method conforms', {
    timeout: 180_000,
  }, async () => {
    const { code, stdout } = await run(['contract', '--format', 'json']);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ reportVersion: 1, command: 'contract', target: 'replay' });
    // Per operation: the rules its promises declare and which filters were exercised.
    const validators = report.operations.find(
      (o: { operation: string }) => o.operation === 'listValidators',
    );
    expect(validators.rules).toEqual(expect.arrayContaining(['page-size', 'paging', 'filter']));
    expect(validators.filters).toContainEqual(
      expect.objectContaining({ input: 'nodeIds', rule: 'filter', state: 'exercised' }),
    );
    expect(report.summary.classes.filter).toBeGreaterThan(0);
    expect(report.summary.operations).toEqual({
      total: specTotal,
      conforms: specTotal,
      drift: 0,
      notTested: 0,
      skipped: 0,
    });
    expect(code).toBe(0);
  });

  test('an unreachable target (offline --target live) is one line per service, exit 2, no drift rows', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((r) => closed.close(r));
    const { code, stdout, stderr } = await run([
      'contract',
      '--target',
      url,
      '--timeout-ms',
      '2000',
    ]);
    expect(code).toBe(2);
    const lines = stdout.split('\n');
    for (const service of ['data-api', 'metrics-api', 'node-rpc', 'node-health']) {
      const mine = lines.filter((l) => l.startsWith(`${service}:`) || l.startsWith(`${service} `));
      expect(mine).toEqual([`${service}: ${url} is unreachable (ECONNREFUSED); not tested`]);
    }
    expect(stdout).not.toMatch(/DRIFT|drift \d+ of|^service\s+operation/m);
    expect(stdout).toMatch(
      new RegExp(
        `^contract: 0/${specTotal} operations and methods conform, 0 drift, ${specTotal} not tested, 0 skipped; cases: 0 conform, 0 drift, \\d+ not tested, \\d+ skipped; 0 requests in `,
        'm',
      ),
    );
    expect(`${stdout}${stderr}`).not.toMatch(/\n\s+at /);
  }, 180_000);

  test('a server that answers only errors cannot pass: every operation drifts, exit 1', async () => {
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (d) => {
        text += d;
      });
      req.on('end', () => {
        res.writeHead(text.includes('"jsonrpc"') ? 200 : 404, {
          'content-type': 'application/json',
        });
        const call = text ? JSON.parse(text) : undefined;
        res.end(
          JSON.stringify(
            call?.jsonrpc
              ? {
                  jsonrpc: '2.0',
                  id: call.id,
                  error: { code: -32000, message: 'nope', data: null },
                }
              : { message: ['nothing here'], statusCode: 404, error: 'Not Found' },
          ),
        );
      });
    });
    const url = await listen(server);
    try {
      const json = await run(['contract', '--target', url, '--format', 'json']);
      expect(json.code).toBe(1);
      const report = JSON.parse(json.stdout);
      expect(report.summary.operations).toEqual({
        total: specTotal,
        conforms: 0,
        drift: specTotal,
        notTested: 0,
        skipped: 0,
      });
      const text = await run([
        'contract',
        '--target',
        url,
        '--only',
        'getBlock,info.getNodeVersion',
      ]);
      expect(text.code).toBe(1);
      // One line per distinct problem with its count and operation, then one curl line.
      expect(text.stdout).toMatch(
        // The problem, its expected and got in words, then the curl line that shows it.
        /^ {2}1× unexpected-status expected HTTP 200, got HTTP 404 \(data-api getBlock\)\n(?: {4}(?:expected|got): .*\n)* {4}curl -sS '[^']+\/blocks\/[^']+'$/m,
      );
      expect(text.stdout).toMatch(
        /^ {2}\d+× unexpected-error expected HTTP 200 with a result, got HTTP 200 with error -32000 "nope" \(node-rpc info\.getNodeVersion\)$/m,
      );
      expect(text.stdout).toMatch(
        /^ {4}curl -sS -X POST '[^']+\/ext\/info' -H 'content-type: application\/json' --data '\{"jsonrpc":"2\.0".*"method":"info\.getNodeVersion"/m,
      );
      expect(text.stdout.trim().split('\n').at(-1)).toMatch(
        // Only a case naming a block the corpus does not hold may conform: its 404 is allowed.
        /^contract: 0\/2 operations and methods conform, 2 drift, 0 not tested, 0 skipped; cases: [01] conform, \d+ drift, 0 not tested, 0 skipped; \d+ requests in \d+\.\d s$/,
      );
      const junit = await run([
        'contract',
        '--target',
        url,
        '--only',
        'getBlock',
        '--format',
        'junit',
      ]);
      expect(junit.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuite')).toBe(
        true,
      );
      expect(junit.stdout).toContain('<failure message="expected HTTP 200, got HTTP 404">');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }, 180_000);

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

    // The hung cases end only by the timeout, all at once (--concurrency); the answering ones
    // must never race it, so it is long enough for a busy machine's slowest answer.
    test('reports each fault as drift, a hung answer as not tested, and never crashes or hangs', {
      timeout: 180_000,
    }, async () => {
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
          '3000',
          '--concurrency',
          '64',
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
      // The hung getLatestBlocks got no answer: not tested with the reason, not drift.
      const hung = report.results.filter(
        (r: { operation: string; skip?: string }) => r.operation === 'getLatestBlocks' && !r.skip,
      );
      expect(hung.length).toBeGreaterThan(0);
      for (const r of hung) {
        expect(r.verdict).toBe('not-tested');
        expect(r.unreachable).toMatch(/no answer within 3000 ms/);
      }
      expect(texts.some((t: string) => /no answer/.test(t))).toBe(false);
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
      const verdict = Object.fromEntries(
        report.operations.map((o: { operation: string; verdict: string }) => [
          o.operation,
          o.verdict,
        ]),
      );
      expect(verdict.getLatestBlocks).toBe('not-tested');
      const curls = report.results
        .filter((r: { service: string }) => r.service === 'data-api')
        .map((r: { curl: string }) => r.curl);
      expect(curls.length).toBeGreaterThan(0);
      for (const c of curls) expect(c).toContain('-H "x-glacier-api-key: $TEST_KEY"');
      // The key goes to the data-api target only, and never into output or recordings.
      expect(
        seen.filter((s) => s.url.startsWith('/v1/avg_tps/')).every((s) => s.key === undefined),
      ).toBe(true);
      expect(
        // Data API paths only: the node's /ext/info (read for --node-version auto) gets no key.
        seen
          .filter((s) => s.url.startsWith('/v1/') && !s.url.startsWith('/v1/avg_tps/'))
          .every((s) => s.key === secret),
      ).toBe(true);
      expect(`${stdout}${stderr}`).not.toContain(secret);
      const files = (await readdir(record, { recursive: true })).filter((f) => f.endsWith('.json'));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(await readFile(join(record, f), 'utf8')).not.toContain(secret);
    });
  });
});

describe('contract judges a node by the release it reports', () => {
  let url: string;
  let server: Server;
  beforeAll(async () => {
    const reply = async (name: string) =>
      JSON.parse(await readFile(join(corpus, `node-rpc/${name}.json`), 'utf8')).response.body
        .result;
    const version = { ...(await reply('info.getNodeVersion.1')), version: 'avalanchego/1.13.1' };
    // heliconTime arrived in v1.14.1: a v1.13.1 node that sends it is not the release it says.
    const upgrades = await reply('info.upgrades.1');
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (d) => {
        text += d;
      });
      req.on('end', () => {
        const call = JSON.parse(text);
        const result = call.method === 'info.getNodeVersion' ? version : upgrades;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
      });
    });
    url = await listen(server);
  });
  afterAll(() => {
    server.close();
  });

  test('auto: members newer than the reported release are drift', {
    timeout: 180_000,
  }, async () => {
    const only = ['--only', 'info.upgrades,info.getNodeVersion', '--format', 'json'];
    const auto = await run(['contract', '--target', `node-rpc=${url}`, ...only]);
    const report = JSON.parse(auto.stdout);
    expect(report.nodeVersion).toBe('v1.13.1 (read from info.getNodeVersion)');
    const upgrades = report.operations.find(
      (o: { operation: string }) => o.operation === 'info.upgrades',
    );
    expect(upgrades.verdict).toBe('drift');
    expect(upgrades.drift).toHaveProperty('undeclared-property');
    expect(JSON.stringify(report.results)).toContain('heliconTime');
    expect(auto.code).toBe(1);
    // Judged by the spec's whole supported range the same answers conform.
    const range = await run([
      'contract',
      '--target',
      `node-rpc=${url}`,
      ...only,
      '--node-version',
      'none',
    ]);
    expect(JSON.parse(range.stdout).nodeVersion).toBe('the supported range of the spec');
    expect(range.code).toBe(0);
  });

  test('check --node-version judges recordings by that release', { timeout: 180_000 }, async () => {
    const file = join(corpus, 'node-rpc/info.upgrades.1.json');
    expect((await run(['check', file, '--strict'])).code).toBe(0);
    const old = await run(['check', file, '--strict', '--node-version', 'v1.13.1']);
    expect(old.code).toBe(1);
    expect(old.stdout).toMatch(/heliconTime: is not declared by the spec/);
    const bad = await run(['check', file, '--node-version', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--node-version: node version "soon" must look like/);
  });
});

describe('contract judges a v1.15.0 node by v1.15.0', () => {
  let url: string;
  let server: Server;
  let reported = 'avalanchego/1.15.0';
  beforeAll(async () => {
    const recorded = async (name: string) =>
      JSON.parse(await readFile(join(corpus, `node-rpc/${name}.json`), 'utf8')).response.body
        .result;
    const version = await recorded('info.getNodeVersion.1');
    // A Subnet-EVM configuration as v1.15.0 sends it when the genesis seeds the ACP-226 delay
    // (eth_getChainConfig.1 is an older Subnet-EVM answer: its eip150Hash is dropped).
    const config = { ...(await recorded('eth_getChainConfig.1')), initialMinDelayMS: 500 };
    delete config.eip150Hash;
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (d) => {
        text += d;
      });
      req.on('end', () => {
        const call = JSON.parse(text);
        const result =
          call.method === 'info.getNodeVersion' ? { ...version, version: reported } : config;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
      });
    });
    url = await listen(server);
  });
  afterAll(() => {
    server.close();
  });
  const contract = async (...args: string[]) => {
    const only = ['--only', 'eth_getChainConfig,info.getNodeVersion', '--format', 'json'];
    const out = await run(['contract', '--target', `node-rpc=${url}`, ...only, ...args]);
    const report = JSON.parse(out.stdout);
    const verdict = report.operations.find(
      (o: { operation: string }) => o.operation === 'eth_getChainConfig',
    ).verdict;
    return { code: out.code, note: report.nodeVersion, verdict, text: out.stdout };
  };

  test('auto: a node reporting avalanchego/1.15.0 is judged by v1.15.0, where initialMinDelayMS is declared', {
    timeout: 180_000,
  }, async () => {
    reported = 'avalanchego/1.15.0';
    expect(await contract()).toMatchObject({
      code: 0,
      note: 'v1.15.0 (read from info.getNodeVersion)',
      verdict: 'conforms',
    });
  });

  test('--node-version v1.15.0 judges by it; v1.14.2 calls initialMinDelayMS drift', {
    timeout: 180_000,
  }, async () => {
    expect(await contract('--node-version', 'v1.15.0')).toMatchObject({
      code: 0,
      note: 'v1.15.0 (from --node-version)',
      verdict: 'conforms',
    });
    const old = await contract('--node-version', 'v1.14.2');
    expect(old).toMatchObject({ code: 1, verdict: 'drift' });
    expect(old.text).toContain('initialMinDelayMS');
  });

  test('a release newer than the supported range is judged, and the note says so', {
    timeout: 180_000,
  }, async () => {
    reported = 'avalanchego/1.15.1';
    const newer = await contract();
    reported = 'avalanchego/1.15.0';
    expect(newer.note).toBe(
      "v1.15.1 (read from info.getNodeVersion; newer than the spec's supported releases, v1.10.0 to v1.15.0)",
    );
  });
});

describe('usage', () => {
  test('--output writes the report to a file; stdout gets only the summary line and where it went', {
    timeout: 180_000,
  }, async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'out-')), 'report.xml');
    const { code, stdout } = await run([
      'contract',
      '--only',
      'getAvgTps',
      '--format',
      'junit',
      '--output',
      file,
    ]);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^contract: 1\/1 operations and methods conform/),
      `report (junit): ${file}`,
    ]);
    expect(await readFile(file, 'utf8')).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuite name="contract replay" tests="\d+" failures="0" skipped="1" time="\d+\.\d{3}">/,
    );
  });

  test('--version prints the package version', { timeout: 180_000 }, async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    const { code, stdout } = await run(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(pkg.version);
  });

  test.each([
    ['check', ['--strict', '--format', '--output', '--specs', '--exclusions', '--help']],
    ['serve', ['--port', '--recordings', '--specs', '--help']],
    [
      'contract',
      [
        '--target',
        '--api-key-env',
        '--only',
        '--concurrency',
        '--timeout-ms',
        '--record',
        '--recordings',
        '--specs',
        '--format',
        '--output',
        '--help',
        'Exit codes: 0',
      ],
    ],
  ])('%s --help lists every option', { timeout: 180_000 }, async (command, flags) => {
    const { code, stdout, stderr } = await run([command, '--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(new RegExp(`^Usage: avalanche-conformance ${command}`));
    for (const flag of flags) expect(stdout).toContain(flag);
  });

  test('an unknown flag is a usage error naming it, exit 2', { timeout: 180_000 }, async () => {
    const { code, stdout, stderr } = await run(['check', corpus, '--bogus']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('error: check: unknown option --bogus');
    expect(stderr).toContain('avalanche-conformance check --help');
  });
});

describe('union errors name the branch', () => {
  // The spec's own listValidators example, as a recorded exchange, with one fault each.
  async function validatorsExchange(change: (validators: Record<string, unknown>[]) => void) {
    const specs = await Specs.load(new URL('../../../specs/dist/', import.meta.url).pathname);
    const service = specs.rest.find((s) => s.name === 'data-api');
    const op = service?.getOperation('listValidators');
    const example = op && service?.examples(op).find((e) => e.status === 200);
    if (!op || !example?.request) throw new Error('no listValidators example');
    const body = structuredClone(example.body) as { validators: Record<string, unknown>[] };
    change(body.validators);
    const dir = await mkdtemp(join(tmpdir(), 'union-'));
    await writeFile(
      join(dir, 'validators.json'),
      JSON.stringify({
        request: {
          method: 'GET',
          url: `https://data-api.avax.network${buildPath(op.path, example.request)}`,
        },
        response: { status: 200, body },
      }),
    );
    return dir;
  }
  const active = (validators: Record<string, unknown>[]) => {
    const i = validators.findIndex((v) => v.validationStatus === 'active');
    if (i < 0) throw new Error('the example has no active validator');
    return { i, v: validators[i] as Record<string, unknown> };
  };

  test('one extra field on an active validator is exactly one error', {
    timeout: 180_000,
  }, async () => {
    let at = -1;
    const dir = await validatorsExchange((validators) => {
      const { i, v } = active(validators);
      at = i;
      v.surprise = 1;
    });
    const { code, stdout } = await run(['check', dir, '--strict', '--format', 'json']);
    expect(code).toBe(1);
    const errors = JSON.parse(stdout).results[0].errors.map((e: { text: string }) => e.text);
    expect(errors).toEqual([
      `response.body/validators/${at}/surprise: is not declared by the spec`,
    ]);
  });

  test('a tag no branch has is one error naming the allowed values', {
    timeout: 180_000,
  }, async () => {
    let at = -1;
    const dir = await validatorsExchange((validators) => {
      const { i, v } = active(validators);
      at = i;
      v.validationStatus = 'paused';
    });
    const { code, stdout } = await run(['check', dir, '--strict', '--format', 'json']);
    expect(code).toBe(1);
    const errors = JSON.parse(stdout).results[0].errors.map((e: { text: string }) => e.text);
    expect(errors).toEqual([
      `response.body/validators/${at}/validationStatus: tag value "paused" not allowed; expected one of "completed", "active", "pending", "removed"`,
    ]);
  });

  test("a missing member of the selected branch is reported, not other branches' members", {
    timeout: 180_000,
  }, async () => {
    let at = -1;
    const dir = await validatorsExchange((validators) => {
      const { i, v } = active(validators);
      at = i;
      delete v.uptimePerformance;
    });
    const { stdout } = await run(['check', dir, '--strict', '--format', 'json']);
    const errors = JSON.parse(stdout).results[0].errors.map((e: { text: string }) => e.text);
    expect(errors).toEqual([
      `response.body/validators/${at}/uptimePerformance: is required but missing`,
    ]);
  });
});
