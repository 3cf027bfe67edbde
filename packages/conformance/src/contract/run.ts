// One contract run as a library call: settings in, a plain ContractReport out. The CLI parses flags
// into ContractSettings and renders the report; nothing here writes to a terminal or a file.
import { relative } from 'node:path';
import { reportVersion } from '../check/report.js';
import { packageVersion } from '../model/package-version.js';
import { declaredKinds } from '../model/promises/vocabulary.js';
import { formatViolation } from '../model/schema-set.js';
import { defaultSpecDir, Specs } from '../model/specs.js';
import {
  formatNodeVersion,
  NodeVersionError,
  parseNodeVersion,
  releaseSupport,
  supportedReleases,
} from '../model/versions.js';
import { loadExchanges } from '../recordings/capture-input.js';
import { defaultRecordingsDir, type Recording } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';
import { applyBaseline, type Baseline, dayOf } from './baseline.js';
import { targetOf } from './case-inputs.js';
import { type CaseClass, caseClasses } from './case-values.js';
import type { ContractCase, ContractResult } from './contract-case.js';
import { contractCases } from './contract-cases.js';
import {
  newRunState,
  parseHeader,
  parseRate,
  RateLimits,
  type RunHeader,
  type RunState,
  rateLimited,
  startProgress,
} from './contract-controls.js';
import { classCounts, defaultMaxRequests, defaultPlan, runPlan, sent } from './contract-plan.js';
import { headline } from './contract-report.js';
import { contractCoverage, type RunTallies, runTallies } from './coverage.js';
import { apiKeyHeaders } from './credentials.js';
import { collectDrifts, driftKey } from './drifts.js';
import { describeExpectation } from './expectation.js';
import { classOf } from './generate-cases.js';
import { absentMethodCases, readNodeVersion } from './node-release.js';
import type { ContractReport, ReportOperation, ReportSettings } from './report-types.js';
import { parseTargets, shown, type Targets } from './targets.js';
import { neverLeft } from './transport/no-answer.js';
import { countVerdicts, verdicts } from './verdicts.js';

/** What a contract run does; every field has the CLI flag's default. */
export interface ContractSettings {
  /** `replay` (default: an in-process replay server), `live`, one URL, or `name=url,…`. */
  target?: string;
  /** Folder of bundled spec documents (default: the package's own). */
  specs?: string;
  /** Recordings the recorded cases come from (default: the bundled corpus). */
  recordings?: string;
  /** Only these operations, methods or services. */
  only?: string[];
  /** Case classes to run (default: all). */
  classes?: CaseClass[];
  seed?: number;
  /**
   * Most generated and most negative cases per operation (default 12, more generated ones
   * where an operation lists more values than that: every listed value is sent).
   */
  maxCases?: number;
  /** Most requests in the whole run (default 600). */
  maxRequests?: number;
  /** Most pages followed per paginated operation (default 4). */
  maxPages?: number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Per-request timeout (default 15000). */
  timeoutMs?: number;
  /**
   * Sent to each target whose spec declares an api-key header, in that header only; curl lines
   * show `$apiKeyVariable`.
   */
  apiKey?: string;
  apiKeyVariable?: string;
  /** `Name: value` or `service=Name: value`; `$VAR` in a value is read from `env`. */
  headers?: string[];
  /** `N/s`, `N/m` or `service=N/s`, at most one per scope. */
  rateLimits?: string[];
  /** Stop starting cases after this many drifted (0 or unset: never). */
  maxFailures?: number;
  /** auto, none, or a release (`v1.13.2`); default auto for a URL or live, none for replay. */
  nodeVersion?: string;
  /** Where `$VAR` header values are read (default process.env). */
  env?: Record<string, string | undefined>;
  /** Known drifts (see readBaseline): the run fails only on drift it does not list. */
  baseline?: Baseline;
  /** How requests travel (default: the global fetch); an in-process fake as the target, e.g. */
  fetch?: typeof fetch;
}

/** Side channels of a run: progress lines and results as they come. None is part of the report. */
export interface ContractHooks {
  /** A progress line at the start and every 10 s while the run lasts. */
  progress?: (line: string) => void;
  /** Each case as it is judged. */
  onResult?: (result: ContractResult, done: number, total: number) => void;
  /** Every result with its exchange, in report order, before the replay server closes. */
  onResults?: (results: readonly ContractResult[]) => Promise<void> | void;
}

