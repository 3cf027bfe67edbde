// Reads captures of any size one exchange at a time: HAR 1.2 (streamed entry by entry),
// JSON Lines of recordings, single recordings, folders of them, and `-` for stdin. Memory
// stays flat: a body or line over the size cap is skipped and reported, never buffered.
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { harEntryToRecording, harToRecordings, isHar } from './har.js';

export { tooLargeMark } from './har.js';

import {
  assertRecording,
  type EraMark,
  type EraMarks,
  eraMarkFor,
  filesBelow,
  type InputItem,
  loadEraMarks,
  type Recording,
  RecordingFormatError,
  recordingProblem,
  withMark,
} from './recordings.js';

export interface ReadOptions {
  /** Largest body (HAR) or exchange (JSON Lines line, recording file) read, in bytes. */
  maxBytes: number;
  /** Where `-` reads from (default: process.stdin). */
  stdin?: AsyncIterable<Buffer>;
}

export const defaultMaxBytes = 16 * 2 ** 20;

const markBytes = Buffer.from('\\u0000avalanche-conformance:too-large');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Cuts every JSON string longer than `max` bytes down to its head and `tooLargeMark`, so the
 * streaming parser never holds one without bound. It only follows string boundaries and
 * escapes; the parsing is the parser's.
 */
export class StringCap {
  #inString = false;
  /** 0: none; -1: after a backslash; n > 0: hex digits of a \u escape left. */
  #escape = 0;
  #length = 0;
  #dropping = false;
  constructor(readonly max: number) {}

