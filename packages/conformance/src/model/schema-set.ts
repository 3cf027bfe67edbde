import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { escapePointer, getPointer } from './json-pointer.js';
import { promiseKinds } from './promises/vocabulary.js';
import { closeObject, walkSchema } from './schema-walk.js';
import { isTagWrapperError, rewriteTaggedUnion, tagOfError } from './tagged-union.js';

export type AddFormats = (ajv: Ajv2020) => Ajv2020;

let provided: { Ajv2020: typeof Ajv2020; addFormats: AddFormats } | undefined;

/**
 * Hands the checker ajv and ajv-formats where `process.getBuiltinModule` cannot load them (a
 * browser, a bundle): the fake fetch's entry imports them and calls this once.
 */
export function provideAjv(lib: { Ajv2020: typeof Ajv2020; addFormats: AddFormats }): void {
  provided = lib;
}

/**
 * ajv and ajv-formats (CommonJS), required on first compilation: a run that finds every
 * validator precompiled never loads them (~60 ms of a CLI start). Through
 * `process.getBuiltinModule`, so this module imports nothing of Node and bundles for the
 * browser, where the docs console has every validator it uses precompiled and the fake fetch
 * provides ajv (provideAjv).
 */
function loadAjv(): { Ajv2020: typeof Ajv2020; addFormats: AddFormats } {
  if (provided) return provided;
  if (typeof process === 'undefined' || !process.getBuiltinModule)
    throw new Error('ajv is not loaded here: this validator was not precompiled');
  const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
  const formats = require('ajv-formats') as { default?: AddFormats } & AddFormats;
  return {
    Ajv2020: (require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }).Ajv2020,
    addFormats: formats.default ?? formats,
  };
}

/**
 * Every kind of contract drift a violation can be, as a list a report's legend (and its test)
 * reads: a kind added here without a legend entry fails contract/legend.test.ts.
 */
export const violationKinds = [
  'undeclared-property',
  'missing-required',
  'wrong-type',
  'undeclared-value',
  'undeclared-status',
  'rule',
  'unmatched',
  'protocol',
  'invalid',
  'unexpected-status',
  'unexpected-error',
  // A broken `x-promises` rule (see promises/vocabulary.ts): the answer is schema-valid
  // and still not what the request asked for.
  ...promiseKinds,
] as const;

/** What kind of contract drift a violation is. */
export type ViolationKind = (typeof violationKinds)[number];

export interface Violation {
  kind: ViolationKind;
  /** Which part of the exchange: `request.query`, `response.body`, … */
  where: string;
  /** JSON Pointer into that part. */
  path: string;
  message: string;
}

export function violation(
  kind: ViolationKind,
  where: string,
  path: string,
  message: string,
): Violation {
  return { kind, where, path, message };
}

export function formatViolation(v: Violation): string {
  return `${v.where}${v.path}: ${v.message}`;
}

/** Turns a JSON Pointer into a URI fragment ajv can resolve. */
export function fragment(pointer: string): string {
  return pointer.split('/').map(encodeURIComponent).join('/');
}

export function pointerOf(...tokens: (string | number)[]): string {
  return tokens.map((t) => `/${escapePointer(String(t))}`).join('');
}

function kindOf(error: ErrorObject): ViolationKind {
  switch (error.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'undeclared-property';
    case 'required':
      return 'missing-required';
    case 'type':
      return 'wrong-type';
    case 'enum':
    case 'const':
      return 'undeclared-value';
    default:
      return 'invalid';
  }
}

/**
 * ajv reports every branch of a failed `oneOf`. A tagged union (rewritten by
 * `rewriteTaggedUnion`) keeps only the selected branch's errors. Otherwise keep the branch
 * that came closest (fewest errors), which is the one the author meant in practice.
 */
