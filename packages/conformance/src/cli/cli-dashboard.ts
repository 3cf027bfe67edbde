// The `dashboard` command: a static site of the contract runs a history folder keeps.
import { parseArgs } from 'node:util';
import { HistoryError } from '../contract/history/history.js';
import { helpFlag, parsing, printHelp, UsageError } from './cli-shared.js';

export async function dashboard(args: string[]): Promise<number> {
  const { values, positionals } = parsing('dashboard', () =>
    parseArgs({
      args,
      allowPositionals: true,
      options: { ...helpFlag, out: { type: 'string' } },
    }),
  );
  if (values.help) return printHelp('dashboard');
  if (positionals.length !== 1)
    throw new UsageError(
      `dashboard: name exactly one history folder (got ${positionals.length})`,
      'dashboard',
    );
  if (!values.out) throw new UsageError('dashboard: --out SITE is required', 'dashboard');
  const { buildDashboard } = await import('../contract/history/dashboard.js');
  try {
    const built = await buildDashboard(positionals[0] as string, values.out);
    console.log(`dashboard: ${built.runs} runs of ${built.targets} targets in ${built.index}`);
    return 0;
  } catch (error) {
    if (error instanceof HistoryError) throw new UsageError(error.message, 'dashboard');
    throw error;
  }
}
