import { isObject } from '../model/json-pointer.js';
import { promiseKinds } from '../model/promises/vocabulary.js';
import type { Specs } from '../model/specs.js';
import { callsChains } from './calls-chains.js';
import { type CaseClass, caseClasses, restInputs, rpcInputs } from './case-values.js';
import { runContract } from './contract.js';
import type { ContractCase, ContractResult } from './contract-case.js';
import { newRunState } from './contract-controls.js';
import { filterCases, filterSlots } from './filter-cases.js';
import { annotateValues, classOf, generateCases } from './generate-cases.js';
import { linkedCase, readLinks } from './links.js';
import { type CaseChain, pagingChains } from './paging.js';
import type { RunOptions } from './run-options.js';

export interface PlanOptions {
  classes: ReadonlySet<CaseClass>;
  seed: number;
  /** Most generated and most negative cases per operation or method. */
  maxCases: number;
  /** The generated bound grows to send every listed value (the default, no --max-cases). */
  everyListedValue?: boolean;
  /** Most requests in the whole run. */
  maxRequests: number;
  /** Most pages followed per paginated operation. */
  maxPages: number;
  /** Keeps only the cases of these operations, methods or services (`--only`). */
  only?: (c: ContractCase) => boolean;
  /** Leaves a case out before sending it (node-specific on live, absent methods), with why. */
  prepare?: (c: ContractCase) => void;
}

export const defaultPlan = {
  seed: 1,
  maxCases: 12,
  /** The least default request budget; a run over many operations gets more (below). */
  maxRequests: 600,
  maxPages: 4,
} as const;

/** Requests per operation or method in the default budget, so the budget follows the specs. */
export const requestsPerOperation = 12;

/**
 * The default `--max-requests`: 12 per operation and method of the specs, or one per value its
 * inputs list where that is more (at least 600 in all), so that every operation gets its
 * generated, negative, page and filter cases however many operations and values the specs hold.
 */
export function defaultMaxRequests(specs: Pick<Specs, 'rest' | 'rpc'>): number {
  const listed = (inputs: { domain?: string[] }[]) =>
    inputs.reduce((n, i) => n + (i.domain?.length ?? 0), 0);
  let n = 0;
  for (const s of specs.rest)
    for (const op of s.operations) n += Math.max(requestsPerOperation, listed(restInputs(s, op)));
  for (const s of specs.rpc)
    for (const m of s.methods) n += Math.max(requestsPerOperation, listed(rpcInputs(s, m)));
  return Math.max(defaultPlan.maxRequests, n);
}

/** Parses `--cases`: a comma list of case classes. */
export function parseClasses(value: string | undefined): Set<CaseClass> {
  if (value === undefined || value === 'all') return new Set(caseClasses);
  const out = new Set<CaseClass>();
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (!(caseClasses as readonly string[]).includes(part))
      throw new Error(
        `--cases: ${JSON.stringify(part)} is not a case class; classes are ${caseClasses.join(', ')}`,
      );
    out.add(part as CaseClass);
  }
  if (out.size === 0) throw new Error('--cases: name at least one class');
  return out;
}

export interface PlanRun {
  results: ContractResult[];
  /** Cases (corpus or generated) that --max-requests left unsent. */
  leftOut: number;
  /** Page chains stopped by --max-pages while the target still offered a next page. */
  pagingCut: string[];
  /** Why the run stopped before sending all it planned (--max-failures), and how much it left. */
  stopped?: { reason: string; unsent: number };
}

/** Orders cases so that a request budget keeps some of every operation: round robin. */
function interleave(cases: ContractCase[]): ContractCase[] {
  const byOp = new Map<string, ContractCase[]>();
  for (const c of cases) {
    const key = `${c.service} ${c.operation}`;
    byOp.set(key, [...(byOp.get(key) ?? []), c]);
  }
  const lists = [...byOp.values()];
  const out: ContractCase[] = [];
  for (let i = 0; out.length < cases.length; i++)
    for (const list of lists) if (list[i]) out.push(list[i] as ContractCase);
  return out;
}

