// Reads a bundled spec document (JSON or YAML), tells OpenAPI 3.1 from OpenRPC, and refuses
// one the differs could misread: the error names the file and the first problem.
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { escapePointer, getPointer, isObject } from '../model/json-pointer.js';
import type { Obj } from './walk.js';

export type SpecKind = 'openapi' | 'openrpc';

export interface SpecDocument {
  /** The file's name without its extension: `data-api`. */
  name: string;
  file: string;
  kind: SpecKind;
  doc: Obj;
}

/** A file that is not a document the differ can compare (a usage error: exit 2). */
export class SpecInputError extends Error {
  override name = 'SpecInputError';
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}

export const specExtensions = ['.json', '.yaml', '.yml'];

export function specName(file: string): string {
  return basename(file, extname(file));
}

export async function readSpec(file: string): Promise<SpecDocument> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new SpecInputError(file, `cannot read: ${(error as Error).message}`);
  }
  return parseSpec(text, file);
}

export function parseSpec(text: string, file: string): SpecDocument {
  let doc: unknown;
  try {
    doc = extname(file) === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new SpecInputError(
      file,
      `not valid ${extname(file) === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  const kind = checkDocument(doc, file);
  checkRefs(doc, file);
  return { name: specName(file), file, kind, doc: doc as Obj };
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The document's kind, or the first structural problem the differ depends on. */
function checkDocument(doc: unknown, file: string): SpecKind {
  const fail = (problem: string): never => {
    throw new SpecInputError(file, problem);
  };
  if (!isObject(doc)) return fail('the document is not an object');
  const info = (at: string) => {
    if (!isObject(doc.info)) fail('/info is missing or not an object');
    const i = doc.info as Obj;
    for (const k of ['title', 'version'])
      if (typeof i[k] !== 'string') fail(`${at}/info/${k} must be a string`);
  };
  if ('openapi' in doc) {
    if (typeof doc.openapi !== 'string' || !/^3\.1\.\d+$/.test(doc.openapi))
      fail(`/openapi is ${JSON.stringify(doc.openapi)}; only OpenAPI 3.1.x is compared`);
    info('');
    if (doc.paths !== undefined && !isObject(doc.paths)) fail('/paths must be an object');
    for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
      const at = `/paths/${escapePointer(path)}`;
      if (!path.startsWith('/')) fail(`${at}: a path must start with "/"`);
      if (!isObject(item)) fail(`${at} must be an object`);
      for (const method of httpMethods) {
        const op = (item as Obj)[method];
        if (op === undefined) continue;
        if (!isObject(op)) fail(`${at}/${method} must be an object`);
        if (!isObject((op as Obj).responses)) fail(`${at}/${method}/responses must be an object`);
        const params = (op as Obj).parameters;
        if (params !== undefined && !Array.isArray(params))
          fail(`${at}/${method}/parameters must be an array`);
      }
    }
    return 'openapi';
  }
  if ('openrpc' in doc) {
    if (typeof doc.openrpc !== 'string' || !/^1\.\d+\.\d+$/.test(doc.openrpc))
      fail(`/openrpc is ${JSON.stringify(doc.openrpc)}; an OpenRPC 1.x version is expected`);
    info('');
    if (!Array.isArray(doc.methods)) fail('/methods must be an array');
    const seen = new Set<string>();
    for (const [i, m] of (doc.methods as unknown[]).entries()) {
      if (isObject(m) && typeof m.$ref === 'string') continue;
      if (!isObject(m)) fail(`/methods/${i} must be an object`);
      if (!isObject(m)) continue;
      if (typeof m.name !== 'string') fail(`/methods/${i}/name must be a string`);
      if (seen.has(m.name as string)) fail(`/methods/${i}: method ${m.name} appears twice`);
      seen.add(m.name as string);
      if (!Array.isArray(m.params)) fail(`/methods/${i}/params must be an array`);
      if (
        m.paramStructure !== undefined &&
        !['by-name', 'by-position', 'either'].includes(String(m.paramStructure))
      )
        fail(
          `/methods/${i}/paramStructure ${JSON.stringify(m.paramStructure)} must be by-name, by-position or either`,
        );
    }
    return 'openrpc';
  }
  return fail(
    'neither an OpenAPI 3.1 document (no "openapi") nor an OpenRPC document (no "openrpc")',
  );
}

const dataKeys = new Set(['example', 'examples', 'const', 'enum', 'default']);

/** Every `$ref` must be local and resolve; the first that does not is named. */
function checkRefs(doc: unknown, file: string) {
  const walk = (node: unknown, at: string, names = false): void => {
    if (Array.isArray(node)) {
      for (const [i, x] of node.entries()) walk(x, `${at}/${i}`);
    } else if (isObject(node)) {
      if (typeof node.$ref === 'string') {
        const ref = node.$ref;
        if (!ref.startsWith('#'))
          throw new SpecInputError(
            file,
            `${at}: $ref ${ref} is not local (bundle the document first)`,
          );
        if (getPointer(doc, decodeURIComponent(ref.slice(1))) === undefined)
          throw new SpecInputError(file, `${at}: $ref ${ref} does not resolve`);
      }
      for (const [k, v] of Object.entries(node)) {
        // Examples hold data, not schemas (unless the key is a member's name).
        if (!names && dataKeys.has(k)) continue;
        walk(v, `${at}/${escapePointer(k)}`, k === 'properties' && !names);
      }
    }
  };
  walk(doc, '');
}
