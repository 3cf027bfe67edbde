// The REST clients' export-list tests, one set for both: the snapshots stay each package's own
// (vitest keeps them beside the test file that calls this).
import { expect, test } from 'vitest';
import { exportedNames, handWrittenExports } from './typescript.js';

interface Entry {
  /** The package's main entry, its generated functions, and the ./raw and ./validate entries. */
  api: object;
  generated: object;
  raw: object;
  validate: object;
  /** The calling test file's URL (import.meta.url), to find its src/ files. */
  from: string;
}

/** Catches accidental additions or removals in the public API, entry point by entry point. */
export function exportListTests({ api, generated, raw, validate, from }: Entry) {
  // The snapshot holds the hand-written exports; the generated ones (one function per operation,
  // one named type per schema and operation) are derived from the generated files.
  test('export list', () => {
    expect(handWrittenExports(Object.keys(api), Object.keys(generated))).toMatchSnapshot();
  });

  test('export list of ./validate', () => {
    expect(Object.keys(validate).sort()).toMatchSnapshot();
  });

  test('export list of ./raw', () => {
    expect(Object.keys(raw).sort()).toMatchSnapshot();
  });

  // Types are invisible to Object.keys; the compiler lists them. The generated named types are
  // checked against generated/names.ts and generated/functions.ts, the rest against the snapshot.
  test('type export list', () => {
    const file = (name: string) => new URL(name, from).pathname;
    const fromSpec = ['./generated/names.ts', './generated/functions.ts'].flatMap((f) =>
      exportedNames(file(f)),
    );
    expect(handWrittenExports(exportedNames(file('./index.ts')), fromSpec)).toMatchSnapshot();
    // A whole-program compile: seconds when idle, far more when every core is busy.
  }, 120_000);
}
