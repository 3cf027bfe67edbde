// `check`: validates captures of any size, streamed, in input order.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { jobsFor, runCheck } from '../check/check-run.js';
import { CheckTally, formatJson, formatJunit, formatText, itemJson } from '../check/report.js';
import { defaultSpecDir, type Exclusions } from '../model/specs.js';
import { defaultMaxBytes, readCaptureBatches } from '../recordings/capture-input.js';
import {
  defaultExclusions,
  emit,
  helpFlag,
  loadSpecs,
  parsing,
  positiveInt,
  printHelp,
  UsageError,
} from './cli-shared.js';

export async function readExclusions(file: string | undefined): Promise<Exclusions> {
  const path = file ?? defaultExclusions;
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    if (file === undefined && (error as { code?: string }).code === 'ENOENT') return {};
    throw new UsageError(`--exclusions: cannot read ${path}: ${(error as Error).message}`);
  }
}

/** Writes lines to a file or stdout, waiting when the reader is slower than the check. */
function lineWriter(output: string | undefined) {
  const stream = output ? createWriteStream(output) : process.stdout;
  return {
    /** A promise only when the reader is behind: no turn of the event loop per line otherwise. */
    write(line: string): Promise<unknown> | undefined {
      return stream.write(`${line}\n`) ? undefined : once(stream, 'drain');
    },
    async close() {
      if (stream === process.stdout) return;
      stream.end();
      await once(stream, 'finish');
    },
  };
}

export async function check(args: string[]): Promise<number> {
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
        jobs: { type: 'string' },
        'max-body-bytes': { type: 'string' },
        'max-listed': { type: 'string' },
      },
    }),
  );
  if (values.help) return printHelp('check');
  if (positionals.length === 0)
    throw new UsageError('check: name at least one file or folder (or - for stdin)', 'check');
  const fmt = values.format ?? 'text';
  if (!['text', 'json', 'junit', 'jsonl'].includes(fmt))
    throw new UsageError(`--format: ${JSON.stringify(fmt)} must be text, json, jsonl or junit`);
  const requested =
    values.jobs === undefined ? undefined : positiveInt('jobs', values.jobs, 1, 256) || 1;
  const jobs = jobsFor(requested);
  if (requested !== undefined && jobs < requested)
    process.stderr.write(
      `check: --jobs ${requested} lowered to ${jobs} (${availableParallelism()} cores at load ${(loadavg()[0] ?? 0).toFixed(1)}): a thread that validates needs a core of its own, and V8's threads one more\n`,
    );
  const maxBytes = positiveInt(
    'max-body-bytes',
    values['max-body-bytes'],
    defaultMaxBytes,
    2 ** 30,
  );
  const tally = new CheckTally(positiveInt('max-listed', values['max-listed'], 200, 2 ** 31));
  const specs = await loadSpecs(values.specs, values['node-version']);
  const exclusions = await readExclusions(values.exclusions);
  const lines = fmt === 'jsonl' ? lineWriter(values.output) : undefined;

  // Progress for inputs that take more than a few seconds; never on stdout.
  const started = performance.now();
  const progress = setInterval(() => {
    const s = (performance.now() - started) / 1000;
    process.stderr.write(
      `check: ${tally.seen.toLocaleString('en')} exchanges in ${s.toFixed(0)} s (${Math.round(tally.seen / s).toLocaleString('en')}/s)\n`,
    );
  }, 3000);
  progress.unref();
  try {
    await runCheck(specs, readCaptureBatches(positionals, { maxBytes }), {
      settings: {
        strict: values.strict === true,
        exclusions,
        specsDir: values.specs ?? defaultSpecDir,
        ...(values['node-version'] ? { nodeVersion: values['node-version'] } : {}),
      },
      jobs,
      onItem: (item) => {
        tally.add(item);
        return lines?.write(JSON.stringify(itemJson(item)));
      },
    });
  } finally {
    clearInterval(progress);
  }
  const summary = tally.summary(specs);
  if (lines) {
    await lines.write(JSON.stringify({ summary }));
    await lines.close();
  } else
    await emit(
      fmt === 'json'
        ? formatJson(tally, summary)
        : fmt === 'junit'
          ? formatJunit(tally, summary)
          : formatText(tally, summary),
      values.output,
    );
  return tally.failing > 0 ? 1 : 0;
}
