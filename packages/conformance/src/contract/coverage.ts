// What a run covered of the specs, in a form tools read: per operation and method the declared
// statuses and JSON-RPC errors seen and never seen, parameters and listed values sent, and which
// `x-promises` rules an answer put to the test. Everything is read off the specs and the results.
import { getPointer, isObject } from '../model/json-pointer.js';
import { declaredKinds, type PromiseKind, type Promises } from '../model/promises/vocabulary.js';
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
  all: Specs = specs,
): ReportCoverage {
  const { values, filters, exercised } = tallies;
  const byOperation = new Map<string, ContractResult[]>();
  for (const r of results) {
    const key = `${r.service} ${r.operation}`;
    byOperation.set(key, [...(byOperation.get(key) ?? []), r]);
  }
  const perOperation: OperationCoverage[] = [];
  for (const { service, id } of all.all) {
    const key = `${service} ${id}`;
    const own = byOperation.get(key) ?? [];
    const answered = own.filter((r) => r.status !== undefined);
    // A method the judged release does not serve (see node-release.ts): only its refusal was
    // checked, so it covers nothing of the method but the answer's status and error code.
    const absentFrom = own.find((r) => r.absentFrom)?.absentFrom;
    const whole = absentFrom ? targetOf(all, { service, operation: id }) : undefined;
    if (absentFrom && whole) {
      perOperation.push({
        service,
        operation: id,
        absentFrom,
        ...statusesOf(whole, answered),
        parameters: { declared: [], sent: [], neverSent: [] },
        enums: [],
        promises: { checked: [], vacuous: [], neverExercised: [] },
      });
      continue;
    }
    const target = targetOf(specs, { service, operation: id });
    if (!target) continue;
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
      ...ruleCoverage(specs, { service, id, promises: target.promises }, own, {
        tested,
        filters: filters.get(key) ?? [],
        anyAnswer,
      }),
    });
  }
  const exercisedOps = new Set(
    results.filter((r) => r.status !== undefined).map((r) => `${r.service} ${r.operation}`),
  );
  return {
    operations: { exercised: exercisedOps.size, total: all.all.length },
    perOperation,
  };
}

/*
 * The same coverage by rule id of the audit (specs/rules.yaml, bundled as rules.json): the
 * rules an operation's promises check, each checked, vacuous or never exercised as the
 * promise entries it maps to were. A filter entry goes by its input's state; a relation
 * between calls by its linked pair; every other entry by its kind.
 */

/** The promise kind an x-promises member reports as. */
const kindOf: Record<string, PromiseKind> = {
  page: 'page-size',
  cursor: 'paging',
  order: 'order',
  filters: 'filter',
  identity: 'identity',
  counts: 'count',
  range: 'range',
  status: 'status',
  all: 'status',
  errorBody: 'status',
  contentType: 'content-type',
  scope: 'scope',
  units: 'units',
  relations: 'relation',
  calls: 'calls',
};

type RuleState = 'checked' | 'vacuous' | 'neverExercised';

interface RuleTally {
  tested: ReadonlySet<PromiseKind>;
  filters: { input: string; rule: string; state: string }[];
  anyAnswer: boolean;
}

/** How one promise entry of the operation fared in the run. */
function entryState(
  op: { id: string; promises: Promises },
  pointer: string,
  own: readonly ContractResult[],
  t: RuleTally,
): RuleState {
  const [member, index] = pointer.split('/').slice(1);
  const fallback: RuleState = t.anyAnswer ? 'vacuous' : 'neverExercised';
  if (member === 'filters' && index !== undefined) {
    const input = (getPointer(op.promises, `/filters/${index}`) as { input?: string } | undefined)
      ?.input;
    const f = t.filters.find((x) => x.rule === 'filter' && x.input === input);
    if (f)
      return f.state === 'exercised' ? 'checked' : f.state === 'vacuous' ? 'vacuous' : fallback;
  }
  if (member === 'calls') {
    // The first call of a linked pair answered (contract then asks the other): judged.
    const paired = own.some((r) => r.source.includes('(calls ') && isSuccessAnswer(r));
    return paired ? 'checked' : fallback;
  }
  const kind = member === undefined ? undefined : kindOf[member];
  return kind !== undefined && t.tested.has(kind) ? 'checked' : fallback;
}

const isSuccessAnswer = (r: ContractResult) =>
  r.status !== undefined && r.status < 300 && r.verdict === 'conforms';

/** One line for a terminal: how many of the audit's rules the run checked, vacuous, never exercised. */
export function ruleCoverageLine(coverage: ReportCoverage): string | undefined {
  const per = coverage.perOperation.filter((o) => o.rules);
  if (per.length === 0) return undefined;
  const ids = (pick: (r: NonNullable<OperationCoverage['rules']>) => string[]) =>
    new Set(per.flatMap((o) => pick(o.rules as NonNullable<OperationCoverage['rules']>))).size;
  return `rules (specs/rules.yaml, by operation): checked ${ids((r) => r.checked)} rule ids, vacuous ${ids((r) => r.vacuous)}, never exercised ${ids((r) => r.neverExercised)}`;
}

/** Per operation: the audit's rule ids its promises check, by how the run exercised them. */
export function ruleCoverage(
  specs: Specs,
  op: { service: string; id: string; promises: Promises },
  own: readonly ContractResult[],
  t: RuleTally,
): { rules?: { checked: string[]; vacuous: string[]; neverExercised: string[] } } {
  const map = specs.rules;
  if (!map) return {};
  const out = { checked: [] as string[], vacuous: [] as string[], neverExercised: [] as string[] };
  const rank: Record<RuleState, number> = { checked: 2, vacuous: 1, neverExercised: 0 };
  for (const rule of map.rules) {
    const mine = rule.targets.filter(
      (x) => x.spec === op.service && (x.document || x.operation === op.id || x.method === op.id),
    );
    if (mine.length === 0) continue;
    // A rule with several entries on one operation is as far along as its best one.
    const state = mine
      .map((x) => entryState(op, x.pointer, own, t))
      .reduce((a, b) => (rank[b] > rank[a] ? b : a));
    out[state].push(rule.id);
  }
  return { rules: out };
}
