// The node document's x-error-kinds as `pnpm specs:lint` checks them: the real spec passes, and
// each kind of mistake (a method without the annotation, an unknown shared table, a pattern that
// does not compile, an example an earlier entry shadows, a field the schema does not know) is
// named with its method.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { assembleOpenRpc } from './assemble-openrpc.mjs';
import { errorKindProblems, errorKindsOf, kindOf } from './check-error-kinds.mjs';

const specs = join(dirname(fileURLToPath(import.meta.url)), '../specs');
let doc;
beforeAll(async () => {
  doc = await assembleOpenRpc(join(specs, 'node-rpc'));
});

/** A copy of the document with `change` applied to its first method that has own patterns. */
function broken(change) {
  const copy = structuredClone(doc);
  const method = copy.methods.find((m) => m['x-error-kinds']?.patterns);
  change(method, copy);
  return { problems: errorKindProblems(copy), name: method.name };
}

describe('x-error-kinds', () => {
  it('every method of the spec has them and every example is classified as its entry says', () => {
    expect(errorKindProblems(doc)).toEqual([]);
    for (const method of doc.methods) expect(errorKindsOf(doc, method).length).toBeGreaterThan(0);
  });

  it('an error no entry matches has no kind; the code must match too', () => {
    const [method] = doc.methods.filter((m) => m['x-error-kinds'].shared === 'node');
    const entries = errorKindsOf(doc, method);
    expect(kindOf(entries, { code: -32000, message: 'something else entirely' })).toBeUndefined();
    const { example } = entries[0];
    expect(kindOf(entries, { code: -32001, message: example })).toBeUndefined();
  });

  it.each([
    [
      'a method without the annotation',
      (m) => delete m['x-error-kinds'],
      /missing; add \{ shared: node \| evm \}/,
    ],
    [
      'an unknown shared table',
      (m) => (m['x-error-kinds'].shared = 'gorilla'),
      /"gorilla" is not a table/,
    ],
    [
      'a pattern that does not compile',
      (m) => (m['x-error-kinds'].patterns[0].pattern = '(['),
      /patterns\/0\/pattern does not compile/,
    ],
    [
      'an unknown kind',
      (m) => (m['x-error-kinds'].patterns[0].kind = 'gone'),
      /kind must be equal to one of the allowed values/,
    ],
    [
      'an entry without example',
      (m) => delete m['x-error-kinds'].patterns[0].example,
      /must have required property 'example'/,
    ],
    [
      'an example an earlier entry shadows',
      (m) =>
        m['x-error-kinds'].patterns.unshift({ kind: 'unsupported', code: -32000, example: 'x' }),
      /example ".*" \(-32000\) is classified unsupported, not (notFound|badRequest)/,
    ],
  ])('names %s', (_, change, want) => {
    const { problems, name } = broken(change);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(want);
    expect(problems.join('\n')).toContain(name);
  });
});
