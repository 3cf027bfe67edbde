// The bench's command line: parsed with node:util's parseArgs, checked here, so that a wrong
// option ends in one line naming it (and the usage), never a stack trace.
import { parseArgs } from 'node:util';

export const sections = ['bundle', 'calls', 'timings', 'conformance', 'proxy', 'scale'];

export const USAGE = `usage: node src/bench.mjs [options]   (or pnpm bench -- [options] at the root)
  --only ${sections.join(',')}   run some of the tables (default: all)
  --subjects a,b | --skip a,b     run only / leave out these subjects (src/apps/<id>.mjs)
  --rounds N (55)  --round-ms N (50)   --warmup-ms N (1000)   cost per call
  --check-runs N (7)  --timing-runs N (3)                     timings
  scale: parse floor and check on 20k/400k JSON Lines and HAR (and 2M with >12 GiB free disk)
  --scale-sizes 20000,400000      the scale section's sizes (default 20k, 400k, 2M)
  --write-md                      also regenerate RESULTS.md (a full run only)
  --help                          this text`;

/** A command line the bench cannot run; its message names the option and what it takes. */
export class UsageError extends Error {
  name = 'UsageError';
}

const WHOLE = ['rounds', 'round-ms', 'warmup-ms', 'timing-runs', 'check-runs'];

/**
 * @param {string[]} argv the arguments after the script
 * @param {string[]} subjectIds every subject the bench knows
 * @returns the options, or `{ help: true }`
 */
export function parseBenchArgs(argv, subjectIds) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        help: { type: 'boolean', default: false },
        'write-md': { type: 'boolean', default: false },
        only: { type: 'string', default: sections.join(',') },
        subjects: { type: 'string' },
        skip: { type: 'string' },
        rounds: { type: 'string', default: '55' },
        'round-ms': { type: 'string', default: '50' },
        'warmup-ms': { type: 'string', default: '1000' },
        'timing-runs': { type: 'string', default: '3' },
        'check-runs': { type: 'string', default: '7' },
        'scale-sizes': { type: 'string' },
      },
    }));
  } catch (error) {
    // parseArgs' own message names the option ("Unknown option '--x'", "… argument missing").
    throw new UsageError(error.message.split('. ')[0]);
  }
  if (values.help) return { help: true };
  const only = new Set(values.only.split(','));
  for (const name of only)
    if (!sections.includes(name))
      throw new UsageError(`--only takes ${sections.join(', ')}; got ${JSON.stringify(name)}`);
  const numbers = {};
  for (const name of WHOLE) {
    const text = values[name];
    if (!/^\d+$/.test(text) || (name !== 'warmup-ms' && Number(text) === 0))
      throw new UsageError(
        `--${name} takes a whole number${name === 'warmup-ms' ? '' : ' above 0'}; got ${JSON.stringify(text)}`,
      );
    numbers[name] = Number(text);
  }
  const listed = (flag) => {
    if (values[flag] === undefined) return undefined;
    const ids = values[flag].split(',').filter(Boolean);
    const unknown = ids.filter((id) => !subjectIds.includes(id));
    if (unknown.length)
      throw new UsageError(
        `--${flag}: no subject ${unknown.join(', ')}; subjects: ${subjectIds.join(', ')}`,
      );
    return new Set(ids);
  };
  const chosen = listed('subjects');
  const skipped = listed('skip');
  const partial = only.size < sections.length || Boolean(chosen) || Boolean(skipped);
  if (values['write-md'] && partial)
    throw new UsageError(
      '--write-md regenerates RESULTS.md from a full run only: drop --only, --subjects, --skip',
    );
  return {
    help: false,
    writeMd: values['write-md'],
    only,
    chosen,
    skipped,
    rounds: numbers.rounds,
    roundMs: numbers['round-ms'],
    warmupMs: numbers['warmup-ms'],
    timingRuns: numbers['timing-runs'],
    checkRuns: numbers['check-runs'],
    scaleSizes: scaleSizes(values['scale-sizes']),
  };
}

/** `--scale-sizes 20000,400000`: exchanges per capture of the scale section. */
function scaleSizes(text) {
  if (text === undefined) return undefined;
  const sizes = text.split(',');
  if (sizes.some((n) => !/^[1-9]\d*$/.test(n)))
    throw new UsageError(
      `--scale-sizes takes whole numbers above 0, comma-separated; got ${JSON.stringify(text)}`,
    );
  return sizes.map(Number);
}
