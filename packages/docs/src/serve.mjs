#!/usr/bin/env node
// A static file server for dist/ on 127.0.0.1, used by the browser test and for previews
// (`node src/serve.mjs [--port N]`).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

/**
 * Serves `root` on 127.0.0.1 under `prefix` (`/avalanche/docs/` as a project site would be
 * published; anything outside it is 404); resolves once listening.
 */
export async function serveStatic(root, { port = 0, prefix = '/' } = {}) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const full = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      if (!`${full}/`.startsWith(prefix)) throw Object.assign(new Error(), { code: 'ENOENT' });
      const path = `/${full.slice(prefix.length)}`;
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep))
        throw Object.assign(new Error(), { code: 'ENOENT' });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const info = await stat(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-store',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ok);
  });
  const { port: actual } = server.address();
  return {
    url: `http://127.0.0.1:${actual}${prefix.replace(/\/$/, '')}`,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      prefix: { type: 'string', default: '/' },
    },
  });
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const prefix = `/${values.prefix.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const { url } = await serveStatic(dist, { port: Number(values.port), prefix });
  console.log(`serving ${dist} at ${url}/`);
}