/** A setting the run cannot use; the message names the setting as its flag and the value. */
export class ContractSettingsError extends Error {
  override name = 'ContractSettingsError';
}

const settingsError = (error: unknown) => new ContractSettingsError((error as Error).message);

const nodeSpecificReason = 'node-specific; public servers do not serve it';

/** The operator's `--header` and `--rate-limit` controls, per service or for all. */
function runControls(
  settings: ContractSettings,
  serviceNames: string[],
): { headers: RunHeader[]; rateLimits: RateLimits | undefined } {
  try {
    const env = settings.env ?? process.env;
    const headers = (settings.headers ?? []).map((h) => parseHeader(h, serviceNames, env));
    const rates = (settings.rateLimits ?? []).map((r) => parseRate(r, serviceNames));
    const scopes = rates.map((r) => r.service ?? 'all');
    const twice = scopes.find((s, i) => scopes.indexOf(s) !== i);
    if (twice)
      throw new Error(
        `--rate-limit: ${twice === 'all' ? 'more than one global rate' : `more than one rate for ${twice}`}; give one`,
      );
    return { headers, rateLimits: rates.length > 0 ? new RateLimits(rates) : undefined };
  } catch (error) {
    throw settingsError(error);
  }
}

/** The cases `only` keeps (all when it is not given), and the filter it names. */
function selectCases(
  all: ContractCase[],
  names: string[] | undefined,
): { cases: ContractCase[]; onlyFilter?: (c: ContractCase) => boolean } {
  if (!names?.length) return { cases: all };
  const only = new Set(names);
  const onlyFilter = (c: ContractCase) => only.has(c.operation) || only.has(c.service);
  const cases = all.filter(onlyFilter);
  if (cases.length === 0)
    throw new ContractSettingsError(
      `--only: ${names.join(',')} names no operation, method or service`,
    );
  return { cases, onlyFilter };
}

/**
 * Each service's URL: the named targets, or a replay server started over the recordings
 * for `--target replay`. Every service a case is sent to must have one.
 */
async function openTargets(
  parsed: Targets | 'replay',
  specs: Specs,
  recordings: Recording[],
  cases: ContractCase[],
) {
  let replay: Awaited<ReturnType<typeof startReplayServer>> | undefined;
  let targets: Targets;
  if (parsed === 'replay') {
    replay = await startReplayServer({ specs, recordings });
    targets = Object.fromEntries(
      [...specs.rest, ...specs.rpc].map((s) => [s.name, replay?.url as string]),
    );
  } else targets = parsed;
  const missing = [...new Set(cases.filter((c) => !c.skip).map((c) => c.service))].filter(
    (s) => !targets[s],
  );
  if (missing.length > 0) {
    await replay?.close();
    throw new ContractSettingsError(
      `--target: no URL for ${missing.join(', ')}; name it (name=url) or narrow --only`,
    );
  }
  return { replay, targets };
}

async function loadJudged(dir: string | undefined, nodeVersion: string) {
  try {
    return await Specs.load(dir ?? defaultSpecDir, { nodeVersion });
  } catch (error) {
    if (error instanceof NodeVersionError)
      throw new ContractSettingsError(`--node-version: ${error.message}`);
    throw error;
  }
}

/**
 * The specs a contract run judges by: for a node target, the documents of the release it
 * reports (`--node-version auto`), of a named release, or of the whole supported range.
 */
