// Build step: compiles every validator the CLI can need into ajv standalone modules
// (dist/validators), so a CLI start loads code instead of compiling the specs.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { isObject } from './json-pointer.js';
import {
  defaultSpecDir,
  restDocuments,
  rpcDocuments,
  Specs,
  specHash,
  validatorDir,
} from './specs.js';

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

export async function precompile(specDir = defaultSpecDir, outDir = validatorDir): Promise<number> {
  const specs = await Specs.load(specDir, { precompiled: false });
  warmAll(specs);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const index: {
    specs: Record<string, string>;
    sets: Record<string, { file: string; keys: Record<string, string> }>;
  } = {
    specs: {},
    sets: {},
  };
  for (const name of [...restDocuments, ...rpcDocuments]) {
    index.specs[name] = specHash(await readFile(join(specDir, `${name}.json`), 'utf8'));
  }
  let count = 0;
  for (const service of [...specs.rest, ...specs.rpc]) {
    for (const set of service.sets.values()) {
      const ajv = set.createAjv(true) as unknown as { addSchema: (s: object, k: string) => void };
      const keys: Record<string, string> = {};
      const refs: Record<string, string> = {};
      [...set.built].forEach(([key, schema], i) => {
        const name = `v${i}`;
        ajv.addSchema(schema, name);
        refs[name] = name;
        keys[key] = name;
      });
      // Standalone ESM still requires ajv's runtime helpers and ajv-formats.
      const code = `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n${standaloneCode(ajv, refs)}`;
      const file = set.id.replace(/\.json$/, '.js');
      await writeFile(join(outDir, file), code);
      index.sets[set.id] = { file, keys };
      count += set.built.size;
    }
  }
  await writeFile(join(outDir, 'index.json'), `${JSON.stringify(index)}\n`);
  return count;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const count = await precompile();
  console.log(`precompiled ${count} validators into ${validatorDir}`);
}
