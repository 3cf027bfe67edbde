// Streamed capture input: real files in a temp dir, broken in the ways captures break.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { passingRecordings, writeHar } from '../test/captures.js';
import {
  HarEntryCutter,
  harItems,
  jsonLinesItems,
  parseRaw,
  readCaptures,
  readHar,
  StringCap,
  tooLargeMark,
} from './capture-input.js';
import { recordingsToHar } from './har.js';
import type { InputItem, Recording } from './recordings.js';

let dir: string;
let recordings: Recording[];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'capture-input-'));
  recordings = await passingRecordings();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function collect(items: AsyncIterable<InputItem>) {
  const out: InputItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}
const problems = (items: InputItem[]) =>
  items.flatMap((i) => ('recording' in i ? [] : [`${i.kind} ${i.file}: ${i.message}`]));
const files = (items: InputItem[]) =>
  items.flatMap((i) => ('recording' in i ? [i.recording.file] : []));

describe('StringCap', () => {
  const cap = (text: string, max: number, chunk: number) => {
    const c = new StringCap(max);
    const bytes = Buffer.from(text);
    const parts: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += chunk) parts.push(c.push(bytes.subarray(i, i + chunk)));
    return Buffer.concat(parts).toString('utf8');
  };
  const long = `${'é'.repeat(40)}\\"\\\\\\u00e9${'x'.repeat(40)}`;
  test.each([
    ['a string under the cap is untouched', { text: '{"a":"short","b":[1,"two"]}', max: 64 }],
    [
      'escapes and two-byte characters are never split',
      { text: `{"a":"${long}","b":"ok"}`, max: 41 },
    ],
    ['a cap inside an escape waits for its end', { text: `{"a":"${long}"}`, max: 83 }],
    [
      'a string ending in a backslash ends there (its quote is not escaped)',
      { text: `{"a":"x\\\\","b":"${'b'.repeat(60)}","c":"\\""}`, max: 8 },
    ],
    ['a string of nothing but escapes is cut too', { text: `{"a":"${'\\n'.repeat(40)}"}`, max: 9 }],
  ])('%s', (_name, { text, max }) => {
    for (const chunk of [1, 3, 7, 1024]) {
      const out = JSON.parse(cap(text, max, chunk));
      const original = JSON.parse(text);
      for (const key of Object.keys(original)) {
        const whole = Buffer.byteLength(JSON.stringify(original[key]));
        if (typeof original[key] !== 'string' || whole <= max + 2) {
          expect(out[key]).toEqual(original[key]);
          continue;
        }
        expect(out[key].endsWith(tooLargeMark)).toBe(true);
        expect(original[key].startsWith(out[key].slice(0, -tooLargeMark.length))).toBe(true);
      }
    }
  });
});

describe('StringCap over any JSON and any chunking', () => {
  // Keys short enough never to reach the cap, so that only values are cut.
  const value = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: fc.constantFrom('\\', '"', 'a', '\u0001'), maxLength: 40 }),
      fc.integer(),
      fc.constant(null),
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(fc.string({ unit: fc.constantFrom('k', 'l'), maxLength: 2 }), tie('node'), {
        maxKeys: 4,
      }),
    ),
  })).node;
  test('a string is kept when its text fits the cap, else cut to a head of it and the mark; the chunking changes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 4, max: 48 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 }),
        (original, max, sizes) => {
          const bytes = Buffer.from(JSON.stringify(original));
          const c = new StringCap(max);
          const parts: Buffer[] = [];
          for (let i = 0, k = 0; i < bytes.length; k++) {
            const size = sizes[k % sizes.length] as number;
            parts.push(Buffer.from(c.push(bytes.subarray(i, i + size))));
            i += size;
          }
          const bytewise = new StringCap(max);
          const one = Buffer.concat(
            [...bytes].map((b) => Buffer.from(bytewise.push(Buffer.of(b)))),
          );
          const out = Buffer.concat(parts);
          expect(out.equals(one)).toBe(true);
          const walk = (a: unknown, b: unknown) => {
            if (typeof a === 'string') {
              const text = Buffer.byteLength(JSON.stringify(a)) - 2;
              // A cap reached inside an escape or a character waits for its end (≤ 5 bytes).
              if (text <= max || (b === a && text <= max + 5)) expect(b).toBe(a);
              else {
                expect(typeof b === 'string' && b.endsWith(tooLargeMark)).toBe(true);
                expect(a.startsWith((b as string).slice(0, -tooLargeMark.length))).toBe(true);
              }
            } else if (a !== null && typeof a === 'object')
              for (const key of Object.keys(a))
                walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]);
            else expect(b).toEqual(a);
          };
          walk(original, JSON.parse(out.toString('utf8')));
        },
      ),
      { numRuns: 300, seed: 31 },
    );
  });
});

