import type { StructuralSchema } from './spec.js';

const kind = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const is = (value: unknown, type: string) =>
  type === 'integer' ? Number.isInteger(value) : type === kind(value);

const equal = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Lists where `value` does not have the shape `schema` describes: types, required properties,
 * enum and const, oneOf/anyOf/allOf, items and additionalProperties. Formats, patterns and
 * ranges are left to the server; this is about whether the TypeScript types can be trusted.
 */
export function checkSchema(
  value: unknown,
  schema: StructuralSchema | boolean | undefined,
  schemas: Readonly<Record<string, StructuralSchema>>,
  path = 'body',
  issues: string[] = [],
): string[] {
  if (schema === undefined || schema === true) return issues;
  if (schema === false) {
    issues.push(`${path}: not allowed`);
    return issues;
  }
  if (schema.$ref) return checkSchema(value, schemas[schema.$ref], schemas, path, issues);
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length && !types.some((type) => is(value, type))) {
    issues.push(`${path}: expected ${types.join(' or ')}, got ${kind(value)}`);
    return issues;
  }
  if ('const' in schema && !equal(value, schema.const)) {
    issues.push(`${path}: expected ${JSON.stringify(schema.const)}, got ${JSON.stringify(value)}`);
  }
  if (schema.enum && !schema.enum.some((option) => equal(option, value))) {
    issues.push(
      `${path}: ${JSON.stringify(value)} is not one of ${schema.enum.map((o) => JSON.stringify(o)).join(', ')}`,
    );
  }
  for (const part of schema.allOf ?? []) checkSchema(value, part, schemas, path, issues);
  for (const [keyword, wanted] of [
    ['oneOf', 'exactly one'],
    ['anyOf', 'at least one'],
  ] as const) {
    const options = schema[keyword];
    if (!options) continue;
    const results = options.map((option) => checkSchema(value, option, schemas, path));
    const matches = results.filter((r) => !r.length).length;
    if (keyword === 'oneOf' ? matches !== 1 : matches < 1) {
      // With no match, the alternative with the fewest problems is most likely the one meant.
      const closest = matches ? [] : results.reduce((a, b) => (b.length < a.length ? b : a));
      issues.push(
        `${path}: matches ${matches} of the ${options.length} alternatives, not ${wanted}`,
        ...closest,
      );
    }
  }
  if (kind(value) === 'object') {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!(name in record)) issues.push(`${path}.${name}: missing`);
    }
    for (const [name, item] of Object.entries(record)) {
      // Own members only: a body's `constructor` or `toString` is not Object.prototype's.
      const declared =
        schema.properties && Object.hasOwn(schema.properties, name)
          ? schema.properties[name]
          : undefined;
      if (declared) checkSchema(item, declared, schemas, `${path}.${name}`, issues);
      else if (schema.additionalProperties !== undefined) {
        checkSchema(item, schema.additionalProperties, schemas, `${path}.${name}`, issues);
      }
    }
  }
  if (Array.isArray(value) && schema.items) {
    for (const [i, item] of value.entries()) {
      checkSchema(item, schema.items, schemas, `${path}[${i}]`, issues);
    }
  }
  return issues;
}
