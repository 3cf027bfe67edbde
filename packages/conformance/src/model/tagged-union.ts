import { deref, isObject } from './json-pointer.js';

/**
 * The tag of a `oneOf` whose branches are all objects that require one property with a
 * distinct `const` (the specs' way to write a union without `discriminator`).
 */
export function unionTag(
  doc: Record<string, unknown>,
  oneOf: unknown[],
): { tag: string; values: unknown[] } | undefined {
  let branches: Record<string, unknown>[];
  try {
    branches = oneOf.map((b) => deref(doc, b, '').node);
  } catch {
    return undefined;
  }
  const first = branches[0];
  if (branches.length < 2 || !first || !isObject(first.properties)) return undefined;
  const constOf = (branch: Record<string, unknown>, tag: string): unknown => {
    if (!isObject(branch.properties) || !Array.isArray(branch.required)) return undefined;
    if (!branch.required.includes(tag)) return undefined;
    try {
      return deref(doc, branch.properties[tag], '').node?.const;
    } catch {
      return undefined;
    }
  };
  for (const tag of Object.keys(first.properties)) {
    const values = branches.map((b) => constOf(b, tag));
    if (values.some((v) => v === undefined || (typeof v === 'object' && v !== null))) continue;
    if (new Set(values.map((v) => JSON.stringify(v))).size !== values.length) continue;
    return { tag, values };
  }
  return undefined;
}

/** Matches the schemaPath of the tag check `rewriteTaggedUnion` writes. */
const tagCheckPath = /\/dependentSchemas\/([^/]+)\/properties\/\1\/enum$/;

/** The union tag an `enum` error is about, when it comes from a rewritten union's tag check. */
export function tagOfError(schemaPath: string): string | undefined {
  return tagCheckPath.exec(schemaPath)?.[1];
}

/**
 * Rewrites a tagged `oneOf` in place: each branch becomes "if the tag is X then branch X,
 * else fail", and the union itself requires the tag and checks it against the values. It
 * accepts exactly what the `oneOf` accepts (tags are distinct and required), but only the
 * branch the tag selects reports its errors; `isTagWrapperError` recognises the rest. Each
 * branch stays at its pointer (`…/oneOf/0`), wrapped, so references to branches still resolve.
 * The tag check sits under `dependentSchemas` so its errors are recognisable by schemaPath
 * alone (ajv errors carry no schema unless verbose).
 */
export function rewriteTaggedUnion(
  doc: Record<string, unknown>,
  schema: Record<string, unknown>,
): void {
  if (!Array.isArray(schema.oneOf) || 'dependentSchemas' in schema) return;
  const found = unionTag(doc, schema.oneOf);
  if (!found) return;
  const { tag, values } = found;
  const required = Array.isArray(schema.required) ? schema.required : [];
  schema.required = required.includes(tag) ? required : [...required, tag];
  schema.dependentSchemas = { [tag]: { properties: { [tag]: { enum: values } } } };
  // Built with computed keys: a literal `then` property trips the thenable lint.
  schema.oneOf = schema.oneOf.map((branch, i) =>
    Object.fromEntries([
      ['if', { properties: { [tag]: { const: values[i] } }, required: [tag] }],
      ['then', branch],
      ['else', false],
    ]),
  );
}

/**
 * Whether an ajv error is the wrapper's own noise under the `oneOf` at `oneOfPath`: a
 * branch whose tag did not match (`else: false`) or "must match then/else schema".
 */
export function isTagWrapperError(schemaPath: string, oneOfPath: string): boolean {
  if (!schemaPath.startsWith(`${oneOfPath}/`)) return false;
  return /^\d+\/(if|else\/false schema)$/.test(schemaPath.slice(oneOfPath.length + 1));
}
