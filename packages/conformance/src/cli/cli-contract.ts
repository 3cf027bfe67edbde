// The `contract` command, loaded only when it runs: its modules cost a `check` start ~80 ms.
// It parses flags into ContractSettings, runs runContract and writes the report it renders.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Baseline, BaselineError, baselineFrom, readBaseline } from '../contract/baseline.js';
import type { CaseClass } from '../contract/case-values.js';
import type { ContractResult } from '../contract/contract-case.js';
import { defaultPlan, parseClasses } from '../contract/contract-plan.js';
import { contractFormats } from '../contract/formats/index.js';
import { contractSummaryLine } from '../contract/formats/text.js';
import { appendHistory, defaultKeep } from '../contract/history/history.js';
import type { ContractReport } from '../contract/report-types.js';
import {
  type ContractSettings,
  ContractSettingsError,
  reportExitCode,
  runContract,
} from '../contract/run.js';
import type { Recording } from '../recordings/recordings.js';
import {
  defaultRecordings,
  emit,
  helpFlag,
  parsing,
  positiveInt,
  printHelp,
  UsageError,
} from './cli-shared.js';

async function record(dir: string, results: readonly ContractResult[]) {
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
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
  history: { type: 'string' },
  'history-keep': { type: 'string' },
} as const;

type ContractValues = ReturnType<typeof parseContractArgs>;

function parseContractArgs(args: string[]) {
  return parsing('contract', () => parseArgs({ args, options: contractFlags })).values;
}

/** The run's settings and the format from the flags, each checked (in the order of the help). */
function runSettings(values: ContractValues): { settings: ContractSettings; fmt: string } {
  let classes: Set<CaseClass>;
  try {
    classes = parseClasses(values.cases);
  } catch (error) {
    throw new UsageError((error as Error).message, 'contract');
  }
  const seed = positiveInt('seed', values.seed, defaultPlan.seed, 2 ** 31 - 1);
  // Left out, the bound grows where an operation lists more values than it holds.
  const maxCases =
    values['max-cases'] === undefined
      ? undefined
      : positiveInt('max-cases', values['max-cases'], defaultPlan.maxCases, 10000);
  // Left out, the budget follows the specs: runContract gives 12 requests per operation.
  const maxRequests =
    values['max-requests'] === undefined
      ? undefined
      : positiveInt('max-requests', values['max-requests'], defaultPlan.maxRequests, 1_000_000);
  const maxPages = positiveInt('max-pages', values['max-pages'], defaultPlan.maxPages, 10000);
  const fmt = values.format ?? 'text';
  if (!Object.hasOwn(contractFormats, fmt))
    throw new UsageError(
      `--format: ${JSON.stringify(fmt)} must be ${Object.keys(contractFormats).join(', ')}`,
      'contract',
    );
  const concurrency = positiveInt('concurrency', values.concurrency, 4, 64) || 1;
  const timeoutMs = positiveInt('timeout-ms', values['timeout-ms'], 15000, 600000);
  const keyVariable = values['api-key-env'];
  const apiKey = apiKeyOf(keyVariable);
  const maxFailures = positiveInt('max-failures', values['max-failures'], 0, 1_000_000);
  const settings: ContractSettings = {
    target: values.target ?? 'replay',
    ...(values.specs ? { specs: values.specs } : {}),
    recordings: values.recordings ?? defaultRecordings,
    ...(values.only ? { only: values.only.split(',').map((s) => s.trim()) } : {}),
    classes: [...classes],
    seed,
    ...(maxCases === undefined ? {} : { maxCases }),
    ...(maxRequests === undefined ? {} : { maxRequests }),
    maxPages,
    concurrency,
    timeoutMs,
    ...(apiKey ? { apiKey, apiKeyVariable: keyVariable } : {}),
    maxFailures,
    headers: values.header ?? [],
    rateLimits: values['rate-limit'] ?? [],
    ...(values['node-version'] ? { nodeVersion: values['node-version'] } : {}),
  };
  return { settings, fmt };
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

/** The `--baseline` file, checked; a bad one is a usage error naming the entry. */
async function baselineOf(file: string | undefined): Promise<Baseline | undefined> {
  if (file === undefined) return undefined;
  try {
    return await readBaseline(file);
  } catch (error) {
    if (error instanceof BaselineError) throw new UsageError(`--baseline: ${error.message}`);
    throw error;
  }
}

/**
 * The run's summary line wherever the report went: on stdout when the report went to a file
 * (stdout holds nothing else then), on stderr when stdout holds a json, junit, html or markdown
 * report; the text report on stdout ends with it already.
 */
function tellOutcome(report: ContractReport, fmt: string, output: string | undefined) {
  if (output) process.stdout.write(`${contractSummaryLine(report)}\nreport (${fmt}): ${output}\n`);
  else if (fmt !== 'text') process.stderr.write(`${contractSummaryLine(report)}\n`);
}

export async function contract(args: string[]) {
  const values = parseContractArgs(args);
  if (values.help) return printHelp('contract');
  const { settings, fmt } = runSettings(values);
  const baseline = await baselineOf(values.baseline);
  if (baseline) settings.baseline = baseline;
  // Checked before the run, which a bad flag must not waste.
  const historyKeep = positiveInt('history-keep', values['history-keep'], defaultKeep, 100_000);
  const render = contractFormats[fmt] as (typeof contractFormats)[string];
  const tty = process.stderr.isTTY && fmt === 'text' && !values.output;
  const clear = tty ? '\r\x1b[2K' : '';
  let report: ContractReport;
  try {
    report = await runContract(settings, {
      // Progress goes to stderr, never into the report; on a terminal it is rewritten in place.
      progress: (line) => process.stderr.write(tty ? `${clear}${line}` : `${line}\n`),
      onResult: (r, done, total) => {
        if (tty) process.stderr.write(`${clear}${done}/${total} ${r.service} ${r.operation}`);
      },
      ...(values.record
        ? { onResults: (results) => record(values.record as string, results) }
        : {}),
    });
  } catch (error) {
    if (error instanceof ContractSettingsError) throw new UsageError(error.message, 'contract');
    throw error;
  } finally {
    if (tty) process.stderr.write(clear);
  }
  for (const warning of report.warnings) process.stderr.write(`warning: ${warning}\n`);
  await emit(render(report), values.output);
  tellOutcome(report, fmt, values.output);
  if (values['write-baseline'])
    await writeFile(values['write-baseline'], baselineFrom(report, baseline));
  if (values.history) await appendHistory(values.history, report, { keep: historyKeep });
  return reportExitCode(report);
}
