import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assembleOpenRpc } from './assemble-openrpc.mjs';
import { bundleOpenApiDocument, openApiDocuments, specsDir } from './bundle-specs.mjs';
import { assertPromises, promiseProblems } from './check-promises.mjs';

const names = [...openApiDocuments.map((d) => d.name), 'node-rpc'];
const docs = {};
// Bundled in memory: writing specs/dist here would race the other packages' tests reading it.
beforeAll(async () => {
  for (const { name, source } of openApiDocuments)
    docs[name] = await bundleOpenApiDocument(join(specsDir, source));
  docs['node-rpc'] = await assembleOpenRpc(join(specsDir, 'node-rpc'));
});

/** Every annotated operation or method of a document: [label, its x-promises holder]. */
function annotated(doc) {
  if (Array.isArray(doc.methods))
    return doc.methods.filter((m) => m['x-promises']).map((m) => [m.name, m]);
  return Object.values(doc.paths).flatMap((item) =>
    Object.values(item)
      .filter((op) => op?.['x-promises'])
      .map((op) => [op.operationId, op]),
  );
}

describe('x-promises vocabulary check', () => {
  it.each(names)('the bundled %s keeps to the vocabulary', (name) => {
    expect(promiseProblems(name, docs[name])).toEqual([]);
  });

  // Mutations of every annotated operation and method: each must be named.
  const mutations = [
    ['an unknown member', (p) => Object.assign(p, { sortedBy: '/x' }), /must NOT have additional/],
    ['a pointer without its slash', (p) => Object.assign(p, { items: 'list' }), /must match/],
    [
      'an input that is no parameter',
      (p) => Object.assign(p, { page: { input: 'pageSizeTypo', default: 1 } }),
      /input "pageSizeTypo" is not a parameter/,
    ],
  ];
  it.each(mutations)('names the operation or method and %s', (_what, mutate, message) => {
    let checked = 0;
    for (const name of names) {
      for (const [label] of annotated(docs[name])) {
        const copy = structuredClone(docs[name]);
        const target = annotated(copy).find(([l]) => l === label)?.[1];
        mutate(target['x-promises']);
        const problems = promiseProblems(name, copy);
        expect(problems.some((p) => p.includes(label) && message.test(p))).toBe(true);
        expect(() => assertPromises(name, copy)).toThrow(label);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
