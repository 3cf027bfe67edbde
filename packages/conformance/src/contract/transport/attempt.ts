// Sends one request of a case at its target's pace and --rate-limit turn.
import type { PolicyFetch } from '@avalanche-api/rest-core';
import type { ContractCase } from '../contract-case.js';
import type { RunState } from '../contract-controls.js';
import type { RunOptions } from '../run-options.js';
import { paceOf } from '../target-pace.js';

/** One request at the target's pace: its answer and body, or what went wrong. */
type Attempt =
  | { sentAt: number; response: Response; text: string }
  | { sentAt: number; failure: { name?: string; code?: string; message?: string } }
  | { given: string };

export async function attempt(
  c: ContractCase,
  base: string,
  options: RunOptions,
  state: RunState,
  send: PolicyFetch,
): Promise<Attempt> {
  const pace = paceOf(state, base, options.concurrency);
  if ((await pace.enter()) === undefined)
    return { given: state.down.get(base) ?? 'the target was given up on' };
  state.inFlight++;
  let sentAt = performance.now();
  try {
    // Every request, retries included, waits for its --rate-limit turn.
    await options.rateLimits?.take(c.service);
    // The target may have been given up on while this case waited for its turn.
    const since = state.down.get(base);
    if (since !== undefined) return { given: since };
    sentAt = performance.now();
    const response = await send(`${base}${c.path}`, {
      method: c.method,
      headers: {
        accept: 'application/json',
        ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: c.body === undefined ? null : JSON.stringify(c.body),
      retryFailures: false,
      signal: pace.signal,
    });
    return { sentAt, response, text: await response.text() };
  } catch (error) {
    if (pace.signal.aborted && (error as Error)?.name === 'GivenUpError')
      return { given: state.down.get(base) ?? String((error as Error).message) };
    return { sentAt, failure: error as { name?: string; code?: string; message?: string } };
  } finally {
    state.inFlight--;
    pace.leave();
  }
}
