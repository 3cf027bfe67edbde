// The operator's controls of a contract run: extra headers, a rate limit, the failure budget, the
// pace kept with a target that pushes back or goes quiet, and the progress line. Parsed here so
// that a bad value names its rule.

import { setMaxListeners } from 'node:events';

/** A header sent with every case of one service (or all); its value never appears in output. */
export interface RunHeader {
  /** The service it is scoped to; every service's target when unset. */
  service?: string;
  name: string;
  value: string;
  /** What curl lines show instead of the value: `$VAR` or `[redacted]`. */
  shown: string;
}

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const variable = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/**
 * Parses `--header 'Name: value'` or `--header 'service=Name: value'`; `$VAR` and `${VAR}` in the
 * value are read from `env`. Throws an Error whose message names the value and the rule.
 */
export function parseHeader(
  spec: string,
  services: readonly string[],
  env: Record<string, string | undefined> = process.env,
): RunHeader {
  const colon = spec.indexOf(':');
  if (colon < 0)
    throw new Error(
      `--header: ${JSON.stringify(redactedSpec(spec))} is not 'Name: value' (or 'service=Name: value')`,
    );
  let name = spec.slice(0, colon).trim();
  const raw = spec.slice(colon + 1).trim();
  let service: string | undefined;
  const eq = name.indexOf('=');
  if (eq >= 0) {
    service = name.slice(0, eq).trim();
    name = name.slice(eq + 1).trim();
    if (!services.includes(service))
      throw new Error(
        `--header: unknown service ${JSON.stringify(service)}; services are ${services.join(', ')}`,
      );
  }
  if (!headerName.test(name))
    throw new Error(`--header: ${JSON.stringify(name)} is not a header name (RFC 9110 token)`);
  const used: string[] = [];
  const value = raw.replace(variable, (_, braced: string | undefined, bare: string | undefined) => {
    const v = (braced ?? bare) as string;
    const got = env[v];
    if (got === undefined)
      throw new Error(`--header ${name}: the environment variable ${v} is not set`);
    used.push(v);
    return got;
  });
  if (value === '') throw new Error(`--header ${name}: the value is empty`);
  if (/[\r\n\0]/.test(value))
    throw new Error(`--header ${name}: the value holds a line break or NUL`);
  // A literal value is shown redacted; a value from variables is shown as written ($VAR).
  const shown = used.length > 0 ? raw : '[redacted]';
  return { ...(service ? { service } : {}), name, value, shown };
}

/** `Name: value` with the value hidden, for messages about a malformed --header. */
const redactedSpec = (spec: string) => (spec.length > 12 ? `${spec.slice(0, 6)}…` : spec);

/** A rate: at most `count` requests per `perMs`. */
export interface Rate {
  service?: string;
  count: number;
  perMs: number;
  text: string;
}

/** Parses `--rate-limit N/s`, `N/m` or `service=N/s`. */
export function parseRate(spec: string, services: readonly string[]): Rate {
  const m = /^(?:([a-z0-9-]+)=)?(\d+(?:\.\d+)?)\/(s|m)$/.exec(spec.trim());
  if (!m)
    throw new Error(
      `--rate-limit: ${JSON.stringify(spec)} is not N/s or N/m (optionally service=N/s)`,
    );
  const [, service, n, unit] = m;
  if (service && !services.includes(service))
    throw new Error(
      `--rate-limit: unknown service ${JSON.stringify(service)}; services are ${services.join(', ')}`,
    );
  const count = Number(n);
  if (!(count > 0) || count > 10_000)
    throw new Error(`--rate-limit: ${JSON.stringify(spec)} must be above 0 and at most 10000`);
  return {
    ...(service ? { service } : {}),
    count,
    perMs: unit === 's' ? 1000 : 60_000,
    text: spec.trim(),
  };
}

/**
 * Spaces requests at least `perMs / count` apart, measured from when each one actually left:
 * a late timer (a loaded machine) never lets a backlog go out in one burst. No dependency of
 * the package limits rates, and this is a dozen lines.
 */
