// `check` over a stream of exchanges: validation in this thread or, once the input proves
// large, on a pool of worker threads; results come back in input order either way, and the
// cursor rule (which spans answers) is tracked here over them in that order.

import { availableParallelism, loadavg } from 'node:os';
import { ListingTracker } from '../model/promises/check.js';
import { type Exclusions, exclusionFor, type PromiseSubject, type Specs } from '../model/specs.js';
import {
  batchName,
  type CaptureBatchItem,
  parseBatched,
  parseRaw,
  type RawBatch,
  type RawItem,
} from '../recordings/capture-input.js';
import type { InputItem, Recording } from '../recordings/recordings.js';
import type { CheckedItem } from './report.js';

export interface CheckOne {
  result: CheckedItem;
  /** The answers held to a cursor promise, for the tracker in the main thread. */
  subjects: PromiseSubject[];
}

export interface CheckSettings {
  strict: boolean;
  exclusions: Exclusions;
}

/** Validates one exchange; what the cursor rule needs comes back beside the result. */
export function checkOne(specs: Specs, recording: Recording, settings: CheckSettings): CheckOne {
  const one = checkRecording(specs, recording, settings);
  return 'subjects' in one ? one : { result: one, subjects: [] };
}

/** `checkOne`, with the result alone where the cursor rule needs nothing (most exchanges). */
function checkRecording(
  specs: Specs,
  recording: Recording,
  settings: CheckSettings,
): CheckOne | CheckedItem {
  const excluded = exclusionFor(settings.exclusions, recording.file);
  if (excluded) return { file: recording.file, ok: true, errors: [], excluded };
  // The answers held to a cursor come out of the same matching as the check.
  const cursors: PromiseSubject[] = [];
  const result = specs.checkExchange(recording, { strict: settings.strict, cursors });
  return cursors.length === 0 ? result : { result, subjects: cursors };
}

/**
 * The threads `check` runs on when `--jobs` is not given, this one included: workers only
 * where they pay. V8's own threads (garbage collection, compiling) took a quarter to two
 * fifths of the time of a thread that validates; on 2 cores a second validating thread left
 * them no room and a run took longer than with one (measured on 2 idle cores, 100k JSON Lines
 * exchanges: `--jobs 2` 2.5 s, `--jobs 1` 2.3 s; at 400k, 5 % faster). So one core is left to
 * them, and to other work running now (the one-minute load average): the idle cores but one,
 * and no worker unless that makes two.
 */
export function defaultJobs(cores = availableParallelism(), load = loadavg()[0] ?? 0): number {
  const idle = Math.floor(cores - load);
  const threads = Math.min(cores - 1, idle);
  return threads >= 2 ? threads : 1;
}

/**
 * The threads `check` runs on with `--jobs requested`: a ceiling, lowered to what pays here
 * (`defaultJobs`), so that asking for more threads than the machine has room for never makes
 * a run slower than `--jobs 1`. Without `--jobs`, `defaultJobs`. Small inputs never start a
 * worker.
 */
export function jobsFor(
  requested: number | undefined,
  cores = availableParallelism(),
  load = loadavg()[0] ?? 0,
): number {
  const fit = defaultJobs(cores, load);
  return requested === undefined ? fit : Math.max(1, Math.min(requested, fit));
}

/** Where the workers load the specs from (they cannot be handed a Specs object). */
export interface PoolSettings extends CheckSettings {
  specsDir: string;
  nodeVersion?: string;
}

export interface RunOptions {
  settings: PoolSettings;
  /** Threads in all, this one included; 1 validates in this thread only. */
  jobs: number;
  /** Exchanges validated in this thread before the pool starts (small inputs never need it). */
  poolAfter?: number;
  /** Called once per item, in input order. */
  onItem: (item: CheckedItem) => unknown;
  /** Starts the workers (default: a piscina pool of `check-worker.js`); tests hand in their own. */
  startPool?: (workers: number, depth: number, settings: PoolSettings) => Promise<CheckPool>;
}

/** What `runCheck` needs of its workers. */
export interface CheckPool {
  run(batch: RawBatch, options: { transferList: ArrayBuffer[] }): Promise<BatchResults>;
  destroy(): Promise<void>;
}

