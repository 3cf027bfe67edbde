// The api key goes where the specs say: the header of a service's `apiKey` security scheme, to
// that service's target only. Proven with specs whose scheme was renamed and added elsewhere.
import { once } from 'node:events';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { runContract } from './contract.js';
import type { ContractResult } from './contract-case.js';
import { contractCases } from './contract-cases.js';
import { rateLimitLines } from './contract-report.js';
import { apiKeyHeader, apiKeyHeaders } from './credentials.js';

const root = new URL('../../../../specs/', import.meta.url).pathname;
const KEY = 'sk-credentials-test-0123456789';

/** The bundled specs with the Data API's key header renamed and the Metrics API given one. */
async function renamedSpecs(): Promise<Specs> {
  const dir = await mkdtemp(join(tmpdir(), 'credentials-'));
  for (const name of ['data-api', 'metrics-api', 'node-rpc', 'node-health']) {
    const doc = JSON.parse(await readFile(join(root, 'dist', `${name}.json`), 'utf8'));
    if (name === 'data-api')
      for (const scheme of Object.values(doc.components.securitySchemes) as { name: string }[])
        scheme.name = 'x-renamed-key';
    if (name === 'metrics-api')
      doc.components = {
        ...doc.components,
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          query: { type: 'apiKey', in: 'query', name: 'key' },
          metricsKey: { type: 'apiKey', in: 'header', name: 'x-metrics-key' },
        },
      };
    await writeFile(join(dir, `${name}.json`), JSON.stringify(doc));
  }
  return Specs.load(dir, { precompiled: false });
}

describe('apiKeyHeader', () => {
  test('reads the header of the bundled specs: only a service whose spec declares one', async () => {
    const specs = await Specs.load(join(root, 'dist'));
    const declared = specs.rest.filter((s) =>
      Object.values(
        (s.doc as { components?: { securitySchemes?: object } }).components?.securitySchemes ?? {},
      ).some((x) => x.type === 'apiKey' && x.in === 'header'),
    );
    expect(declared.length).toBeGreaterThan(0);
    expect(Object.keys(apiKeyHeaders(specs)).sort()).toEqual(declared.map((s) => s.name).sort());
    expect(apiKeyHeader(specs, 'node-rpc')).toBeUndefined();
  });

  test('skips schemes that are not an api key in a header', async () => {
    const specs = await renamedSpecs();
    expect(apiKeyHeaders(specs)).toEqual({
      'data-api': 'x-renamed-key',
      'metrics-api': 'x-metrics-key',
    });
  });
});

describe('a contract run sends the key in the header the spec names', () => {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(500, { 'content-type': 'application/json' }).end('{}');
  });
  let base = '';
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  test('to each service in its own header, in curl lines by its variable, never elsewhere', async () => {
    const specs = await renamedSpecs();
    const recordings = await loadRecordings(join(root, 'recordings'));
    const all = contractCases(specs, recordings).filter((c) => !c.skip && c.method === 'GET');
    const picked = ['data-api', 'metrics-api', 'node-health'].map((service) => {
      const found = all.find((c) => c.service === service);
      if (!found) throw new Error(`no GET case for ${service}`);
      return found;
    });
    const results = await runContract(specs, picked, {
      targets: { 'data-api': base, 'metrics-api': base, 'node-health': base },
      apiKey: KEY,
      apiKeyVariable: 'MY_KEY',
      concurrency: 1,
      timeoutMs: 60_000,
      retries: 0,
      maxRetryAfterMs: 0,
    });
    const headersOf = (service: string) => {
      const c = picked.find((p) => p.service === service);
      return seen.find((s) => c && s.url === c.path)?.headers;
    };
    expect(headersOf('data-api')?.['x-renamed-key']).toBe(KEY);
    expect(headersOf('metrics-api')?.['x-metrics-key']).toBe(KEY);
    const health = headersOf('node-health');
    expect(health).toBeDefined();
    expect(Object.values(health ?? {})).not.toContain(KEY);
    for (const s of seen) expect(s.headers['x-glacier-api-key']).toBeUndefined();
    const curl = (service: string) => results.find((r) => r.service === service)?.curl;
    expect(curl('data-api')).toContain('-H "x-renamed-key: $MY_KEY"');
    expect(curl('metrics-api')).toContain('-H "x-metrics-key: $MY_KEY"');
    expect(curl('node-health')).not.toContain('$MY_KEY');
    expect(JSON.stringify(results)).not.toContain(KEY);
  });
});

describe('rateLimitLines', () => {
  const limited = (service: string) =>
    ({ service, verdict: 'not-tested', unreachable: 'rate limited: HTTP 429' }) as ContractResult;

  test('offers a key for a service whose spec takes one, named with its header', () => {
    const lines = rateLimitLines(
      [limited('metrics-api')],
      [{ service: 'metrics-api', apiKeyHeader: 'x-metrics-key' }],
    );
    expect(lines[1]).toContain('--api-key-env NAME; metrics-api takes one in x-metrics-key');
  });

  test('a gateway key for a service whose spec takes none, nothing more once the key was sent', () => {
    const services = [{ service: 'data-api', apiKeyHeader: 'x-glacier-api-key' }];
    const lines = rateLimitLines([limited('node-rpc')], services);
    expect(lines[1]).toContain("--header 'Name: $VAR'");
    expect(lines[1]).not.toContain('--api-key-env');
    expect(rateLimitLines([limited('data-api')], services, true)[1]).toMatch(/for one service\)$/);
  });
});
