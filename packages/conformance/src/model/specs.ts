import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { OpenApiService } from './openapi.js';
import { OpenRpcService } from './openrpc.js';
import type { Precompiled } from './schema-set.js';
import { SpecsCore } from './spec-check.js';
import { documentForVersion, parseNodeVersion } from './versions.js';

export {
  type CheckOptions,
  type ExchangeResult,
  type Exclusions,
  exclusionFor,
  type PromiseSubject,
  relaxedKey,
  SpecsCore,
  type Target,
} from './spec-check.js';

/** The bundled documents, by the name `pnpm specs:bundle` gives them. */
export const restDocuments = ['data-api', 'metrics-api', 'node-health'] as const;
export const rpcDocuments = ['node-rpc'] as const;

export const validatorDir = fileURLToPath(new URL('../validators/', import.meta.url));

export function specHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Where one schema set's precompiled validators are: the module and each key's export. */
export interface PrecompiledFile {
  file: string;
  keys: Record<string, string>;
}

/** dist/validators/index.json: the documents compiled from, and the sets' modules. */
export interface PrecompiledIndex {
  /** sha256 of each bundled document the validators were compiled from. */
  specs: Record<string, string>;
  sets: Record<string, PrecompiledFile>;
  /** Sets of the relaxed views the corpus's era marks need, by `relaxedKey`. */
  relaxed: Record<string, Record<string, PrecompiledFile>>;
}

const requireValidators = createRequire(import.meta.url);

/**
 * Each set's module is required when one of its validators is first read (CommonJS, so
 * synchronously from inside a validation): a run touches a few of the sets, and loading all
 * of them cost ~100 ms. The keys are there from the start, each a getter.
 */
function lazySets(sets: Record<string, PrecompiledFile>): Precompiled {
  return Object.fromEntries(
    Object.entries(sets).map(([id, { file, keys }]) => {
      let mod: Record<string, ValidateFunction> | undefined;
      const load = () => {
        mod ??= requireValidators(join(validatorDir, file)) as Record<string, ValidateFunction>;
        return mod;
      };
      const set: Record<string, ValidateFunction> = {};
      for (const [key, name] of Object.entries(keys))
        Object.defineProperty(set, key, { enumerable: true, get: () => load()[name] });
      return [id, set];
    }),
  );
}

/** The ahead-of-time validators, if they were built from exactly these documents. */
async function loadPrecompiled(
  texts: Record<string, string>,
): Promise<{ main: Precompiled; relaxed: Record<string, Precompiled> }> {
  let index: PrecompiledIndex;
  try {
    index = JSON.parse(await readFile(join(validatorDir, 'index.json'), 'utf8'));
  } catch {
    return { main: {}, relaxed: {} };
  }
  for (const [name, text] of Object.entries(texts))
    if (index.specs[name] !== specHash(text)) return { main: {}, relaxed: {} };
  return {
    main: lazySets(index.sets),
    relaxed: Object.fromEntries(
      Object.entries(index.relaxed ?? {}).map(([key, sets]) => [key, lazySets(sets)]),
    ),
  };
}

/** One rule of the audit (specs/rules.yaml) and the x-promises entries that check it. */
export interface RuleMap {
  rules: {
    id: string;
    targets: {
      spec: string;
      operation?: string;
      method?: string;
      document?: boolean;
      pointer: string;
    }[];
  }[];
}

/** rules.json beside the documents, when the bundle carries one (a custom specs folder may not). */
async function loadRuleMap(dir: string): Promise<RuleMap | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, 'rules.json'), 'utf8')) as RuleMap;
  } catch {
    return undefined;
  }
}

/** Where the bundled specs are: `specs/` beside `dist/` in the installed package. */
export const defaultSpecDir = fileURLToPath(new URL('../../specs/', import.meta.url));

/** All the project's specs, loaded from the bundled documents; checking is SpecsCore's. */
export class Specs extends SpecsCore {
  /**
   * Loads the bundled documents. With the default documents, the validators compiled at
   * build time (dist/validators) are used when their spec hashes match. With `nodeVersion`
   * (`avalanchego/1.13.2` or `v1.13.2`) the node documents are judged as that release
   * answers (see versions.ts); the precompiled validators do not apply then.
   */
  static async load(
    dir: string = defaultSpecDir,
    options: { precompiled?: boolean; nodeVersion?: string } = {},
  ): Promise<Specs> {
    const version =
      options.nodeVersion === undefined ? undefined : parseNodeVersion(options.nodeVersion);
    const names = [...restDocuments, ...rpcDocuments];
    const texts = Object.fromEntries(
      await Promise.all(
        names.map(
          async (n) => [n, await readFile(`${dir.replace(/\/$/, '')}/${n}.json`, 'utf8')] as const,
        ),
      ),
    );
    const precompiled =
      options.precompiled === false || version
        ? { main: {}, relaxed: {} }
        : await loadPrecompiled(texts);
    const nodeDocs: readonly string[] = ['node-rpc', 'node-health'];
    const doc = (n: string) => {
      const parsed = JSON.parse(texts[n] as string) as Record<string, unknown>;
      return version && nodeDocs.includes(n) ? documentForVersion(parsed, version) : parsed;
    };
    const specs = new Specs(
      restDocuments.map((n) => new OpenApiService(n, doc(n), precompiled.main)),
      rpcDocuments.map((n) => new OpenRpcService(n, doc(n), precompiled.main)),
      precompiled.relaxed,
    );
    specs.rules = await loadRuleMap(dir);
    return specs;
  }

  /** The rule audit's map (rules.json beside the documents): rule ids by the promises checking them. */
  rules?: RuleMap;
}
