// The `contract` command, loaded only when it runs: its modules cost a `check` start ~80 ms.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { type JunitCase, junitDocument, reportVersion } from '../check/report.js';
import { targetOf } from '../contract/case-inputs.js';
import type { CaseClass } from '../contract/case-values.js';
import {
  type ContractCase,
  type ContractResult,
  contractCases,
  countVerdicts,
  describeExpectation,
  exitCode,
  neverLeft,
  parseTargets,
  readNodeVersion,
  skipAbsentMethods,
  type Targets,
  verdicts,
} from '../contract/contract.js';
import {
  newRunState,
  parseHeader,
  parseRate,
  RateLimits,
  type RunHeader,
  type RunState,
  rateLimited,
  startProgress,
} from '../contract/contract-controls.js';
import {
  classCounts,
  defaultPlan,
  parseClasses,
  runPlan,
  sent,
  valueCoverage,
} from '../contract/contract-plan.js';
import { driftLines, headline, rateLimitLines, reasonLines } from '../contract/contract-report.js';
import { exercisedKinds, filterCoverage } from '../contract/filter-cases.js';
import { classOf } from '../contract/generate-cases.js';
import { declaredKinds } from '../model/promises/vocabulary.js';
import { formatViolation } from '../model/schema-set.js';
import { defaultSpecDir, Specs } from '../model/specs.js';
import {
  formatNodeVersion,
  parseNodeVersion,
  releaseSupport,
  supportedReleases,
} from '../model/versions.js';
import { loadExchanges } from '../recordings/capture-input.js';
import type { Recording } from '../recordings/recordings.js';
import { startReplayServer } from '../replay/replay.js';
import {
  defaultRecordings,
  emit,
  format,
  helpFlag,
  loadSpecs,
  parsing,
  positiveInt,
  printHelp,
  UsageError,
} from './cli-shared.js';

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function record(dir: string, results: ContractResult[]) {
  const counts = new Map<string, number>();
  for (const r of results) {
    if (!r.exchange) continue;
    const key = `${r.service}/${r.operation}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    // Only the method, URL and JSON body are kept: no request headers, so no api key.
    const exchange: Omit<Recording, 'file'> & { source: string } = {
      source: `contract run against ${new URL(r.url).origin} (${r.source})`,
      request: r.exchange.request,
      response: r.exchange.response,
    };
    await mkdir(join(dir, r.service), { recursive: true });
    await writeFile(
      join(dir, r.service, `${r.operation}.${n}.json`),
      `${JSON.stringify(exchange, null, 2)}\n`,
    );
  }
}

const verdictWord = {
  conforms: 'conforms',
  drift: 'DRIFT',
  'not-tested': 'not tested',
  skipped: 'skipped',
} as const;

interface ContractRun {
  target: string;
  targets: Targets;
  results: ContractResult[];
  durationMs: number;
  /** Which node release the answers were judged by, and how it was chosen. */
  nodeVersion: string;
  specs: Specs;
  /** Cases the request budget left unsent. */
  leftOut: number;
  /** Paginated operations whose pages went on past --max-pages. */
  pagingCut: string[];
  seed: number;
  classes: CaseClass[];
  /** Every HTTP request made, retries and the node's release probe included. */
  requests: number;
  /** Why the run ended early (--max-failures) and how many cases it left unsent. */
  stopped?: { reason: string; unsent: number };
}

/** Services none of whose sent cases reached the target: told in one line each. */
function downServices(run: ContractRun): Map<string, string> {
  const out = new Map<string, string>();
  for (const service of new Set(run.results.map((r) => r.service))) {
    const tried = run.results.filter((r) => r.service === service && r.verdict !== 'skipped');
    const first = tried[0];
    if (first && tried.every((r) => r.verdict === 'not-tested'))
      out.set(service, first.unreachable ?? 'unreachable');
  }
  return out;
}

const classWords: Record<CaseClass, string> = {
  recorded: 'recorded',
  example: 'example',
  generated: 'generated',
  negative: 'negative',
  page: 'page',
  linked: 'linked',
  filter: 'filter',
};

/**
 * Per operation: cases per class, the listed values sent (`validationStatus 4/4`), the rule
 * kinds its promises declare (checked on every answer) and which filters were exercised.
 */
function reach(run: ContractRun) {
  const counts = classCounts(run.results);
  const coverage = valueCoverage(run.specs, run.results);
  const filters = filterCoverage(run.specs, run.results);
  const exercised = exercisedKinds(run.specs, run.results);
  return (key: string) => {
    const [service = '', operation = ''] = key.split(' ');
    const target = targetOf(run.specs, { service, operation });
    return {
      classes: counts.get(key) ?? {},
      coverage: (coverage.get(key) ?? []).map((c) => ({
        input: c.input,
        covered: c.covered.length,
        total: c.total,
        values: c.covered,
      })),
      rules: target ? declaredKinds(target.promises) : [],
      /** The declared kinds no answer put to the test (an empty list, one item, no second page). */
      rulesNotExercised: target
        ? declaredKinds(target.promises).filter((k) => !exercised.get(key)?.has(k))
        : [],
      filters: filters.get(key) ?? [],
    };
  };
}

/**
 * Per operation with promises: the rule kinds checked on every answer and those no answer put
 * to the test, then per operation with filters which were exercised (sent and met by at least
 * one item), sent but vacuous (met by none: empty answers), or never sent.
 */
function ruleLines(run: ContractRun, skip: Set<string>): string[] {
  const of = reach(run);
  const rows = [['service', 'operation', 'rules checked', 'not exercised', 'filters exercised']];
  const filterLines: string[] = [];
  for (const v of verdicts(run.results)) {
    if (skip.has(v.service)) continue;
    const { rules, rulesNotExercised, filters } = of(`${v.service} ${v.operation}`);
    if (rules.length === 0) continue;
    const named = (state: string) =>
      filters
        .filter((f) => f.state === state)
        .map((f) => (f.rule === 'identity' ? `${f.input} (identity)` : f.input));
    const exercised = named('exercised');
    rows.push([
      v.service,
      v.operation,
      rules.join(', '),
      rulesNotExercised.join(', ') || '-',
      filters.length ? `${exercised.length}/${filters.length}` : '-',
    ]);
    if (filters.length)
      filterLines.push(
        `${v.operation}: exercised ${exercised.join(', ') || '-'}; vacuous ${named('vacuous').join(', ') || '-'}; never sent ${named('not sent').join(', ') || '-'}`,
      );
  }
  if (rows.length === 1) return [];
  return [
    '',
    table(rows),
    ...(filterLines.length
      ? ['', 'filters and identities:', ...filterLines.map((l) => `  ${l}`)]
      : []),
  ];
}

function reachLines(run: ContractRun, skip: Set<string>): string[] {
  const of = reach(run);
  const rows = [['service', 'operation', 'cases by class', 'values covered']];
  for (const v of verdicts(run.results)) {
    if (skip.has(v.service)) continue;
    const { classes, coverage } = of(`${v.service} ${v.operation}`);
    rows.push([
      v.service,
      v.operation,
      Object.entries(classes)
        .map(([k, n]) => `${classWords[k as CaseClass]} ${n}`)
        .join(', ') || '-',
      coverage.map((c) => `${c.input} ${c.covered}/${c.total}`).join(', ') || '-',
    ]);
  }
  return rows.length > 1 ? ['', table(rows)] : [];
}

function contractJson(run: ContractRun): string {
  const perOp = verdicts(run.results);
  const of = reach(run);
  const down = downServices(run);
  const report = {
    reportVersion,
    command: 'contract',
    target: run.target,
    nodeVersion: run.nodeVersion,
    services: Object.entries(run.targets)
      .filter(([name]) => run.results.some((r) => r.service === name))
      .map(([name, url]) => ({
        service: name,
        url,
        reachable: !down.has(name),
        ...(down.has(name) ? { reason: down.get(name) } : {}),
      })),
    summary: {
      operations: { total: perOp.length, ...countVerdicts(perOp) },
      cases: { total: run.results.length, ...countVerdicts(run.results) },
      requests: run.requests,
      casesSent: run.results.filter(sent).length,
      noAnswer: run.results.filter((r) => sent(r) && r.status === undefined).length,
      rateLimited: run.results.filter(rateLimited).length,
      durationMs: Math.round(run.durationMs),
      classes: Object.fromEntries(
        run.classes.map((k) => [k, run.results.filter((r) => classOf(r) === k && sent(r)).length]),
      ),
      seed: run.seed,
      leftOut: run.leftOut,
      pagingCut: run.pagingCut,
      ...(run.stopped ? { stopped: run.stopped } : {}),
    },
    operations: perOp.map((v) => ({ ...v, ...of(`${v.service} ${v.operation}`) })),
    results: run.results.map(({ exchange: _e, ...r }) => ({
      ...r,
      class: classOf(r),
      expected: describeExpectation(r.expect),
      ...(r.verdict === 'drift' ? { headline: headline(r) } : {}),
      violations: r.violations.map((v) => ({ ...v, text: formatViolation(v) })),
    })),
  };
  return JSON.stringify(report, null, 2);
}

/**
 * The run as JUnit XML: one testcase per case with its `time`, named uniquely within its service
 * (a repeated source gets ` #2`, ` #3`).
 */
function contractJunit(run: ContractRun): string {
  const names = new Map<string, number>();
  const cases = run.results.map((r): JunitCase => {
    const base = `${r.operation} ${r.source}`;
    const n = (names.get(`${r.service} ${base}`) ?? 0) + 1;
    names.set(`${r.service} ${base}`, n);
    const c: JunitCase = {
      classname: r.service,
      name: n === 1 ? base : `${base} #${n}`,
      time: (r.durationMs ?? 0) / 1000,
    };
    if (r.verdict === 'drift')
      c.failure = {
        message: headline(r),
        text: [...r.violations.map(formatViolation), r.curl].join('\n'),
      };
    else if (r.verdict === 'not-tested') c.skipped = `not tested: ${r.unreachable ?? 'no answer'}`;
    else if (r.verdict === 'skipped') c.skipped = r.skip ?? 'skipped';
    return c;
  });
  return junitDocument(`contract ${run.target}`, cases, run.durationMs / 1000);
}

function contractText(run: ContractRun, where: string): string {
  const lines: string[] = [];
  const down = downServices(run);
  for (const [service, reason] of down)
    lines.push(
      /^[A-Z_]+$/.test(reason)
        ? `${service}: ${run.targets[service]} is unreachable (${reason}); not tested`
        : reason.startsWith('rate limited')
          ? `${service}: ${run.targets[service]} not tested, ${reason}`
          : `${service}: ${run.targets[service]} gave no answer; not tested: ${reason}`,
    );
  const perOp = verdicts(run.results).filter((v) => !down.has(v.service));
  if (perOp.length > 0) {
    const rows = [['service', 'operation', 'cases', 'status', 'verdict', 'drift']];
    for (const v of perOp) {
      const drift =
        Object.entries(v.drift)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') || '-';
      rows.push([
        v.service,
        v.operation,
        String(v.cases),
        v.statuses.join(',') || '-',
        verdictWord[v.verdict],
        drift,
      ]);
    }
    lines.push(table(rows));
    lines.push(...reachLines(run, new Set(down.keys())));
    lines.push(...ruleLines(run, new Set(down.keys())));
  }
  lines.push(...driftLines(run.results));
  const untested = run.results.filter((x) => x.verdict === 'not-tested' && !down.has(x.service));
  const skippedCases = run.results.filter((x) => x.verdict === 'skipped');
  if (untested.length + skippedCases.length > 0) lines.push('');
  lines.push(...reasonLines('not tested', untested, (r) => r.unreachable ?? 'no answer'));
  lines.push(...reasonLines('skipped', skippedCases, (r) => r.skip ?? 'skipped'));
  lines.push(...rateLimitLines(run.results));
  const ops = verdicts(run.results);
  const n = countVerdicts(ops);
  const c = countVerdicts(run.results);
  const noAnswer = run.results.filter((r) => sent(r) && r.status === undefined).length;
  const byClass = run.classes
    .map((k) => `${k} ${run.results.filter((r) => classOf(r) === k && sent(r)).length}`)
    .join(', ');
  if (run.pagingCut.length > 0)
    lines.push(
      '',
      `paging stopped at --max-pages with more pages offered: ${run.pagingCut.join(', ')}`,
    );
  lines.push(
    '',
    ...(run.stopped
      ? [`stopped early: ${run.stopped.reason}; ${run.stopped.unsent} planned cases not sent`]
      : []),
    `cases sent by class: ${byClass} (seed ${run.seed}${run.leftOut ? `; ${run.leftOut} cases left out by --max-requests` : ''})`,
    `target: ${where}; node answers judged by ${run.nodeVersion}`,
    `contract: ${n.conforms}/${ops.length} operations and methods conform, ${n.drift} drift, ${n.notTested} not tested, ${n.skipped} skipped; cases: ${c.conforms} conform, ${c.drift} drift, ${c.notTested} not tested${noAnswer ? ` (${noAnswer} sent without an answer)` : ''}, ${c.skipped} skipped; ${run.requests} requests in ${(run.durationMs / 1000).toFixed(1)} s`,
  );
  return lines.join('\n');
}

const nodeSpecificReason = 'node-specific; public servers do not serve it';

const contractFlags = {
  ...helpFlag,
  target: { type: 'string' },
  'api-key-env': { type: 'string' },
  only: { type: 'string' },
  concurrency: { type: 'string' },
  record: { type: 'string' },
  format: { type: 'string' },
  output: { type: 'string' },
  specs: { type: 'string' },
  recordings: { type: 'string' },
  'timeout-ms': { type: 'string' },
  'node-version': { type: 'string' },
  cases: { type: 'string' },
  seed: { type: 'string' },
  'max-cases': { type: 'string' },
  'max-requests': { type: 'string' },
  'max-pages': { type: 'string' },
  header: { type: 'string', multiple: true },
  'rate-limit': { type: 'string', multiple: true },
  'max-failures': { type: 'string' },
} as const;

type ContractValues = ReturnType<typeof parseContractArgs>;

function parseContractArgs(args: string[]) {
  return parsing('contract', () => parseArgs({ args, options: contractFlags })).values;
}

/** The plan's and the run's settings from the flags, each checked (in the order of the help). */
function runSettings(values: ContractValues) {
  let classes: Set<CaseClass>;
  try {
    classes = parseClasses(values.cases);
  } catch (error) {
    throw new UsageError((error as Error).message, 'contract');
  }
  const seed = positiveInt('seed', values.seed, defaultPlan.seed, 2 ** 31 - 1);
  const maxCases = positiveInt('max-cases', values['max-cases'], defaultPlan.maxCases, 10000);
  const maxRequests = positiveInt(
    'max-requests',
    values['max-requests'],
    defaultPlan.maxRequests,
    1_000_000,
  );
  const maxPages = positiveInt('max-pages', values['max-pages'], defaultPlan.maxPages, 10000);
  const fmt = format(values.format);
  const concurrency = positiveInt('concurrency', values.concurrency, 4, 64) || 1;
  const timeoutMs = positiveInt('timeout-ms', values['timeout-ms'], 15000, 600000);
  const keyVariable = values['api-key-env'];
  const apiKey = apiKeyOf(keyVariable);
  const maxFailures = positiveInt('max-failures', values['max-failures'], 0, 1_000_000);
  return {
    classes,
    seed,
    maxCases,
    maxRequests,
    maxPages,
    fmt,
    concurrency,
    timeoutMs,
    keyVariable,
    apiKey,
    maxFailures,
  };
}

/** The API key named by `--api-key-env`, read from the environment. */
function apiKeyOf(keyVariable: string | undefined): string | undefined {
  if (keyVariable === undefined) return undefined;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyVariable))
    throw new UsageError(
      `--api-key-env: ${JSON.stringify(keyVariable)} is not an environment variable name (letters, digits, _)`,
    );
  const apiKey = process.env[keyVariable];
  if (!apiKey)
    throw new UsageError(`--api-key-env: the environment variable ${keyVariable} is not set`);
  return apiKey;
}

