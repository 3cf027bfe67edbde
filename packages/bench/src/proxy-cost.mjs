// Issue 31: what the validating proxy adds to a request. The target is the replay server
// (node:http on 127.0.0.1) answering the corpus's smallest passing exchange; the proxy is
// startProxy, as the CLI runs it. Both live in this process with the client: on a shared,
// loaded machine a third process would add the OS's scheduling delay of each wake-up to the
// proxy's figure (measured: ~10 ms at load 15 on 2 cores), which is not the proxy's cost.
// Latency: one request at a time over a keep-alive agent, direct and through the proxy in
// alternating blocks, so both see the same machine; CPU time per request beside it.
// Throughput: `connections` requests kept in flight for `seconds`, direct then through the
// proxy (a hand loop: autocannon is not a dependency, and counting is all this needs).
import { Agent, request } from 'node:http';
import { loadRecordings, Specs, startProxy, startReplayServer } from '@avalanche-api/conformance';
import { percentile } from './stats.mjs';

const corpus = new URL('../../../specs/recordings/', import.meta.url).pathname;
const specsDir = new URL('../node_modules/@avalanche-api/conformance/specs/', import.meta.url)
  .pathname;

/** The passing GET with the smallest recorded answer: the "small answer" of the target. */
function smallest(recordings) {
  const gets = recordings.filter(
    (r) => r.request.method === 'GET' && r.response.status === 200 && !r.lenient,
  );
  gets.sort(
    (a, b) => JSON.stringify(a.response.body).length - JSON.stringify(b.response.body).length,
  );
  return gets[0];
}

function get(agent, base, path) {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Sequential latencies in µs, direct and proxied, in alternating blocks of `block`, and the
 * CPU time (user + system, µs) each way.
 */
async function latencies(bases, path, n, block) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out = { direct: [], proxy: [] };
  const cpu = { direct: 0, proxy: 0 };
  for (const base of Object.values(bases))
    for (let i = 0; i < 50; i++) await get(agent, base, path);
  for (let done = 0; done < n; done += block)
    for (const [name, base] of Object.entries(bases)) {
      const before = process.cpuUsage();
      for (let i = 0; i < block; i++) {
        const t = process.hrtime.bigint();
        const status = await get(agent, base, path);
        out[name].push(Number(process.hrtime.bigint() - t) / 1000);
        if (status !== 200) throw new Error(`${name}: HTTP ${status} for ${path}`);
      }
      const used = process.cpuUsage(before);
      cpu[name] += used.user + used.system;
    }
  agent.destroy();
  return { ...out, cpu };
}

async function throughput(base, path, connections, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        await get(agent, base, path);
        done++;
      }
    }),
  );
  agent.destroy();
  return done / seconds;
}

export async function measureProxyCost({ log, requests = 2000, seconds = 3, connections = 16 }) {
  const specs = await Specs.load(specsDir);
  const recordings = await loadRecordings(corpus);
  const small = smallest(recordings);
  const url = new URL(small.request.url);
  const path = `${url.pathname}${url.search}`;
  const replay = await startReplayServer({ specs, recordings });
  let failures = 0;
  const proxy = await startProxy({
    specs,
    targets: Object.fromEntries([...specs.rest, ...specs.rpc].map((s) => [s.name, replay.url])),
    strict: false,
    maxBodyBytes: 16 * 2 ** 20,
    onItem: (item) => {
      if (!item.ok) failures++;
    },
  });
  try {
    log(`proxy: ${requests} sequential requests each way, ${path}`);
    const l = await latencies({ direct: replay.url, proxy: proxy.url }, path, requests, 100);
    const stat = (xs) => {
      const sorted = Float64Array.from(xs).sort();
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    const direct = stat(l.direct);
    const proxied = stat(l.proxy);
    log(`proxy: throughput, ${connections} connections, ${seconds} s each way`);
    const directRps = await throughput(replay.url, path, connections, seconds);
    const proxyRps = await throughput(proxy.url, path, connections, seconds);
    return {
      path,
      answerBytes: Buffer.byteLength(JSON.stringify(small.response.body)),
      requests,
      direct,
      proxied,
      addedP50Us: proxied.p50 - direct.p50,
      addedP99Us: proxied.p99 - direct.p99,
      connections,
      directRps,
      proxyRps,
      cpuPerRequestUs: { direct: l.cpu.direct / requests, proxy: l.cpu.proxy / requests },
      proxyFailures: failures,
    };
  } finally {
    await proxy.close();
    await replay.close();
  }
}
