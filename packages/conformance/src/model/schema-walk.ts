import { isObject } from './json-pointer.js';

type SchemaVisitor = (schema: Record<string, unknown>) => void;

const schemaMaps = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const schemaArrays = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const schemaValues = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
];

/** Calls `visit` on `schema` and every subschema it contains (not through `$ref`). */
export function walkSchema(schema: unknown, visit: SchemaVisitor): void {
  if (!isObject(schema)) return;
  visit(schema);
  for (const key of schemaMaps) {
    const map = schema[key];
    if (isObject(map)) for (const sub of Object.values(map)) walkSchema(sub, visit);
  }
  for (const key of schemaArrays) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) walkSchema(sub, visit);
  }
  for (const key of schemaValues) walkSchema(schema[key], visit);
}

/**
 * Strict mode: every object schema that lists `properties` and says nothing about other
 * properties is closed, so a property the spec does not declare fails validation.
 */
export function closeObject(schema: Record<string, unknown>): void {
  if (
    isObject(schema.properties) &&
    !('additionalProperties' in schema) &&
    !('unevaluatedProperties' in schema)
  ) {
    schema.additionalProperties = false;
  }
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function mediaSchemas(content: unknown, visit: (schema: unknown) => void) {
  if (isObject(content))
    for (const media of Object.values(content)) if (isObject(media)) visit(media.schema);
}

function parameterLike(node: unknown, visit: (schema: unknown) => void) {
  if (!isObject(node)) return;
  visit(node.schema);
  mediaSchemas(node.content, visit);
}

function responseLike(node: unknown, visit: (schema: unknown) => void) {
  if (!isObject(node)) return;
  mediaSchemas(node.content, visit);
  if (isObject(node.headers)) for (const h of Object.values(node.headers)) parameterLike(h, visit);
}

/** Every schema root of an OpenAPI 3.1 document: components, parameters, bodies, responses. */
export function forEachOpenApiSchema(
  doc: Record<string, unknown>,
  visit: (schema: unknown) => void,
) {
  const components = isObject(doc.components) ? doc.components : {};
  if (isObject(components.schemas)) for (const s of Object.values(components.schemas)) visit(s);
  for (const key of ['parameters', 'headers'] as const) {
    const map = components[key];
    if (isObject(map)) for (const p of Object.values(map)) parameterLike(p, visit);
  }
  if (isObject(components.requestBodies))
    for (const b of Object.values(components.requestBodies)) responseLike(b, visit);
  if (isObject(components.responses))
    for (const r of Object.values(components.responses)) responseLike(r, visit);
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    if (Array.isArray(item.parameters)) for (const p of item.parameters) parameterLike(p, visit);
    for (const method of httpMethods) {
      const op = item[method];
      if (!isObject(op)) continue;
      if (Array.isArray(op.parameters)) for (const p of op.parameters) parameterLike(p, visit);
      responseLike(op.requestBody, visit);
      if (isObject(op.responses))
        for (const r of Object.values(op.responses)) responseLike(r, visit);
    }
  }
}

/** Every schema root of an OpenRPC document: components, params and results. */
export function forEachOpenRpcSchema(
  doc: Record<string, unknown>,
  visit: (schema: unknown) => void,
) {
  const components = isObject(doc.components) ? doc.components : {};
  if (isObject(components.schemas)) for (const s of Object.values(components.schemas)) visit(s);
  if (isObject(components.contentDescriptors))
    for (const d of Object.values(components.contentDescriptors)) if (isObject(d)) visit(d.schema);
  if (isObject(components.errors))
    for (const e of Object.values(components.errors)) if (isObject(e)) visit(e.data);
  for (const method of Array.isArray(doc.methods) ? doc.methods : []) {
    if (!isObject(method)) continue;
    for (const p of Array.isArray(method.params) ? method.params : [])
      if (isObject(p)) visit(p.schema);
    if (isObject(method.result)) visit(method.result.schema);
  }
}
