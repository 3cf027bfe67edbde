// The interleaved runner end to end, with real child processes: a sound client gets a row with
// ratios, and every faulty client the checks exist for fails its row, saying why.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureGroup } from './cost-per-call.mjs';
import { groups, subjects } from './subjects.mjs';

const group = groups.find((g) => g.id === 'metrics');
const floor = subjects.find((s) => s.id === 'fetch-metrics');
const options = { rounds: 2, roundMs: 30, warmupMs: 0, log: () => {} };

/** Apps written as a user would, each wrong in one way. */
const faulty = {
  'wrong-url': `export const setup = (base) => async () => (await fetch(base + '/v1/avg_tps/1')).json();`,
  'two-requests': `export const setup = (base) => async () => {
    await (await fetch(base + '/v1/avg_tps/43114')).text();
    return (await fetch(base + '/v1/avg_tps/43114')).json();
  };`,
  socket: `import net from 'node:net';
  export const setup = (base) => {
    net.connect(9, '127.0.0.1').on('error', () => {});
    return async () => (await fetch(base + '/v1/avg_tps/43114')).json();
  };`,
  'unhandled-rejection': `export const setup = (base) => {
    Promise.reject(new Error('left behind'));
    return async () => (await fetch(base + '/v1/avg_tps/43114')).json();
  };`,
  throws: `let n = 0;
  export const setup = (base) => async () => {
    if (++n > 5) throw new Error('gave up on call ' + n);
    return (await fetch(base + '/v1/avg_tps/43114')).json();
  };`,
};

let dir;
const app = (name) => pathToFileURL(join(dir, `${name}.mjs`)).href;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bench-faulty-'));
  for (const [name, code] of Object.entries(faulty))
    await writeFile(join(dir, `${name}.mjs`), code);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs the floor and one client standing in for the floor's subject, with `app` as its code. */
const runWith = async (name) => {
  const [, row] = await measureGroup(group, [floor, { ...floor, app: app(name) }], options);
  return row;
};

describe('measureGroup', () => {
  it('gives a sound client every round, its ratios to the floor and its request count', async () => {
    const [floorRow, row] = await measureGroup(group, [floor, { ...floor }], options);
    expect(floorRow.ratio).toEqual({ median: 1, min: 1, max: 1 });
    expect(row.error).toBeUndefined();
    expect(row.rounds).toHaveLength(2);
    expect(row.ratio.min).toBeGreaterThan(0);
    expect(row.cpuRatio.median).toBeGreaterThan(0);
    expect(row.requests).toBeGreaterThan(2);
  });

  it.each([
    [
      'a request to another URL',
      'wrong-url',
      /not read as expected.*GET http:\/\/127\.0\.0\.1:9\/v1\/avg_tps\/1 ×1/,
    ],
    [
      'two requests per call',
      'two-requests',
      /requests for \d+ calls; expected one request per call/,
    ],
    ['a socket opened outside fetch', 'socket', /opened a socket/],
    ['an unhandled rejection', 'unhandled-rejection', /unhandled rejection: left behind/],
    ['a call that throws mid-run', 'throws', /gave up on call 6/],
  ])('fails the row of a client with %s', async (_, name, want) => {
    const row = await runWith(name);
    expect(row.error).toMatch(want);
    expect(row.ratio).toBeUndefined();
  });
});
