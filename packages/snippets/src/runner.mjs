// Runs compiled blocks: `node runner.mjs plan.json results.json`. Blocks keep the public URLs a
// reader copies; this process's fetch sends requests for those hosts to the replay server, lets
// loopback through, and refuses any other host, so nothing leaves 127.0.0.1.
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

const [planFile, resultFile] = process.argv.slice(2);
const { plan, replayUrl, timeoutMs } = JSON.parse(await readFile(planFile, 'utf8'));

/** The hosts the blocks name (the specs' servers, a local node); all answered by the replay server. */
const API_ORIGINS = new Set([
  'https://data-api.avax.network',
  'https://metrics.avax.network',
  'https://api.avax.network',
  'https://api.avax-test.network',
  'http://127.0.0.1:9650',
  'http://localhost:9650',
]);
const replay = new URL(replayUrl);

let current = -1;
const requests = plan.map(() => 0);
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const request = input instanceof Request ? input : undefined;
  const url = new URL(request ? request.url : String(input));
  if (current >= 0) requests[current]++;
  // The replay server, and a server a block starts itself on loopback (runContract's own
  // replay target): answered where they are. Public API hosts go to the replay server below.
  if (
    url.origin === replay.origin ||
    (url.hostname === '127.0.0.1' && !API_ORIGINS.has(url.origin))
  )
    return realFetch(input, init);
  if (!API_ORIGINS.has(url.origin)) {
    return Promise.reject(new Error(`a block tried to reach ${url.origin}, not an API host`));
  }
  url.protocol = replay.protocol;
  url.host = replay.host;
  if (request) return realFetch(new Request(url, request), init);
  return realFetch(url, init);
};

// Quiet the blocks' console.log; a failure is reported through the results.
const printed = plan.map(() => []);
console.log = (...args) => printed[current]?.push(args.map(String).join(' ').slice(0, 200));
const late = plan.map(() => []);
process.on('unhandledRejection', (reason) => late[current]?.push(String(reason?.stack ?? reason)));

const describe = (error) =>
  error instanceof Error ? `${error.name}: ${error.message}` : `thrown: ${String(error)}`;

const results = [];
for (const [i, step] of plan.entries()) {
  current = i;
  if (step.skip) {
    results.push({ skipped: step.skip });
    continue;
  }
  let timer;
  const started = Date.now();
  try {
    await Promise.race([
      import(pathToFileURL(step.file).href),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`did not finish within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
    results.push({ ok: late[i].length === 0, error: late[i][0], ms: Date.now() - started });
  } catch (error) {
    results.push({ ok: false, error: describe(error), ms: Date.now() - started });
  } finally {
    clearTimeout(timer);
  }
}
for (const [i, r] of results.entries()) {
  r.printed = printed[i].length;
  r.requests = requests[i];
}
await writeFile(resultFile, JSON.stringify(results));
// A block may leave a timer or socket behind; the results are written, so end here.
process.exit(0);
