#!/usr/bin/env node
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type ContractResult,
  contractCases,
  parseTargets,
  runContract,
  type Targets,
  verdicts,
} from './contract.js';
import { loadExchanges, type Recording } from './recordings.js';
import { startReplayServer } from './replay.js';
import { formatJson, formatJunit, formatText, summarize } from './report.js';
import { formatViolation } from './schema-set.js';
import {
  defaultSpecDir,
  type ExchangeResult,
  type Exclusions,
  exclusionFor,
  Specs,
} from './specs.js';

const usage = `Usage: avalanche-conformance <command> [options]

Commands:
  check <files or folders…> [--strict] [--format text|json|junit]
      Validate recorded exchanges (specs/recordings format or HAR 1.2) against the specs.
  serve [--port N]
      Run the replay server on 127.0.0.1 for the Data, Metrics and node APIs.
  contract [--target replay|live|<url>|name=url,…] [--api-key-env NAME] [--only a,b]
           [--concurrency N] [--record DIR] [--format text|json|junit]
      Send every recorded and example request to a target and validate each answer.

Common options: --specs DIR (bundled specs), --recordings DIR (default: the bundled corpus),
--exclusions FILE (exchanges of the corpus left out on purpose, with reasons).`;

class UsageError extends Error {}

const defaultRecordings = new URL('../recordings/', import.meta.url).pathname;
const defaultExclusions = new URL('../recordings-exclusions.json', import.meta.url).pathname;

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

async function check(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      strict: { type: 'boolean' },
      format: { type: 'string' },
      specs: { type: 'string' },
      exclusions: { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new UsageError('check: name at least one file or folder');
  const fmt = format(values.format);
  const specs = await Specs.load(values.specs ?? defaultSpecDir);
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
        ? formatJunit(results, summary)
        : formatText(results, summary);
  process.stdout.write(`${out}\n`);
  return summary.failed > 0 ? 1 : 0;
}

async function serve(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      specs: { type: 'string' },
      recordings: { type: 'string' },
    },
  });
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

async function contract(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      target: { type: 'string' },
      'api-key-env': { type: 'string' },
      only: { type: 'string' },
      concurrency: { type: 'string' },
      record: { type: 'string' },
      format: { type: 'string' },
      specs: { type: 'string' },
      recordings: { type: 'string' },
      'timeout-ms': { type: 'string' },
    },
  });
  const fmt = format(values.format);
  const specs = await Specs.load(values.specs ?? defaultSpecDir);
  const recordings = await loadExchanges([values.recordings ?? defaultRecordings]);
  const targetName = values.target ?? 'replay';
  const parsed = parseTargets(targetName, specs);
  let apiKey: string | undefined;
  if (values['api-key-env']) {
    apiKey = process.env[values['api-key-env']];
    if (!apiKey)
      throw new UsageError(
        `--api-key-env: the environment variable ${values['api-key-env']} is not set`,
      );
  }
  let cases = contractCases(specs, recordings);
  if (values.only) {
    const only = new Set(values.only.split(',').map((s) => s.trim()));
    cases = cases.filter((c) => only.has(c.operation) || only.has(c.service));
    if (cases.length === 0)
      throw new UsageError(`--only: ${values.only} names no operation, method or service`);
  }
  const skipped = targetName === 'live' ? cases.filter((c) => c.nodeSpecific) : [];
  cases = cases.filter((c) => !skipped.includes(c));
  let replay: Awaited<ReturnType<typeof startReplayServer>> | undefined;
  let targets: Targets;
  if (parsed === 'replay') {
    replay = await startReplayServer({ specs, recordings });
    targets = Object.fromEntries(
      [...specs.rest, ...specs.rpc].map((s) => [s.name, replay?.url as string]),
    );
  } else targets = parsed;
  const tty = process.stderr.isTTY && fmt === 'text';
  try {
    const results = await runContract(specs, cases, {
      targets,
      ...(apiKey ? { apiKey } : {}),
      concurrency: positiveInt('concurrency', values.concurrency, 4, 64) || 1,
      timeoutMs: positiveInt('timeout-ms', values['timeout-ms'], 15000, 600000),
      maxRetryAfterMs: 30000,
      retries: 3,
      onResult: (r, done, total) => {
        if (tty) process.stderr.write(`\r\x1b[2K${done}/${total} ${r.service} ${r.operation}`);
      },
    });
    if (tty) process.stderr.write('\r\x1b[2K');
    if (values.record) await record(values.record, results);
    const unreachable = new Map<string, string>();
    for (const r of results)
      if (r.unreachable && !unreachable.has(r.service))
        unreachable.set(r.service, `${targets[r.service]} is unreachable (${r.unreachable})`);
    const perOp = verdicts(results);
    const conform = perOp.filter((v) => v.ok).length;
    if (fmt === 'json') {
      const report = {
        target: targetName,
        results: results.map(({ exchange: _e, ...r }) => ({
          ...r,
          violations: r.violations.map((v) => ({ ...v, text: formatViolation(v) })),
        })),
        operations: perOp,
        skipped: skipped.map((c) => `${c.service} ${c.operation}`),
        summary: {
          operations: perOp.length,
          conform,
          drift: perOp.length - conform,
          unreachable: Object.fromEntries(unreachable),
        },
      };
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    } else if (fmt === 'junit') {
      const asResults: ExchangeResult[] = results.map((r) => ({
        file: r.source,
        service: r.service,
        operation: r.operation,
        ok: r.ok,
        errors: r.violations,
      }));
      process.stdout.write(
        `${formatJunit(asResults, summarize(specs, asResults), `contract ${targetName}`)}\n`,
      );
    } else {
      for (const [service, where] of unreachable) console.log(`${service}: ${where}`);
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
          v.ok ? 'conforms' : 'DRIFT',
          drift,
        ]);
      }
      console.log(table(rows));
      for (const r of results.filter((x) => !x.ok && !x.unreachable)) {
        console.log(
          `\n${r.service} ${r.operation} (${r.source}): ${r.method} ${r.url} -> ${r.status ?? 'no answer'}`,
        );
        for (const v of r.violations.slice(0, 10)) console.log(`  ${formatViolation(v)}`);
      }
      if (skipped.length > 0) {
        console.log(
          `\nskipped ${new Set(skipped.map((c) => c.operation)).size} node-specific methods (unavailable on public servers)`,
        );
      }
      const where = replay ? `replay server ${replay.url}` : targetName;
      console.log(
        `\ncontract: ${conform}/${perOp.length} operations and methods conform, ${results.length} requests, target ${where}`,
      );
    }
    return conform === perOp.length && unreachable.size === 0 ? 0 : 1;
  } finally {
    await replay?.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'check') return await check(rest);
    if (command === 'serve') return await serve(rest);
    if (command === 'contract') return await contract(rest);
    if (command === undefined || command === '--help' || command === '-h') {
      console.log(usage);
      return command === undefined ? 2 : 0;
    }
    throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`error: ${(error as Error).message}\n\n${usage}`);
      return 2;
    }
    console.error(`error: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