/** A case whose request left (an answer or none): what the summary counts as sent. */
export const sent = (r: ContractResult) => r.status !== undefined || (r.requests ?? 0) > 0;
const isPromiseKind = (kind: string) => (promiseKinds as readonly string[]).includes(kind);

/**
 * Runs a contract of every chosen class: the corpus's cases and the generated and negative
 * ones at once (bounded concurrency), then page chains, linked calls and filter cases, which
 * need the answers before them, within one request budget for the whole run.
 */
export async function runPlan(
  specs: Specs,
  base: ContractCase[],
  given: RunOptions,
  plan: PlanOptions,
): Promise<PlanRun> {
  const keep = plan.only ?? (() => true);
  const corpus = base.filter((c) => plan.classes.has(classOf(c)) && keep(c));
  const extra = generateCases(specs, base, plan).filter(keep);
  const seeds = base.filter((c) => !c.skip && c.expect.status < 300 && c.expect.reply !== 'error');
  const chains: CaseChain[] = [
    ...(plan.classes.has('page') ? pagingChains(specs, seeds) : []),
    // Relations between calls: linked cases on the same target (x-promises `calls`).
    ...(plan.classes.has('linked') ? callsChains(specs, seeds) : []),
  ].filter((ch) => keep(ch.first));
  const links = plan.classes.has('linked') ? readLinks(specs) : [];
  const filters = plan.classes.has('filter') ? filterSlots(specs, plan.maxCases) : 0;
  // Requests kept for what follows the first answers: each page chain's bound, each link
  // once, each filter's value.
  const reserve = Math.min(
    Math.floor(plan.maxRequests / 3),
    chains.length * plan.maxPages + links.length * 2 + filters,
  );
  // The corpus first, then the generated cases, each round robin across operations.
  const ordered = [...interleave(corpus), ...interleave(extra)];
  const room = Math.max(0, plan.maxRequests - reserve);
  const chosen = ordered.slice(0, room);
  let leftOut = ordered.length - chosen.length;
  annotateValues(specs, chosen);
  for (const c of chosen) plan.prepare?.(c);
  // One state for every batch: a target given up on stays given up on, --max-failures counts all.
  const state = given.state ?? newRunState();
  const run: RunOptions = { ...given, state };
  const results = await runContract(specs, chosen, run);
  let unsent = chosen.length - results.length;
  let budget = plan.maxRequests - results.filter(sent).length;
  const pagingCut: string[] = [];
  const out = [...results];
  const one = async (c: ContractCase): Promise<ContractResult | undefined> => {
    if (state.stopped !== undefined) {
      unsent++;
      return undefined;
    }
    if (budget <= 0) {
      leftOut++;
      return undefined;
    }
    annotateValues(specs, [c]);
    plan.prepare?.(c);
    budget--;
    const [r] = await runContract(specs, [c], { ...run, concurrency: 1 });
    if (r) out.push(r);
    return r;
  };
  const tasks: (() => Promise<void>)[] = [];
  for (const chain of chains)
    tasks.push(async () => {
      let c: ContractCase = chain.first;
      for (let i = 0; i < plan.maxPages; i++) {
        const r = await one(c);
        if (r === undefined) return;
        // A page that breaks only a promise (order, filter…) still hands out its cursor.
        if (r.verdict !== 'conforms' && !r.violations.every((v) => isPromiseKind(v.kind))) return;
        const next = chain.next(r, c, i);
        if (next === 'end') return;
        if ('violations' in next) {
          r.violations.push(...next.violations);
          if (r.verdict !== 'drift') {
            state.drift++;
            if (run.maxFailures && state.drift >= run.maxFailures)
              state.stopped ??= `--max-failures ${run.maxFailures} reached`;
          }
          r.verdict = 'drift';
          r.ok = false;
          return;
        }
        if (i === plan.maxPages - 1) pagingCut.push(`${chain.service} ${chain.operation}`);
        c = next;
      }
    });
  if (links.length > 0) {
    const followed = new Set<string>();
    const follow = async (source: ContractResult, depth: number): Promise<void> => {
      if (depth > 4) return;
      for (const link of links) {
        if (link.service !== source.service || link.from !== source.operation) continue;
        const target = linkedCase(specs, link, source);
        if (!target) continue;
        const key = `${target.operation} ${target.path} ${JSON.stringify(isObject(target.body) ? target.body.params : null)}`;
        if (followed.has(key)) continue;
        followed.add(key);
        if (!keep(target)) continue;
        // The replay server answers it from a marked recording of that path: judged by its marks.
        const pathOf = (c: ContractCase) => new URL(c.path, 'http://x').pathname;
        const twin = base.find(
          (b) => b.operation === target.operation && b.lenient && pathOf(b) === pathOf(target),
        );
        if (twin?.lenient) target.lenient = twin.lenient;
        const r = await one(target);
        if (r?.verdict === 'conforms') await follow(r, depth + 1);
      }
    };
    const starts = new Map<string, ContractResult>();
    for (const r of results)
      if (r.verdict === 'conforms' && classOf(r) !== 'negative' && !starts.has(r.operation))
        starts.set(r.operation, r);
    for (const link of links) {
      const start = starts.get(link.from);
      if (start) {
        starts.delete(link.from);
        tasks.push(() => follow(start, 1));
      }
    }
  }
  if (filters > 0)
    for (const c of filterCases(specs, results, plan).filter(keep))
      tasks.push(async () => {
        await one(c);
      });
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await (tasks[next++] as () => Promise<void>)();
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(run.concurrency, tasks.length)) }, worker),
  );
  return {
    results: out,
    leftOut,
    pagingCut,
    ...(state.stopped === undefined ? {} : { stopped: { reason: state.stopped, unsent } }),
  };
}

