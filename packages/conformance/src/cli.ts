#!/usr/bin/env node
// The CLI's entry: `check` loads only what checking needs; `serve` and `contract` load their
// modules when they run, so that a `check` starts fast.
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import {
  defaultExclusions,
  defaultRecordings,
  emit,
  format,
  help,
  helpFlag,
  loadSpecs,
  parsing,
  positiveInt,
  printHelp,
  UsageError,
  usage,
  version,
} from './cli-shared.js';
import { ListingTracker } from './promises/check.js';
import { loadExchanges, RecordingFormatError } from './recordings.js';
import { formatJson, formatJunit, formatText, summarize } from './report.js';
import {
  defaultSpecDir,
  type ExchangeResult,
  type Exclusions,
  exclusionFor,
  Specs,
} from './specs.js';

async function readExclusions(file: string | undefined): Promise<Exclusions> {
  const path = file ?? defaultExclusions;
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    if (file === undefined && (error as { code?: string }).code === 'ENOENT') return {};
    throw new UsageError(`--exclusions: cannot read ${path}: ${(error as Error).message}`);
  }
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
  // The cursor rule spans answers: pages of one listing, in the order given.
  const listings = new ListingTracker();
  exchanges.forEach((e, i) => {
    const result = results[i] as ExchangeResult;
    if (result.excluded) return;
    for (const s of specs.promiseSubjects(e)) {
      const found = listings.observe(s.operation, s.promises, s.inputs, s.answer);
      if (found.length === 0) continue;
      result.errors.push(...found);
      result.ok = false;
    }
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
        host: { type: 'string' },
        specs: { type: 'string' },
        recordings: { type: 'string' },
        fault: { type: 'string' },
      },
    }),
  );
  if (values.help) return printHelp('serve');
  const { parseFault, FaultSyntaxError } = await import('./replay-faults.js');
  if (values.fault !== undefined) {
    try {
      parseFault(values.fault);
    } catch (error) {
      if (error instanceof FaultSyntaxError)
        throw new UsageError(`--fault: ${error.message}`, 'serve');
      throw error;
    }
  }
  const host = values.host ?? '127.0.0.1';
  if (!isIP(host))
    throw new UsageError(
      `--host: ${JSON.stringify(host)} is not an IP address (e.g. 127.0.0.1, 0.0.0.0 or ::1)`,
      'serve',
    );
  const port = positiveInt('port', values.port, 0);
  const specs = await Specs.load(values.specs ?? defaultSpecDir);
  const recordings = await loadExchanges([values.recordings ?? defaultRecordings]);
  const { startReplayServer } = await import('./replay.js');
  const server = await startReplayServer({
    specs,
    recordings,
    port,
    host,
    ...(values.fault === undefined ? {} : { fault: values.fault }),
  });
  console.log(`replay server on ${server.url}`);
  if (!/^(127\.|::1$|::ffff:127\.)/.test(host))
    console.error(
      `warning: ${host} is not a loopback address; the replay server is reachable from the network`,
    );
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

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'check') return await check(rest);
    if (command === 'serve') return await serve(rest);
    if (command === 'contract') return await (await import('./cli-contract.js')).contract(rest);
    if (command === 'diff') return await (await import('./cli-diff.js')).diff(rest);
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
