// The spec differ's API: compare two documents or two folders of them, classify every change
// by the rules table, and summarize per audience.
import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { readSpec, type SpecDocument, SpecInputError, specExtensions } from './load.js';
import { diffOpenApi } from './openapi.js';
import { diffOpenRpc } from './openrpc.js';
import { type Change, mostSevere, type Severity } from './rules.js';
import type { Recorded } from './walk.js';

export { parseSpec, readSpec, type SpecDocument, SpecInputError, type SpecKind } from './load.js';
export { type DiffFormat, formatDiff } from './report.js';
export { type Change, type Level, type Rule, type RuleId, rules, type Severity } from './rules.js';
export { markUnused } from './usage.js';
export type { Recorded };

export interface DiffSummary {
  client: Severity;
  server: Severity;
}

export interface DiffResult {
  changes: Recorded[];
  summary: DiffSummary;
  /** The documents read, old and new, for `markUnused`. */
  documents: SpecDocument[];
}

export function summarize(changes: readonly Change[]): DiffSummary {
  return {
    client: mostSevere(changes.map((c) => c.client)),
    server: mostSevere(changes.map((c) => c.server)),
  };
}

/**
 * The same document without operations or methods: what an added or removed spec is compared
 * with, so that only its operations show as added or removed.
 */
export function emptyLike(spec: SpecDocument): SpecDocument {
  const doc = spec.kind === 'openapi' ? { ...spec.doc, paths: {} } : { ...spec.doc, methods: [] };
  return { ...spec, file: '(none)', doc };
}

/** Every change from `oldSpec` to `newSpec`; both must be of the same kind. */
export function diffDocuments(oldSpec: SpecDocument, newSpec: SpecDocument): Recorded[] {
  if (oldSpec.kind !== newSpec.kind)
    throw new SpecInputError(
      newSpec.file,
      `is an ${newSpec.kind === 'openapi' ? 'OpenAPI' : 'OpenRPC'} document but ${oldSpec.file} is ${oldSpec.kind === 'openapi' ? 'OpenAPI' : 'OpenRPC'}`,
    );
  const differ = newSpec.kind === 'openapi' ? diffOpenApi : diffOpenRpc;
  return differ(newSpec.name, oldSpec.doc, newSpec.doc).list;
}

async function specFiles(dir: string): Promise<Map<string, string>> {
  const files = (await readdir(dir)).filter((f) => specExtensions.includes(extname(f))).sort();
  return new Map(files.map((f) => [f.slice(0, -extname(f).length), join(dir, f)]));
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    throw new SpecInputError(path, `cannot read: ${(error as Error).message}`);
  }
}

/**
 * Compares two files, or two folders whose documents are matched by name (a document on one
 * side only is compared with an empty one: all its operations added or removed).
 */
export async function diffPaths(oldPath: string, newPath: string): Promise<DiffResult> {
  const [oldDir, newDir] = await Promise.all([isDirectory(oldPath), isDirectory(newPath)]);
  if (oldDir !== newDir)
    throw new SpecInputError(
      newDir ? oldPath : newPath,
      'is a file, but the other side is a folder; give two files or two folders',
    );
  const pairs: [SpecDocument | undefined, SpecDocument | undefined][] = [];
  if (!oldDir) pairs.push([await readSpec(oldPath), await readSpec(newPath)]);
  else {
    const [olds, news] = await Promise.all([specFiles(oldPath), specFiles(newPath)]);
    for (const name of [...new Set([...olds.keys(), ...news.keys()])].sort()) {
      const [o, n] = [olds.get(name), news.get(name)];
      pairs.push([o ? await readSpec(o) : undefined, n ? await readSpec(n) : undefined]);
    }
  }
  const changes = pairs.flatMap(([o, n]) => {
    const oldSpec = o ?? emptyLike(n as SpecDocument);
    const newSpec = n ?? emptyLike(oldSpec);
    return diffDocuments(oldSpec, newSpec);
  });
  const documents = pairs.flat().filter((d): d is SpecDocument => d !== undefined);
  return { changes, summary: summarize(changes), documents };
}
