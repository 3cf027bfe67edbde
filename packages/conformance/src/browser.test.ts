// The browser entry imports nothing of Node and checks as `check` does from precompiled code.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import * as browser from './browser.js';
import { isObject } from './model/json-pointer.js';
import type { PrecompiledIndex } from './model/specs.js';
import { defaultSpecDir, restDocuments, rpcDocuments, Specs } from './model/specs.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Every module the entry reaches through relative imports, with its bare imports. */
function importGraph(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...text.matchAll(/^(?:import|export)\s(?!type\b)[^;]*?from\s+'([^']+)'/gms),
    ].map((m) => m[1] as string);
    seen.set(
      file,
      specifiers.filter((s) => !s.startsWith('.')),
    );
    for (const s of specifiers.filter((s) => s.startsWith('.')))
      visit(resolve(dirname(file), s.replace(/\.js$/, '.ts')));
  };
  visit(entry);
  return seen;
}

test('the browser entry reaches no Node module', () => {
  const graph = importGraph(join(here, 'browser.ts'));
  expect(graph.size).toBeGreaterThan(5);
  const nodeImports = [...graph].flatMap(([file, bare]) =>
    bare.filter((s) => s.startsWith('node:')).map((s) => `${file}: ${s}`),
  );
  expect(nodeImports).toEqual([]);
});

test('export list', () => {
  expect(Object.keys(browser).sort()).toEqual([
    'OpenApiService',
    'OpenRpcService',
    'SpecsCore',
    'browserSpecs',
    'formatViolation',
    'namedParams',
  ]);
});

const requireValidator = createRequire(import.meta.url);
// The build's output (`pnpm build` precompiles before tests run).
const validatorDir = join(here, '../dist/validators');

/** The precompiled validators of the strict sets, as a browser bundle would embed them. */
function strictPrecompiled(): browser.Precompiled {
  const index = JSON.parse(
    readFileSync(join(validatorDir, 'index.json'), 'utf8'),
  ) as PrecompiledIndex;
  return Object.fromEntries(
    Object.entries(index.sets)
      .filter(([id]) => id.includes('-true-'))
      .map(([id, { file, keys }]) => {
        const mod = requireValidator(join(validatorDir, file));
        return [id, Object.fromEntries(Object.entries(keys).map(([k, name]) => [k, mod[name]]))];
      }),
  );
}

test('checks an example exchange as Specs does, and names an undeclared field', async () => {
  const documents = [...restDocuments, ...rpcDocuments].map((name) => ({
    name,
    kind: (rpcDocuments as readonly string[]).includes(name) ? ('rpc' as const) : ('rest' as const),
    doc: JSON.parse(readFileSync(join(defaultSpecDir, `${name}.json`), 'utf8')),
  }));
  const checker = browser.browserSpecs(documents, strictPrecompiled());
  const service = checker.rest.find((s) => s.name === 'data-api');
  const op = service?.operations.find((o) => service.examples(o).some((e) => e.status === 200));
  if (!service || !op) throw new Error('data-api has no operation with a 200 example');
  const example = service.examples(op).find((e) => e.status === 200) as browser.RestExample;
  const path = op.path.replace(/\{(\w+)\}/g, (_, n) => example.request?.pathParams[n] ?? 'x');
  const recording = {
    file: 'console',
    request: { method: op.method.toUpperCase(), url: `https://host${path}` },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: example.body },
  };
  const node = await Specs.load();
  expect(checker.checkExchange(recording, { strict: true })).toEqual(
    node.checkExchange(recording, { strict: true }),
  );
  if (!isObject(example.body)) throw new Error('example body is not an object');
  const bad = {
    ...recording,
    response: { ...recording.response, body: { ...example.body, surplus: 1 } },
  };
  const result = checker.checkExchange(bad, { strict: true });
  expect(result.errors).toContainEqual(
    expect.objectContaining({
      kind: 'undeclared-property',
      where: 'response.body',
      path: '/surplus',
    }),
  );
});