async function judgingSpecs(
  specs: Specs,
  settings: ContractSettings,
  targets: Targets,
  cases: ContractCase[],
  headers: RunHeader[],
  fetchVia: typeof fetch,
): Promise<{ specs: Specs; release?: string; note: string }> {
  // The replay server states the release its spec describes, like any node: judged the same way.
  const wanted = settings.nodeVersion ?? 'auto';
  const range = 'the supported range of the spec';
  if (wanted === 'none') return { specs, note: range };
  // Only a run that sends node calls asks the node which release it is.
  if (wanted === 'auto' && !cases.some((c) => c.service === 'node-rpc' && !c.skip))
    return { specs, note: range };
  let release = wanted;
  let how = 'from --node-version';
  if (wanted === 'auto') {
    const base = targets['node-rpc'];
    if (!base) return { specs, note: range };
    const read = await readNodeVersion(base, {
      timeoutMs: settings.timeoutMs ?? defaultTimeoutMs,
      fetch: fetchVia,
      headers: headers.filter((h) => h.service === undefined || h.service === 'node-rpc'),
    });
    if ('reason' in read) return { specs, note: `${range} (${read.reason})` };
    release = read.version;
    how = 'read from info.getNodeVersion';
  }
  const judged = await loadJudged(settings.specs, release);
  const name = formatNodeVersion(parseNodeVersion(release));
  // A release outside x-supported-releases is judged by the nearest one's shapes; say so.
  const nodeDoc = judged.rpc.find((s) => s.name === 'node-rpc')?.doc ?? {};
  const support = releaseSupport(nodeDoc, release);
  const covered = supportedReleases(nodeDoc);
  if (covered && (support === 'older' || support === 'newer'))
    how += `; ${support} than the spec's supported releases, ${formatNodeVersion(covered.from)} to ${formatNodeVersion(covered.to)}`;
  return { specs: judged, release: `avalanchego ${name}`, note: `${name} (${how})` };
}

const defaultTimeoutMs = 15000;
const defaultConcurrency = 4;

/** What the run finished with, before it is told as a report. */
interface Finished {
  settings: ReportSettings;
  startedAt: Date;
  target: string;
  targets: Targets;
  replayUrl?: string;
  results: ContractResult[];
  durationMs: number;
  nodeVersion: string;
  specs: Specs;
  /** Every operation and method of the specs, whatever release the node is judged by. */
  allSpecs: Specs;
  leftOut: number;
  pagingCut: string[];
  requests: number;
  stopped?: { reason: string; unsent: number };
  baseline?: Baseline;
}

/**
 * Runs a contract: loads the specs and recordings, plans the cases, sends them to the target
 * (a replay server it starts and stops for `replay`) and returns the report. Bad settings throw
 * a ContractSettingsError naming the setting; drift and unreachable targets are in the report.
 */
