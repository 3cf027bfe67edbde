// `pnpm docs:preview`: the site and the replay server, which answers the site's consoles
// (a CORS preflight from the site's origin with the spec's api-key header) over node:http.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nodeChecker } from './fixtures.mjs';
import { describeAll } from './operations.mjs';
import { startPreview } from './preview.mjs';

let dir;
let preview;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docs-preview-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>site</title>');
  preview = await startPreview({ root: dir, port: 0, replayPort: 0 });
});
afterAll(async () => {
  await preview?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function send(url, options) {
  return new Promise((resolve, reject) => {
    const req = request(url, options, (res) => {
      let text = '';
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('serves the site', async () => {
  const res = await send(preview.siteUrl, { method: 'GET' });
  expect(res.status).toBe(200);
  expect(res.text).toContain('<title>site</title>');
});

it("answers a console's preflight from the site's origin, api-key header included", async () => {
  const { op } = describeAll(nodeChecker()).find(({ op }) => op.apiKeyHeader);
  const path = op.path.replace(/\{[^}]+\}/g, 'mainnet');
  const res = await send(`${preview.replayUrl}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin: new URL(preview.siteUrl).origin,
      'access-control-request-method': op.method,
      'access-control-request-headers': `content-type,${op.apiKeyHeader}`,
    },
  });
  expect([200, 204]).toContain(res.status);
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(res.headers['access-control-allow-headers']).toContain(op.apiKeyHeader);
});
