#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { CaseClass } from './case-values.js';
import {
  type ContractCase,
  type ContractResult,
  contractCases,
  countVerdicts,
  describeExpectation,
  exitCode,
  parseTargets,
  readNodeVersion,
  skipAbsentMethods,
  type Targets,
  verdicts,
} from './contract.js';
import { classCounts, defaultPlan, parseClasses, runPlan, valueCoverage } from './contract-plan.js';
import { classOf } from './generate-cases.js';
import { loadExchanges, type Recording, RecordingFormatError } from './recordings.js';
import { startReplayServer } from './replay.js';
import {
  formatJson,
  formatJunit,
  formatText,
  type JunitCase,
  junitDocument,
  reportVersion,
  summarize,
} from './report.js';
import { formatViolation } from './schema-set.js';
import {
  defaultSpecDir,
  type ExchangeResult,
  type Exclusions,
  exclusionFor,
  Specs,
} from './specs.js';
import { formatNodeVersion, NodeVersionError, parseNodeVersion } from './versions.js';

const exitCodes = `Exit codes: 0 everything tested conforms, 1 drift (or a failed exchange),
2 not tested (a target unreachable, nothing left to test) or a usage error.`;

const common = `  --specs DIR           bundled spec documents to use (default: the package's own)
  --format FMT          text (default), json or junit; json and junit print only the report
  --output FILE         write the report to FILE instead of stdout
  -h, --help            this help`;

const help = {
  check: `Usage: avalanche-conformance check <files or folders…> [options]

Validate recorded exchanges (specs/recordings format or HAR 1.2) against the specs.

Options:
  --strict              also fail on properties the spec does not declare
  --exclusions FILE     exchanges left out on purpose, with reasons (default: the corpus's)
  --node-version V      judge node answers as AvalancheGo release V sends them
                        (avalanchego/1.13.2 or v1.13.2; default: the spec's supported range)
${common}

Exit codes: 0 every exchange passes, 1 any fails, 2 usage error.`,
  serve: `Usage: avalanche-conformance serve [options]

Run the replay server on 127.0.0.1 for the Data, Metrics and node APIs.

Options:
  --port N              port to listen on (default 0: any free port)
  --recordings DIR      exchanges to answer from (default: the bundled corpus)
  --specs DIR           bundled spec documents to use (default: the package's own)
  -h, --help            this help`,
  contract: `Usage: avalanche-conformance contract [options]

Send the recorded and example requests, and cases generated from the specs' parameter
schemas, pages and links, to a target and check each answer: its status, its JSON-RPC
result or error, and its body against the spec (strict).

Options:
  --target T            replay (default, in-process), live (the specs' public hosts),
                        one URL for every service, or name=url,… per service
  --api-key-env NAME    send the key in environment variable NAME as x-glacier-api-key
                        to the data-api target (curl lines show $NAME, never the key)
  --only a,b            only these operations, methods or services
  --concurrency N       requests in flight at once (default 4)
  --timeout-ms N        per-request timeout in ms (default 15000)
  --node-version V      judge node answers as release V sends them; auto (default for a
                        URL or live target) asks the target's info.getNodeVersion, none
                        (default for replay, which serves answers of several releases)
                        uses the spec's whole supported range
  --cases LIST          case classes to run (default all): recorded, example,
                        generated (every enum value, bounds, optional inputs absent and
                        present, both forms of 64-bit numbers), negative (one broken rule
                        each; the documented 400 or JSON-RPC error expected), page
                        (follow page tokens / endIndex / startIndex) and linked (the
                        specs' links from one answer to the next call)
  --seed N              seed of the generated cases (default 1): same seed, same cases
  --max-cases N         most generated and most negative cases per operation (default 12)
  --max-requests N      most requests in the whole run (default 600)
  --max-pages N         most pages followed per paginated operation (default 4)
  --record DIR          write every exchange in the recordings format (no headers)
  --recordings DIR      exchanges to take requests from (default: the bundled corpus)
${common}

${exitCodes}`,
};

const usage = `Usage: avalanche-conformance <command> [options]
       avalanche-conformance --version | --help

Commands:
  check <files or folders…>   validate recorded exchanges or HAR files against the specs
  serve                       run the replay server on 127.0.0.1
  contract                    contract-test a deployment (default target: the replay server)

Run \`avalanche-conformance <command> --help\` for a command's options.

${exitCodes}`;

