import { type PromiseKind, promiseKinds } from '../model/promises/vocabulary.js';

/** The request header that asks the replay server for a failure answer. */
export const faultHeader = 'x-replay-fault';

/** HTTP statuses a fault can ask for: the error statuses the Data and Metrics specs declare. */
export const faultStatuses = [400, 401, 403, 404, 429, 500, 502, 503] as const;

/** Longest delay `slow:<ms>` may ask for, so a typo cannot hang a test run. */
export const maxSlowMs = 10_000;

/** What one `x-replay-fault` header asks for; several switches combine (`slow:200,503`). */
export interface Fault {
  /** Answer with this HTTP status and the spec's error body for it. */
  status?: number;
  /** Seconds sent in `Retry-After` with a 429 or 503. */
  retryAfter?: number;
  /** Answer each JSON-RPC call with an error of this code. */
  rpcError?: number;
  /** Wait this long before answering. */
  slowMs?: number;
  /** Close the connection without an answer. */
  drop?: boolean;
  /**
   * Promise kinds (`x-promises`) to break on the answer, keeping it schema-valid: page-size
   * (one item over the bound), paging (the same cursor again), order (reversed), filter (an
   * item that does not match), identity (the member changed), count (one more), range (the
   * start index skipped), status (the other status), content-type (text/plain), scope (another
   * network or value the schema allows), units (the next unit up), relation (a member past its
   * bound), calls (a member that no longer agrees with the other call).
   */
  rules?: PromiseKind[];
}

/** Both switch sets at once: the server's own (startReplayServer's `fault`) and a request's. */
export function mergeFaults(a: Fault, b: Fault): Fault {
  const rules = [...new Set([...(a.rules ?? []), ...(b.rules ?? [])])];
  return { ...a, ...b, ...(rules.length ? { rules } : {}) };
}

export class FaultSyntaxError extends Error {
  override name = 'FaultSyntaxError';
}

const usage = `expected a comma-separated list of ${faultStatuses.join('|')} (429 and 503 take ";retry-after=<seconds>"), rpc-error[:<code>], slow:<ms> (0..${maxSlowMs}), drop, or a promise to break: ${promiseKinds.join('|')}`;

/** Parses the `x-replay-fault` header; throws FaultSyntaxError naming the bad switch. */
export function parseFault(header: string): Fault {
  const fault: Fault = {};
  for (const raw of header.split(',')) {
    const item = raw.trim();
    const bad = (rule: string): never => {
      throw new FaultSyntaxError(`${faultHeader}: ${JSON.stringify(item)} ${rule}; ${usage}`);
    };
    if (item === '') continue;
    if (item === 'drop') {
      fault.drop = true;
      continue;
    }
    if ((promiseKinds as readonly string[]).includes(item)) {
      fault.rules = [...(fault.rules ?? []), item as PromiseKind];
      continue;
    }
    const slow = /^slow:(\d+)$/.exec(item);
    if (slow) {
      const ms = Number(slow[1]);
      if (ms > maxSlowMs) bad(`asks for more than ${maxSlowMs} ms`);
      fault.slowMs = ms;
      continue;
    }
    const rpc = /^rpc-error(?::(-?\d+))?$/.exec(item);
    if (rpc) {
      fault.rpcError = rpc[1] === undefined ? -32000 : Number(rpc[1]);
      continue;
    }
    const status = /^(\d{3})(?:;\s*retry-after=(\d+))?$/i.exec(item);
    if (!status) bad('is not a fault switch');
    const code = Number(status?.[1]);
    if (!(faultStatuses as readonly number[]).includes(code))
      bad('is not a status the specs declare');
    fault.status = code;
    if (status?.[2] !== undefined) {
      if (code !== 429 && code !== 503) bad('takes no retry-after (only 429 and 503 do)');
      fault.retryAfter = Number(status[2]);
    } else if (code === 429) fault.retryAfter = 1;
  }
  return fault;
}
