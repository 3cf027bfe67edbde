import type { StructuralSchema } from './spec.js';

/** Whether a value has the shape a schema describes. */
export type SchemaCheck = (value: unknown) => boolean;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The yes/no form of {@link checkSchema}: each schema becomes a closure once, so a body is walked
 * without building a path or an issue for every member. checkSchema, which says where and why,
 * runs only for a body this rejects; the two agree on every value (checkSchema.test.ts proves it
 * on random values). Hand-written because a JSON Schema compiler (ajv) would weigh far more than
 * the eleven keywords the generated schemas use, and would compile code at run time (CSP).
 */
export function compileSchemas(
  schemas: Readonly<Record<string, StructuralSchema>>,
): (schema: StructuralSchema | boolean | undefined) => SchemaCheck {
  const compiled = new Map<StructuralSchema, SchemaCheck>();
  const pass: SchemaCheck = () => true;

  const compile = (schema: StructuralSchema | boolean | undefined): SchemaCheck => {
    if (schema === undefined || schema === true) return pass;
    if (schema === false) return () => false;
    const known = compiled.get(schema);
    if (known) return known;
    // A $ref may lead back here: the entry forwards to the closure built below.
    let check: SchemaCheck = pass;
    compiled.set(schema, (value) => check(value));
    check = build(schema);
    compiled.set(schema, check);
    return check;
  };

  const build = (schema: StructuralSchema): SchemaCheck => {
    const { $ref } = schema;
    if ($ref) {
      const target = schemas[$ref];
      return (value) => compile(target)(value);
    }
    const parts: SchemaCheck[] = [];
    const types = schema.type === undefined ? [] : [schema.type].flat();
    if (types.length) {
      parts.push((value) =>
        types.some((type) =>
          type === 'integer'
            ? Number.isInteger(value)
            : type === 'null'
              ? value === null
              : type === 'array'
                ? Array.isArray(value)
                : type === 'object'
                  ? typeof value === 'object' && value !== null && !Array.isArray(value)
                  : typeof value === type,
        ),
      );
    }
    if ('const' in schema) parts.push((value) => same(value, schema.const));
    const { enum: options } = schema;
    if (options) {
      // Strings and numbers, the usual members, are looked up; anything else is compared whole.
      const plain = new Set(options.filter((o) => typeof o !== 'object' || o === null));
      const other = options.filter((o) => !plain.has(o));
      parts.push((value) => plain.has(value) || other.some((o) => same(o, value)));
    }
    for (const part of schema.allOf ?? []) parts.push(compile(part));
    if (schema.oneOf) {
      const alternatives = schema.oneOf.map(compile);
      parts.push((value) => {
        let matches = 0;
        for (const alternative of alternatives) if (alternative(value) && ++matches > 1) break;
        return matches === 1;
      });
    }
    if (schema.anyOf) {
      const alternatives = schema.anyOf.map(compile);
      parts.push((value) => alternatives.some((alternative) => alternative(value)));
    }
    const { required = [], properties = {}, additionalProperties } = schema;
    const members = new Map(Object.entries(properties).map(([name, s]) => [name, compile(s)]));
    const rest = additionalProperties === undefined ? pass : compile(additionalProperties);
    // Members with a `const` (the tag of a oneOf alternative) are looked at first: a wrong
    // alternative then fails on its tag, before the rest of a large object is walked.
    const tags = Object.entries(properties)
      .filter(([, s]) => typeof s === 'object' && 'const' in s)
      .map(([name, s]) => [name, compile(s)] as const);
    if (required.length || members.size || additionalProperties !== undefined) {
      parts.push((value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
        const record = value as Record<string, unknown>;
        for (const name of required) if (!(name in record)) return false;
        for (const [name, tag] of tags)
          if (Object.hasOwn(record, name) && !tag(record[name])) return false;
        for (const name in record) {
          if (!Object.hasOwn(record, name)) continue;
          if (!(members.get(name) ?? rest)(record[name])) return false;
        }
        return true;
      });
    }
    if (schema.items) {
      const item = compile(schema.items);
      parts.push((value) => !Array.isArray(value) || value.every((v) => item(v)));
    }
    return parts.length === 1
      ? (parts[0] as SchemaCheck)
      : (value) => {
          for (const part of parts) if (!part(value)) return false;
          return true;
        };
  };

  return compile;
}
