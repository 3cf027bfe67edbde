// Relations between calls (`calls`): judged once both calls of a target are seen, on the later
// one; by `check` over one capture (runCheck), whatever order the calls came in.
import { describe, expect, test } from 'vitest';
import { runCheck } from '../../check/check-run.js';
import type { CheckedItem } from '../../check/report.js';
import type { RawBatch } from '../../recordings/capture-input.js';
import type { Recording } from '../../recordings/recordings.js';
import { defaultSpecDir, Specs } from '../specs.js';
import { callsBreak, callsBroken, callsKeep } from './calls.js';
import type { CallsPromise } from './vocabulary.js';

const specs = await Specs.load(defaultSpecDir);

/** A node call and its result, as a recorded exchange. */
function call(
  method: string,
  params: unknown,
  result: unknown,
  node = 'http://127.0.0.1:9650',
): Recording {
  return {
    file: method,
    request: {
      method: 'POST',
      url: `${node}/ext/info`,
      body: { jsonrpc: '2.0', id: 1, method, params },
    },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { jsonrpc: '2.0', id: 1, result },
    },
  };
}

/** Captures of these exchanges (each a JSONL file, one JSON line per exchange), checked as `check` does. */
async function checkCaptures(captures: [string, Recording[]][]): Promise<CheckedItem[]> {
  const out: CheckedItem[] = [];
  async function* input() {
    for (const [file, recordings] of captures) yield batchOf(file, recordings);
  }
  await runCheck(specs, input(), {
    settings: { strict: true, exclusions: {}, specsDir: defaultSpecDir },
    jobs: 1,
    onItem: (item) => {
      out.push(item);
    },
  });
  return out;
}

/** One capture of these exchanges, checked as `check` does. */
const check = (recordings: Recording[]) => checkCaptures([['cap.jsonl', recordings]]);

function batchOf(file: string, recordings: Recording[]): RawBatch {
  const lines = recordings.map((r) => `${JSON.stringify({ ...r, file: undefined })}\n`);
  const starts: number[] = [];
  const ends: number[] = [];
  let end = 0;
  for (const l of lines) {
    starts.push(end);
    end += Buffer.byteLength(l);
    ends.push(end);
  }
  return {
    bytes: Buffer.from(lines.join('')),
    starts,
    ends,
    at: lines.map((_, k) => k + 1),
    file,
    format: 'jsonl',
  };
}

const messages = (items: CheckedItem[]) =>
  items.flatMap((i) =>
    i.errors.filter((e) => e.kind === 'calls').map((e) => `${i.file}: ${e.message}`),
  );

describe('check over one capture', () => {
  test('a network id that does not go with the name is caught on the later call, either order', async () => {
    const id = call('info.getNetworkID', {}, { networkID: '5' });
    const name = call('info.getNetworkName', {}, { networkName: 'mainnet' });
    expect(messages(await check([name, id]))).toEqual([
      'cap.jsonl:2: calls: networkID "5" ("fuji"), expected the value that goes with "mainnet" (networkName of info.getNetworkName on the same target)',
    ]);
    expect(messages(await check([id, name]))).toEqual([
      expect.stringMatching(
        /^cap\.jsonl:2: calls: networkName "mainnet" disagrees with info\.getNetworkID's networkID/,
      ),
    ]);
  });

  test('calls that agree, or that went to two targets, break nothing', async () => {
    const id = call('info.getNetworkID', {}, { networkID: '1' });
    const name = call('info.getNetworkName', {}, { networkName: 'mainnet' });
    expect(messages(await check([name, id]))).toEqual([]);
    const elsewhere = call('info.getNetworkID', {}, { networkID: '5' }, 'http://127.0.0.1:9651');
    expect(messages(await check([name, elsewhere]))).toEqual([]);
  });

  test('two captures are two sources: the same URL in each is not held to the other', async () => {
    const id = call('info.getNetworkID', {}, { networkID: '5' });
    const name = call('info.getNetworkName', {}, { networkName: 'mainnet' });
    expect(
      messages(
        await checkCaptures([
          ['a.jsonl', [name]],
          ['b.jsonl', [id]],
        ]),
      ),
    ).toEqual([]);
    expect(messages(await checkCaptures([['a.jsonl', [name, id]]]))).toHaveLength(1);
  });
});

describe('the relation in one place (checker and replay server)', () => {
  const equal: CallsPromise = { with: 'x', member: '/index', other: '/index' };
  const map: CallsPromise = {
    with: 'x',
    member: '/id',
    other: '/name',
    map: { '1': 'mainnet', '5': 'fuji' },
  };
  const keys: CallsPromise = { with: 'x', member: '', other: '/p', compare: 'keys' };
  test.each([
    ['equal, kept', equal, '3', '3', undefined],
    ['equal, broken', equal, '3', '4', '"3", expected "4"'],
    [
      'map, a value the map does not name with one it does not name either',
      map,
      '12345',
      'local',
      undefined,
    ],
    [
      'map, a value the map does not name with one it names',
      map,
      '12345',
      'fuji',
      '"12345", expected "5" with "fuji"',
    ],
    ['keys, the same', keys, { a: 1, b: 2 }, { b: 0, a: 0 }, undefined],
    [
      'keys, one missing',
      keys,
      { a: 1 },
      { a: 0, b: 0 },
      'keys ["a"], expected the keys ["a","b"]',
    ],
  ] as const)('%s', (_name, c, member, other, want) => {
    expect(callsBreak(c, member, other)).toBe(want);
  });

  test('what the replay server keeps agrees, and what it breaks does not', () => {
    for (const [c, member, other] of [
      [equal, '3', '4'],
      [map, '5', 'mainnet'],
      [keys, { a: { t: 1 } }, { a: {}, b: {} }],
    ] as const) {
      const kept = callsKeep(c, member, other);
      expect(callsBreak(c, kept, other)).toBeUndefined();
      const broken = callsBroken(c, kept, other);
      expect(callsBreak(c, broken, other)).toBeDefined();
    }
  });
});
