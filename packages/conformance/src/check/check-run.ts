// `check` over a stream of exchanges: validation in this thread or, once the input proves
// large, on a pool of worker threads; results come back in input order either way, and the
// cursor rule (which spans answers) is tracked here over them in that order.

import { ListingTracker } from '../model/promises/check.js';
import { type Exclusions, exclusionFor, type PromiseSubject, type Specs } from '../model/specs.js';
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
  const subjects = specs.promiseSubjects(recording).filter((s) => s.promises.cursor !== undefined);
  return { result, subjects };
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
  onItem: (item: CheckedItem) => void | Promise<void>;
}

type Pending = Promise<(CheckOne | CheckedItem)[]>;

function inputResult(item: Exclude<InputItem, { recording: Recording }>): CheckedItem {
  return item.kind === 'too-large'
    ? { file: item.file, ok: false, errors: [], notChecked: item.message }
    : { file: item.file, ok: false, errors: [], malformed: item.message };
}

/** Checks every item of `input`, in order, and closes the pool it may have started. */
export async function runCheck(
  specs: Specs,
  input: AsyncIterable<InputItem>,
  options: RunOptions,
): Promise<void> {
  const { settings, jobs, onItem } = options;
  const poolAfter = options.poolAfter ?? 2000;
  const size = options.batch ?? 250;
  const listings = new ListingTracker();
  const queue: Pending[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: piscina is loaded only when the input is large.
  let pool: any;
  let batch: Recording[] = [];
  let count = 0;

  const settle = async (out: (CheckOne | CheckedItem)[]) => {
    for (const o of out) {
      if (!('subjects' in o)) {
        await onItem(o);
        continue;
      }
      const { result, subjects } = o;
      for (const s of subjects) {
        const found = listings.observe(s.operation, s.promises, s.inputs, s.answer);
        if (found.length === 0) continue;
        result.errors.push(...found);
        result.ok = false;
      }
      await onItem(result);
    }
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
    queue.push(
      pool ? pool.run(sent) : Promise.resolve(sent.map((r) => checkOne(specs, r, settings))),
    );
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
      if ('recording' in item) {
        count++;
        batch.push(item.recording);
        // In this thread, one at a time: a slow stream (stdin) is reported as it arrives.
        if (batch.length >= (pool || count > poolAfter ? size : 1)) await flush();
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
