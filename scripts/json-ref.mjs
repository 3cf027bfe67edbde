// Local `$ref`s of the bundled specs, read the one way every script reads them.

/** Follows local `$ref`s (`#/a/b`) until a node without one; throws on a circular, remote or unresolved one. */
export function deref(doc, node) {
  let current = node;
  const seen = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    if (!current.$ref.startsWith('#/'))
      throw new Error(`only local $refs are supported: ${current.$ref}`);
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((parent, key) => parent?.[key], doc);
    if (current === undefined) throw new Error(`unresolved $ref ${[...seen].pop()}`);
  }
  return current;
}