  push(chunk: Buffer): Buffer {
    const from = this.#dropping || this.#escape !== 0 ? 0 : this.#skim(chunk);
    if (from === chunk.length) return chunk;
    const parts: Buffer[] = [];
    let start = 0;
    for (let i = from; i < chunk.length; i++) {
      const b = chunk[i] as number;
      if (!this.#inString) {
        if (b === QUOTE) {
          this.#inString = true;
          this.#length = 0;
        }
        continue;
      }
      const before = this.#escape;
      if (before === -1) this.#escape = b === 0x75 ? 4 : 0;
      else if (before > 0) this.#escape--;
      else if (b === BACKSLASH) this.#escape = -1;
      else if (b === QUOTE) {
        this.#inString = false;
        if (this.#dropping) {
          this.#dropping = false;
          start = i;
        }
        continue;
      }
      if (this.#dropping) continue;
      this.#length++;
      // Cut only between whole escapes and whole UTF-8 characters (before a backslash is
      // between escapes: a string of nothing but escapes is cut too).
      if (this.#length > this.max && before === 0 && (b & 0xc0) !== 0x80) {
        parts.push(chunk.subarray(start, i), markBytes);
        this.#dropping = true;
      }
    }
    if (!this.#dropping) parts.push(chunk.subarray(start));
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  }

  /**
   * Jumps from quote to quote with `indexOf` (native) while every string ends in this chunk
   * under the cap: the byte loop above cost more than the rest of reading a HAR. Returns
   * where the byte loop must take over (a string that may pass the cap or runs past the
   * chunk), or the chunk's length. Called only outside an escape.
   */
  #skim(chunk: Buffer): number {
    let i = 0;
    while (i < chunk.length) {
      if (!this.#inString) {
        const q = chunk.indexOf(QUOTE, i);
        if (q === -1) return chunk.length;
        this.#inString = true;
        this.#length = 0;
        i = q + 1;
        continue;
      }
      const q = closingQuote(chunk, i);
      if (q === -1 || this.#length + (q - i) > this.max) return i;
      this.#inString = false;
      i = q + 1;
    }
    return i;
  }
}

/**
 * Where the string the chunk is inside at `from` closes (-1: past the chunk): the next quote
 * not after an odd run of backslashes. No escape may be open at `from`.
 */
function closingQuote(chunk: Buffer, from: number): number {
  let q = chunk.indexOf(QUOTE, from);
  while (q !== -1 && oddBackslashesBefore(chunk, from, q)) q = chunk.indexOf(QUOTE, q + 1);
  return q;
}

function oddBackslashesBefore(chunk: Buffer, from: number, at: number): boolean {
  let n = 0;
  for (let k = at - 1; k >= from && chunk[k] === BACKSLASH; k--) n++;
  return n % 2 === 1;
}

/**
 * An exchange not parsed yet: its bytes (a JSON Lines line, a HAR entry) and where it is
 * from. `check` hands these to its workers in batches, so that each is parsed only where it
 * is validated and no parsed exchange is copied between threads.
 */
export interface RawItem {
  raw: Buffer;
  /** File and line (`a.jsonl:12`) or entry index (`a.har#3`). */
  file: string;
  format: 'jsonl' | 'har';
  /** The era mark of the folder the file is in, if any. */
  mark?: EraMark;
}

export type CaptureItem = InputItem | RawItem;

/**
 * The exchanges cut from one read of a JSON Lines file or HAR, not parsed yet: their bytes
 * (exchange k is `bytes` from `starts[k]` to `ends[k]`) and each one's line number or entry
 * index (`at[k]`).
 * `check` hands a batch on whole, so that the thread that reads does nothing per exchange;
 * `bytes` is its own memory, so it can be moved to a worker rather than copied.
 */
export interface RawBatch {
  bytes: Buffer;
  starts: number[];
  ends: number[];
  at: number[];
  /** Named `file:line` (JSON Lines) or `file#entry` (HAR). */
  file: string;
  format: 'jsonl' | 'har';
}

/** What `readCaptureBatches` yields: a batch of raw exchanges, or one item. */
export type CaptureBatchItem = CaptureItem | RawBatch;

/** Where exchange k of a batch is from: `file:line` (JSON Lines) or `file#entry` (HAR). */
export function batchName(batch: RawBatch, k: number): string {
  return `${batch.file}${batch.format === 'jsonl' ? ':' : '#'}${batch.at[k]}`;
}

/** Exchange k of a batch as a raw item. */
export function batchItem(batch: RawBatch, k: number): RawItem {
  return {
    raw: batch.bytes.subarray(batch.starts[k], batch.ends[k]),
    file: batchName(batch, k),
    format: batch.format,
  };
}

/**
 * Gathers exchanges' bytes into one batch, in memory of its own. Lines of one chunk are taken
 * as one run of it (what lies between them, newlines and blank lines, comes along unused),
 * so that a batch is a copy or two, not one per line: a copy per line cost the reading thread
 * more than reading.
 */
class BatchBuilder {
  #runs: Buffer[] = [];
  #starts: number[] = [];
  #ends: number[] = [];
  #at: number[] = [];
  /** Bytes in the closed runs. */
  #size = 0;
  /** The run still growing: `source` from `from` to `to`. */
  #open: { source: Buffer; from: number; to: number } | undefined;
  constructor(
    readonly file: string,
    readonly format: RawBatch['format'],
  ) {}

  /** An exchange of its own (copied at `take`). */
  add(bytes: Buffer, at: number): void {
    this.#close();
    this.#starts.push(this.#size);
    this.#runs.push(bytes);
    this.#size += bytes.length;
    this.#ends.push(this.#size);
    this.#at.push(at);
  }

  /** `source` from `from` to `to`, later in the same chunk as the one added before it, or not. */
  addRange(source: Buffer, from: number, to: number, at: number): void {
    const open = this.#open;
    if (!open || open.source !== source || from < open.to) {
      this.#close();
      this.#open = { source, from, to };
    } else open.to = to;
    const base = this.#size - (this.#open as { from: number }).from;
    this.#starts.push(base + from);
    this.#ends.push(base + to);
    this.#at.push(at);
  }

  #close(): void {
    const open = this.#open;
    if (!open) return;
    this.#runs.push(open.source.subarray(open.from, open.to));
    this.#size += open.to - open.from;
    this.#open = undefined;
  }

  /** The batch so far (undefined when empty), and a fresh start. */
  take(): RawBatch | undefined {
    this.#close();
    if (this.#ends.length === 0) return undefined;
    const bytes = Buffer.allocUnsafeSlow(this.#size);
    let end = 0;
    for (const run of this.#runs) end += run.copy(bytes, end);
    const batch: RawBatch = {
      bytes,
      starts: this.#starts,
      ends: this.#ends,
      at: this.#at,
      file: this.file,
      format: this.format,
    };
    this.#runs = [];
    this.#starts = [];
    this.#ends = [];
    this.#at = [];
    this.#size = 0;
    return batch;
  }
}

/** Every item of a stream of batches and items, one by one. */
export async function* unbatched(
  items: AsyncIterable<CaptureBatchItem>,
): AsyncGenerator<CaptureItem> {
  for await (const item of items) {
    if (!('ends' in item)) yield item;
    else for (let k = 0; k < item.ends.length; k++) yield batchItem(item, k);
  }
}

/** A raw item parsed: a recording, or what is wrong with it; undefined for a blank line. */
export function parseRaw(item: RawItem): InputItem | undefined {
  const parsed = parseText(item.raw.toString('utf8'), item.file, item.format);
  return item.mark && parsed && 'recording' in parsed
    ? { recording: { ...parsed.recording, ...item.mark } }
    : parsed;
}

/**
 * Exchange k of a batch parsed, as `parseRaw(batchItem(batch, k))` but without the item:
 * `check` reads every exchange this way, and the item's view of the bytes cost it more.
 */
export function parseBatched(batch: RawBatch, k: number): InputItem | undefined {
  const text = batch.bytes.toString('utf8', batch.starts[k], batch.ends[k]);
  return parseText(text, batchName(batch, k), batch.format);
}

function parseText(text: string, file: string, format: RawItem['format']): InputItem | undefined {
  if (format === 'jsonl') {
    const line = text.trim();
    return line === '' ? undefined : parseRecording(line, file);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const at = file.slice(file.lastIndexOf('#') + 1);
    return {
      file,
      kind: 'malformed',
      message: `not valid JSON at entry ${at}: ${(error as Error).message}`,
    };
  }
  return harEntryToRecording(value, file);
}

/** Parses the raw items of a stream of capture items, in order. */
export async function* parsedItems(items: AsyncIterable<CaptureItem>): AsyncGenerator<InputItem> {
  for await (const item of items) {
    if (!('raw' in item)) yield item;
    else {
      const parsed = parseRaw(item);
      if (parsed) yield parsed;
    }
  }
}

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Cuts the items of `log.entries` out of a HAR's bytes as they stream in, without parsing
 * anything. Hand-written: the streaming JSON parsers (@streamparser/json, stream-json)
 * tokenise every byte in JavaScript and build the values themselves, several times slower
 * than `JSON.parse` on each entry's bytes; this follows only strings, escapes and brackets.
 */
export class HarEntryCutter {
  #depth = 0;
  #inString = false;
  #escape = false;
  /** Bracket per open level (1 = the document). */
  readonly #open: number[] = [];
  /** The key each open object (levels 1 and 2) is at, to find `$.log.entries`. */
  readonly #keys: (string | undefined)[] = [];
  #expectKey = false;
  #key: number[] | undefined;
  /** Level of the entries array while it is open. */
  #entries = -1;
  #parts: Buffer[] = [];
  /** Bytes of the current entry in `#parts`, before it is capped. */
  #partsSize = 0;
  /** The current entry's strings cut to `max` once it has grown past it (then `#parts` is cut too). */
  #cap: StringCap | undefined;
  #inEntry = false;
  /** Whether `$.log.entries` was found at all. */
  found = false;

  /**
   * `max`: every string of an entry longer than that many bytes is cut to a head of it and
   * `tooLargeMark` (as StringCap does), so that an entry is never held whole without bound;
   * an entry no longer than `max` is never looked at twice. Default: no cap.
   */
  constructor(readonly max = Number.POSITIVE_INFINITY) {}

  /** The entries that end in this chunk, whole. */
  push(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    this.scan(chunk, (from, to, head) =>
      out.push(
        head
          ? Buffer.concat([...head, chunk.subarray(from, to)])
          : Buffer.from(chunk.subarray(from, to)),
      ),
    );
    return out;
  }

  /**
   * Calls `entry` for each entry that ends in this chunk, in order: its bytes are `head` (its
   * parts from earlier chunks, if it began in one) and then the chunk from `from` to `to`.
   * Nothing is copied but a head: a reader that copies the chunk's entries at once (before the
   * next read) copies them once.
   */
  scan(chunk: Buffer, entry: (from: number, to: number, head: Buffer[] | undefined) => void): void {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      if (this.#inString && !this.#escape && !this.#key) {
        // Inside a value: straight to its closing quote with `indexOf` (native), as StringCap
        // does; most of a HAR's bytes are in strings, and the byte loop cost most of the read.
        const q = closingQuote(chunk, i);
        if (q === -1) {
          this.#escape = oddBackslashesBefore(chunk, i, chunk.length);
          break;
        }
        this.#inString = false;
        i = q;
        continue;
      }
      const b = chunk[i] as number;
      if (this.#inString) {
        if (this.#escape) this.#escape = false;
        else if (b === BACKSLASH) this.#escape = true;
        else if (b === QUOTE) {
          this.#inString = false;
          if (this.#key) {
            this.#keys[this.#depth] = Buffer.from(this.#key).toString('utf8');
            this.#key = undefined;
          }
          continue;
        }
        // Only `log` and `entries` are looked for: a longer key is held no further.
        if (this.#key && this.#key.length <= 8) this.#key.push(b);
        continue;
      }
      if (b === QUOTE) {
        this.#inString = true;
        if (this.#expectKey && this.#depth <= 2) this.#key = [];
      } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        const depth = ++this.#depth;
        this.#open[depth] = b;
        this.#keys[depth] = undefined;
        this.#expectKey = b === OPEN_OBJECT;
        if (b === OPEN_OBJECT && this.#entries > 0 && depth === this.#entries + 1) {
          this.#inEntry = true;
          start = i;
        } else if (
          depth === 3 &&
          b === OPEN_ARRAY &&
          this.#open[1] === OPEN_OBJECT &&
          this.#open[2] === OPEN_OBJECT &&
          this.#keys[1] === 'log' &&
          this.#keys[2] === 'entries'
        ) {
          this.#entries = depth;
          this.found = true;
        }
      } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        if (this.#inEntry && this.#depth === this.#entries + 1) {
          if (this.#cap || this.#partsSize + (i + 1 - start) > this.max) {
            this.#hold(chunk.subarray(start, i + 1));
            entry(i + 1, i + 1, this.#parts);
          } else entry(start, i + 1, this.#parts.length > 0 ? this.#parts : undefined);
          this.#parts = [];
          this.#partsSize = 0;
          this.#cap = undefined;
          this.#inEntry = false;
        } else if (this.#depth === this.#entries) this.#entries = -1;
        this.#depth--;
        this.#expectKey = false;
      } else if (b === 0x2c) this.#expectKey = this.#open[this.#depth] === OPEN_OBJECT;
      else if (b === 0x3a) this.#expectKey = false;
    }
    if (this.#inEntry) this.#hold(chunk.subarray(start));
  }

  /**
   * Keeps a part of the current entry (a copy: the stream may reuse the chunk's memory); once
   * the entry is past `max`, its strings are cut from its first byte on (outside any string).
   */
  #hold(part: Buffer): void {
    if (!this.#cap) {
      this.#parts.push(Buffer.from(part));
      this.#partsSize += part.length;
      if (this.#partsSize <= this.max) return;
      const cap = new StringCap(this.max);
      this.#cap = cap;
      this.#parts = this.#parts.map((p) => Buffer.from(cap.push(p)));
      return;
    }
    this.#parts.push(Buffer.from(this.#cap.push(part)));
  }

  /** Whether the input ended inside the entries. */
  get cutShort(): boolean {
    return this.#inEntry || this.#entries > 0;
  }
}

/**
 * The `log.entries` of a HAR byte stream, a batch per read (strings over the size cap cut
 * down by the cutter), then a finding if the input ends inside them or has none.
 */
export async function* harBatches(
  chunks: AsyncIterable<Buffer>,
  file: string,
  options: ReadOptions,
): AsyncGenerator<CaptureBatchItem> {
  const cutter = new HarEntryCutter(options.maxBytes);
  const batch = new BatchBuilder(file, 'har');
  let index = 0;
  for await (const chunk of chunks) {
    cutter.scan(chunk, (from, to, head) => {
      if (head) batch.add(Buffer.concat([...head, chunk.subarray(from, to)]), index++);
      else batch.addRange(chunk, from, to, index++);
    });
    const full = batch.take();
    if (full) yield full;
  }
  if (cutter.cutShort)
    yield {
      file: `${file}#${index}`,
      kind: 'malformed',
      message: `HAR cut short or not valid JSON at entry ${index}: the input ends inside it`,
    };
  else if (!cutter.found || index === 0)
    yield { file, kind: 'malformed', message: 'no exchanges: not a HAR 1.2 log with entries' };
}

/** The `log.entries` of a HAR byte stream, one raw item each. */
export function harItems(
  chunks: AsyncIterable<Buffer>,
  file: string,
  options: ReadOptions,
): AsyncGenerator<CaptureItem> {
  return unbatched(harBatches(chunks, file, options));
}

/** The HAR entries of a byte stream, one by one, parsed. */
export function readHar(
  chunks: AsyncIterable<Buffer>,
  file: string,
  options: ReadOptions,
): AsyncGenerator<InputItem> {
  return parsedItems(harItems(chunks, file, options));
}

/**
 * The lines of a JSON Lines byte stream, a batch per read; an over-long line is skipped and
 * named (the batch before it is handed on first, so that order holds).
 */
export async function* jsonLinesBatches(
  chunks: AsyncIterable<Buffer>,
  file: string,
  options: ReadOptions,
): AsyncGenerator<CaptureBatchItem> {
  const batch = new BatchBuilder(file, 'jsonl');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipped = 0;
  let line = 0;
  /**
   * Line `line` ends with `chunk` from `from` to `to`: added to the batch, or the finding that
   * it is too large.
   */
  const finish = (chunk: Buffer, from: number, to: number): CaptureItem | undefined => {
    line++;
    const tail = chunk.subarray(from, to);
    if (skipped > 0 || pendingBytes + tail.length > options.maxBytes) {
      const size = skipped + pendingBytes + tail.length;
      skipped = 0;
      pending = [];
      pendingBytes = 0;
      return {
        file: `${file}:${line}`,
        kind: 'too-large',
        message: `not checked: too large (${size} bytes, cap ${options.maxBytes})`,
      };
    }
    if (pending.length === 0) {
      if (!isBlank(tail)) batch.addRange(chunk, from, to, line);
      return undefined;
    }
    const raw = Buffer.concat([...pending, tail]);
    pending = [];
    pendingBytes = 0;
    if (!isBlank(raw)) batch.add(raw, line);
    return undefined;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const tooLarge = finish(chunk, start, nl);
      start = nl + 1;
      if (!tooLarge) continue;
      const before = batch.take();
      if (before) yield before;
      yield tooLarge;
    }
    // Copied out of the chunk before the next read, which may reuse its memory.
    const full = batch.take();
    if (full) yield full;
    const rest = chunk.subarray(start);
    if (skipped > 0 || pendingBytes + rest.length > options.maxBytes) {
      skipped += pendingBytes + rest.length;
      pending = [];
      pendingBytes = 0;
    } else if (rest.length > 0) {
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0 || skipped > 0) {
    const tooLarge = finish(Buffer.alloc(0), 0, 0);
    const last = batch.take();
    if (last) yield last;
    if (tooLarge) yield tooLarge;
  }
}

/** Each line of a JSON Lines byte stream as a raw item; an over-long line is skipped. */
export function jsonLinesItems(
  chunks: AsyncIterable<Buffer>,
  file: string,
  options: ReadOptions,
): AsyncGenerator<CaptureItem> {
  return unbatched(jsonLinesBatches(chunks, file, options));
}

function isBlank(bytes: Buffer): boolean {
  for (const b of bytes) if (b !== 0x20 && b !== 0x09 && b !== 0x0d && b !== 0x0a) return false;
  return true;
}

/** Each line of a JSON Lines byte stream as a recording; an over-long line is skipped. */
export function readJsonLines(
  chunks: AsyncIterable<Buffer>,
  file: string,
  options: ReadOptions,
): AsyncGenerator<InputItem> {
  return parsedItems(jsonLinesItems(chunks, file, options));
}

function parseRecording(text: string, file: string): InputItem {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { file, kind: 'malformed', message: `not valid JSON: ${(error as Error).message}` };
  }
  const problem = recordingProblem(parsed);
  if (problem) return { file, kind: 'malformed', message: problem };
  // The parsed object is this line's own: named in place rather than copied.
  (parsed as Recording).file = file;
  return { recording: parsed as Recording };
}

const jsonLinesName = /\.(jsonl|ndjson)$/;
const captureName = /\.(json|har|jsonl|ndjson)$/;

/** A single `.json` file larger than this is streamed as a HAR rather than read whole. */
const wholeFileLimit = 64 * 2 ** 20;

async function* chunksOf(path: string): AsyncGenerator<Buffer> {
  yield* createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>;
}

/** Tells JSON Lines from a HAR by the first line: a whole recording there means JSON Lines. */
async function* sniffed(
  chunks: AsyncIterable<Buffer>,
  file: string,
  options: ReadOptions,
): AsyncGenerator<CaptureBatchItem> {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < 1024 * 1024) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
    if (next.value.includes(10)) break;
  }
  const first = Buffer.concat(head);
  const newline = first.indexOf(10);
  let lines = false;
  if (newline !== -1) {
    try {
      const value = JSON.parse(first.subarray(0, newline).toString('utf8'));
      lines = typeof value === 'object' && value !== null && 'request' in value;
    } catch {
      // Not a whole document on the first line: a HAR (or broken input, which the HAR reader names).
    }
  }
  const all = (async function* () {
    yield first;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  })();
  yield* lines ? jsonLinesBatches(all, file, options) : harBatches(all, file, options);
}

async function* readFileItems(
  path: string,
  name: string,
  options: ReadOptions,
): AsyncGenerator<CaptureBatchItem> {
  if (jsonLinesName.test(path)) return yield* jsonLinesBatches(chunksOf(path), name, options);
  if (path.endsWith('.har')) return yield* harBatches(chunksOf(path), name, options);
  const { size } = await stat(path);
  if (size > Math.min(wholeFileLimit, options.maxBytes)) {
    // Too large to read whole: a HAR is streamed; a single recording that large is over the cap.
    for await (const item of harBatches(chunksOf(path), name, options))
      yield 'ends' in item || 'recording' in item || item.file !== name
        ? item
        : {
            file: name,
            kind: 'too-large',
            message: `not checked: too large (${size} bytes, cap ${options.maxBytes})`,
          };
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    yield { file: name, kind: 'malformed', message: `not valid JSON: ${(error as Error).message}` };
    return;
  }
  const log = (parsed as { log?: { entries?: unknown } } | null)?.log;
  if (typeof log === 'object' && log !== null && Array.isArray(log.entries)) {
    let i = 0;
    for (const entry of log.entries) yield harEntryToRecording(entry, `${name}#${i++}`);
    return;
  }
  const problem = recordingProblem(parsed);
  if (problem) yield { file: name, kind: 'malformed', message: problem };
  else yield { recording: { ...(parsed as Recording), file: name } };
}

function itemWithMark(item: CaptureItem, marks: EraMarks): CaptureItem {
  if ('raw' in item) {
    const mark = eraMarkFor(marks, item.file);
    return mark ? { ...item, mark } : item;
  }
  if (!('recording' in item)) return item;
  const mark = eraMarkFor(marks, item.recording.file);
  return mark ? { recording: { ...item.recording, ...mark } } : item;
}

/**
 * Every exchange in the given files and folders (`*.json`, `*.har`, `*.jsonl`, `*.ndjson`,
 * recursively, sorted by path) and `-` (stdin), in order. A path that does not exist is a
 * usage error; anything wrong inside a file is an item naming the file and line or entry.
 */
export function readCaptures(paths: string[], options: ReadOptions): AsyncGenerator<InputItem> {
  return parsedItems(readCaptureItems(paths, options));
}

/**
 * `readCaptures` with JSON Lines lines and HAR entries left unparsed (`RawItem`), for a
 * reader that parses them elsewhere or not at all (`parseRaw`).
 */
export function readCaptureItems(
  paths: string[],
  options: ReadOptions,
): AsyncGenerator<CaptureItem> {
  return unbatched(readCaptureBatches(paths, options));
}

/**
 * `readCaptureItems` with the lines and entries of each read together (`RawBatch`), for
 * `check`, which hands them to its workers whole.
 */
export async function* readCaptureBatches(
  paths: string[],
  options: ReadOptions,
): AsyncGenerator<CaptureBatchItem> {
  for (const path of paths) {
    if (path === '-') {
      yield* sniffed(options.stdin ?? (process.stdin as AsyncIterable<Buffer>), 'stdin', options);
      continue;
    }
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new RecordingFormatError(`${path}: no such file or folder`);
    if (!info.isDirectory()) {
      yield* readFileItems(path, path, options);
      continue;
    }
    const marks = await loadEraMarks(path);
    const marked = Object.keys(marks).length > 0;
    const entries = await readdir(path, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((e) => e.isFile() && captureName.test(e.name))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const file of files)
      for await (const item of readFileItems(file, file, options)) {
        // Marks name single exchanges too (`a.jsonl:3`): a marked folder's batches go item by item.
        if (!('ends' in item)) yield itemWithMark(item, marks);
        else if (!marked) yield item;
        else
          for (let k = 0; k < item.ends.length; k++) yield itemWithMark(batchItem(item, k), marks);
      }
  }
}

/** Parses one file's text: a recording in the `specs/recordings` format or a HAR 1.2 log. */
export function parseExchanges(text: string, file: string): Recording[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new RecordingFormatError(`${file}: not valid JSON`, { cause });
  }
  if (isHar(parsed)) return harToRecordings(parsed, file);
  assertRecording(parsed, file);
  return [{ ...parsed, file }];
}

/** Every exchange in the given files and folders (`*.json` and `*.har`, recursively). */
export async function loadExchanges(paths: string[]): Promise<Recording[]> {
  const out: Recording[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new RecordingFormatError(`${path}: no such file or folder`);
    let files = [path];
    let marks: EraMarks = {};
    if (info.isDirectory()) {
      marks = await loadEraMarks(path);
      files = await filesBelow(path, (name) => /\.(json|har)$/.test(name));
    }
    for (const file of files)
      out.push(
        ...parseExchanges(await readFile(file, 'utf8'), file).map((r) => withMark(r, marks)),
      );
  }
  return out;
}
