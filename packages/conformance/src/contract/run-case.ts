// One case from first try to verdict: sends it, retries what asks for it, judges the answer.
import { violation } from '../model/schema-set.js';
import type { Specs } from '../model/specs.js';
import { afterNoAnswer, afterPushBack, pushedBack } from './after-try.js';
import type { ContractCase, ContractResult, Verdict } from './contract-case.js';
import type { RunState } from './contract-controls.js';
import { apiKeyHeader } from './credentials.js';
import { curlFor } from './curl-for.js';
import { judgeAnswer } from './judge-answer.js';
import type { RunOptions } from './run-options.js';
import { paceOf } from './target-pace.js';
import { shown } from './targets.js';
import { attempt } from './transport/attempt.js';
import { neverLeft, noAnswerReason } from './transport/no-answer.js';
import { transportFor } from './transport/transport.js';

export async function runCase(
  specs: Specs,
  c: ContractCase,
  options: RunOptions,
  state: RunState,
): Promise<ContractResult> {
  const base = options.targets[c.service] as string;
  const url = shown(`${base}${c.path}`);
  const keyHeader = options.apiKey ? apiKeyHeader(specs, c.service) : undefined;
  const key = keyHeader
    ? { header: keyHeader, variable: options.apiKeyVariable ?? 'API_KEY' }
    : undefined;
  const result: ContractResult = {
    ...c,
    url,
    verdict: 'drift',
    ok: false,
    violations: [],
    curl: curlFor(c, url, key, options.headers),
  };
  const finish = (verdict: Verdict, unreachable?: string) => {
    if (unreachable !== undefined) result.unreachable = unreachable;
    result.verdict = verdict;
    result.ok = verdict === 'conforms';
    return result;
  };
  if (c.skip) return finish('skipped');
  const known = state.down.get(base);
  if (known !== undefined) return finish('not-tested', known);
  const started = performance.now();
  let requests = 0;
  const real = options.fetch ?? globalThis.fetch;
  // Every attempt is counted, but a refused connection carried no request: the counts say
  // what the target saw.
  const counted: typeof fetch = async (input, init) => {
    requests++;
    state.requests++;
    try {
      return await real(input, init);
    } catch (error) {
      if (neverLeft(error)) {
        requests--;
        state.requests--;
      }
      throw error;
    }
  };
  const send = transportFor(c.service, base, options, counted, keyHeader);
  try {
    for (let tries = 1; ; tries++) {
      const got = await attempt(c, base, options, state, send);
      if ('given' in got) return finish('not-tested', got.given);
      if ('failure' in got) {
        // What an earlier try's 429 said is not what this one got.
        delete result.status;
        delete result.got;
        const e = got.failure;
        // No answer (refused, timed out, reset) tests nothing: not tested, with the reason.
        const noAnswer = noAnswerReason(e, options.timeoutMs);
        if (noAnswer !== undefined) {
          const timedOut = e.name === 'TimeoutError';
          const at = { sentAt: got.sentAt, tries, base, options, state };
          const next = afterNoAnswer(noAnswer, timedOut, at);
          if (next === 'retry') continue;
          return finish('not-tested', next);
        }
        // RedirectError, ResponseTooLargeError, an undecodable body: an answer, in the transport's words.
        paceOf(state, base, options.concurrency).answered();
        result.violations.push(violation('protocol', 'response', '', String(e.message)));
        return finish('drift');
      }
      if (pushedBack(c, got.response)) {
        // Not the answer under test: no exchange is kept (nor recorded), only what came back.
        result.status = got.response.status;
        result.got = `HTTP ${got.response.status}`;
        const at = { sentAt: got.sentAt, tries, base, options, state };
        const next = afterPushBack(got.response, at);
        if (next === 'retry') continue;
        return finish('not-tested', next);
      }
      paceOf(state, base, options.concurrency).answered();
      judgeAnswer(specs, c, options, url, result, got.response, got.text);
      return finish(result.violations.length === 0 ? 'conforms' : 'drift');
    }
  } finally {
    result.requests = requests;
    result.durationMs = performance.now() - started;
  }
}
