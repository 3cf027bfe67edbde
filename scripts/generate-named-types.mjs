// Shared by the generate-*.mjs scripts (named so turbo's generate inputs, scripts/generate-*.mjs, include it).
// Gives every component schema a top-level name. openapi-typescript keeps schemas inside
// `components['schemas']`, so editors show `components["schemas"]["EvmBlock"]` instead of
// `EvmBlock`; its `rootTypes` option only adds aliases of those indexed types, which editors
// still print structurally. Moving each schema's type into its own `export type` and leaving
// a reference in `components` makes every use of the schema print as its name.
import { createRequire } from 'node:module';

// Required, not imported: as ESM, Node would parse TypeScript's 9 MB file three times.
const ts = createRequire(import.meta.url)('typescript');

export const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Names a schema must not take: the generated file's own declarations and lib types it uses. */
const RESERVED = new Set([
  'paths',
  'webhooks',
  'components',
  '$defs',
  'operations',
  'Record',
  'Partial',
  'Required',
  'Readonly',
  'Pick',
  'Omit',
  'Exclude',
  'Extract',
  'Array',
  'Promise',
  'Date',
  'Error',
  'Blob',
  'File',
  'Object',
  'String',
  'Number',
  'Boolean',
]);

/** `getUTXOs` -> `GetUTXOs`, `avg_tps` -> `AvgTps`. */
export function pascal(name) {
  return name
    .split(/[^A-Za-z0-9$]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** Throws when `name` cannot be a top-level type of a generated file. */
export function checkName(name, what) {
  if (!IDENTIFIER.test(name)) throw new Error(`${what}: ${JSON.stringify(name)} is not a name`);
  if (RESERVED.has(name)) {
    throw new Error(`${what}: the name ${name} is taken by the generated file or a lib type`);
  }
}

/** The component schema a `$ref` names (`#/components/schemas/EvmBlock` -> `EvmBlock`), if any. */
export function schemaRefName(schema) {
  const ref = schema?.$ref;
  const prefix = '#/components/schemas/';
  if (typeof ref !== 'string' || !ref.startsWith(prefix)) return undefined;
  const name = ref.slice(prefix.length);
  return IDENTIFIER.test(name) ? name : undefined;
}

/**
 * One name per type. A success body (a method's result) whose schema is a `$ref` to a named
 * schema is that schema, so it is called by the spec's name everywhere (`listValidators`
 * resolves to `ListValidatorsResponse`, the docs and hovers say `ListValidatorsResponse`); only
 * a body without a schema name takes the operation's `fallback` (`<OperationId>Result`).
 * Returns `{ name, deprecated }`: `deprecated` is the operation's old name, kept as an alias of
 * `name` so that code written against it still compiles, or undefined when the two are one.
 */
export function resultTypeName(schema, fallback) {
  const name = schemaRefName(schema) ?? fallback;
  return { name, deprecated: name === fallback ? undefined : fallback };
}

const keyOf = (member) =>
  ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : undefined;

/**
 * Hoists the members of `components.schemas` in openapi-typescript's AST into exported type
 * aliases. `nameOf(key)` gives the alias name, or null to leave that schema inline.
 * Returns `{ nodes, names }`: the new top-level nodes and the hoisted names in spec order.
 */
export function hoistSchemas(nodes, nameOf = (key) => key) {
  const names = [];
  const aliases = [];
  const taken = new Map();
  const out = nodes.map((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'components') return node;
    const members = node.members.map((group) => {
      if (keyOf(group) !== 'schemas' || !group.type || !ts.isTypeLiteralNode(group.type)) {
        return group;
      }
      const schemas = group.type.members.map((member) => {
        const key = keyOf(member);
        const name = key === undefined ? null : nameOf(key);
        if (name === null || name === undefined) return member;
        checkName(name, `schema ${key}`);
        if (taken.has(name)) {
          throw new Error(`schemas ${taken.get(name)} and ${key} would both be named ${name}`);
        }
        taken.set(name, key);
        names.push(name);
        const alias = ts.factory.createTypeAliasDeclaration(
          [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)],
          name,
          undefined,
          member.type,
        );
        // The schema's description travels with its type.
        const comments = ts.getSyntheticLeadingComments(member);
        if (comments) ts.setSyntheticLeadingComments(alias, comments);
        aliases.push(alias);
        return ts.factory.createPropertySignature(
          member.modifiers,
          member.name,
          member.questionToken,
          ts.factory.createTypeReferenceNode(name),
        );
      });
      return ts.factory.updatePropertySignature(
        group,
        group.modifiers,
        group.name,
        group.questionToken,
        ts.factory.createTypeLiteralNode(schemas),
      );
    });
    return ts.factory.updateInterfaceDeclaration(
      node,
      node.modifiers,
      node.name,
      node.typeParameters,
      node.heritageClauses,
      members,
    );
  });
  return { nodes: [...out, ...aliases], names };
}
