// One request, one answer: where the corpus pairs a request with two answers, one case stays.
import { canonical, isObject } from '../model/json-pointer.js';
import type { ContractCase } from './contract-case.js';
import { describeExpectation, type Expectation } from './expectation.js';

/** The request a case sends, JSON-RPC ids left out: two cases with one key get one answer. */
function requestKey(c: ContractCase): string {
  const body = isObject(c.body) ? { ...c.body, id: undefined } : c.body;
  return canonical([c.service, c.method, c.path, body ?? null]);
}

const succeeds = (e: Expectation) => e.status >= 200 && e.status < 300 && e.reply !== 'error';

/**
 * Where the corpus pairs one request with different answers (a documented error body shown
 * beside a request that succeeds), a server can give only one of them: the success case is
 * kept and the other is skipped with the reason.
 */
export function skipConflicts(cases: ContractCase[]): ContractCase[] {
  const byRequest = new Map<string, ContractCase[]>();
  for (const c of cases) {
    const key = requestKey(c);
    byRequest.set(key, [...(byRequest.get(key) ?? []), c]);
  }
  for (const group of byRequest.values()) {
    const winner = group.find((c) => succeeds(c.expect)) ?? group[0];
    if (!winner) continue;
    for (const c of group) {
      if (canonical(c.expect) === canonical(winner.expect)) continue;
      c.skip = `sends the same request as ${winner.source}, which expects ${describeExpectation(winner.expect)}; one request cannot have both answers`;
    }
  }
  return cases;
}
