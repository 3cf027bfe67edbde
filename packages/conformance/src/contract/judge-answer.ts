// Judges an answer the target gave: JSON, the case's expectation, then the specs.
import { isObject } from '../model/json-pointer.js';
import { type Violation, violation } from '../model/schema-set.js';
import type { Specs } from '../model/specs.js';
import type { Recording } from '../recordings/recordings.js';
import type { ContractCase, ContractResult } from './contract-case.js';
import { describeExpectation } from './expectation.js';
import type { RunOptions } from './run-options.js';

function describeReply(reply: unknown): string {
  if (!isObject(reply)) return 'no JSON-RPC reply';
  if (isObject(reply.error))
    return `error ${String(reply.error.code)} ${JSON.stringify(String(reply.error.message ?? ''))}`;
  return 'result' in reply ? 'a result' : 'neither result nor error';
}

/** Drift between what the case expects and what came back: status, result or error. */
function expectationViolations(c: ContractCase, status: number, body: unknown): Violation[] {
  if (c.expect.or?.length) {
    const first = { ...c, expect: { ...c.expect, or: undefined } };
    const own = expectationViolations(first, status, body);
    const alternative = c.expect.or.some(
      (e) => expectationViolations({ ...c, expect: e }, status, body).length === 0,
    );
    return alternative ? [] : own;
  }
  const out: Violation[] = [];
  if (status !== c.expect.status)
    out.push(
      violation(
        'unexpected-status',
        'response.status',
        '',
        `expected ${c.expect.status}, got ${status}`,
      ),
    );
  if (c.expect.reply === undefined || !isObject(body) || Array.isArray(c.body)) return out;
  const gotError = isObject(body.error);
  const gotResult = 'result' in body && !gotError;
  if (c.expect.reply === 'result' && gotError) {
    out.push(
      violation(
        'unexpected-error',
        'response.body',
        '/error',
        `expected a result, got ${describeReply(body)}`,
      ),
    );
  } else if (c.expect.reply === 'error') {
    const want = describeExpectation(c.expect).replace(/^HTTP \d+ with /, '');
    const { code, message } = gotError ? (body.error as Record<string, unknown>) : {};
    const pattern = c.expect.errorMessage;
    if (
      gotResult ||
      (gotError && c.expect.errorCode !== undefined && code !== c.expect.errorCode) ||
      (gotError && pattern !== undefined && !new RegExp(pattern).test(String(message)))
    )
      out.push(
        violation(
          'unexpected-error',
          'response.body',
          gotResult ? '/result' : '/error/code',
          `expected ${want}, got ${describeReply(body)}`,
        ),
      );
  }
  return out;
}

/**
 * Judges one answer: its body must be JSON, match the case's expectation, and (unless the
 * transport already failed it) validate against the specs; the exchange is kept on the result.
 */
export function judgeAnswer(
  specs: Specs,
  c: ContractCase,
  options: RunOptions,
  url: string,
  result: ContractResult,
  response: Response,
  answered: string,
) {
  let text = answered;
  // A --header value a server echoes back stays out of reports and recordings.
  for (const h of options.headers ?? [])
    if (h.value.length > 5) text = text.replaceAll(h.value, '[redacted]');
  result.status = response.status;
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      const type = response.headers.get('content-type') ?? 'no content type';
      result.violations.push(
        violation(
          'protocol',
          'response.body',
          '',
          `HTTP ${response.status} with a body that is not JSON (${type}): ${JSON.stringify(text.slice(0, 60))}`,
        ),
      );
    }
  }
  result.got =
    c.expect.reply === undefined || body === undefined
      ? `HTTP ${response.status}`
      : `HTTP ${response.status} with ${describeReply(body)}`;
  result.violations.push(...expectationViolations(c, response.status, body));
  const exchange: Recording = {
    file: `${c.operation}`,
    request: { method: c.method, url },
    response: {
      status: response.status,
      headers: { 'content-type': response.headers.get('content-type') ?? '' },
    },
  };
  if (c.body !== undefined) exchange.request.body = c.body;
  if (body !== undefined) exchange.response.body = body;
  result.exchange = exchange;
  if (options.replaysCorpus && c.lenient) exchange.lenient = c.lenient;
  // A method the judged release does not serve is judged by the expectation alone: the release's
  // documents lack it, and its answer is the JSON-RPC server's, not the method's.
  if (!result.violations.some((v) => v.kind === 'protocol') && c.absentFrom === undefined) {
    // Matched by the case's own path: a target with a path prefix (http://host/prefix) serves the
    // same operations under it.
    const check = specs.checkExchange(
      { ...exchange, request: { ...exchange.request, url: new URL(c.path, url).href } },
      { strict: true },
    );
    // Only the answer is under test here; the request came from the corpus.
    result.violations.push(
      ...check.errors.filter(
        (e) =>
          e.where.startsWith('response') &&
          // A JSON-RPC status other than 200 is already told as expected vs got.
          !(
            e.kind === 'undeclared-status' &&
            result.violations.some((v) => v.kind === 'unexpected-status')
          ),
      ),
    );
    if (!check.operation && check.errors.length > 0) result.violations.push(...check.errors);
  }
}