/** The operator's `--header` and `--rate-limit` controls, per service or for all. */
function runControls(
  values: ContractValues,
  serviceNames: string[],
): { headers: RunHeader[]; rateLimits: RateLimits | undefined } {
  let headers: RunHeader[];
  let rateLimits: RateLimits | undefined;
  try {
    headers = (values.header ?? []).map((h) => parseHeader(h, serviceNames));
    const rates = (values['rate-limit'] ?? []).map((r) => parseRate(r, serviceNames));
    const scopes = rates.map((r) => r.service ?? 'all');
    const twice = scopes.find((s, i) => scopes.indexOf(s) !== i);
    if (twice)
      throw new Error(
        `--rate-limit: ${twice === 'all' ? 'more than one global rate' : `more than one rate for ${twice}`}; give one`,
      );
    if (rates.length > 0) rateLimits = new RateLimits(rates);
  } catch (error) {
    throw new UsageError((error as Error).message, 'contract');
  }
  return { headers, rateLimits };
}

/** The cases `--only` keeps (all when it is not given), and the filter it names. */
function selectCases(
  all: ContractCase[],
  names: string | undefined,
): { cases: ContractCase[]; onlyFilter?: (c: ContractCase) => boolean } {
  if (!names) return { cases: all };
  const only = new Set(names.split(',').map((s) => s.trim()));
  const onlyFilter = (c: ContractCase) => only.has(c.operation) || only.has(c.service);
  const cases = all.filter(onlyFilter);
  if (cases.length === 0)
    throw new UsageError(`--only: ${names} names no operation, method or service`);
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
  if (missing.length > 0)
    throw new UsageError(
      `--target: no URL for ${missing.join(', ')}; name it (name=url) or narrow --only`,
    );
  return { replay, targets };
}