class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: keyof typeof help,
  ) {
    super(message);
  }
}

const defaultRecordings = new URL('../recordings/', import.meta.url).pathname;
const defaultExclusions = new URL('../recordings-exclusions.json', import.meta.url).pathname;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return String(pkg.version);
}

const helpFlag = { help: { type: 'boolean', short: 'h' } } as const;

/** Runs one command's parseArgs; an unknown flag becomes a usage error that names it. */
function parsing<T>(command: keyof typeof help, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS')) throw error;
    const flag = /'([^']+)'/.exec((error as Error).message)?.[1];
    const rule =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? `unknown option ${flag}`
        : code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
          ? `unexpected argument ${flag}`
          : (error as Error).message;
    throw new UsageError(`${command}: ${rule}`, command);
  }
}

async function readExclusions(file: string | undefined): Promise<Exclusions> {
  const path = file ?? defaultExclusions;
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    if (file === undefined && (error as { code?: string }).code === 'ENOENT') return {};
    throw new UsageError(`--exclusions: cannot read ${path}: ${(error as Error).message}`);
  }
}

function format(value: string | undefined): 'text' | 'json' | 'junit' {
  const f = value ?? 'text';
  if (f !== 'text' && f !== 'json' && f !== 'junit')
    throw new UsageError(`--format: ${JSON.stringify(f)} must be text, json or junit`);
  return f;
}

function positiveInt(
  name: string,
  value: string | undefined,
  fallback: number,
  max = 65535,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new UsageError(`--${name}: ${JSON.stringify(value)} must be an integer from 0 to ${max}`);
  return n;
}

/** Writes the report to stdout, or to `--output`; nothing else goes to stdout. */
async function emit(report: string, output: string | undefined) {
  if (output) await writeFile(output, `${report}\n`);
  else process.stdout.write(`${report}\n`);
}

async function check(args: string[]) {
  const { values, positionals } = parsing('check', () =>
    parseArgs({
      args,
      allowPositionals: true,
      options: {
        ...helpFlag,
        strict: { type: 'boolean' },
        format: { type: 'string' },
        output: { type: 'string' },
        specs: { type: 'string' },
        exclusions: { type: 'string' },
        'node-version': { type: 'string' },
      },
    }),
  );
  if (values.help) return printHelp('check');
  if (positionals.length === 0)
    throw new UsageError('check: name at least one file or folder', 'check');
  const fmt = format(values.format);
  const specs = await loadSpecs(values.specs, values['node-version']);
  const exchanges = await loadExchanges(positionals);
  const exclusions = await readExclusions(values.exclusions);
  const results: ExchangeResult[] = exchanges.map((e) => {
    const excluded = exclusionFor(exclusions, e.file);
    if (excluded) return { file: e.file, ok: true, errors: [], excluded };
    return specs.checkExchange(e, { strict: values.strict === true });
  });
  const summary = summarize(specs, results);
  const out =
    fmt === 'json'
      ? formatJson(results, summary)
      : fmt === 'junit'
        ? formatJunit(results)
        : formatText(results, summary);
  await emit(out, values.output);
  return summary.failed > 0 ? 1 : 0;
}

async function serve(args: string[]) {
  const { values } = parsing('serve', () =>
    parseArgs({
      args,
      options: {
        ...helpFlag,
        port: { type: 'string' },
        specs: { type: 'string' },
        recordings: { type: 'string' },
      },
    }),
  );
  if (values.help) return printHelp('serve');
  const specs = await Specs.load(values.specs ?? defaultSpecDir);
  const recordings = await loadExchanges([values.recordings ?? defaultRecordings]);
  const server = await startReplayServer({
    specs,
    recordings,
    port: positiveInt('port', values.port, 0),
  });
  console.log(`replay server on ${server.url}`);
  console.log(`  data-api     ${server.url}/v1/...`);
  console.log(`  metrics-api  ${server.url}/v1/avg_tps/{chainId}`);
  console.log(`  node-rpc     ${server.url}/ext/...  (JSON-RPC POST and health GET)`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      console.log('stopping replay server');
      void server.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

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
};

/** Per operation: cases per class and the listed values sent (`validationStatus 4/4`). */
function reach(run: ContractRun) {
  const counts = classCounts(run.results);
  const coverage = valueCoverage(run.specs, run.results);
  return (key: string) => ({
    classes: counts.get(key) ?? {},
    coverage: (coverage.get(key) ?? []).map((c) => ({
      input: c.input,
      covered: c.covered.length,
      total: c.total,
      values: c.covered,
    })),
  });
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
      requests: run.results.filter((r) => r.status !== undefined).length,
      durationMs: Math.round(run.durationMs),
      classes: Object.fromEntries(
        run.classes.map((k) => [
          k,
          run.results.filter((r) => classOf(r) === k && r.status !== undefined).length,
        ]),
      ),
      seed: run.seed,
      leftOut: run.leftOut,
      pagingCut: run.pagingCut,
    },
    operations: perOp.map((v) => ({ ...v, ...of(`${v.service} ${v.operation}`) })),
    results: run.results.map(({ exchange: _e, ...r }) => ({
      ...r,
      class: classOf(r),
      expected: describeExpectation(r.expect),
      violations: r.violations.map((v) => ({ ...v, text: formatViolation(v) })),
    })),
  };
  return JSON.stringify(report, null, 2);
}

