/** JSON Pointer helpers (RFC 6901) over plain JSON documents. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function escapePointer(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function unescapePointer(token: string): string {
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

/**
 * Pointers read so far, cut into tokens: the checks read the same few pointers of the specs
 * on every exchange. Bounded, since a pointer may come from data too.
 */
const tokenCache = new Map<string, string[]>();

function tokensOf(pointer: string): string[] {
  let tokens = tokenCache.get(pointer);
  if (!tokens) {
    tokens = pointer.slice(1).split('/').map(unescapePointer);
    if (tokenCache.size >= 4096) tokenCache.clear();
    tokenCache.set(pointer, tokens);
  }
  return tokens;
}

export function getPointer(doc: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return pointer === '' ? doc : (doc as JsonObject)[''];
  let node: unknown = doc;
  for (const token of tokensOf(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Follows local `$ref`s (`#/...`) from `node` at `pointer` until a non-reference object,
 * returning it with its own pointer. Throws on a dangling or cyclic reference.
 */
export function deref<T = Record<string, unknown>>(
  doc: unknown,
  node: unknown,
  pointer: string,
): { node: T; pointer: string } {
  const seen = new Set<string>();
  let current = node;
  let at = pointer;
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#'))
      throw new Error(`only local $refs are supported, got ${ref} at ${at}`);
    if (seen.has(ref)) throw new Error(`cyclic $ref ${ref} at ${at}`);
    seen.add(ref);
    at = decodeURIComponent(ref.slice(1));
    current = getPointer(doc, at);
    if (current === undefined) throw new Error(`dangling $ref ${ref}`);
  }
  return { node: current as T, pointer: at };
}

/** JSON text with every object's keys sorted: equal for equal values, whatever the key order. */
export const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, val) =>
    isObject(val)
      ? Object.fromEntries(Object.entries(val).sort(([a], [b]) => a.localeCompare(b)))
      : val,
  );
