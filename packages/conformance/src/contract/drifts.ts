// The distinct drifts of a run, each under a key that stays the same from one run to the next, so
// that a baseline can name a known drift and a history can tell new drift from fixed.
import { isObject } from '../model/json-pointer.js';
import type { Violation } from '../model/schema-set.js';
import type { ContractResult } from './contract-case.js';
import { driftWords } from './drift-words.js';
import type { Drift } from './report-types.js';

/** The JSON-RPC error code an answer carries, `result` for a result, undefined for neither. */
function replyCode(r: ContractResult): string | undefined {
  const body = r.exchange?.response.body;
  if (!isObject(body)) return undefined;
  if (isObject(body.error)) return String(body.error.code);
  return 'result' in body ? 'result' : undefined;
}

/**
 * Where a drift is: the part of the answer and the JSON pointer with array indexes as `*`
 * (every item's problem is one drift). For a wrong status or JSON-RPC reply, what came instead
 * (`response.status=404`, `response.body/error/code=-32601`): a 404 and a 500 are two drifts.
 */
export function driftPath(v: Violation, r: ContractResult): string {
  const at = `${v.where}${v.path.replace(/\/\d+(?=\/|$)/g, '/*')}`;
  if (v.kind === 'unexpected-status') return `${at}=${r.status ?? 'none'}`;
  if (v.kind === 'unexpected-error') {
    const code = replyCode(r);
    return code === undefined ? at : `${at}=${code}`;
  }
  return at;
}

/** `<service> <operation> <kind> <path>`: the same problem in two runs has the same key. */
export function driftKey(v: Violation, r: ContractResult): string {
  return `${r.service} ${r.operation} ${v.kind} ${driftPath(v, r)}`;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** At most `max` bytes of UTF-8, cut on a character boundary and saying how much was left out. */
export function excerpt(text: string, max = 2048): string {
  const bytes = encoder.encode(text);
  if (bytes.length <= max) return text;
  const note = (n: number) => `\n… (${n} more bytes)`;
  const keep = max - encoder.encode(note(bytes.length)).length;
  const head = decoder.decode(bytes.subarray(0, keep)).replace(/\uFFFD+$/, '');
  return `${head}${note(bytes.length - encoder.encode(head).length)}`;
}

function exampleOf(r: ContractResult): Drift['example'] {
  const body = (value: unknown) =>
    value === undefined ? '' : `\n\n${JSON.stringify(value, null, 2)}`;
  const answer = r.exchange?.response;
  return {
    request: excerpt(`${r.method} ${r.url}${body(r.body)}`),
    response: answer ? excerpt(`HTTP ${answer.status}${body(answer.body)}`) : 'no answer',
    curl: r.curl,
  };
}

/**
 * One entry per distinct drift (by key), with the number of cases showing it and the first one
 * as its example; the most frequent first, then by key.
 */
export function collectDrifts(results: readonly ContractResult[]): Drift[] {
  const byKey = new Map<string, Drift>();
  for (const r of results) {
    if (r.verdict !== 'drift') continue;
    const seen = new Set<string>();
    for (const v of r.violations) {
      const key = driftKey(v, r);
      if (seen.has(key)) continue;
      seen.add(key);
      const known = byKey.get(key);
      if (known) {
        known.cases++;
        continue;
      }
      byKey.set(key, {
        key,
        service: r.service,
        operation: r.operation,
        kind: v.kind,
        path: driftPath(v, r),
        ...driftWords(v, r),
        cases: 1,
        example: exampleOf(r),
      });
    }
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...byKey.values()].sort((a, b) => b.cases - a.cases || byName(a.key, b.key));
}
