// The loopback server the client-overhead benchmark calls: a child process, so its work does
// not share the measured event loop. It answers fixed bodies taken from the specs, counts what
// it served, and stops itself when its parent goes away or after a hard deadline.
import { createServer } from 'node:http';
import { loadBodies } from './bodies.mjs';

const DEADLINE_MS = 150_000;

const bodies = await loadBodies();
const json = (value) => Buffer.from(JSON.stringify(value));
const rest = new Map([
  ['GET /v1/networks/mainnet/validators', json(bodies.listValidators)],
  ['GET /v1/avg_tps/43114', json(bodies.avgTps)],
  // The peer SDKs only know the v2 metrics route; it answers the same body.
  ['GET /v2/chains/43114/metrics/avgTps', json(bodies.avgTps)],
]);
const notFound = json({ message: 'not found', statusCode: 404, error: 'Not Found' });

/** Requests served per route, reported to the parent on demand. */
const served = {};

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  const route = `${req.method} ${path}`;
  served[route] = (served[route] ?? 0) + 1;
  if (req.method === 'POST' && path === '/ext/info') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      // A JSON-RPC client checks that the answer's id is its request's, so the id is echoed.
      let id = null;
      try {
        id = JSON.parse(Buffer.concat(chunks).toString('utf8')).id ?? null;
      } catch {}
      send(res, 200, json({ ...bodies.getNodeVersion, id }));
    });
    return;
  }
  req.resume();
  const body = rest.get(route);
  send(res, body ? 200 : 404, body ?? notFound);
});

let stopped = false;
function stop() {
  if (stopped) return;
  stopped = true;
  server.close();
  server.closeAllConnections();
  if (process.connected) process.disconnect();
}

setTimeout(stop, DEADLINE_MS).unref();
process.on('disconnect', stop);
process.on('message', (message) => {
  if (message === 'served') process.send?.({ served: { ...served } });
  else if (message === 'stop') stop();
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