export class Spacing {
  private last = Number.NEGATIVE_INFINITY;
  private queue: Promise<void> = Promise.resolve();
  readonly gapMs: number;
  constructor(
    rate: Pick<Rate, 'count' | 'perMs'>,
    private readonly now = () => performance.now(),
  ) {
    this.gapMs = rate.perMs / rate.count;
  }
  /** Resolves when the next request may leave. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (let wait = this.last + this.gapMs - this.now(); wait > 0; ) {
        await new Promise((r) => setTimeout(r, wait));
        wait = this.last + this.gapMs - this.now();
      }
      this.last = this.now();
    });
    this.queue = turn;
    return turn;
  }
}

/** One limiter per --rate-limit: the global one applies to all, a scoped one to its service. */
export class RateLimits {
  private readonly global: Spacing | undefined;
  private readonly scoped = new Map<string, Spacing>();
  constructor(rates: Rate[]) {
    let global: Rate | undefined;
    for (const r of rates) {
      if (r.service) this.scoped.set(r.service, new Spacing(r));
      else global = r;
    }
    this.global = global && new Spacing(global);
  }
  async take(service: string) {
    await this.scoped.get(service)?.take();
    await this.global?.take();
  }
}

/**
 * How a run paces a target that pushes back (HTTP 429, or 503 with Retry-After) or goes
 * quiet. Chosen for a nightly run an operator reads in the morning: a rate limit or a stall
 * of a few seconds costs time, never a verdict; a target that keeps refusing, or stays
 * silent, is given up on soon enough that the run still ends (see the README's contract
 * section).
 */
export const pacing = {
  /** Rate-limited answers in a row from one target after which its remaining cases are not sent. */
  limitedInRow: 8,
  /** The wait after a 429 without a usable Retry-After: 1 s, doubling with each one in a row. */
  firstBackoffMs: 1000,
  /** The first gap between request starts once a target pushed back; doubles with each push. */
  firstGapMs: 250,
  /** The widest gap between request starts (one request every 4 s). */
  maxGapMs: 4000,
  /** Tries a case gets when no answer comes in time: the first and one retry. */
  triesWithoutAnswer: 2,
  /** Bounds of the stretch without any answer after which a target is given up on. */
  minSilenceMs: 10_000,
  maxSilenceMs: 30_000,
} as const;

/**
 * How long a target may go without answering anything before its remaining cases are not sent:
 * eight timeouts, at least 10 s and at most 30 s. A stall of a few seconds is far shorter; a dead
 * target with the default 15 s timeout is given up on after two timeouts (about 30 s).
 */
export const silenceFor = (timeoutMs: number) =>
  Math.min(pacing.maxSilenceMs, Math.max(pacing.minSilenceMs, 8 * timeoutMs));

/**
 * One target's pace: how many requests may be in flight and how far apart they start, and a
 * pause a Retry-After asked for. It starts at the run's concurrency; each push back (a 429, a
 * request without an answer) halves the requests in flight and doubles the gap, once per
 * round (answers to requests sent before the last slow-down do not slow it again); as many
 * answers in a row as are allowed in flight win back one step. Requests leave in the order
 * they asked. Hand-written: the package has no limiter that adapts to a server's answers.
 */
export class Pace {
  /** Requests allowed in flight now. */
  limit: number;
  /** Least time between two request starts now. */
  gapMs = 0;
  inFlight = 0;
  /** Rate-limited answers in a row. */
  limitedInRow = 0;
  private resumeAt = Number.NEGATIVE_INFINITY;
  private lastStart = Number.NEGATIVE_INFINITY;
  private slowedAt = Number.NEGATIVE_INFINITY;
  /** When the oldest request without an answer since the last answer left. */
  private silentSince: number | undefined;
  private good = 0;
  private closed = false;
  private queue: Promise<unknown> = Promise.resolve();
  private wake: (() => void) | undefined;
  private readonly stop = new AbortController();

  constructor(
    /** The run's concurrency: the pace never goes above it. */
    readonly most: number,
    private readonly now = () => performance.now(),
  ) {
    this.limit = Math.max(1, most);
    // Each request in flight listens to it: up to `most` listeners are expected, not a leak.
    setMaxListeners(this.limit + 10, this.stop.signal);
  }

  /** Aborted when the target is given up on for its silence: its requests in flight stop at once. */
  get signal(): AbortSignal {
    return this.stop.signal;
  }

  /** Resolves with the time the request may leave, or undefined once the target is given up on. */
  enter(): Promise<number | undefined> {
    const turn = this.queue.then(async () => {
      for (;;) {
        if (this.closed) return undefined;
        const now = this.now();
        const wait =
          this.inFlight >= this.limit
            ? Number.POSITIVE_INFINITY
            : Math.max(this.resumeAt, this.lastStart + this.gapMs) - now;
        if (wait <= 0) {
          this.inFlight++;
          this.lastStart = now;
          return now;
        }
        await this.pause(wait);
      }
    });
    this.queue = turn;
    return turn;
  }