/** Per operation: how many cases of each class were sent. */
export function classCounts(
  results: ContractResult[],
): Map<string, Partial<Record<CaseClass, number>>> {
  const out = new Map<string, Partial<Record<CaseClass, number>>>();
  for (const r of results) {
    if (r.verdict === 'skipped' || r.verdict === 'not-tested') continue;
    const key = `${r.service} ${r.operation}`;
    const counts = out.get(key) ?? {};
    const cls = classOf(r);
    counts[cls] = (counts[cls] ?? 0) + 1;
    out.set(key, counts);
  }
  return out;
}

export interface ValueCoverage {
  input: string;
  covered: string[];
  total: number;
}

/** Per operation, for every input with listed values (enum, boolean): which were sent. */
export function valueCoverage(
  specs: Specs,
  results: ContractResult[],
): Map<string, ValueCoverage[]> {
  const out = new Map<string, ValueCoverage[]>();
  const sentValues = new Map<string, Map<string, Set<string>>>();
  for (const r of results) {
    if (!sent(r) || !r.values) continue;
    const key = `${r.service} ${r.operation}`;
    const perInput = sentValues.get(key) ?? new Map<string, Set<string>>();
    for (const [name, label] of Object.entries(r.values)) {
      const set = perInput.get(name) ?? new Set<string>();
      // A list's label is `[a,b]`; a single value may hold a comma itself (groupBy's
      // `srcBlockchainId,destBlockchainId`), so only a list is split.
      const list = /^\[.*\]$/.test(label);
      for (const v of list ? label.slice(1, -1).split(',') : [label]) set.add(v);
      perInput.set(name, set);
    }
    sentValues.set(key, perInput);
  }
  const add = (key: string, inputs: { name: string; domain?: string[] }[]) => {
    const list: ValueCoverage[] = [];
    for (const input of inputs) {
      if (!input.domain) continue;
      const seen = sentValues.get(key)?.get(input.name) ?? new Set<string>();
      list.push({
        input: input.name,
        covered: input.domain.filter((v) => seen.has(v)),
        total: input.domain.length,
      });
    }
    if (list.length > 0) out.set(key, list);
  };
  for (const s of specs.rest)
    for (const op of s.operations) add(`${s.name} ${op.id}`, restInputs(s, op));
  for (const s of specs.rpc) for (const m of s.methods) add(`${s.name} ${m.id}`, rpcInputs(s, m));
  return out;
}
