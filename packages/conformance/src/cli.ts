#!/usr/bin/env node
// The CLI's entry: each command loads its modules when it runs, so that every one starts fast.
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import {
  defaultRecordings,
  help,
  helpFlag,
  parsing,
  positiveInt,
  printHelp,
  UsageError,
  usage,
  version,
} from './cli/cli-shared.js';
import { defaultSpecDir, Specs } from './model/specs.js';
import { loadExchanges } from './recordings/capture-input.js';
import { RecordingFormatError } from './recordings/recordings.js';

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
        'older-answers': { type: 'boolean' },
      },
    }),
  );
  if (values.help) return printHelp('serve');
  const { parseFault, FaultSyntaxError } = await import('./replay/replay-faults.js');
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
  const { startReplayServer } = await import('./replay/replay.js');
  const server = await startReplayServer({
    specs,
    recordings,
    port,
    host,
    ...(values.fault === undefined ? {} : { fault: values.fault }),
    olderAnswers: values['older-answers'] === true,
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
    if (command === 'check') return await (await import('./cli/cli-check.js')).check(rest);
    if (command === 'proxy') return await (await import('./cli/cli-proxy.js')).proxy(rest);
    if (command === 'serve') return await serve(rest);
    if (command === 'contract') return await (await import('./cli/cli-contract.js')).contract(rest);
    if (command === 'diff') return await (await import('./cli/cli-diff.js')).diff(rest);
    if (command === 'dashboard')
      return await (await import('./cli/cli-dashboard.js')).dashboard(rest);
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

// A reader that stops early (`… | head -c 5`) closes the pipe: the rest of the report has nowhere
// to go, which is not a failure of the run, so end quietly instead of an unhandled EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});
process.exitCode = await main(process.argv.slice(2));
