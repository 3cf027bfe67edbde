// Reads captures of any size one exchange at a time: HAR 1.2 (streamed entry by entry),
// JSON Lines of recordings, single recordings, folders of them, and `-` for stdin. Memory
// stays flat: a body or line over the size cap is skipped and reported, never buffered.
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { JSONParser } from '@streamparser/json';
import { harEntryToRecording, harToRecordings, isHar } from './har.js';

export { tooLargeMark } from './har.js';

import {
  assertRecording,
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
    const parts: Buffer[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
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
      // Cut only between whole escapes and whole UTF-8 characters.
      if (this.#length > this.max && before === 0 && b !== BACKSLASH && (b & 0xc0) !== 0x80) {
        parts.push(chunk.subarray(start, i), markBytes);
        this.#dropping = true;
      }
    }
    if (!this.#dropping) parts.push(chunk.subarray(start));
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  }
}

/** The HAR entries of a byte stream, one by one; a syntax error or truncation ends the file. */
export async function* readHar(
  chunks: AsyncIterable<Buffer>,
  file: string,
  options: ReadOptions,
): AsyncGenerator<InputItem> {
  const parser = new JSONParser({ paths: ['$.log.entries.*'], keepStack: false });
  const cap = new StringCap(options.maxBytes);
  let ready: unknown[] = [];
  let index = 0;
  let failure: Error | undefined;
  parser.onValue = ({ value }) => {
    ready.push(value);
  };
  parser.onError = (error) => {
    failure ??= error;
  };
  parser.onEnd = () => {};
  const drain = function* (): Generator<InputItem> {
    const values = ready;
    ready = [];
    for (const value of values) yield harEntryToRecording(value, `${file}#${index++}`);
  };
  for await (const chunk of chunks) {
    parser.write(cap.push(chunk));
    yield* drain();
    if (failure) break;
  }
  if (!failure && !parser.isEnded) parser.end();
  yield* drain();
  if (failure) {
    const truncated = /end|unexpected/i.test(failure.message) && !parser.isEnded;
    yield {
      file: `${file}#${index}`,
      kind: 'malformed',
      message: `${truncated ? 'HAR cut short or not valid JSON' : 'not valid JSON'} at entry ${index}: ${failure.message}`,
    };
  } else if (index === 0)
    yield { file, kind: 'malformed', message: 'no exchanges: not a HAR 1.2 log with entries' };
}

/** Each line of a JSON Lines byte stream as a recording; an over-long line is skipped. */
export async function* readJsonLines(
  chunks: AsyncIterable<Buffer>,
  file: string,
  options: ReadOptions,
): AsyncGenerator<InputItem> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipped = 0;
  let line = 0;
  const finish = (tail: Buffer): InputItem | undefined => {
    line++;
    const where = `${file}:${line}`;
    if (skipped > 0 || pendingBytes + tail.length > options.maxBytes) {
      const size = skipped + pendingBytes + tail.length;
      skipped = 0;
      pending = [];
      pendingBytes = 0;
      return {
        file: where,
        kind: 'too-large',
        message: `not checked: too large (${size} bytes, cap ${options.maxBytes})`,
      };
    }
    const bytes = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
    pending = [];
    pendingBytes = 0;
    const text = bytes.toString('utf8').trim();
    if (text === '') return undefined;
    return parseRecording(text, where);
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const item = finish(chunk.subarray(start, nl));
      if (item) yield item;
      start = nl + 1;
    }
    const rest = chunk.subarray(start);
    if (skipped > 0 || pendingBytes + rest.length > options.maxBytes) {
      skipped += pendingBytes + rest.length;
      pending = [];
      pendingBytes = 0;
    } else if (rest.length > 0) {
      // A copy: the stream may reuse the chunk's memory.
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0 || skipped > 0) {
    const item = finish(Buffer.alloc(0));
    if (item) yield item;
  }
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
  return { recording: { ...(parsed as Recording), file } };
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
): AsyncGenerator<InputItem> {
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
  yield* lines ? readJsonLines(all, file, options) : readHar(all, file, options);
}

async function* readFileItems(
  path: string,
  name: string,
  options: ReadOptions,
): AsyncGenerator<InputItem> {
  if (jsonLinesName.test(path)) return yield* readJsonLines(chunksOf(path), name, options);
  if (path.endsWith('.har')) return yield* readHar(chunksOf(path), name, options);
  const { size } = await stat(path);
  if (size > Math.min(wholeFileLimit, options.maxBytes)) {
    // Too large to read whole: a HAR is streamed; a single recording that large is over the cap.
    for await (const item of readHar(chunksOf(path), name, options))
      yield 'recording' in item || item.file !== name
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

function itemWithMark(item: InputItem, marks: EraMarks): InputItem {
  if (!('recording' in item)) return item;
  const mark = eraMarkFor(marks, item.recording.file);
  return mark ? { recording: { ...item.recording, ...mark } } : item;
}

/**
 * Every exchange in the given files and folders (`*.json`, `*.har`, `*.jsonl`, `*.ndjson`,
 * recursively, sorted by path) and `-` (stdin), in order. A path that does not exist is a
 * usage error; anything wrong inside a file is an item naming the file and line or entry.
 */
export async function* readCaptures(
  paths: string[],
  options: ReadOptions,
): AsyncGenerator<InputItem> {
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
    const entries = await readdir(path, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((e) => e.isFile() && captureName.test(e.name))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const file of files)
      for await (const item of readFileItems(file, file, options)) yield itemWithMark(item, marks);
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
