import { isObject } from '../model/json-pointer.js';
import type { Specs } from '../model/specs.js';
import { type CaseTarget, inputsOf, targetOf, withInputs } from './case-inputs.js';
import type { ContractCase, ContractResult } from './contract-case.js';
import type { CaseChain } from './paging.js';

/*
 * Relations between calls (`x-promises` `calls`), as linked cases on the same target: the
 * operation's or method's own case first, then the other one asked with the same values of
 * the linked inputs (at the same JSON-RPC endpoint path), and the pair judged as `check`
 * judges a capture holding both (CallsTracker).
 */

/** An answered case as the promises see it (its URL rebuilt from the run's target). */
function subjectOf(specs: Specs, r: ContractResult) {
  if (!r.exchange) return undefined;
  const exchange = {
    ...r.exchange,
    request: { ...r.exchange.request, url: new URL(r.path, r.url).href },
  };
  return specs.promiseSubjects(exchange)[0];
}

/** The other call: its seed case with the linked inputs set, sent where the first one went. */
function otherCase(
  from: CaseTarget,
  sent: ContractCase,
  to: CaseTarget,
  seed: ContractCase,
  inputs: Record<string, string>,
): ContractCase {
  const mine = inputsOf(from, sent);
  const changes: Record<string, unknown> = {};
  for (const [a, b] of Object.entries(inputs)) changes[b] = mine[a];
  const c: ContractCase = {
    ...withInputs(to, seed, changes),
    source: `linked: ${sent.operation} → ${seed.operation} (calls)`,
    class: 'linked',
  };
  // A JSON-RPC pair goes to one endpoint (one index, one chain): that is the shared target.
  if (to.kind === 'rpc' && isObject(c.body)) c.path = sent.path;
  // The other call may know nothing of what the first one named (its not-found answer):
  // then there is no pair to judge.
  c.expect = {
    ...c.expect,
    or: [to.kind === 'rpc' ? { status: 200, reply: 'error' } : { status: 404 }],
  };
  delete c.values;
  return c;
}

/** One chain per `calls` relation whose two sides both have a success seed case. */
export function callsChains(specs: Specs, seeds: ContractCase[]): CaseChain[] {
  const out: CaseChain[] = [];
  const seedOf = (service: string, id: string) => {
    const mine = seeds.filter((c) => c.service === service && c.operation === id);
    return mine.find((c) => !c.lenient) ?? mine[0];
  };
  for (const { service, id } of specs.all) {
    const from = targetOf(specs, { service, operation: id });
    for (const relation of from?.promises.calls ?? []) {
      const to = targetOf(specs, { service, operation: relation.with });
      const first = seedOf(service, id);
      const other = seedOf(service, relation.with);
      if (!from || !to || !first || !other) continue;
      let firstResult: ContractResult | undefined;
      out.push({
        service,
        operation: id,
        first: { ...first, source: `linked: ${id} (calls ${relation.with})`, class: 'linked' },
        next(result, sent, index) {
          if (index === 0) {
            firstResult = result;
            return otherCase(from, sent, to, other, relation.inputs ?? {});
          }
          // The second answer: both judged on one tracker, in the order they came.
          const tracker = specs.callsTracker();
          const firstSubject = firstResult && subjectOf(specs, firstResult);
          const secondSubject = subjectOf(specs, result);
          if (!firstSubject || !secondSubject) return 'end';
          const violations = [firstSubject, secondSubject].flatMap((s) =>
            tracker.observe(s.target ?? '', s.operation, s.promises, s.inputs, s.answer),
          );
          return violations.length > 0 ? { violations } : 'end';
        },
      });
    }
  }
  return out;
}