describe('readCaptures', () => {
  test('JSON Lines: a broken line, a line over the cap and a non-recording are findings naming the line; the rest is read', async () => {
    const good = JSON.stringify({ ...recordings[0], file: undefined });
    const file = join(dir, 'mixed.jsonl');
    await writeFile(
      file,
      [
        good,
        '{"request": ',
        '',
        JSON.stringify({ request: {} }),
        `"${'x'.repeat(5000)}"`,
        good,
      ].join('\n'),
    );
    const items = await collect(readCaptures([file], { maxBytes: 4096 }));
    expect(files(items)).toEqual([`${file}:1`, `${file}:6`]);
    expect(problems(items)).toEqual([
      expect.stringMatching(new RegExp(`^malformed ${file}:2: not valid JSON`)),
      `malformed ${file}:4: \`response\` must be an object`,
      `too-large ${file}:5: not checked: too large (5002 bytes, cap 4096)`,
    ]);
  });

  test('a HAR cut short: the whole entries are read, then one finding names the entry', async () => {
    const text = JSON.stringify(recordingsToHar(recordings.slice(0, 3)));
    const file = join(dir, 'cut.har');
    await writeFile(file, text.slice(0, text.lastIndexOf('"response"')));
    const items = await collect(readCaptures([file], { maxBytes: 1 << 20 }));
    expect(files(items)).toEqual([`${file}#0`, `${file}#1`]);
    expect(problems(items)).toEqual([
      expect.stringMatching(new RegExp(`^malformed ${file}#2: HAR cut short`)),
    ]);
  });

  test('HAR entries without a response, with an undecodable body or a body over the cap are findings; the others are read', async () => {
    const har = recordingsToHar(recordings.slice(0, 5)) as {
      log: { entries: { response: { content: { text: string; encoding?: string } } }[] };
    };
    const [e0, e1, e2, e3] = har.log.entries;
    delete (e1 as { response?: unknown }).response;
    if (e2)
      e2.response.content = {
        text: Buffer.from([0xff, 0xfe]).toString('base64'),
        encoding: 'base64',
      };
    if (e3) e3.response.content = { text: 'x'.repeat(3000), encoding: 'gzip' };
    if (e0) e0.response.content.text = JSON.stringify({ padding: 'y'.repeat(5000) });
    const file = join(dir, 'broken.har');
    await writeFile(file, JSON.stringify(har, null, 1));
    const items = await collect(readCaptures([file], { maxBytes: 4096 }));
    expect(files(items)).toEqual([`${file}#4`]);
    expect(problems(items)).toEqual([
      `too-large ${file}#0: not checked: too large (response.content over the size cap)`,
      `malformed ${file}#1: entry without a response`,
      `malformed ${file}#2: response.content: undecodable body (base64 that is not UTF-8 text)`,
      `malformed ${file}#3: response.content: undecodable body (encoding "gzip")`,
    ]);
  });

  test('a folder mixes recordings, HAR and JSON Lines, in path order; a missing path is an error', async () => {
    const folder = join(dir, 'folder');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(folder);
    await writeFile(join(folder, 'a.json'), JSON.stringify(recordings[0]));
    await writeFile(join(folder, 'b.har'), JSON.stringify(recordingsToHar(recordings.slice(0, 2))));
    await writeFile(join(folder, 'c.ndjson'), `${JSON.stringify(recordings[1])}\n`);
    const items = await collect(readCaptures([folder], { maxBytes: 1 << 20 }));
    expect(files(items).map((f) => f.slice(folder.length + 1))).toEqual([
      'a.json',
      'b.har#0',
      'b.har#1',
      'c.ndjson:1',
    ]);
    await expect(collect(readCaptures([join(dir, 'nope')], { maxBytes: 1 }))).rejects.toThrow(
      /no such file/,
    );
  });

  test('a .json file over the cap is streamed when it is a HAR, and not checked when it is one recording', async () => {
    const har = join(dir, 'large-har.json');
    await writeFile(har, JSON.stringify(recordingsToHar(recordings.slice(0, 3))));
    const one = join(dir, 'large-one.json');
    await writeFile(one, JSON.stringify({ ...recordings[0], note: 'x'.repeat(8192) }));
    const items = await collect(readCaptures([har, one], { maxBytes: 1024 }));
    expect(files(items)).toEqual([`${har}#0`, `${har}#1`, `${har}#2`]);
    expect(problems(items)).toEqual([
      expect.stringMatching(
        new RegExp(`^too-large ${one}: not checked: too large \\(\\d+ bytes, cap 1024\\)$`),
      ),
    ]);
  });

  test('stdin (-) is told apart: JSON Lines or HAR', async () => {
    const lines = Buffer.from(
      `${JSON.stringify(recordings[0])}\n${JSON.stringify(recordings[1])}\n`,
    );
    const har = Buffer.from(JSON.stringify(recordingsToHar(recordings.slice(0, 3)), null, 2));
    const from = (b: Buffer) => ({
      maxBytes: 1 << 20,
      stdin: (async function* () {
        yield b.subarray(0, 10);
        yield b.subarray(10);
      })(),
    });
    expect(files(await collect(readCaptures(['-'], from(lines))))).toEqual(['stdin:1', 'stdin:2']);
    expect(files(await collect(readCaptures(['-'], from(har))))).toEqual([
      'stdin#0',
      'stdin#1',
      'stdin#2',
    ]);
  });

  test('a HAR is read as it is consumed: never more than one chunk ahead of the entries handed out', async () => {
    const file = join(dir, 'big.har');
    await writeHar(file, 20_000, recordings);
    const { createReadStream } = await import('node:fs');
    let read = 0;
    const chunks = (async function* () {
      for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 })) {
        read += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    })();
    let n = 0;
    let bytesOfEntries = 0;
    let maxAhead = 0;
    for await (const item of readHar(chunks, file, { maxBytes: 1 << 20 })) {
      if (!('recording' in item)) throw new Error(`unexpected ${item.message}`);
      n++;
      // An entry line of the generated HAR, as a bound of what it took to read it.
      bytesOfEntries +=
        Buffer.byteLength(
          JSON.stringify(
            (recordingsToHar([item.recording]) as { log: { entries: object[] } }).log.entries[0],
          ),
        ) + 2;
      maxAhead = Math.max(maxAhead, read - bytesOfEntries);
    }
    expect(n).toBe(20_000);
    // The reader is at most the chunk it is in (plus the HAR's header) ahead: nothing piles up.
    expect(maxAhead).toBeLessThan(64 * 1024 + 4096);
  }, 120_000);
});