async function piscinaPool(
  workers: number,
  depth: number,
  settings: PoolSettings,
): Promise<CheckPool> {
  const { Piscina } = await import('piscina');
  return new Piscina({
    filename: new URL('./check-worker.js', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
    // Each worker holds its batches in its own queue, posted at once: piscina's own queue
    // posted the next one only once the worker answered, and cost this thread more.
    concurrentTasksPerWorker: depth,
    workerData: settings,
  });
}

/**
 * A batch's results as a worker sends them back: a structured clone of one object per
 * exchange cost the reading thread more than checking them, so an exchange that passed with
 * nothing for the cursor rule is a number (its `service operation` in `names`), and only the
 * rest go whole, in `whole`, in order. `-1` marks a whole one, `-2` a blank line.
 */
export interface BatchResults {
  codes: Int32Array;
  names: [service: string | undefined, operation: string | undefined][];
  whole: (CheckOne | CheckedItem)[];
}

/** A batch's exchanges parsed and checked, in order. */
export function checkBatch(specs: Specs, batch: RawBatch, settings: CheckSettings): BatchResults {
  const codes = new Int32Array(batch.ends.length);
  const names: BatchResults['names'] = [];
  const known = new Map<string | undefined, Map<string | undefined, number>>();
  const whole: BatchResults['whole'] = [];
  for (let k = 0; k < codes.length; k++) {
    const one = checkParsed(specs, parseBatched(batch, k), settings);
    // An exchange with answers for the cursor rule (`subjects`) always goes whole.
    const result = one && !('subjects' in one) ? one : undefined;
    if (!one) codes[k] = -2;
    else if (!result || !plainPass(result)) {
      codes[k] = -1;
      whole.push(one);
    } else {
      const { service, operation } = result;
      let byOperation = known.get(service);
      if (!byOperation) {
        byOperation = new Map();
        known.set(service, byOperation);
      }
      let code = byOperation.get(operation);
      if (code === undefined) {
        code = names.push([service, operation]) - 1;
        byOperation.set(operation, code);
      }
      codes[k] = code;
    }
  }
  return { codes, names, whole };
}

/** Whether a result is nothing but a pass, so that its file and names rebuild it. */
function plainPass(r: CheckedItem): boolean {
  return (
    r.ok &&
    r.errors.length === 0 &&
    r.excluded === undefined &&
    r.excused === undefined &&
    r.notChecked === undefined &&
    r.malformed === undefined
  );
}

/** A worker's `BatchResults` as one result per exchange again, in order (in the reading thread). */
export function unpackBatch(batch: RawBatch, results: BatchResults): Out {
  const out: Out = [];
  let next = 0;
  for (let k = 0; k < results.codes.length; k++) {
    const code = results.codes[k] as number;
    if (code === -2) continue;
    if (code === -1) {
      out.push(results.whole[next++] as CheckOne | CheckedItem);
      continue;
    }
    const [service, operation] = results.names[code] as BatchResults['names'][number];
    const result: CheckedItem = { file: batchName(batch, k), ok: true, errors: [] };
    if (service !== undefined) result.service = service;
    if (operation !== undefined) result.operation = operation;
    out.push(result);
  }
  return out;
}

/** One raw item parsed and checked; undefined for a blank line. */
function checkRaw(
  specs: Specs,
  item: RawItem,
  settings: CheckSettings,
): CheckOne | CheckedItem | undefined {
  return checkParsed(specs, parseRaw(item), settings);
}

/** A parsed item checked; undefined for a blank line. */
function checkParsed(
  specs: Specs,
  parsed: InputItem | undefined,
  settings: CheckSettings,
): CheckOne | CheckedItem | undefined {
  if (!parsed) return undefined;
  return 'recording' in parsed
    ? checkRecording(specs, parsed.recording, settings)
    : inputResult(parsed);
}

function inputResult(item: Exclude<InputItem, { recording: Recording }>): CheckedItem {
  return item.kind === 'too-large'
    ? { file: item.file, ok: false, errors: [], notChecked: item.message }
    : { file: item.file, ok: false, errors: [], malformed: item.message };
}

type Out = (CheckOne | CheckedItem)[];

/** A batch in input order: checked here (`out` at once) or on a worker (`out` once it answers). */
interface Slot {
  out?: Out;
  failed?: { error: unknown };
  done?: Promise<void>;
}

const noTransfer = { transferList: [] };

function emptyBatch(): RawBatch {
  return { bytes: Buffer.alloc(0), starts: [], ends: [], at: [], file: '', format: 'jsonl' };
}

/** A batch's bytes as memory of their own, so that they move to a worker rather than copy. */
function movable(batch: RawBatch): RawBatch {
  const { bytes } = batch;
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return batch;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return { ...batch, bytes: own };
}

/**
 * Where relations between calls are judged: one target within one capture (a HAR's or a JSONL's
 * entries, `file#3`, `file:12`), so two recordings of different nodes that happen to share a URL
 * (the corpus's 127.0.0.1:9650) are never held to each other.
 */
const captureOf = (file: string, target = '') => `${file.replace(/(#\d+|:\d+)$/, '')}\n${target}`;

/**
 * Checks every item of `input`, in order, and closes the pool it may have started.
 *
 * With more than one thread, past `poolAfter` exchanges, batches go to the workers while
 * each has fewer than `depth` in hand, and this thread checks the next batch itself
 * otherwise: on an idle machine the work splits across the cores, and on a busy one (a
 * worker that gets no CPU) this thread goes on alone instead of waiting. Hand-written rather
 * than piscina's own queue: results must come back in input order, and this thread must
 * never wait on a worker while it has work of its own.
 */
export async function runCheck(
  specs: Specs,
  input: AsyncIterable<CaptureBatchItem>,
  options: RunOptions,
): Promise<void> {
  const { settings, jobs, onItem } = options;
  const workers = Math.max(0, jobs - 1);
  const poolAfter = options.poolAfter ?? 1000;
  const depth = 4;
  // Batches held in order behind one a worker has not answered yet: bounded memory.
  const maxHeld = 8 + workers * depth * 3;
  const listings = new ListingTracker();
  const calls = specs.callsTracker();
  const slots: Slot[] = [];
  let pool: CheckPool | undefined;
  /** Set once every worker has loaded the specs and answered an empty batch. */
  let ready = false;
  /** A worker that could not start fails the run, rather than this thread quietly doing it all. */
  let startFailed: { error: unknown } | undefined;
  let probe: Promise<void> | undefined;
  let inHand = 0;
  let count = 0;

  const resultOf = (o: CheckOne | CheckedItem): CheckedItem => {
    if (!('subjects' in o)) return o;
    const { result, subjects } = o;
    for (const s of subjects) {
      const found = [
        ...listings.observe(s.operation, s.promises, s.inputs, s.answer),
        ...calls.observe(
          captureOf(result.file, s.target),
          s.operation,
          s.promises,
          s.inputs,
          s.answer,
        ),
      ];
      if (found.length === 0) continue;
      result.errors.push(...found);
      result.ok = false;
    }
    return result;
  };
  // Synchronous while the caller is (a promise only once `onItem` returns one): an await per
  // exchange cost more than the tally it waited for.
  const settle = (out: Out, from = 0): Promise<void> | undefined => {
    for (let k = from; k < out.length; k++) {
      const wait = onItem(resultOf(out[k] as CheckOne | CheckedItem));
      if (wait !== undefined) return Promise.resolve(wait).then(() => settle(out, k + 1));
    }
    return undefined;
  };
  /** Hands on every finished batch at the head; waits for the head only when over `limit`. */
  const advance = (limit: number): Promise<void> | undefined => {
    for (;;) {
      const head = slots[0];
      if (!head) return undefined;
      if (head.failed) throw head.failed.error;
      if (!head.out)
        return slots.length > limit ? head.done?.then(() => advance(limit)) : undefined;
      slots.shift();
      const wait = settle(head.out);
      if (wait) return wait.then(() => advance(limit));
    }
  };
  const here = (batch: RawBatch): Out => {
    const out: Out = [];
    for (let k = 0; k < batch.ends.length; k++) {
      const one = checkParsed(specs, parseBatched(batch, k), settings);
      if (one) out.push(one);
    }
    return out;
  };
  const toWorker = (pool: CheckPool, batch: RawBatch) => {
    const sent = movable(batch);
    const slot: Slot = {};
    inHand++;
    slot.done = pool.run(sent, { transferList: [sent.bytes.buffer as ArrayBuffer] }).then(
      (results: BatchResults) => {
        slot.out = unpackBatch(sent, results);
        inHand--;
      },
      (error: unknown) => {
        slot.failed = { error };
        inHand--;
      },
    );
    slots.push(slot);
  };

  try {
    for await (const item of input) {
      if (startFailed) throw startFailed.error;
      let wait: Promise<void> | undefined;
      if ('ends' in item) {
        count += item.ends.length;
        if (!pool && workers > 0 && count > poolAfter) {
          pool = await (options.startPool ?? piscinaPool)(workers, depth, settings);
          // Nothing goes to a worker until it has started (threads, modules, specs): a batch
          // waiting on a cold one held the end of a run up, while this thread had been free.
          const started = pool;
          probe = Promise.all(
            Array.from({ length: workers }, () => started.run(emptyBatch(), noTransfer)),
          ).then(
            () => {
              ready = true;
            },
            (error: unknown) => {
              startFailed = { error };
            },
          );
        }
        if (pool && ready && inHand < workers * depth) toWorker(pool, item);
        else if (slots.length === 0) wait = settle(here(item));
        else slots.push({ out: here(item) });
      } else {
        const one =
          'raw' in item
            ? checkRaw(specs, item, settings)
            : 'recording' in item
              ? checkRecording(specs, item.recording, settings)
              : inputResult(item);
        const out = one ? [one] : [];
        if (slots.length === 0) wait = settle(out);
        else slots.push({ out });
      }
      wait ??= advance(maxHeld);
      if (wait) await wait;
    }
    await advance(0);
    await probe;
    if (startFailed) throw startFailed.error;
  } finally {
    await pool?.destroy();
  }
}