export async function runContract(
  settings: ContractSettings = {},
  hooks: ContractHooks = {},
): Promise<ContractReport> {
  const startedAt = new Date();
  const classes = new Set(settings.classes ?? caseClasses);
  const specs = await Specs.load(settings.specs ?? defaultSpecDir);
  const serviceNames = [...specs.rest, ...specs.rpc].map((s) => s.name);
  const { headers, rateLimits } = runControls(settings, serviceNames);
  const recordingsDir = settings.recordings ?? defaultRecordingsDir;
  // Sources read shorter relative to the folder they came from.
  const recordings = (await loadExchanges([recordingsDir])).map((r) => ({
    ...r,
    file: relative(recordingsDir, r.file) || r.file,
  }));
  const targetName = settings.target ?? 'replay';
  let parsed: Targets | 'replay';
  try {
    parsed = parseTargets(targetName, specs);
  } catch (error) {
    throw settingsError(error);
  }
  const { cases, onlyFilter } = selectCases(contractCases(specs, recordings), settings.only);
  const live = targetName === 'live';
  const { replay, targets } = await openTargets(parsed, specs, recordings, cases);
  const state: RunState = newRunState();
  let phase: string | undefined = 'starting';
  const stopProgress = hooks.progress
    ? startProgress(hooks.progress, state, () => phase)
    : () => undefined;
  // Every request the run makes passes here, the node's release probe included: the summary's count.
  const probeFetch: typeof fetch = async (input, init) => {
    await rateLimits?.take('node-rpc');
    state.requests++;
    try {
      return await (settings.fetch ?? fetch)(input, init);
    } catch (error) {
      if (neverLeft(error)) state.requests--;
      throw error;
    }
  };
  const timeoutMs = settings.timeoutMs ?? defaultTimeoutMs;
  const concurrency = settings.concurrency || defaultConcurrency;
  const plan = {
    classes,
    seed: settings.seed ?? defaultPlan.seed,
    maxCases: settings.maxCases ?? defaultPlan.maxCases,
    // Left out, the bound grows where the specs list more values than it holds.
    everyListedValue: settings.maxCases === undefined,
    maxRequests: settings.maxRequests ?? defaultMaxRequests(specs),
    maxPages: settings.maxPages ?? defaultPlan.maxPages,
  };
  try {
    phase = 'asking the node target which release it runs';
    const judged = await judgingSpecs(specs, settings, targets, cases, headers, probeFetch);
    phase = undefined;
    const started = performance.now();
    const absent = judged.release
      ? absentMethodCases(specs, judged.specs, judged.release)
      : undefined;
    const planned = await runPlan(
      judged.specs,
      cases,
      {
        targets,
        ...(settings.apiKey
          ? { apiKey: settings.apiKey, apiKeyVariable: settings.apiKeyVariable }
          : {}),
        concurrency,
        timeoutMs,
        maxRetryAfterMs: 30000,
        retries: 3,
        replaysCorpus: replay !== undefined,
        headers,
        ...(settings.fetch ? { fetch: settings.fetch } : {}),
        ...(rateLimits ? { rateLimits } : {}),
        ...(settings.maxFailures ? { maxFailures: settings.maxFailures } : {}),
        state,
        ...(hooks.onResult ? { onResult: hooks.onResult } : {}),
      },
      {
        ...plan,
        ...(onlyFilter ? { only: onlyFilter } : {}),
        prepare: (c) => {
          if (live && c.nodeSpecific && !c.skip) c.skip = nodeSpecificReason;
          absent?.(c);
        },
      },
    );
    stopProgress();
    const durationMs = performance.now() - started;
    await hooks.onResults?.(planned.results);
    return contractReport({
      settings: {
        target: targetName,
        ...(settings.only?.length ? { only: settings.only } : {}),
        classes: [...classes],
        seed: plan.seed,
        concurrency,
        timeoutMs,
        maxCases: plan.maxCases,
        maxRequests: plan.maxRequests,
        maxPages: plan.maxPages,
        ...(settings.maxFailures ? { maxFailures: settings.maxFailures } : {}),
        rateLimits: settings.rateLimits ?? [],
        ...(settings.nodeVersion ? { nodeVersion: settings.nodeVersion } : {}),
        // Names only: a header's value may be a credential.
        headers: headers.map((h) => (h.service ? `${h.service}=${h.name}` : h.name)),
        apiKey: settings.apiKey !== undefined,
        ...(settings.baseline ? { baseline: settings.baseline.file } : {}),
      },
      ...(settings.baseline ? { baseline: settings.baseline } : {}),
      startedAt,
      target: targetName,
      targets,
      ...(replay ? { replayUrl: replay.url } : {}),
      results: planned.results,
      durationMs,
      nodeVersion: judged.note,
      specs: judged.specs,
      allSpecs: specs,
      leftOut: planned.leftOut,
      pagingCut: planned.pagingCut,
      requests: state.requests,
      ...(planned.stopped ? { stopped: planned.stopped } : {}),
    });
  } finally {
    stopProgress();
    await replay?.close();
  }
}

/** Services none of whose sent cases reached the target: told in one line each. */
function downServices(results: ContractResult[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const service of new Set(results.map((r) => r.service))) {
    const tried = results.filter((r) => r.service === service && r.verdict !== 'skipped');
    const first = tried[0];
    if (first && tried.every((r) => r.verdict === 'not-tested'))
      out.set(service, first.unreachable ?? 'unreachable');
  }
  return out;
}

/**
 * Per operation: cases per class, the listed values sent (`validationStatus 4/4`), the rule
 * kinds its promises declare (checked on every answer) and which filters were exercised.
 */
function reach(specs: Specs, results: ContractResult[], tallies: RunTallies) {
  const counts = classCounts(results);
  const { values: coverage, filters, exercised } = tallies;
  return (key: string): Omit<ReportOperation, keyof ReturnType<typeof verdicts>[number]> => {
    const [service = '', operation = ''] = key.split(' ');
    const target = targetOf(specs, { service, operation });
    return {
      classes: counts.get(key) ?? {},
      coverage: (coverage.get(key) ?? []).map((c) => ({
        input: c.input,
        covered: c.covered.length,
        total: c.total,
        values: c.covered,
      })),
      rules: target ? declaredKinds(target.promises) : [],
      rulesNotExercised: target
        ? declaredKinds(target.promises).filter((k) => !exercised.get(key)?.has(k))
        : [],
      filters: filters.get(key) ?? [],
    };
  };
}

