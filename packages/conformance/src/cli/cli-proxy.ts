// `proxy`: a validating proxy in front of a target, reporting on SIGINT/SIGTERM.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startProxy } from '../check/proxy.js';
import { CheckTally, formatItem, formatJson, formatJunit, formatText } from '../check/report.js';
import { parseTargets } from '../contract/targets.js';
import { defaultMaxBytes, loadExchanges } from '../recordings/capture-input.js';
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

export async function proxy(args: string[]): Promise<number> {
  const { values } = parsing('proxy', () =>
    parseArgs({
      args,
      options: {
        ...helpFlag,
        target: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        strict: { type: 'boolean' },
        record: { type: 'string' },
        format: { type: 'string' },
        output: { type: 'string' },
        specs: { type: 'string' },
        'max-body-bytes': { type: 'string' },
        'max-listed': { type: 'string' },
      },
    }),
  );
  if (values.help) return printHelp('proxy');
  if (!values.target)
    throw new UsageError(
      'proxy: --target is required (replay, live, a URL or name=url,…)',
      'proxy',
    );
  const fmt = format(values.format);
  const maxBodyBytes = positiveInt(
    'max-body-bytes',
    values['max-body-bytes'],
    defaultMaxBytes,
    2 ** 30,
  );
  const tally = new CheckTally(positiveInt('max-listed', values['max-listed'], 200, 2 ** 31));
  const specs = await loadSpecs(values.specs, undefined);
  let targets: Record<string, string>;
  let replay: { url: string; close: () => Promise<void> } | undefined;
  let parsed: ReturnType<typeof parseTargets>;
  try {
    parsed = parseTargets(values.target, specs);
  } catch (error) {
    throw new UsageError(`--target: ${(error as Error).message}`, 'proxy');
  }
  if (parsed === 'replay') {
    const { startReplayServer } = await import('../replay/replay.js');
    replay = await startReplayServer({
      specs,
      recordings: await loadExchanges([defaultRecordings]),
    });
    const url = replay.url;
    targets = Object.fromEntries([...specs.rest, ...specs.rpc].map((s) => [s.name, url]));
  } else targets = parsed;
  const record = values.record;
  if (record) await mkdir(record, { recursive: true });
  let recorded = 0;
  const writes = new Set<Promise<void>>();

  const server = await startProxy({
    specs,
    targets,
    port: positiveInt('port', values.port, 0),
    ...(values.host ? { host: values.host } : {}),
    strict: values.strict === true,
    maxBodyBytes,
    onItem: (item) => {
      tally.add(item);
      if (!item.ok || item.notChecked !== undefined) process.stderr.write(`${formatItem(item)}\n`);
    },
    ...(record
      ? {
          onRecording: (r) => {
            const name = `${String(++recorded).padStart(6, '0')}.json`;
            const { file: _file, ...exchange } = r;
            const write = writeFile(join(record, name), `${JSON.stringify(exchange, null, 2)}\n`);
            writes.add(write);
            void write.finally(() => writes.delete(write));
          },
        }
      : {}),
  });
  const shown = Object.entries(targets)
    .map(([service, url]) => `${service}=${replay ? 'replay' : url}`)
    .join(', ');
  process.stderr.write(`proxy on ${server.url} → ${shown}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      // A second signal stops at once, answers in flight or not.
      process.once('SIGINT', () => server.server.closeAllConnections());
      void server.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await Promise.all(writes);
  await replay?.close();
  const summary = tally.summary(specs);
  await emit(
    fmt === 'json'
      ? formatJson(tally, summary, 'proxy')
      : fmt === 'junit'
        ? formatJunit(tally, summary, 'proxy')
        : formatText(tally, summary),
    values.output,
  );
  return tally.failing > 0 ? 1 : 0;
}
