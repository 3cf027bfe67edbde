// The operator's controls of a contract run: extra headers, a rate limit, the failure budget, the
// no-answer cutoff and the progress line. Parsed here so that a bad value names its rule.

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

/** No-answers in a row after which a target's remaining cases are not sent. */
export const noAnswerCutoff = 5;

/** What a run shares across its batches (corpus, pages, links, filters) and shows as progress. */
export interface RunState {
  /** Per target base URL: why its remaining cases are not sent. */
  down: Map<string, string>;
  /** Per target base URL: no-answers in a row. */
  silent: Map<string, number>;
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
    silent: new Map(),
    total: 0,
    done: 0,
    drift: 0,
    notTested: 0,
    inFlight: 0,
    requests: 0,
  };
}

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