function pruneOneOf(errors: ErrorObject[]): ErrorObject[] {
  let result = errors;
  for (const summary of errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')) {
    const wrapper = result.filter(
      (e) =>
        e.instancePath === summary.instancePath &&
        isTagWrapperError(e.schemaPath, summary.schemaPath),
    );
    if (wrapper.some((e) => e.keyword === 'false schema')) {
      const drop = new Set([...wrapper, summary]);
      result = result.filter((e) => !drop.has(e));
      continue;
    }
    const prefix = `${summary.schemaPath}/`;
    const byBranch = new Map<string, ErrorObject[]>();
    for (const e of result) {
      if (!e.schemaPath.startsWith(prefix) || !e.instancePath.startsWith(summary.instancePath))
        continue;
      const branch = e.schemaPath.slice(prefix.length).split('/')[0] ?? '';
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), e]);
    }
    if (byBranch.size === 0) continue;
    const best = [...byBranch.values()].sort((a, b) => a.length - b.length)[0] ?? [];
    const drop = new Set([...byBranch.values()].flat().filter((e) => !best.includes(e)));
    drop.add(summary);
    result = result.filter((e) => !drop.has(e));
  }
  return result;
}

/**
 * ajv's errors as violations. `data` (the validated value) lets a union's tag error name
 * the value it refused.
 */
