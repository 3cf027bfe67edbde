// The `diff` command: classifies every change between two spec documents (or folders of them)
// for the users of generated clients and for servers.
import { parseArgs } from 'node:util';
import {
  type DiffFormat,
  diffPaths,
  formatDiff,
  markUnused,
  type Severity,
  SpecInputError,
  summarize,
} from '../diff/index.js';
import { severities } from '../diff/rules.js';
import { loadExchanges } from '../recordings/capture-input.js';
import { emit, helpFlag, parsing, printHelp, UsageError } from './cli-shared.js';

const formats: DiffFormat[] = ['text', 'json', 'markdown'];
const failLevels = ['breaking', 'warning', 'non-breaking', 'docs'];

export async function diff(args: string[]): Promise<number> {
  const { values, positionals } = parsing('diff', () =>
    parseArgs({
      args,
      allowPositionals: true,
      options: {
        ...helpFlag,
        format: { type: 'string' },
        output: { type: 'string' },
        usage: { type: 'string' },
        'fail-on': { type: 'string' },
      },
    }),
  );
  if (values.help) return printHelp('diff');
  if (positionals.length !== 2)
    throw new UsageError(
      `diff: name exactly two documents or folders, OLD and NEW (got ${positionals.length})`,
      'diff',
    );
  const fmt = (values.format ?? 'text') as DiffFormat;
  if (!formats.includes(fmt))
    throw new UsageError(
      `--format: ${JSON.stringify(values.format)} must be text, json or markdown`,
      'diff',
    );
  const failOn = values['fail-on'];
  if (failOn !== undefined && !failLevels.includes(failOn))
    throw new UsageError(
      `--fail-on: ${JSON.stringify(failOn)} must be ${failLevels.join(', ')}`,
      'diff',
    );
  const [oldPath, newPath] = positionals as [string, string];
  let result: Awaited<ReturnType<typeof diffPaths>>;
  try {
    result = await diffPaths(oldPath, newPath);
  } catch (error) {
    if (error instanceof SpecInputError) throw new UsageError(error.message, 'diff');
    throw error;
  }
  let changes = result.changes;
  if (values.usage !== undefined) {
    const exchanges = await loadExchanges([values.usage]);
    changes = markUnused(changes, result.documents, exchanges);
  }
  const summary = summarize(changes);
  await emit(formatDiff(changes, summary, fmt), values.output);
  const at = (level: Severity) => severities.indexOf(level);
  return failOn !== undefined && at(summary.client) >= at(failOn as Severity) ? 1 : 0;
}
