import type { ContractResult } from './contract-case.js';
import type { RateLimits, RunHeader, RunState } from './contract-controls.js';
import type { Targets } from './targets.js';

/** How a run sends its cases: targets, credentials, bounds on time and size, and the operator's controls. */
export interface RunOptions {
  targets: Targets;
  /** Sent to each target whose spec declares an api-key header, in that header only. */
  apiKey?: string;
  /** The environment variable the key came from, named in curl reproductions. */
  apiKeyVariable?: string;
  concurrency: number;
  timeoutMs: number;
  /**
   * Longest wait honoured for a Retry-After (the CLI's is 30 s); a target asking for longer is
   * given up on as rate limited.
   */
  maxRetryAfterMs: number;
  /** Retries of a rate-limited answer (429, or 503 with Retry-After), per case. */
  retries: number;
  /** How long a target may answer nothing before it is given up on (default `silenceFor(timeoutMs)`). */
  silenceMs?: number;
  /** Largest answer read, after decompression (default 32 MiB); a larger one is drift. */
  maxResponseBytes?: number;
  fetch?: typeof fetch;
  onResult?: (result: ContractResult, done: number, total: number) => void;
  /** The target replays the corpus: judge answers to marked recordings by their marks. */
  replaysCorpus?: boolean;
  /** `--header`: sent to its service's target only (every target when unscoped). */
  headers?: RunHeader[];
  /** `--rate-limit`: every request, retries included, waits for its turn. */
  rateLimits?: RateLimits;
  /** `--max-failures`: no case is started once this many drifted. */
  maxFailures?: number;
  /** Shared by the batches of one run (see runPlan): targets given up on, counts, progress. */
  state?: RunState;
}