export async function contract(args: string[]) {
  const values = parseContractArgs(args);
  if (values.help) return printHelp('contract');
  const settings = runSettings(values);
  const { classes, seed, fmt, timeoutMs, apiKey, maxFailures } = settings;
  const specs = await Specs.load(values.specs ?? defaultSpecDir);
  const serviceNames = [...specs.rest, ...specs.rpc].map((s) => s.name);
  const { headers, rateLimits } = runControls(values, serviceNames);
  const recordingsDir = values.recordings ?? defaultRecordings;
  // Sources read shorter relative to the folder they came from.
  const recordings = (await loadExchanges([recordingsDir])).map((r) => ({
    ...r,
    file: relative(recordingsDir, r.file) || r.file,
  }));
  const targetName = values.target ?? 'replay';
  let parsed: Targets | 'replay';
  try {
    parsed = parseTargets(targetName, specs);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { cases, onlyFilter } = selectCases(contractCases(specs, recordings), values.only);
  const live = targetName === 'live';
  const { replay, targets } = await openTargets(parsed, specs, recordings, cases);
  const tty = process.stderr.isTTY && fmt === 'text' && !values.output;
  const state: RunState = newRunState();
  let phase: string | undefined = 'starting';
  // Progress goes to stderr, never into the report; on a terminal it is rewritten in place.
  const stopProgress = startProgress(
    (line) => process.stderr.write(tty ? `\r\x1b[2K${line}` : `${line}\n`),
    state,
    () => phase,
  );
  // Every request the run makes passes here, the node's release probe included: the summary's count.
  const probeFetch: typeof fetch = async (input, init) => {
    await rateLimits?.take('node-rpc');
    state.requests++;
    try {
      return await fetch(input, init);
    } catch (error) {
      if (neverLeft(error)) state.requests--;
      throw error;
    }
  };
  try {
    phase = 'asking the node target which release it runs';
    const judged = await judgingSpecs(
      specs,
      values,
      targets,
      cases,
      replay !== undefined,
      timeoutMs,
      headers,
      probeFetch,
    );
    phase = undefined;
    const started = performance.now();
    const planned = await runPlan(
      judged.specs,
      cases,
      {
        targets,
        ...(apiKey ? { apiKey, apiKeyVariable: settings.keyVariable } : {}),
        concurrency: settings.concurrency,
        timeoutMs,
        maxRetryAfterMs: 30000,
        retries: 3,
        replaysCorpus: replay !== undefined,
        headers,
        ...(rateLimits ? { rateLimits } : {}),
        ...(maxFailures ? { maxFailures } : {}),
        state,
        onResult: (r, done, total) => {
          if (tty) process.stderr.write(`\r\x1b[2K${done}/${total} ${r.service} ${r.operation}`);
        },
      },
      {
        classes,
        seed,
        maxCases: settings.maxCases,
        maxRequests: settings.maxRequests,
        maxPages: settings.maxPages,
        ...(onlyFilter ? { only: onlyFilter } : {}),
        prepare: (c) => {
          if (live && c.nodeSpecific && !c.skip) c.skip = nodeSpecificReason;
          if (judged.release) skipAbsentMethods([c], judged.specs, judged.release);
        },
      },
    );
    const { results } = planned;
    stopProgress();
    if (tty) process.stderr.write('\r\x1b[2K');
    const run: ContractRun = {
      target: targetName,
      targets,
      results,
      durationMs: performance.now() - started,
      nodeVersion: judged.note,
      specs: judged.specs,
      leftOut: planned.leftOut,
      pagingCut: planned.pagingCut,
      seed,
      classes: [...classes],
      requests: state.requests,
      ...(planned.stopped ? { stopped: planned.stopped } : {}),
    };
    if (values.record) await record(values.record, results);
    const where = replay ? `replay server ${replay.url}` : targetName;
    const out =
      fmt === 'json'
        ? contractJson(run)
        : fmt === 'junit'
          ? contractJunit(run)
          : contractText(run, where);
    await emit(out, values.output);
    return exitCode(results);
  } finally {
    stopProgress();
    await replay?.close();
  }
}

/**
 * The specs a contract run judges by: for a node target, the documents of the release it
 * reports (`--node-version auto`), of a named release, or of the whole supported range.
 */
async function judgingSpecs(
  specs: Specs,
  values: { specs?: string; 'node-version'?: string },
  targets: Targets,
  cases: ContractCase[],
  isReplay: boolean,
  timeoutMs: number,
  headers: RunHeader[],
  fetchVia: typeof fetch,
): Promise<{ specs: Specs; release?: string; note: string }> {
  const wanted = values['node-version'] ?? (isReplay ? 'none' : 'auto');
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
      timeoutMs,
      fetch: fetchVia,
      headers: headers.filter((h) => h.service === undefined || h.service === 'node-rpc'),
    });
    if ('reason' in read) return { specs, note: `${range} (${read.reason})` };
    release = read.version;
    how = 'read from info.getNodeVersion';
  }
  const judged = await loadSpecs(values.specs, release);
  const name = formatNodeVersion(parseNodeVersion(release));
  // A release outside x-supported-releases is judged by the nearest one's shapes; say so.
  const nodeDoc = judged.rpc.find((s) => s.name === 'node-rpc')?.doc ?? {};
  const support = releaseSupport(nodeDoc, release);
  const covered = supportedReleases(nodeDoc);
  if (covered && (support === 'older' || support === 'newer'))
    how += `; ${support} than the spec's supported releases, ${formatNodeVersion(covered.from)} to ${formatNodeVersion(covered.to)}`;
  return { specs: judged, release: `avalanchego ${name}`, note: `${name} (${how})` };
}