export function toViolations(
  errors: ErrorObject[] | null | undefined,
  where: string,
  data?: unknown,
): Violation[] {
  if (!errors) return [];
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const e of pruneOneOf(errors)) {
    let path = e.instancePath;
    let message = e.message ?? e.keyword;
    const tag = e.keyword === 'enum' ? tagOfError(e.schemaPath) : undefined;
    if (tag !== undefined) {
      const allowed = (e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      message = `tag value ${JSON.stringify(getPointer(data, path))} not allowed; expected one of ${allowed.join(', ')}`;
    } else if (e.keyword === 'additionalProperties') {
      path += pointerOf(e.params.additionalProperty);
      message = 'is not declared by the spec';
    } else if (e.keyword === 'required') {
      path += pointerOf(e.params.missingProperty);
      message = 'is required but missing';
    } else if (e.keyword === 'enum') {
      message = `must be one of ${JSON.stringify(e.params.allowedValues)}`;
    } else if (e.keyword === 'const') {
      message = `must be ${JSON.stringify(e.params.allowedValue)}`;
    }
    const key = `${path}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(violation(kindOf(e), where, path, message));
  }
  return out;
}

export interface SchemaSetOptions {
  /** Close every object schema with `properties` (undeclared properties fail). */
  strict: boolean;
  /** Coerce strings to the schema's types (for path, query and header values). */
  coerce: boolean;
  /** Validators compiled ahead of time (ajv standalone), by the same keys `compile` uses. */
  precompiled?: Record<string, ValidateFunction>;
}

/** Validators compiled ahead of time: schema set id → key → validator. */
export type Precompiled = Record<string, Record<string, ValidateFunction>>;

/**
 * One spec document loaded into ajv (draft 2020-12) once; validators for any schema in it
 * are compiled on first use by JSON Pointer and reused. Validators compiled ahead of time
 * are used instead when given, and then ajv is never started.
 */
export class SchemaSet {
  readonly id: string;
  private ajvInstance: Ajv2020 | undefined;
  private readonly cache = new Map<string, ValidateFunction>();
  /** `at`'s validators by pointer: one lookup per validation, no key built (the hot path). */
  private readonly byPointer = new Map<string, ValidateFunction>();
  /** Every schema compiled so far, by key: what ahead-of-time compilation emits. */
  readonly built = new Map<string, object>();

  constructor(
    id: string,
    private readonly doc: Record<string, unknown>,
    private readonly forEachSchema: (
      doc: Record<string, unknown>,
      visit: (schema: unknown) => void,
    ) => void,
    readonly options: SchemaSetOptions,
  ) {
    this.id = id;
  }

  /**
   * The document as this set validates it: in strict mode with objects closed, and tagged
   * unions rewritten so that only the selected branch reports errors.
   */
  document(): Record<string, unknown> {
    const copy = structuredClone(this.doc);
    if (this.options.strict) this.forEachSchema(copy, (schema) => walkSchema(schema, closeObject));
    // After closing, so the tag checks the rewrite adds stay open.
    this.forEachSchema(copy, (schema) =>
      walkSchema(schema, (node) => rewriteTaggedUnion(copy, node)),
    );
    return copy;
  }

  /** A fresh ajv with this set's options and document; `source` keeps code for standalone (CommonJS). */
  createAjv(source = false): Ajv2020 {
    const { Ajv2020, addFormats } = loadAjv();
    const ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      coerceTypes: this.options.coerce ? 'array' : false,
      useDefaults: false,
      ...(source ? { code: { source: true } } : {}),
    });
    addFormats(ajv);
    const doc = this.document();
    // Ajv2020's constructor forces both on, and they add run-time tracking to every validator
    // (measured ×0.97 on a whole `check`); ajv reads them when it compiles, so for a document
    // that needs neither they are turned off here, before anything is compiled.
    if (!usesDynamicKeywords(doc)) {
      const opts = ajv.opts as { dynamicRef: boolean; unevaluated: boolean };
      opts.dynamicRef = false;
      opts.unevaluated = false;
    }
    ajv.addSchema(doc, this.id);
    return ajv;
  }

  /** A `$ref` to the schema at `pointer` in this document, to embed in built schemas. */
  ref(pointer: string): { $ref: string } {
    return { $ref: `${this.id}#${fragment(pointer)}` };
  }

  /** The validator for the schema at `pointer` in the document. */
  at(pointer: string): ValidateFunction {
    let fn = this.byPointer.get(pointer);
    if (!fn) {
      fn = this.compile(`#${pointer}`, () => this.ref(pointer));
      this.byPointer.set(pointer, fn);
    }
    return fn;
  }

  /** A validator for a schema built around references into the document, cached by key. */
  compile(key: string, build: () => object): ValidateFunction {
    let fn = this.cache.get(key);
    if (fn) return fn;
    fn = this.options.precompiled?.[key];
    if (!fn) {
      const schema = build();
      this.built.set(key, schema);
      this.ajvInstance ??= this.createAjv();
      fn = this.ajvInstance.compile(schema);
    }
    this.cache.set(key, fn);
    return fn;
  }

  /**
   * `compile` with the key `${owner.pointer}:${part}`, remembered per operation or method so
   * that the hot path builds no key string.
   */
  compileFor(owner: { pointer: string }, part: string, build: () => object): ValidateFunction {
    return this.knownFor(owner, part) ?? this.#compileFor(owner, part, build);
  }

  /**
   * The validator `compileFor` gave for this owner and part, if it has: the hot path asks
   * this first, so that it makes no `build` closure once the validator is known.
   */
  knownFor(owner: { pointer: string }, part: string): ValidateFunction | undefined {
    return this.byOwner.get(owner)?.get(part);
  }

  #compileFor(owner: { pointer: string }, part: string, build: () => object): ValidateFunction {
    let parts = this.byOwner.get(owner);
    if (!parts) {
      parts = new Map();
      this.byOwner.set(owner, parts);
    }
    let fn = parts.get(part);
    if (!fn) {
      fn = this.compile(`${owner.pointer}:${part}`, build);
      parts.set(part, fn);
    }
    return fn;
  }

  private readonly byOwner = new WeakMap<object, Map<string, ValidateFunction>>();

  validate(pointer: string, data: unknown, where: string): Violation[] {
    const fn = this.at(pointer);
    return fn(data) ? [] : toViolations(fn.errors, where, data);
  }
}

/** Keywords whose validation needs ajv to track evaluated members or dynamic anchors at run time. */
const dynamicKeywords =
  /"(?:unevaluatedProperties|unevaluatedItems|\$dynamicRef|\$dynamicAnchor|\$recursiveRef|\$recursiveAnchor)"/;

/** Whether a document uses any of them (then ajv keeps the tracking its draft 2020 build forces). */
function usesDynamicKeywords(doc: unknown): boolean {
  return dynamicKeywords.test(JSON.stringify(doc));
}