describe('JSON Lines in batches, over any lines and any chunking', () => {
  test('every line is its own item (number, bytes), blank ones none, long ones a finding; the chunking changes nothing', async () => {
    const lineOf = fc.oneof(
      fc.record({ n: fc.integer(), s: fc.string({ maxLength: 30 }) }).map((v) => JSON.stringify(v)),
      fc.constantFrom('', '   ', '\t', '{"a":1}\r', ' {"b": [1, 2]} '),
      fc.string({ unit: fc.constantFrom('x', '{', '"'), minLength: 1, maxLength: 8 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineOf, { maxLength: 12 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 48 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 8, max: 64 }),
        async (lines, lastNewline, sizes, maxBytes) => {
          const bytes = Buffer.from(lines.join('\n') + (lastNewline ? '\n' : ''));
          async function* chunks() {
            for (let i = 0, k = 0; i < bytes.length; k++) {
              const size = sizes[k % sizes.length] as number;
              // A fresh copy, as a stream's reads are.
              yield Buffer.from(bytes.subarray(i, i + size));
              i += size;
            }
          }
          const got: [string, string][] = [];
          for await (const item of jsonLinesItems(chunks(), 'f', { maxBytes }))
            got.push(
              'raw' in item
                ? [item.file, item.raw.toString('utf8')]
                : 'kind' in item
                  ? [item.file, item.kind]
                  : [item.recording.file, 'a recording: never, lines stay raw'],
            );
          const expected = lines.flatMap((l, k): [string, string][] => {
            if (k === lines.length - 1 && l === '' && !lastNewline) return [];
            if (Buffer.byteLength(l) > maxBytes) return [[`f:${k + 1}`, 'too-large']];
            return l.trim() === '' ? [] : [[`f:${k + 1}`, l]];
          });
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 300, seed: 31 },
    );
  });
});

describe('HarEntryCutter', () => {
  // Entries whose strings hold brackets, quotes and escapes; `entries` keys elsewhere that are
  // not `$.log.entries` (inside the creator, a page, an entry, and beside the log).
  const e0 = { request: { url: 'https://x/{a}]', note: 'q\\"}]{[' }, entries: [{ no: 1 }] };
  const e1 = { 'k"ey': ['[', ']', '{', '}'], t: 'é\u0000\n' };
  const text = JSON.stringify({
    log: {
      creator: { entries: [{ not: 'an entry' }] },
      pages: [{ entries: [{ nor: 'this' }] }],
      entries: [e0, e1],
    },
    entries: [{ bogus: true }],
  });
  const cut = (input: string, chunk: number) => {
    const cutter = new HarEntryCutter();
    const bytes = Buffer.from(input);
    const out: unknown[] = [];
    for (let i = 0; i < bytes.length; i += chunk)
      for (const raw of cutter.push(bytes.subarray(i, i + chunk)))
        out.push(JSON.parse(raw.toString('utf8')));
    return { out, cutter };
  };
  test.each([1, 2, 3, 7, 64, 1 << 16])(
    'cut in chunks of %i bytes: exactly the log entries',
    (n) => {
      const { out, cutter } = cut(text, n);
      expect(out).toEqual([e0, e1]);
      expect(cutter.found).toBe(true);
      expect(cutter.cutShort).toBe(false);
    },
  );
  test('any entries (strings of quotes and backslashes included), in any chunking: exactly the log entries', async () => {
    const entry = fc.dictionary(
      fc.string({ unit: fc.constantFrom('k', '"', '\\'), maxLength: 3 }),
      fc.oneof(
        fc.string({ unit: fc.constantFrom('\\', '"', 'a', '{', ']', '\u0001'), maxLength: 30 }),
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.array(fc.string({ unit: fc.constantFrom('\\', '"', '}'), maxLength: 6 }), {
          maxLength: 3,
        }),
        fc.integer(),
      ),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }),
        async (entries, sizes) => {
          const bytes = Buffer.from(JSON.stringify({ log: { version: '1.2', entries } }));
          const chunks = () => {
            const out: Buffer[] = [];
            for (let i = 0, k = 0; i < bytes.length; k++) {
              const size = sizes[k % sizes.length] as number;
              out.push(Buffer.from(bytes.subarray(i, i + size)));
              i += size;
            }
            return out;
          };
          const cutter = new HarEntryCutter();
          const out: unknown[] = [];
          for (const chunk of chunks())
            for (const raw of cutter.push(chunk)) out.push(JSON.parse(raw.toString('utf8')));
          expect(out).toEqual(entries);
          expect(cutter.cutShort).toBe(false);
          // The batches `check` reads: the same entries, numbered in order.
          const items: [string, unknown][] = [];
          async function* each() {
            yield* chunks();
          }
          for await (const item of harItems(each(), 'h', { maxBytes: 1 << 20 }))
            if ('raw' in item) items.push([item.file, JSON.parse(item.raw.toString('utf8'))]);
          const expected = entries.map((e, k) => [`h#${k}`, e]);
          expect(items).toEqual(expected);
        },
      ),
      { numRuns: 300, seed: 31 },
    );
  });
  test('with a cap: the same entries as StringCap before the cutter, in any chunking; an entry under the cap is never cut', () => {
    const long = fc.string({ unit: fc.constantFrom('a', 'é', '\\', '"', '\u0001'), maxLength: 80 });
    const entry = fc.record({
      request: fc.record({ url: long, note: fc.array(long, { maxLength: 3 }) }),
      response: fc.record({ text: long, n: fc.integer() }),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 5 }),
        long,
        fc.integer({ min: 8, max: 200 }),
        // Chunks both smaller and larger than an entry: caps at an entry's end and mid-way.
        fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 6 }),
        (entries, creator, max, sizes) => {
          const bytes = Buffer.from(
            JSON.stringify({ log: { version: '1.2', creator: { name: creator }, entries } }),
          );
          const capFirst = new StringCap(max);
          const plain = new HarEntryCutter();
          const capped = new HarEntryCutter(max);
          const before: string[] = [];
          const now: string[] = [];
          for (let i = 0, k = 0; i < bytes.length; k++) {
            const size = sizes[k % sizes.length] as number;
            const chunk = Buffer.from(bytes.subarray(i, i + size));
            for (const raw of plain.push(capFirst.push(chunk))) before.push(raw.toString('utf8'));
            for (const raw of capped.push(chunk)) now.push(raw.toString('utf8'));
            i += size;
          }
          expect(now).toEqual(before);
          now.forEach((text, k) => {
            if (Buffer.byteLength(JSON.stringify(entries[k])) <= max)
              expect(JSON.parse(text)).toEqual(entries[k]);
          });
        },
      ),
      { numRuns: 400, seed: 31 },
    );
  });
  test('keys of any length beside log and entries: still found, and a long key is no match', () => {
    const long = 'k'.repeat(100_000);
    const text = JSON.stringify({
      [long]: { entries: [{ no: 1 }] },
      log: { [long]: [{ no: 2 }], [`entries${long}`]: [{ no: 3 }], entries: [e0] },
    });
    const { out, cutter } = cut(text, 4096);
    expect(out).toEqual([e0]);
    expect(cutter.found).toBe(true);
  });
  test('an input that ends inside the entries is cut short; one without them has none', () => {
    expect(cut(text.slice(0, text.indexOf('"k')), 5).cutter.cutShort).toBe(true);
    const none = cut(JSON.stringify({ a: [{ entries: [{ b: 1 }] }] }), 4);
    expect(none.out).toEqual([]);
    expect(none.cutter.found).toBe(false);
  });
  test('an entry that is not JSON is one finding; the entries after it are still read', async () => {
    const [a, b] = (recordingsToHar(recordings.slice(0, 2)) as { log: { entries: object[] } }).log
      .entries;
    const file = join(dir, 'bad-entry.har');
    await writeFile(
      file,
      `{"log":{"entries":[${JSON.stringify(a)},{"request":{"method":"GET",,}},${JSON.stringify(b)}]}}`,
    );
    const items = await collect(readCaptures([file], { maxBytes: 1 << 20 }));
    expect(files(items)).toEqual([`${file}#0`, `${file}#2`]);
    expect(problems(items)).toEqual([
      expect.stringMatching(new RegExp(`^malformed ${file}#1: not valid JSON at entry 1: `)),
    ]);
  });
  test('parseRaw applies the era mark it carries; a blank line is nothing', () => {
    const raw = Buffer.from(JSON.stringify(recordings[0]));
    const mark = { reason: 'older era', lenient: ['/x'] };
    const item = parseRaw({ raw, file: 'a.jsonl:1', format: 'jsonl', mark });
    expect(item && 'recording' in item && item.recording).toMatchObject({
      file: 'a.jsonl:1',
      ...mark,
    });
    expect(parseRaw({ raw: Buffer.from('  \r'), file: 'a.jsonl:2', format: 'jsonl' })).toBe(
      undefined,
    );
  });
});