/** Each API's spec version by family (`data-api` → data, `node-rpc` and `node-health` → node). */
function specVersions(specs: Specs): Record<string, string> {
  const out = new Map<string, Set<string>>();
  for (const s of [...specs.rest, ...specs.rpc]) {
    const info = (s.doc as { info?: { version?: unknown } }).info;
    if (typeof info?.version !== 'string') continue;
    const family = s.name.split('-')[0] as string;
    out.set(family, (out.get(family) ?? new Set()).add(info.version));
  }
  return Object.fromEntries([...out].map(([k, v]) => [k, [...v].join(', ')]));
}

/** Tells a finished run as the report every format renders. */
function contractReport(run: Finished): ContractReport {
  const perOp = verdicts(run.results);
  const tallies = runTallies(run.specs, run.results);
  const of = reach(run.specs, run.results, tallies);
  const down = downServices(run.results);
  const drifts = collectDrifts(run.results);
  const keyHeaders = apiKeyHeaders(run.specs);
  const answered = new Set(
    run.results.filter((r) => r.status !== undefined).map((r) => `${r.service} ${r.operation}`),
  );
  const known = run.baseline
    ? applyBaseline(drifts, run.baseline, dayOf(run.startedAt), answered)
    : undefined;
  const baselined = drifts.filter((d) => d.baselined).length;
  const notTested: Record<string, number> = {};
  for (const r of run.results)
    if (r.verdict === 'not-tested') {
      const reason = r.unreachable ?? 'no answer';
      notTested[reason] = (notTested[reason] ?? 0) + 1;
    }
  return {
    reportVersion,
    command: 'contract',
    target: run.target,
    nodeVersion: run.nodeVersion,
    services: Object.entries(run.targets)
      .filter(([name]) => run.results.some((r) => r.service === name))
      .map(([name, url]) => ({
        service: name,
        url: shown(url),
        reachable: !down.has(name),
        ...(down.has(name) ? { reason: down.get(name) } : {}),
        ...(keyHeaders[name] ? { apiKeyHeader: keyHeaders[name] } : {}),
      })),
    summary: {
      operations: { total: perOp.length, ...countVerdicts(perOp) },
      cases: { total: run.results.length, ...countVerdicts(run.results) },
      requests: run.requests,
      casesSent: run.results.filter(sent).length,
      noAnswer: run.results.filter((r) => sent(r) && r.status === undefined).length,
      durationMs: Math.round(run.durationMs),
      classes: Object.fromEntries(
        run.settings.classes.map((k) => [
          k,
          run.results.filter((r) => classOf(r) === k && sent(r)).length,
        ]),
      ),
      seed: run.settings.seed,
      leftOut: run.leftOut,
      pagingCut: run.pagingCut,
      ...(run.stopped ? { stopped: run.stopped } : {}),
      rateLimited: run.results.filter(rateLimited).length,
      notTested,
      drifts: { total: drifts.length, baselined, new: drifts.length - baselined },
    },
    operations: perOp.map((v) => ({ ...v, ...of(`${v.service} ${v.operation}`) })),
    results: run.results.map(({ exchange: _e, ...r }) => ({
      ...r,
      class: classOf(r),
      expected: describeExpectation(r.expect),
      ...(r.verdict === 'drift' ? { headline: headline(r) } : {}),
      violations: r.violations.map((v) => ({
        ...v,
        text: formatViolation(v),
        key: driftKey(v, r),
      })),
    })),
    ...(run.replayUrl ? { replayUrl: run.replayUrl } : {}),
    startedAt: run.startedAt.toISOString(),
    toolVersion: packageVersion(),
    specVersions: specVersions(run.specs),
    settings: run.settings,
    drifts,
    coverage: contractCoverage(run.specs, run.results, tallies, run.allSpecs),
    ...(known ? { baseline: known.baseline } : {}),
    warnings: known?.warnings ?? [],
  };
}

/**
 * The CLI's exit code: 1 for drift the baseline does not excuse, else 2 when anything went
 * untested, else 0.
 */
export function reportExitCode(report: ContractReport): 0 | 1 | 2 {
  const { cases, drifts } = report.summary;
  if (drifts.new > 0) return 1;
  if (cases.notTested > 0) return 2;
  // Everything skipped: nothing was tested either. Drift the baseline excuses was tested.
  return cases.conforms + cases.drift > 0 ? 0 : 2;
}
