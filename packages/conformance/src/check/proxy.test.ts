// The validating proxy against real servers on 127.0.0.1: the replay server (everything passes
// through byte for byte) and a drifting server (the CLI reports it on SIGINT).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { loadRecordings, type Recording } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';
import { corpus, passingRecordings } from '../test/captures.js';
import { startProxy } from './proxy.js';
import type { CheckedItem } from './report.js';

const cli = new URL('../../dist/cli.js', import.meta.url).pathname;

/** One exchange over node:http, the body as bytes: nothing decoded or normalised. */
function send(
  base: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${base}${path}`, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

/** The headers an app acts on; `date` and connection handling are per hop. */
const relevant = (h: IncomingHttpHeaders) => {
  const { date: _d, connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...rest } = h;
  return rest;
};

const pathOf = (r: Recording) => {
  const u = new URL(r.request.url);
  return `${u.pathname}${u.search}`;
};

describe('proxy in front of the replay server', () => {
  let specs: Specs;
  let replay: Awaited<ReturnType<typeof startReplayServer>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const items: CheckedItem[] = [];
  beforeAll(async () => {
    specs = await Specs.load(new URL('../../specs/', import.meta.url).pathname);
    replay = await startReplayServer({ specs, recordings: await loadRecordings(corpus) });
    const targets = Object.fromEntries(
      [...specs.rest, ...specs.rpc].map((s) => [s.name, replay.url]),
    );
    proxy = await startProxy({
      specs,
      targets,
      strict: true,
      maxBodyBytes: 1 << 20,
      onItem: (i) => items.push(i),
    });
  });
  afterAll(async () => {
    await proxy?.close();
    await replay?.close();
  });

  test('200 mixed requests (REST, JSON-RPC, a batch, health) pass through byte-identical, 0 findings', {
    timeout: 120_000,
  }, async () => {
    const recordings = await passingRecordings();
    const rpc = recordings.filter(
      (r) => r.request.method === 'POST' && !Array.isArray(r.request.body),
    );
    // Two calls in one batch, to an endpoint that serves batches (geth's, …/rpc).
    const [a, b] = rpc.filter((r) => pathOf(r).endsWith('/rpc')) as [Recording, Recording];
    const batch: Recording = {
      ...a,
      request: { ...a.request, body: [a.request.body, { ...(b.request.body as object), id: 99 }] },
    };
    const plan = [
      batch,
      ...Array.from({ length: 199 }, (_, i) => recordings[i % recordings.length] as Recording),
    ];
    const kinds = new Set(
      plan.map((r) =>
        Array.isArray(r.request.body)
          ? 'batch'
          : r.request.method === 'POST'
            ? 'rpc'
            : new URL(r.request.url).pathname.startsWith('/ext/health')
              ? 'health'
              : 'rest',
      ),
    );
    expect([...kinds].sort()).toEqual(['batch', 'health', 'rest', 'rpc']);
    for (const r of plan) {
      const body = r.request.body === undefined ? undefined : JSON.stringify(r.request.body);
      const direct = await send(replay.url, r.request.method, pathOf(r), body);
      const proxied = await send(proxy.url, r.request.method, pathOf(r), body);
      expect({ status: proxied.status, headers: relevant(proxied.headers) }).toEqual({
        status: direct.status,
        headers: relevant(direct.headers),
      });
      expect(proxied.body.equals(direct.body)).toBe(true);
    }
    // Each exchange is judged when its answer has been passed on; all 200 are in.
    expect(items).toHaveLength(200);
    expect(
      items
        .filter((i) => !i.ok)
        .map((i) => `${i.file}: ${JSON.stringify(i.errors)}${i.malformed ?? ''}`),
    ).toEqual([]);
    expect(items.filter((i) => i.operation === undefined)).toEqual([]);
    // The batch is judged call by call.
    expect(items[0]?.operation?.split(',')).toHaveLength(2);
  });
});

describe('proxy CLI in front of a drifting server', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'proxy-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('an undeclared field and a wrong type are reported (--strict) in the report written on SIGINT; the key is forwarded, never written', {
    timeout: 120_000,
  }, async () => {
    const avg = JSON.parse(await readFile(join(corpus, 'metrics-api/avg-tps.1.json'), 'utf8'));
    avg.response.body.results[0].value = 'fast';
    avg.response.body.extra = true;
    const keys: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      keys.push(req.headers['x-glacier-api-key'] as string | undefined);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(avg.response.body));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const report = join(dir, 'report.json');
    const record = join(dir, 'recorded');
    const child = spawn(process.execPath, [
      cli,
      'proxy',
      '--target',
      target,
      '--strict',
      '--format',
      'json',
      '--output',
      report,
      '--record',
      record,
    ]);
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    const seen = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve) => {
        const look = () => {
          const m = pattern.exec(stderr);
          if (!m) return;
          child.stderr.off('data', look);
          resolve(m);
        };
        child.stderr.on('data', look);
        look();
      });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const [, url] = await seen(/proxy on (http:\/\/\S+)/);
    const secret = 'sk-test-never-written-0123';
    const answer = await send(
      url as string,
      'GET',
      `${new URL(avg.request.url).pathname}?apiKey=${secret}`,
      undefined,
      {
        'x-glacier-api-key': secret,
      },
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual(avg.response.body);
    // The finding is printed when it happens, before any signal.
    await seen(/FAIL/);
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    const [code] = await exited;
    server.close();
    expect(code).toBe(1);
    expect(keys).toEqual([secret]);
    const json = JSON.parse(await readFile(report, 'utf8'));
    expect(json).toMatchObject({ command: 'proxy', summary: { exchanges: 1, failed: 1 } });
    const texts = json.results.flatMap((r: { errors: { text: string }[] }) =>
      r.errors.map((e) => e.text),
    );
    expect(texts).toEqual(
      expect.arrayContaining([
        'response.body/results/0/value: must be number',
        expect.stringMatching(/^response\.body\/extra: is not declared by the spec/),
      ]),
    );
    const recorded = await readdir(record);
    expect(recorded).toHaveLength(1);
    const written = [
      stdout,
      stderr,
      await readFile(report, 'utf8'),
      await readFile(join(record, recorded[0] as string), 'utf8'),
    ];
    for (const text of written) expect(text).not.toContain(secret);
  });
});

describe('proxy: bodies it cannot or need not read whole', () => {
  let specs: Specs;
  beforeAll(async () => {
    specs = await Specs.load(new URL('../../specs/', import.meta.url).pathname);
  });

  test('a gzip answer goes back compressed, byte for byte, and is judged decoded; one over the cap is forwarded and counted not checked', {
    timeout: 60_000,
  }, async () => {
    const avg = JSON.parse(await readFile(join(corpus, 'metrics-api/avg-tps.1.json'), 'utf8'));
    const gzipped = gzipSync(JSON.stringify(avg.response.body));
    const big = Buffer.from(JSON.stringify({ ...avg.response.body, padding: 'x'.repeat(300_000) }));
    const server = createServer((req, res) => {
      const body = req.url?.includes('43113') ? big : gzipped;
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(body === gzipped ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(body);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const items: CheckedItem[] = [];
    const proxy = await startProxy({
      specs,
      targets: { 'metrics-api': target },
      strict: true,
      maxBodyBytes: 64 * 1024,
      onItem: (i) => items.push(i),
    });
    try {
      const path = new URL(avg.request.url).pathname;
      const small = await send(proxy.url, 'GET', path, undefined, { 'accept-encoding': 'gzip' });
      expect(small.headers['content-encoding']).toBe('gzip');
      expect(small.body.equals(gzipped)).toBe(true);
      const large = await send(proxy.url, 'GET', path.replace('43114', '43113'));
      expect(large.body.equals(big)).toBe(true);
    } finally {
      await proxy.close();
      server.close();
    }
    expect(items.map((i) => [i.ok, i.operation ?? null, i.notChecked ?? null])).toEqual([
      [true, 'getAvgTps', null],
      [false, null, `not checked: too large (response body ${big.length} bytes, cap 65536)`],
    ]);
  });
});
