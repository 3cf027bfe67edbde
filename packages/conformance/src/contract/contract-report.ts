// What a contract report says about drift: a headline per case, and the text report's grouping
// by operation and problem, so that a target drifting on every answer still reads in one screen.

import { promiseKinds } from '../model/promises/vocabulary.js';
import { formatViolation, type Violation } from '../model/schema-set.js';
import type { ContractResult } from './contract-case.js';
import { rateLimited } from './contract-controls.js';
import type { DriftWords } from './drift-words.js';
import { describeExpectation } from './expectation.js';
import type { ReportService } from './report-types.js';

const statusKinds = new Set(['unexpected-status', 'unexpected-error']);
const isPromise = (kind: string) => (promiseKinds as readonly string[]).includes(kind);

/**
 * One line for a drifting case: expected vs got when the status or the JSON-RPC reply is off;
 * otherwise the first violation of the body itself (`response.body/status: is required but
 * missing`), since "expected HTTP 200, got HTTP 200" says nothing.
 */
export function headline(r: ContractResult): string {
  const expected = `expected ${describeExpectation(r.expect)}`;
  const got = r.got ?? 'no answer';
  if (r.violations.some((v) => statusKinds.has(v.kind))) return `${expected}, got ${got}`;
  const first = r.violations[0];
  if (!first) return `${expected}, got ${got}`;
  const more = r.violations.length > 1 ? ` (and ${r.violations.length - 1} more)` : '';
  const broken = [...new Set(r.violations.map((v) => v.kind))];
  if (broken.every(isPromise))
    return `${got} breaks ${broken.join(', ')}: ${formatViolation(first)}${more}`;
  return `${formatViolation(first)}${more}`;
}

/** Array indexes read as `*`: the same problem on every item is one problem. */
const location = (v: Violation) => `${v.where}${v.path.replace(/\/\d+(?=\/|$)/g, '/*')}`;

/**
 * What makes two violations one problem: the rule (kind) and where it is; for a wrong status or
 * JSON-RPC reply the expected-vs-got words too (a 404 and a 500 are two problems).
 */
export function signature(v: Violation): string {
  return statusKinds.has(v.kind) ? `${v.kind} ${v.message}` : `${v.kind} ${location(v)}`;
}

interface Problem {
  kind: string;
  text: string;
  cases: number;
  /** Cases per operation (`service operation`), in the order first seen. */
  operations: Map<string, number>;
  curl: string;
  /** What the spec says and what came back, in words (see drift-words.ts), when known. */
  words: DriftWords | undefined;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The drift section of the text report: one line per distinct problem (rule and location, see
 * {@link signature}) with the number of cases showing it and the operations they belong to, then
 * one curl line that reproduces it. The per-operation table above gives the other grouping; the
 * JSON report keeps every case.
 */
export function driftLines(
  results: ContractResult[],
  wordsOf: (key: string) => DriftWords | undefined = () => undefined,
): string[] {
  const problems = new Map<string, Problem>();
  const drifting = new Set<string>();
  for (const r of results) {
    if (r.verdict !== 'drift') continue;
    const op = `${r.service} ${r.operation}`;
    drifting.add(op);
    const seen = new Set<string>();
    for (const v of r.violations) {
      const sig = signature(v);
      if (seen.has(sig)) continue;
      seen.add(sig);
      const p = problems.get(sig) ?? {
        kind: v.kind,
        text: statusKinds.has(v.kind)
          ? `expected ${describeExpectation(r.expect)}, got ${r.got ?? 'no answer'}`
          : `${location(v)}: ${v.message}`,
        cases: 0,
        operations: new Map<string, number>(),
        curl: r.curl,
        words: wordsOf((v as { key?: string }).key ?? ''),
      };
      p.cases++;
      p.operations.set(op, (p.operations.get(op) ?? 0) + 1);
      problems.set(sig, p);
    }
  }
  if (problems.size === 0) return [];
  const lines = [
    '',
    `DRIFT: ${plural(problems.size, 'distinct problem')} in ${plural(drifting.size, 'operation')}`,
  ];
  for (const p of [...problems.values()].sort((a, b) => b.cases - a.cases)) {
    const ops = [...p.operations.keys()];
    const named =
      ops.length > 3 ? `${ops.slice(0, 3).join(', ')} and ${ops.length - 3} more` : ops.join(', ');
    lines.push(`  ${p.cases}× ${p.kind} ${p.text} (${named})`);
    if (p.words) lines.push(`    expected: ${p.words.expected}`, `    got: ${p.words.got}`);
    lines.push(`    ${p.curl}`);
  }
  return lines;
}

/** Cases listed by a shared reason: `3 cases (a, b, c): reason`, at most three named. */
export function reasonLines(
  word: string,
  results: ContractResult[],
  reasonOf: (r: ContractResult) => string,
): string[] {
  const byReason = new Map<string, string[]>();
  for (const r of results) {
    const reason = reasonOf(r);
    byReason.set(reason, [...(byReason.get(reason) ?? []), `${r.operation} (${r.source})`]);
  }
  return [...byReason].map(([reason, cases]) => {
    const unique = [...new Set(cases)];
    const named =
      unique.length > 3
        ? `${unique.slice(0, 3).join(', ')} and ${unique.length - 3} more`
        : unique.join(', ');
    return `${word} ${cases.length} case${cases.length === 1 ? '' : 's'}: ${named}: ${reason}`;
  });
}

/**
 * The summary's word on rate limits: how many cases a 429 (or a 503 with Retry-After) left
 * untested, per service, and what to try. Empty when none was. A service whose spec takes an
 * api key (`apiKeyHeader`) gives a caller with one higher limits; a gateway may take one by --header.
 */
export function rateLimitLines(
  results: ContractResult[],
  services: readonly Pick<ReportService, 'service' | 'apiKeyHeader'>[] = [],
  keySent = false,
): string[] {
  const limited = results.filter(rateLimited);
  if (limited.length === 0) return [];
  const perService = new Map<string, number>();
  for (const r of limited) perService.set(r.service, (perService.get(r.service) ?? 0) + 1);
  const names = [...perService.keys()];
  const where = [...perService].map(([s, n]) => `${s} ${n}`).join(', ');
  const keyed = services.filter((s) => s.apiKeyHeader !== undefined && perService.has(s.service));
  const key =
    keyed.length > 0 && !keySent
      ? ` or an api key (--api-key-env NAME; ${keyed.map((s) => `${s.service} takes one in ${s.apiKeyHeader}`).join(', ')})`
      : names.some((n) => !keyed.some((s) => s.service === n))
        ? " or a key the gateway takes (--header 'Name: $VAR')"
        : '';
  return [
    `rate limited: ${limited.length} case${limited.length === 1 ? '' : 's'} not tested (${where}): the target kept answering HTTP 429 after the run slowed down`,
    `  try a lower rate (--rate-limit 2/s, or --rate-limit ${names[0]}=2/s for one service)${key}`,
  ];
}