function contractJunit(run: ContractRun): string {
  return junitDocument(
    `contract ${run.target}`,
    run.results.map((r) => {
      const c: JunitCase = { classname: r.service, name: `${r.operation} ${r.source}` };
      if (r.verdict === 'drift') {
        c.failure = {
          message: `expected ${describeExpectation(r.expect)}, got ${r.got ?? 'no answer'}`,
          text: [...r.violations.map(formatViolation), r.curl].join('\n'),
        };
      } else if (r.verdict === 'not-tested')
        c.skipped = `not tested: unreachable (${r.unreachable})`;
      else if (r.verdict === 'skipped') c.skipped = r.skip ?? 'skipped';
      return c;
    }),
  );
}

function contractText(run: ContractRun, where: string): string {
  const lines: string[] = [];
  const down = downServices(run);
  for (const [service, reason] of down)
    lines.push(`${service}: ${run.targets[service]} is unreachable (${reason}); not tested`);
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
  }
  for (const r of run.results.filter((x) => x.verdict === 'drift')) {
    // The expected-vs-got line already says what unexpected-status/-error would repeat.
    const rest = r.violations.filter(
      (v) => v.kind !== 'unexpected-status' && v.kind !== 'unexpected-error',
    );
    lines.push(
      '',
      `DRIFT ${r.service} ${r.operation} (${r.source})`,
      `  expected ${describeExpectation(r.expect)}, got ${r.got ?? 'no answer'}`,
      ...rest.slice(0, 10).map((v) => `  ${formatViolation(v)}`),
      ...(rest.length > 10 ? [`  … and ${rest.length - 10} more`] : []),
      `  ${r.curl}`,
    );
  }
  const skipped = new Map<string, Set<string>>();
  for (const r of run.results.filter((x) => x.verdict === 'skipped')) {
    const reason = r.skip ?? 'skipped';
    skipped.set(reason, (skipped.get(reason) ?? new Set()).add(`${r.operation} (${r.source})`));
  }
  if (skipped.size > 0) lines.push('');
  for (const [reason, cases] of skipped) {
    const list = [...cases];
    const shown =
      list.length > 3
        ? `${list.slice(0, 3).join(', ')} and ${list.length - 3} more`
        : list.join(', ');
    lines.push(`skipped ${list.length} case${list.length === 1 ? '' : 's'}: ${shown}: ${reason}`);
  }
  const ops = verdicts(run.results);
  const n = countVerdicts(ops);
  const c = countVerdicts(run.results);
  const requests = run.results.filter((r) => r.status !== undefined).length;
  const byClass = run.classes
    .map(
      (k) => `${k} ${run.results.filter((r) => classOf(r) === k && r.status !== undefined).length}`,
    )
    .join(', ');
  if (run.pagingCut.length > 0)
    lines.push(
      '',
      `paging stopped at --max-pages with more pages offered: ${run.pagingCut.join(', ')}`,
    );
  lines.push(
    '',
    `cases sent by class: ${byClass} (seed ${run.seed}${run.leftOut ? `; ${run.leftOut} cases left out by --max-requests` : ''})`,
    `target: ${where}; node answers judged by ${run.nodeVersion}`,
    `contract: ${n.conforms}/${ops.length} operations and methods conform, ${n.drift} drift, ${n.notTested} not tested, ${n.skipped} skipped; cases: ${c.conforms} conform, ${c.drift} drift, ${c.notTested} not tested, ${c.skipped} skipped; ${requests} requests in ${(run.durationMs / 1000).toFixed(1)} s`,
  );
  return lines.join('\n');
}

