// Version-aware views of the node document. Methods, parameters and members that came or
// went with an AvalancheGo release carry `x-since` (first release that sends it) and/or
// `x-until` (last release that sends it); `x-required: true` marks a member as required in
// every release that sends it, `x-required-since` from a given release on. The bundled
// document requires only what every supported release sends; `documentForVersion` gives
// the document one particular release answers by.
import { isObject } from './json-pointer.js';

/** A release as major.minor.patch; pre-release and build suffixes are dropped. */
export interface NodeVersion {
  major: number;
  minor: number;
  patch: number;
}

export class NodeVersionError extends Error {
  override name = 'NodeVersionError';
}

const versionPattern = /^(?:[A-Za-z][\w.-]*\/)?v?(\d{1,4})\.(\d{1,4})\.(\d{1,4})(?:[-+][\w.-]*)?$/;

/**
 * Parses what `info.getNodeVersion` reports (`avalanchego/1.13.2`, older nodes
 * `avalanche/1.9.4`) or a release tag (`v1.13.2`, `1.13.2`).
 */
export function parseNodeVersion(text: string): NodeVersion {
  const match = typeof text === 'string' ? versionPattern.exec(text.trim()) : null;
  if (!match)
    throw new NodeVersionError(
      `node version ${JSON.stringify(text)} must look like avalanchego/1.13.2 or v1.13.2`,
    );
  const [major, minor, patch] = match.slice(1, 4).map(Number) as [number, number, number];
  return { major, minor, patch };
}

export function formatNodeVersion(v: NodeVersion): string {
  return `v${v.major}.${v.minor}.${v.patch}`;
}

/** The release a node document describes (`info.x-avalanchego-release`), when it names one. */
export function describedRelease(doc: Record<string, unknown>): string | undefined {
  const release = isObject(doc.info) ? doc.info['x-avalanchego-release'] : undefined;
  return typeof release === 'string' ? release : undefined;
}

/** Negative when a is older than b, 0 when equal, positive when newer. */
export function compareNodeVersions(a: NodeVersion, b: NodeVersion): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

function markVersion(value: unknown, where: string): NodeVersion | undefined {
  if (value === undefined || value === null) return undefined;
  try {
    return parseNodeVersion(String(value));
  } catch (cause) {
    throw new NodeVersionError(`${where}: ${(cause as Error).message}`, { cause });
  }
}

/** Whether a node of `version` has the method, parameter or member carrying these marks. */
export function presentIn(
  node: Record<string, unknown>,
  version: NodeVersion,
  where = '',
): boolean {
  const since = markVersion(node['x-since'], `${where} x-since`);
  const until = markVersion(node['x-until'], `${where} x-until`);
  if (since && compareNodeVersions(version, since) < 0) return false;
  if (until && compareNodeVersions(version, until) > 0) return false;
  return true;
}

function requiredIn(node: Record<string, unknown>, version: NodeVersion, where: string): boolean {
  const from = markVersion(node['x-required-since'], `${where} x-required-since`);
  if (from) return compareNodeVersions(version, from) >= 0;
  return node['x-required'] === true;
}

/** Rewrites every object schema below `node` in place for one release. */
function applyToSchemas(node: unknown, version: NodeVersion, path: string): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      applyToSchemas(item, version, `${path}/${i}`);
    });
    return;
  }
  if (!isObject(node)) return;
  if (isObject(node.properties)) {
    const properties = node.properties as Record<string, unknown>;
    let required = Array.isArray(node.required) ? [...(node.required as string[])] : [];
    for (const [name, member] of Object.entries(properties)) {
      if (!isObject(member)) continue;
      const where = `${path}/properties/${name}`;
      if (!presentIn(member, version, where)) {
        delete properties[name];
        required = required.filter((r) => r !== name);
      } else if (requiredIn(member, version, where) && !required.includes(name)) {
        required.push(name);
      }
    }
    if (required.length > 0 || Array.isArray(node.required)) node.required = required;
  }
  for (const [key, value] of Object.entries(node)) {
    // Examples are data, not schemas; an example member named `properties` is not a schema.
    if (key === 'examples' || key === 'example' || key === 'const' || key === 'enum') continue;
    applyToSchemas(value, version, `${path}/${key}`);
  }
}

/**
 * The document as the given release answers: methods it does not serve are dropped;
 * members it does not send are removed from `properties` and `required` (so strict
 * validation, which closes objects, rejects them); members it sends that are marked
 * `x-required` / `x-required-since` become required. Parameters are kept: the node ignores
 * arguments it does not read. The input is not modified.
 */
export function documentForVersion<T extends object>(doc: T, version: string | NodeVersion): T {
  const v = typeof version === 'string' ? parseNodeVersion(version) : version;
  const out = structuredClone(doc) as Record<string, unknown>;
  if (Array.isArray(out.methods)) {
    out.methods = out.methods.filter(
      (m) => !isObject(m) || presentIn(m, v, `method ${String(m.name)}`),
    );
  }
  applyToSchemas(out.components, v, '#/components');
  if (Array.isArray(out.methods))
    out.methods.forEach((m, i) => {
      if (!isObject(m)) return;
      for (const key of ['params', 'result'] as const)
        applyToSchemas(m[key], v, `#/methods/${i}/${key}`);
    });
  if (isObject(out.paths)) applyToSchemas(out.paths, v, '#/paths');
  if (isObject(out.info)) out.info = { ...out.info, 'x-node-version': formatNodeVersion(v) };
  return out as T;
}

/** The releases the document says it covers (`info.x-supported-releases`), if it says. */
export function supportedReleases(doc: {
  info?: unknown;
}): { from: NodeVersion; to: NodeVersion } | undefined {
  const range = isObject(doc.info) ? doc.info['x-supported-releases'] : undefined;
  if (!isObject(range) || typeof range.from !== 'string' || typeof range.to !== 'string')
    return undefined;
  return { from: parseNodeVersion(range.from), to: parseNodeVersion(range.to) };
}

/**
 * Where a release stands against the releases the document covers: inside the range, older
 * or newer than it, or `unknown` when the document names no range. A release outside the range
 * is still judged by the marks (a newer one as the newest supported release plus nothing), but
 * members it added or dropped are not in the document, so a report should say so.
 */
export function releaseSupport(
  doc: { info?: unknown },
  version: string | NodeVersion,
): 'supported' | 'older' | 'newer' | 'unknown' {
  const v = typeof version === 'string' ? parseNodeVersion(version) : version;
  const range = supportedReleases(doc);
  if (!range) return 'unknown';
  if (compareNodeVersions(v, range.from) < 0) return 'older';
  if (compareNodeVersions(v, range.to) > 0) return 'newer';
  return 'supported';
}
