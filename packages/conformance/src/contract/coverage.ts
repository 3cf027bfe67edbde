// What a run covered of the specs, in a form tools read: per operation and method the declared
// statuses and JSON-RPC errors seen and never seen, parameters and listed values sent, and which
// `x-promises` rules an answer put to the test. Everything is read off the specs and the results.
import { isObject } from '../model/json-pointer.js';
import { declaredKinds } from '../model/promises/vocabulary.js';
import type { Specs } from '../model/specs.js';
import { type CaseTarget, targetOf } from './case-inputs.js';
import { restInputs, rpcInputs } from './case-values.js';
import type { ContractResult } from './contract-case.js';
import { valueCoverage, sent as wasSent } from './contract-plan.js';
import { exercisedKinds, filterCoverage, isSuccess } from './filter-cases.js';
import type { CoverageList, OperationCoverage, ReportCoverage } from './report-types.js';

const byNumber = (a: string, b: string) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);

/** Declared keys against what was seen; a REST key may be a range (`4XX`) or `default`. */
function compare(declared: string[], seenList: Iterable<string>, rest: boolean): CoverageList {
  const seen = [...new Set(seenList)].sort(byNumber);
  const explicit = (s: string) => declared.includes(s) || (rest && declared.includes(`${s[0]}XX`));
  const matches = (key: string, s: string) =>
    key === s || (rest && key === `${s[0]}XX`) || (key === 'default' && !explicit(s));
  return {
    declared,
    seen,
    neverSeen: declared.filter((k) => !seen.some((s) => matches(k, s))),
    undeclared: seen.filter((s) => !declared.some((k) => matches(k, s))),
  };
}

/** The JSON-RPC error code of an answer, when it carries one. */
function errorCode(r: ContractResult): string | undefined {
  const body = r.exchange?.response.body;
  return isObject(body) && isObject(body.error) ? String(body.error.code) : undefined;
}

function statusesOf(target: CaseTarget, answered: ContractResult[]) {
  const seen = answered.map((r) => String(r.status));
  if (target.kind === 'rest') {
    const responses = isObject(target.op.node.responses) ? target.op.node.responses : {};
    return { statuses: compare(Object.keys(responses), seen, true) };
  }
  // JSON-RPC over HTTP answers 200; what differs is the error in the body.
  const codes = answered.map(errorCode).filter((c): c is string => c !== undefined);
  return {
    statuses: compare(['200'], seen, false),
    errors: compare(
      [...new Set(target.method.errorCodes.map(String))].sort(byNumber),
      codes,
      false,
    ),
  };
}

/** What a run's answers put to the test, per operation: computed once for the report. */
export function runTallies(specs: Specs, results: ContractResult[]) {
  return {
    values: valueCoverage(specs, results),
    filters: filterCoverage(specs, results),
    exercised: exercisedKinds(specs, results),
  };
}
export type RunTallies = ReturnType<typeof runTallies>;

/** Per operation and method of the specs (exercised or not), what this run covered of it. */
export function contractCoverage(
  specs: Specs,
  results: readonly ContractResult[],
  tallies: RunTallies = runTallies(specs, [...results]),
): ReportCoverage {
  const { values, filters, exercised } = tallies;
  const byOperation = new Map<string, ContractResult[]>();
  for (const r of results) {
    const key = `${r.service} ${r.operation}`;
    byOperation.set(key, [...(byOperation.get(key) ?? []), r]);
  }
  const perOperation: OperationCoverage[] = [];
  for (const { service, id } of specs.all) {
    const target = targetOf(specs, { service, operation: id });
    if (!target) continue;
    const key = `${service} ${id}`;
    const own = byOperation.get(key) ?? [];
    const answered = own.filter((r) => r.status !== undefined);
    const inputs =
      target.kind === 'rest'
        ? restInputs(target.service, target.op)
        : rpcInputs(target.service, target.method);
    const sentNames = new Set(
      own
        .filter(wasSent)
        .flatMap((r) => Object.entries(r.values ?? {}))
        .filter(([, label]) => label !== 'absent')
        .map(([name]) => name),
    );
    const declared = inputs.map((i) => i.name);
    const covered = new Map((values.get(key) ?? []).map((c) => [c.input, c.covered]));
    const kinds = declaredKinds(target.promises);
    const tested = exercised.get(key) ?? new Set();
    const anyAnswer = own.some((r) => isSuccess(target, r));
    const promises = {
      checked: kinds.filter((k) => tested.has(k)) as string[],
      vacuous: kinds.filter((k) => !tested.has(k) && anyAnswer) as string[],
      neverExercised: kinds.filter((k) => !tested.has(k) && !anyAnswer) as string[],
    };
    for (const f of filters.get(key) ?? []) {
      const name = `${f.rule}:${f.input}`;
      if (f.state === 'exercised') promises.checked.push(name);
      else if (f.state === 'vacuous') promises.vacuous.push(name);
      else promises.neverExercised.push(name);
    }
    perOperation.push({
      service,
      operation: id,
      ...statusesOf(target, answered),
      parameters: {
        declared,
        sent: declared.filter((n) => sentNames.has(n)),
        neverSent: declared.filter((n) => !sentNames.has(n)),
      },
      enums: inputs
        .filter((i) => i.domain)
        .map((i) => ({
          input: i.name,
          values: i.domain as string[],
          sent: (i.domain as string[]).filter((v) => covered.get(i.name)?.includes(v)),
        })),
      promises,
    });
  }
  const exercisedOps = new Set(
    results.filter((r) => r.status !== undefined).map((r) => `${r.service} ${r.operation}`),
  );
  return {
    operations: { exercised: exercisedOps.size, total: specs.all.length },
    perOperation,
  };
}