  /** A request that entered is over (answered or not). */
  leave() {
    this.inFlight--;
    this.wake?.();
  }

  /** An answer that is not a rate limit: the target is there; enough in a row win back one step. */
  answered() {
    this.silentSince = undefined;
    this.limitedInRow = 0;
    if (++this.good < this.limit || (this.gapMs === 0 && this.limit >= this.most)) return;
    this.good = 0;
    if (this.gapMs > 0) this.gapMs = this.gapMs >= 2 * pacing.firstGapMs ? this.gapMs / 2 : 0;
    else this.limit++;
    this.wake?.();
  }

  /**
   * A rate-limited answer to a request that left at `sentAt`: slower from now on, nothing leaves
   * for `waitMs`. Returns how many rate-limited answers came in a row.
   */
  limited(sentAt: number, waitMs: number): number {
    this.silentSince = undefined;
    this.slower(sentAt, waitMs);
    return ++this.limitedInRow;
  }

  /** No answer to a request that left at `sentAt`: slower, and how long the target has been silent. */
  unanswered(sentAt: number): number {
    this.slower(sentAt, 0);
    this.silentSince = Math.min(this.silentSince ?? sentAt, sentAt);
    return this.now() - this.silentSince;
  }

  /**
   * Halves the requests in flight and doubles the gap, once per round: a request that left
   * before the last slow-down tells of the old pace, not the new one.
   */
  private slower(sentAt: number, waitMs: number) {
    const now = this.now();
    this.good = 0;
    this.resumeAt = Math.max(this.resumeAt, now + waitMs);
    if (sentAt <= this.slowedAt) return;
    this.slowedAt = now;
    this.limit = Math.max(1, Math.floor(this.limit / 2));
    this.gapMs = Math.min(pacing.maxGapMs, Math.max(pacing.firstGapMs, this.gapMs * 2));
  }

  /**
   * Gives the target up: waiting requests are not sent; those in flight are aborted when
   * `abort` (a silent target would hold them until their timeout; a refusing or rate-limiting
   * one answers them soon, and their answers say what the target saw).
   */
  close(reason: string, abort: boolean) {
    this.closed = true;
    if (abort && !this.stop.signal.aborted)
      this.stop.abort(Object.assign(new Error(reason), { name: 'GivenUpError' }));
    this.wake?.();
  }

  /** Sleeps `ms` (forever for Infinity) or until the pace changes. */
  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      if (Number.isFinite(ms)) timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}

/** What a run shares across its batches (corpus, pages, links, filters) and shows as progress. */
export interface RunState {
  /** Per target base URL: why its remaining cases are not sent. */
  down: Map<string, string>;
  /** Per target base URL: its pace (see Pace). */
  paces: Map<string, Pace>;
  total: number;
  done: number;
  drift: number;
  notTested: number;
  inFlight: number;
  /** HTTP requests made, retries included. */
  requests: number;
  /** Why no more cases are sent (--max-failures reached). */
  stopped?: string;
}

export function newRunState(): RunState {
  return {
    down: new Map(),
    paces: new Map(),
    total: 0,
    done: 0,
    drift: 0,
    notTested: 0,
    inFlight: 0,
    requests: 0,
  };
}

/** Whether a case was not tested because its target rate-limited it (`unreachable` says so). */
export const rateLimited = (r: { verdict: string; unreachable?: string }) =>
  r.verdict === 'not-tested' && r.unreachable?.startsWith('rate limited') === true;

export function progressLine(state: RunState, elapsedMs: number): string {
  return `contract: ${state.done}/${state.total} cases done, ${state.drift} drift, ${state.notTested} not tested, ${state.inFlight} in flight, ${state.requests} requests, ${Math.round(elapsedMs / 1000)} s`;
}

/**
 * Writes a progress line now and every `everyMs` until stopped; a phase (`asking the node its
 * release`) is said until cases start. Returns the stop function.
 */
export function startProgress(
  write: (line: string) => void,
  state: RunState,
  phase: () => string | undefined,
  everyMs = 10_000,
): () => void {
  const started = performance.now();
  const tick = () => {
    const elapsed = performance.now() - started;
    const now = phase();
    write(
      now && state.total === 0
        ? `contract: ${now}, ${Math.round(elapsed / 1000)} s`
        : progressLine(state, elapsed),
    );
  };
  tick();
  const timer = setInterval(tick, everyMs);
  // Progress never keeps the process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}
