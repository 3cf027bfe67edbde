// Build step: compiles every validator the CLI can need into ajv standalone modules
// (dist/validators), so a CLI start loads code instead of compiling the specs.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { loadRecordings, type Recording } from '../recordings/recordings.js';
import { isObject } from './json-pointer.js';
import type { SpecDocument } from './spec-document.js';
import {
  defaultSpecDir,
  type PrecompiledFile,
  type PrecompiledIndex,
  relaxedKey,
  restDocuments,
  rpcDocuments,
  Specs,
  specHash,
  validatorDir,
} from './specs.js';

/** The corpus the package ships (copied beside dist/ by the build). */
const defaultRecordingsDir = fileURLToPath(new URL('../../recordings/', import.meta.url));

type Standalone = (ajv: unknown, refs: Record<string, string>) => string;
const standaloneCode: Standalone =
  (standaloneModule as unknown as { default?: Standalone }).default ??
  (standaloneModule as unknown as Standalone);

/** Touches every validator checking, serving and contract testing can use, in both modes. */
export function warmAll(specs: Specs): void {
  for (const strict of [true, false]) {
    for (const service of specs.rest) {
      for (const op of service.operations) {
        service.validateRequest(op, { pathParams: {}, query: {}, body: {} }, { strict });
        const responses = isObject(op.node.responses) ? Object.keys(op.node.responses) : [];
        for (const key of responses) {
          const status = /^\d{3}$/.test(key)
            ? Number(key)
            : /^\dXX$/.test(key)
              ? Number(key[0]) * 100
              : undefined;
          if (status !== undefined) service.validateResponse(op, status, {}, { strict });
        }
      }
    }
    for (const service of specs.rpc) {
      for (const method of service.methods) {
        service.validateCall(
          method,
          '/',
          { jsonrpc: '2.0', id: 1, method: method.id, params: {} },
          { strict },
        );
        service.validateCall(
          method,
          '/',
          { jsonrpc: '2.0', id: 1, method: method.id, params: [] },
          { strict },
        );
        service.validateReply(method, 1, { jsonrpc: '2.0', id: 1, result: null }, { strict });
      }
    }
  }
}

/** The recordings the corpus's era marks relax, grouped by the relaxed view they need. */
function relaxedGroups(recordings: Recording[]): Map<string, Recording[]> {
  const groups = new Map<string, Recording[]>();
  for (const r of recordings) {
    if (!r.lenient?.length) continue;
    const names = r.lenient.map((p) => p.split('/').at(-1) ?? '');
    const key = relaxedKey(names);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return groups;
}

/** Writes one module per schema set with every validator it built, as CommonJS. */
async function emitSets(
  services: SpecDocument[],
  outDir: string,
  prefix: string,
): Promise<{ sets: Record<string, PrecompiledFile>; count: number }> {
  const sets: Record<string, PrecompiledFile> = {};
  let count = 0;
  for (const service of services) {
    for (const set of service.sets.values()) {
      if (set.built.size === 0) continue;
      const ajv = set.createAjv(true) as unknown as { addSchema: (s: object, k: string) => void };
      const keys: Record<string, string> = {};
      const refs: Record<string, string> = {};
      [...set.built].forEach(([key, schema], i) => {
        const name = `v${i}`;
        ajv.addSchema(schema, name);
        refs[name] = name;
        keys[key] = name;
      });
      // CommonJS so that the CLI can require one set synchronously when a validation needs it.
      const file = `${prefix}${set.id.replace(/\.json$/, '.cjs')}`;
      await writeFile(join(outDir, file), standaloneCode(ajv, refs));
      sets[set.id] = { file, keys };
      count += set.built.size;
    }
  }
  return { sets, count };
}

/**
 * Compiles every validator of the bundled specs, and those of the relaxed views the corpus's
 * era marks need (warmed by checking the marked recordings in both modes).
 */
export async function precompile(
  specDir = defaultSpecDir,
  outDir = validatorDir,
  recordingsDir: string | undefined = defaultRecordingsDir,
): Promise<number> {
  const specs = await Specs.load(specDir, { precompiled: false });
  warmAll(specs);
  const groups = recordingsDir ? relaxedGroups(await loadRecordings(recordingsDir)) : new Map();
  for (const recordings of groups.values())
    for (const r of recordings)
      for (const strict of [true, false]) specs.checkExchange(r, { strict });
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const index: PrecompiledIndex = { specs: {}, sets: {}, relaxed: {} };
  for (const name of [...restDocuments, ...rpcDocuments]) {
    index.specs[name] = specHash(await readFile(join(specDir, `${name}.json`), 'utf8'));
  }
  const main = await emitSets([...specs.rest, ...specs.rpc], outDir, '');
  index.sets = main.sets;
  let count = main.count;
  let i = 0;
  for (const key of [...groups.keys()].sort()) {
    const relaxed = specs.relaxed.get(key);
    if (!relaxed) continue;
    const emitted = await emitSets([...relaxed.rest, ...relaxed.rpc], outDir, `relaxed${i++}-`);
    index.relaxed[key] = emitted.sets;
    count += emitted.count;
  }
  await writeFile(join(outDir, 'index.json'), `${JSON.stringify(index)}\n`);
  return count;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const count = await precompile();
  console.log(`precompiled ${count} validators into ${validatorDir}`);
}