const nodeSpecificReason = 'node-specific; public servers do not serve it';

async function contract(args: string[]) {
  const { values } = parsing('contract', () =>
    parseArgs({
      args,
      options: {
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
      },
    }),
  );
  if (values.help) return printHelp('contract');
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
  let apiKey: string | undefined;
  if (keyVariable !== undefined) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyVariable))
      throw new UsageError(
        `--api-key-env: ${JSON.stringify(keyVariable)} is not an environment variable name (letters, digits, _)`,
      );
    apiKey = process.env[keyVariable];
    if (!apiKey)
      throw new UsageError(`--api-key-env: the environment variable ${keyVariable} is not set`);
  }
  const specs = await Specs.load(values.specs ?? defaultSpecDir);
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
  let cases: ContractCase[] = contractCases(specs, recordings);
  let onlyFilter: ((c: ContractCase) => boolean) | undefined;
  if (values.only) {
    const only = new Set(values.only.split(',').map((s) => s.trim()));
    onlyFilter = (c) => only.has(c.operation) || only.has(c.service);
    cases = cases.filter(onlyFilter);
    if (cases.length === 0)
      throw new UsageError(`--only: ${values.only} names no operation, method or service`);
  }
  const live = targetName === 'live';
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
  const tty = process.stderr.isTTY && fmt === 'text' && !values.output;
  try {
    const judged = await judgingSpecs(
      specs,
      values,
      targets,
      cases,
      replay !== undefined,
      timeoutMs,
    );
    const started = performance.now();
    const planned = await runPlan(
      judged.specs,
      cases,
      {
        targets,
        ...(apiKey ? { apiKey, apiKeyVariable: keyVariable } : {}),
        concurrency,
        timeoutMs,
        maxRetryAfterMs: 30000,
        retries: 3,
        replaysCorpus: replay !== undefined,
        onResult: (r, done, total) => {
          if (tty) process.stderr.write(`\r\x1b[2K${done}/${total} ${r.service} ${r.operation}`);
        },
      },
      {
        classes,
        seed,
        maxCases,
        maxRequests,
        maxPages,
        ...(onlyFilter ? { only: onlyFilter } : {}),
        prepare: (c) => {
          if (live && c.nodeSpecific && !c.skip) c.skip = nodeSpecificReason;
          if (judged.release) skipAbsentMethods([c], judged.specs, judged.release);
        },
      },
    );
    const { results } = planned;
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
    await replay?.close();
  }
}

async function loadSpecs(dir: string | undefined, nodeVersion: string | undefined) {
  try {
    return await Specs.load(dir ?? defaultSpecDir, nodeVersion ? { nodeVersion } : {});
  } catch (error) {
    if (error instanceof NodeVersionError) throw new UsageError(`--node-version: ${error.message}`);
    throw error;
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
    const read = await readNodeVersion(base, { timeoutMs });
    if ('reason' in read) return { specs, note: `${range} (${read.reason})` };
    release = read.version;
    how = 'read from info.getNodeVersion';
  }
  const judged = await loadSpecs(values.specs, release);
  const name = formatNodeVersion(parseNodeVersion(release));
  return { specs: judged, release: `avalanchego ${name}`, note: `${name} (${how})` };
}

function printHelp(command?: keyof typeof help): number {
  console.log(command ? help[command] : usage);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'check') return await check(rest);
    if (command === 'serve') return await serve(rest);
    if (command === 'contract') return await contract(rest);
    if (command === '--version') {
      console.log(version());
      return 0;
    }
    if (command === '--help' || command === '-h' || command === 'help') {
      const topic = rest[0];
      return printHelp(topic && topic in help ? (topic as keyof typeof help) : undefined);
    }
    if (command === undefined) {
      console.error(usage);
      return 2;
    }
    throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  } catch (error) {
    if (error instanceof UsageError) {
      const name = error.command ?? (command && command in help ? command : undefined);
      const hint = name
        ? `run \`avalanche-conformance ${name} --help\` for its options`
        : 'run `avalanche-conformance --help` for the commands';
      console.error(`error: ${error.message}\n${hint}`);
      return 2;
    }
    console.error(`error: ${(error as Error).message}`);
    // Input that cannot be read means nothing was tested.
    return error instanceof RecordingFormatError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
