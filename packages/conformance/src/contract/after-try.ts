// What a try that got no usable answer leads to: another try, the case not tested, or its
// target given up on.

import type { ContractCase } from './contract-case.js';
import { pacing, type RunState, silenceFor } from './contract-controls.js';
import type { RunOptions } from './run-options.js';
import { giveUp, paceOf } from './target-pace.js';
import { unreachableCodes } from './transport/no-answer.js';
import { retryAfterMs } from './transport/retry-after.js';

/**
 * Whether an answer is the target pushing back rather than the answer under test: 429, or 503
 * with Retry-After, unless the case expects that status.
 */
export function pushedBack(c: ContractCase, response: Response): boolean {
  const { status } = response;
  if (status !== 429 && !(status === 503 && response.headers.has('retry-after'))) return false;
  return status !== c.expect.status && !c.expect.or?.some((e) => e.status === status);
}

/** One try at a case: when it left, how many tries so far, its target and the run's state. */
export interface Try {
  sentAt: number;
  tries: number;
  base: string;
  options: RunOptions;
  state: RunState;
}

/**
 * What a rate-limited answer leads to: a wait and another try (`retry`), or the case not
 * tested with why. Gives the target up when it asks for a wait past the cap, or after
 * `pacing.limitedInRow` such answers in a row.
 */
export function afterPushBack(
  response: Response,
  { sentAt, tries, base, options, state }: Try,
): 'retry' | string {
  const pace = paceOf(state, base, options.concurrency);
  const cap = options.maxRetryAfterMs;
  const status = `HTTP ${response.status}`;
  const asked = retryAfterMs(response.headers.get('retry-after'));
  if (asked !== undefined && asked > cap) {
    const why = `rate limited: ${status} asked to wait ${Math.ceil(asked / 1000)} s (Retry-After), more than the ${Math.round(cap / 1000)} s this run waits; the rest were not sent`;
    pace.limited(sentAt, cap);
    giveUp(state, base, why);
    return why;
  }
  const wait = asked ?? Math.min(cap, pacing.firstBackoffMs * 2 ** pace.limitedInRow);
  const row = pace.limited(sentAt, wait);
  if (row >= pacing.limitedInRow) {
    const why = `rate limited: ${row} answers in a row were HTTP 429 (or 503 with Retry-After); the rest were not sent`;
    giveUp(state, base, why);
    return why;
  }
  if (tries <= options.retries) return 'retry';
  return `rate limited: ${status} after ${tries} ${tries === 1 ? 'try' : 'tries'}`;
}

/**
 * What no answer leads to: one more try after a timeout, else the case not tested with why.
 * Gives the target up when it is not there, or has answered nothing for the silence stretch.
 */
export function afterNoAnswer(
  noAnswer: string,
  timedOut: boolean,
  { sentAt, tries, base, options, state }: Try,
): 'retry' | string {
  // A host that is not there is told at once.
  if (unreachableCodes.has(noAnswer)) {
    giveUp(state, base, noAnswer);
    return noAnswer;
  }
  const silentMs = paceOf(state, base, options.concurrency).unanswered(sentAt);
  const silence = options.silenceMs ?? silenceFor(options.timeoutMs);
  const why = tries > 1 ? `${noAnswer} (${tries} tries)` : noAnswer;
  if (silentMs >= silence) {
    giveUp(
      state,
      base,
      `no answer for ${Math.round(silentMs / 1000)} s (last: ${noAnswer}); the rest were not sent`,
      true,
    );
    return why;
  }
  return timedOut && tries < pacing.triesWithoutAnswer ? 'retry' : why;
}
