// `check` over a stream of exchanges: validation in this thread or, once the input proves
// large, on a pool of worker threads; results come back in input order either way, and the
// cursor rule (which spans answers) is tracked here over them in that order.

import { availableParallelism, loadavg } from 'node:os';
import { ListingTracker } from '../model/promises/check.js';
import { type Exclusions, exclusionFor, type PromiseSubject, type Specs } from '../model/specs.js';
import { type CaptureItem, parseRaw, type RawItem } from '../recordings/capture-input.js';
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
  const excluded = exclusionFor(settings.exclusions, recording.file);
  if (excluded)
    return { result: { file: recording.file, ok: true, errors: [], excluded }, subjects: [] };
  const result = specs.checkExchange(recording, { strict: settings.strict });
  // Only an exchange of an operation with a cursor is matched a second time for its subjects.
  if (!hasCursor(specs, result.service, result.operation)) return { result, subjects: [] };
  const subjects = specs.promiseSubjects(recording).filter((s) => s.promises.cursor !== undefined);
  return { result, subjects };
}

const cursorSets = new WeakMap<Specs, Set<string>>();
/** `hasCursor`'s answers by service and operation field; bounded (a batch names any mix). */
const cursorAnswers = new WeakMap<Specs, Map<string, boolean>>();

/** Whether any operation or method of a result (`a,b` for a batch) promises a cursor. */
function hasCursor(specs: Specs, service = '', operation = ''): boolean {
  let answers = cursorAnswers.get(specs);
  if (!answers) {
    answers = new Map();
    cursorAnswers.set(specs, answers);
  }
  const key = `${service}\0${operation}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    const cursors = cursorOperations(specs);
    const ops = operation === '' ? [] : operation.split(',');
    answer = ops.some((op) => cursors.has(`${service} ${op}`));
    if (answers.size < 4096) answers.set(key, answer);
  }
  return answer;
}

/** `service operation` of every operation and method that promises a cursor. */
function cursorOperations(specs: Specs): Set<string> {
  let set = cursorSets.get(specs);
  if (!set) {
    set = new Set([
      ...specs.rest.flatMap((s) =>
        s.operations.filter((o) => o.promises.cursor).map((o) => `${s.name} ${o.id}`),
      ),
      ...specs.rpc.flatMap((s) =>
        s.methods.filter((m) => m.promises.cursor).map((m) => `${s.name} ${m.id}`),
      ),
    ]);
    cursorSets.set(specs, set);
  }
  return set;
}

/**
 * Worker threads for `check` when `--jobs` is not given: a pool only where it pays. Reading,
 * cutting and tallying keep one thread busy, so the pool needs a core beyond it that is idle
 * now (the one-minute load average); on 2 cores, or a busy machine, this thread does it all
 * (measured: packages/bench, `check` on 2 cores was slower with the pool than without).
 */
export function defaultJobs(cores = availableParallelism(), load = loadavg()[0] ?? 0): number {
  const idle = Math.floor(cores - load);
  const workers = Math.min(cores - 1, idle);
  return workers >= 2 ? workers : 1;
}

/**
 * The worker threads `check` runs with `--jobs requested`: a ceiling, lowered to what pays here
 * (`defaultJobs`), so that asking for more threads than the machine has idle never makes a
 * run slower than validating in this thread (measured on 2 cores: `--jobs 2` took twice as
 * long as `--jobs 1`). Without `--jobs`, `defaultJobs`. Small inputs never start the pool.
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
  /** Worker threads; 1 validates in this thread. */
  jobs: number;
  /** Exchanges validated in this thread before the pool starts (small inputs never need it). */
  poolAfter?: number;
  /** Exchanges per task sent to a worker. */
  batch?: number;
  /** Called once per item, in input order. */
  onItem: (item: CheckedItem) => unknown;
}

type Pending = Promise<(CheckOne | CheckedItem)[]>;

/**
 * One worker's task: raw lines and entries as one buffer (each item's bytes end at `end`),
 * so that an exchange is parsed once, in the worker, and never copied between threads as
 * objects; recordings read whole (single files) go as they are.
 */
export interface CheckTask {
  bytes: Uint8Array;
  items: (
    | { end: number; file: string; format: RawItem['format']; mark?: RawItem['mark'] }
    | { recording: Recording }
  )[];
}

/** The task's items parsed and checked, in order; a blank line gives nothing. */
export function checkTask(
  specs: Specs,
  task: CheckTask,
  settings: CheckSettings,
): (CheckOne | CheckedItem)[] {
  const out: (CheckOne | CheckedItem)[] = [];
  const all = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  let start = 0;
  for (const item of task.items) {
    if ('recording' in item) {
      out.push(checkOne(specs, item.recording, settings));
      continue;
    }
    const { end, ...rest } = item;
    const parsed = parseRaw({ ...rest, raw: all.subarray(start, end) });
    start = end;
    if (!parsed) continue;
    out.push(
      'recording' in parsed ? checkOne(specs, parsed.recording, settings) : inputResult(parsed),
    );
  }
  return out;
}

function taskOf(batch: (RawItem | { recording: Recording })[]): {
  task: CheckTask;
  transfer: ArrayBuffer[];
} {
  let size = 0;
  for (const item of batch) if ('raw' in item) size += item.raw.length;
  // Its own memory (not Node's shared pool), so that it can be moved to the worker, not copied.
  const bytes = Buffer.allocUnsafeSlow(size);
  let end = 0;
  const items: CheckTask['items'] = batch.map((item) => {
    if (!('raw' in item)) return item;
    end += item.raw.copy(bytes, end);
    return { end, file: item.file, format: item.format, ...(item.mark ? { mark: item.mark } : {}) };
  });
  return { task: { bytes, items }, transfer: [bytes.buffer as ArrayBuffer] };
}

function inputResult(item: Exclude<InputItem, { recording: Recording }>): CheckedItem {
  return item.kind === 'too-large'
    ? { file: item.file, ok: false, errors: [], notChecked: item.message }
    : { file: item.file, ok: false, errors: [], malformed: item.message };
}

/** Checks every item of `input`, in order, and closes the pool it may have started. */
export async function runCheck(
  specs: Specs,
  input: AsyncIterable<CaptureItem>,
  options: RunOptions,
): Promise<void> {
  const { settings, jobs, onItem } = options;
  const poolAfter = options.poolAfter ?? 2000;
  const size = options.batch ?? 250;
  const listings = new ListingTracker();
  const queue: Pending[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: piscina is loaded only when the input is large.
  let pool: any;
  let batch: (RawItem | { recording: Recording })[] = [];
  let count = 0;

  const resultOf = (o: CheckOne | CheckedItem): CheckedItem => {
    if (!('subjects' in o)) return o;
    const { result, subjects } = o;
    for (const s of subjects) {
      const found = listings.observe(s.operation, s.promises, s.inputs, s.answer);
      if (found.length === 0) continue;
      result.errors.push(...found);
      result.ok = false;
    }
    return result;
  };
  // Synchronous while the caller is (a promise only once `onItem` returns one): an await per
  // exchange cost more than the tally it waited for.
  const settle = (out: (CheckOne | CheckedItem)[], from = 0): Promise<void> | undefined => {
    for (let k = from; k < out.length; k++) {
      const wait = onItem(resultOf(out[k] as CheckOne | CheckedItem));
      if (wait !== undefined) return Promise.resolve(wait).then(() => settle(out, k + 1));
    }
    return undefined;
  };
  const here = (item: RawItem | { recording: Recording }): (CheckOne | CheckedItem)[] => {
    const parsed = 'raw' in item ? parseRaw(item) : item;
    if (!parsed) return [];
    return [
      'recording' in parsed ? checkOne(specs, parsed.recording, settings) : inputResult(parsed),
    ];
  };
  const flush = async () => {
    if (batch.length === 0) return;
    const sent = batch;
    batch = [];
    if (!pool && jobs > 1 && count > poolAfter) {
      const { Piscina } = await import('piscina');
      pool = new Piscina({
        filename: new URL('./check-worker.js', import.meta.url).href,
        minThreads: jobs,
        maxThreads: jobs,
        workerData: settings,
      });
    }
    if (pool) {
      const { task, transfer } = taskOf(sent);
      queue.push(pool.run(task, { transferList: transfer }));
    } else queue.push(Promise.resolve(sent.flatMap(here)));
    // Bounded: a few batches per worker in flight, the rest of the input not yet read;
    // without the pool nothing is in flight.
    await drain();
  };
  const drain = async () => {
    const inFlight = pool ? Math.max(2, jobs * 2) : 0;
    while (queue.length > inFlight) await settle(await (queue.shift() as Pending));
  };

  try {
    for await (const item of input) {
      if ('raw' in item || 'recording' in item) {
        count++;
        // In this thread with nothing in flight: checked and handed on at once, no promise.
        if (!pool && queue.length === 0 && batch.length === 0 && !(jobs > 1 && count > poolAfter)) {
          const wait = settle(here(item));
          if (wait) await wait;
          continue;
        }
        batch.push(item);
        // In this thread, one at a time: a slow stream (stdin) is reported as it arrives.
        if (batch.length >= (pool || (jobs > 1 && count > poolAfter) ? size : 1)) await flush();
        continue;
      }
      await flush();
      queue.push(Promise.resolve([inputResult(item)]));
      await drain();
    }
    await flush();
    while (queue.length > 0) await settle(await (queue.shift() as Pending));
  } finally {
    await pool?.destroy();
  }
}
