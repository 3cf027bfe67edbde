#!/usr/bin/env node
// Emits a client package's src/generated/ from one bundled OpenAPI document:
//   types.ts       openapi-typescript's `paths`, `components` and `operations`
//   functions.ts   one tree-shakable function per operation, holding its method, path,
//                  parameter rules and cross-field rules
//   operations.ts  the types of those functions and of the client methods; the generic ones come
//                  from @avalanche-api/rest-core
//   schemas.ts     the structural subset of the success-response schemas, for the opt-in validator
//   names.ts       the named types a user imports: one per component schema, and
//                  <OperationId>Params / <OperationId>Result per operation
//   README.md      "do not edit"
// Usage: node scripts/generate-openapi-types.mjs <bundled-spec.json> <out-dir> [--check]
// With --check nothing is written; the exit code is 1 when a file on disk differs.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkName, hoistSchemas, pascal, resultTypeName } from './generate-named-types.mjs';
import { deref } from './json-ref.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');
const require = createRequire(import.meta.url);
// Required, not imported: as ESM, Node would parse TypeScript's 9 MB file three times.
const { default: openapiTS, astToString } = require('openapi-typescript');
const openapiTsVersion = require('openapi-typescript/package.json').version;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const RULES = new Set(['exactlyOne', 'sumAtMost', 'atLeastOne']);
/**
 * The JSON Schema keywords rest-core's `checkRule` enforces before a request is sent (the node
 * client's generator uses the same list). A parameter schema with any other keyword but an
 * annotation fails generation: silently accepting values the server rejects is worse.
 */
export const RULE_KEYWORDS = [
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'additionalProperties',
  'oneOf',
  'anyOf',
  'allOf',
];
/** Keywords that describe a value without limiting it: carried into the types, never checked. */
export const ANNOTATIONS = [
  'title',
  'description',
  'default',
  'examples',
  'example',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
];
/** The keys of a ParameterSpec (rest-core's flat form for a scalar or an array of scalars). */
const FLAT_KEYWORDS = new Set([
  'type',
  'minimum',
  'maximum',
  'x-minimum',
  'x-maximum',
  'minLength',
  'enum',
  'pattern',
  'items',
]);

/**
 * A schema as the checkRule keywords, $refs inlined (a schema used twice is one object). Throws
 * on a keyword the client does not check, a `format` included: no parameter of the specs has one,
 * and a format nobody checks must not pass as checked.
 */
export function schemaRule(doc, node, where, inside = new Set(), done = new Map()) {
  if (node && typeof node === 'object' && typeof node.$ref === 'string') {
    if (done.has(node.$ref)) return done.get(node.$ref);
    if (inside.has(node.$ref))
      throw new Error(`${where}: a recursive parameter schema is not supported`);
    const rule = schemaRule(doc, deref(doc, node), where, new Set([...inside, node.$ref]), done);
    done.set(node.$ref, rule);
    return rule;
  }
  if (!node || typeof node !== 'object' || Array.isArray(node))
    throw new Error(`${where}: schema must be an object`);
  const rule = {};
  for (const [key, value] of Object.entries(node)) {
    // x-minimum and x-maximum (a digit string's range) are ParameterSpec's alone: not skipped here.
    if (ANNOTATIONS.includes(key) || (key.startsWith('x-') && !/^x-(min|max)imum$/.test(key)))
      continue;
    if (!RULE_KEYWORDS.includes(key)) {
      throw new Error(
        `${where}: keyword ${key} is not checked by the client; extend rest-core's checkRule.ts`,
      );
    }
    const sub = (v, at) => schemaRule(doc, v, `${where}${at}`, inside, done);
    if (key === 'items') rule.items = sub(value, '[]');
    else if (key === 'properties') {
      rule.properties = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, sub(v, `.${k}`)]),
      );
    } else if (key === 'additionalProperties') {
      // `true` allows what an absent keyword allows.
      if (value !== true) rule.additionalProperties = value === false ? false : sub(value, '.*');
    } else if (key === 'oneOf' || key === 'anyOf' || key === 'allOf') {
      rule[key] = value.map((v, i) => sub(v, `/${key}/${i}`));
    } else rule[key] = value;
  }
  return rule;
}

export { deref } from './json-ref.mjs';

/** A path shown in headers: relative to the repository when inside it, so output is the same on every machine. */
export function displayPath(file) {
  const rel = relative(repoRoot, resolve(file));
  if (rel.startsWith('..') || resolve(rel) === rel) return basename(file);
  return rel.split(sep).join('/');
}

/** The one-line header of every generated TypeScript file; no timestamp, so output is byte-stable. */
export function header(doc, specPath, outDir, source = displayPath(specPath)) {
  const command = `node scripts/generate-openapi-types.mjs ${source} ${displayPath(outDir)}`;
  const title = `${doc.info?.title ?? 'untitled'} ${doc.info?.version ?? ''}`.trim();
  return `// Generated by \`${command}\` (openapi-typescript ${openapiTsVersion}) from ${source} (${title}). Do not edit: change the spec and run \`pnpm generate\`.\n`;
}

/** Whether a ParameterSpec states every rule of the schema (a scalar, or an array of scalars). */
const flat = (doc, node, top = true) => {
  const schema = deref(doc, node);
  return Object.keys(schema).every(
    (key) =>
      ANNOTATIONS.includes(key) ||
      key.startsWith('x-') ||
      (FLAT_KEYWORDS.has(key) && (key !== 'items' || (top && flat(doc, schema.items, false)))),
  );
};

/**
 * A schema ParameterSpec cannot state (a union, a const, a length or item count it has no key
 * for) as `{ type, rule }`: the JSON type its alternatives share, for the quick type check, and
 * the whole schema for checkStructure.
 */
function structuredRule(doc, schemaNode, where) {
  const rule = schemaRule(doc, schemaNode, where);
  const alternatives = rule.oneOf ?? rule.anyOf;
  const types = new Set(rule.type ? [rule.type].flat() : (alternatives ?? [{}]).map((a) => a.type));
  const [type] = types;
  if (types.size !== 1 || typeof type !== 'string') {
    throw new Error(`${where}: a parameter needs one JSON type its alternatives share`);
  }
  return { rule: { type, rule }, default: deref(doc, schemaNode).default };
}

function parameterRule(doc, schemaNode, where) {
  const schema = deref(doc, schemaNode);
  if (!schema || typeof schema !== 'object') throw new Error(`${where}: missing schema`);
  if (!flat(doc, schema)) return structuredRule(doc, schemaNode, where);
  const type = schema.type;
  if (!['string', 'integer', 'number', 'boolean', 'array'].includes(type)) {
    throw new Error(`${where}: unsupported type ${JSON.stringify(type)}`);
  }
  const rule = { type };
  // Big integers travel as digit strings and carry their range in x-minimum / x-maximum.
  const min = schema.minimum ?? schema['x-minimum'];
  const max = schema.maximum ?? schema['x-maximum'];
  if (min !== undefined) rule.min = min;
  if (max !== undefined) rule.max = max;
  if (schema.minLength !== undefined) rule.minLength = schema.minLength;
  if (schema.enum) rule.enum = schema.enum;
  if (schema.pattern) rule.pattern = schema.pattern;
  if (type === 'array') {
    const { rule: items } = parameterRule(doc, schema.items, `${where} items`);
    if (items.type === 'array') throw new Error(`${where}: nested arrays are not supported`);
    rule.items = items;
  }
  return { rule, default: schema.default };
}

/**
 * The rule of one top-level body field: a ParameterSpec for a scalar or an array of scalars, the
 * whole schema (checkStructure) for an object, an array of objects or a union.
 */
function bodyRule(doc, schemaNode, where) {
  const schema = deref(doc, schemaNode);
  if (schema?.type === 'object' && !schema.oneOf && !schema.anyOf && !schema.allOf) {
    return {
      rule: { type: 'object', rule: schemaRule(doc, schemaNode, where) },
      default: schema.default,
    };
  }
  return parameterRule(doc, schemaNode, where);
}

/**
 * A JSON body as one object of fields, the way the parameter object flattens it. A body that is
 * one of several object shapes (a webhook for EVM addresses, primary-network addresses or
 * validators) is the fields of all of them: a field is required when every shape requires it,
 * and a field the shapes type differently is checked only for what they share (the server's
 * schema judges which shape the whole body is).
 */
/** Whether the operation's success answer (its first 2xx) has no body in the spec. */
function emptySuccess(doc, op) {
  const status = Object.keys(op.responses ?? {})
    .filter((s) => /^2\d\d$/.test(s))
    .sort()[0];
  return status !== undefined && !deref(doc, op.responses[status])?.content;
}

const isUnion = (schema) => Array.isArray(schema?.oneOf ?? schema?.anyOf);

function bodyObject(doc, node, id) {
  const schema = deref(doc, node);
  const alternatives = schema?.oneOf ?? schema?.anyOf;
  if (schema?.type === 'object' && schema.properties && !alternatives) return schema;
  if (!Array.isArray(alternatives)) {
    throw new Error(`${id}: only application/json object bodies (or unions of them) are supported`);
  }
  const shapes = alternatives.map((alt) => bodyObject(doc, alt, id));
  const properties = {};
  for (const shape of shapes) {
    for (const [name, property] of Object.entries(shape.properties)) {
      const seen = properties[name];
      const resolved = deref(doc, property);
      if (!seen) properties[name] = resolved;
      else if (JSON.stringify(seen) !== JSON.stringify(resolved)) {
        // Two shapes, two schemas: keep the JSON type they share (a tag's consts become an enum).
        const values = (s) => ('const' in s ? [s.const] : s.enum);
        const both = [values(seen), values(resolved)];
        properties[name] =
          seen.type === resolved.type && both.every(Array.isArray)
            ? { type: seen.type, enum: [...new Set(both.flat())] }
            : seen.type === resolved.type && !['object', 'array'].includes(seen.type)
              ? { type: seen.type }
              : { type: 'object', oneOf: [seen, resolved] };
      }
    }
  }
  const required = shapes
    .map((shape) => new Set(shape.required ?? []))
    .reduce((a, b) => new Set([...a].filter((name) => b.has(name))));
  for (const [name, property] of Object.entries(properties)) {
    if ('const' in property) {
      const { const: only, ...rest } = property;
      properties[name] = { ...rest, enum: [only] };
    }
  }
  return { type: 'object', properties, required: [...required] };
}

/**
 * Reads the operations of a bundled OpenAPI document into plain data:
 * `{ id, method, path, params: [{ name, component, spec }], rules }` in document order.
 */
export function collectOperations(doc) {
  const operations = [];
  const ids = new Set();
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const id = op.operationId;
      if (!id || !/^[A-Za-z_$][\w$]*$/.test(id)) {
        throw new Error(
          `${method.toUpperCase()} ${path}: operationId missing or not an identifier`,
        );
      }
      if (ids.has(id)) throw new Error(`duplicate operationId ${id}`);
      ids.add(id);

      // Operation-level parameters override path-level ones with the same name and location.
      const merged = new Map();
      for (const ref of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const param = deref(doc, ref);
        const component = ref.$ref?.startsWith('#/components/parameters/')
          ? ref.$ref.slice('#/components/parameters/'.length)
          : undefined;
        merged.set(`${param.in}:${param.name}`, { param, component });
      }
      const params = [];
      const defaults = new Map();
      for (const { param, component } of merged.values()) {
        if (param.in !== 'path' && param.in !== 'query') {
          throw new Error(`${id}: ${param.in} parameter ${param.name} is not supported`);
        }
        const { rule, default: fallback } = parameterRule(doc, param.schema, `${id} ${param.name}`);
        const { type, ...bounds } = rule;
        // Path parameters are always required (OpenAPI says so), whatever the document claims.
        const required = param.in === 'path' || param.required ? { required: true } : {};
        const spec = { in: param.in, type, ...required, ...bounds };
        if (param['x-comma-separated']) spec.commaSeparated = true;
        params.push({ name: param.name, component, spec });
        defaults.set(param.name, fallback);
      }

      // A JSON body is flattened into the same parameter object as path and query fields.
      const body = op.requestBody && deref(doc, op.requestBody);
      if (body) {
        const schema = bodyObject(doc, body.content?.['application/json']?.schema, id);
        const required = new Set(schema.required ?? []);
        for (const [name, property] of Object.entries(schema.properties)) {
          const { rule, default: fallback } = bodyRule(doc, property, `${id} body.${name}`);
          const { type, ...bounds } = rule;
          const spec = {
            in: 'body',
            type,
            ...(required.has(name) ? { required: true } : {}),
            ...bounds,
          };
          params.push({ name, spec });
          defaults.set(name, fallback);
        }
      }

      const seen = new Set();
      for (const { name } of params) {
        if (seen.has(name)) {
          throw new Error(
            `${id}: parameter name ${name} is used twice (path, query and body share one object)`,
          );
        }
        seen.add(name);
      }

      const rules = [];
      for (const raw of op['x-avalanche-rules'] ?? []) {
        if (!RULES.has(raw.rule))
          throw new Error(`${id}: unknown x-avalanche-rules rule ${raw.rule}`);
        if (!Array.isArray(raw.fields) || raw.fields.length < 2) {
          throw new Error(`${id}: ${raw.rule} needs at least two fields`);
        }
        for (const field of raw.fields) {
          const param = params.find((p) => p.name === field);
          if (!param) throw new Error(`${id}: ${raw.rule} names unknown field ${field}`);
          if (raw.in && param.spec.in !== raw.in) {
            throw new Error(
              `${id}: ${raw.rule} says ${field} is in ${raw.in}, it is in ${param.spec.in}`,
            );
          }
        }
        const rule = { rule: raw.rule, fields: raw.fields };
        if (raw.rule === 'sumAtMost') {
          if (typeof raw.max !== 'number') throw new Error(`${id}: sumAtMost needs a numeric max`);
          rule.max = raw.max;
          // The sum is taken over what the server will use, so absent fields count with their default.
          for (const field of raw.fields) {
            const param = params.find((p) => p.name === field);
            if (!['integer', 'number'].includes(param.spec.type)) {
              throw new Error(`${id}: sumAtMost field ${field} is not numeric`);
            }
            if (defaults.get(field) !== undefined) param.spec.default = defaults.get(field);
          }
        }
        rules.push(rule);
      }

      const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const name of pathNames) {
        // Kept to words, as the runtime (planOperation) splits templates with /\{(\w+)\}/.
        if (!/^\w+$/.test(name)) throw new Error(`${id}: path parameter {${name}} is not a word`);
        if (!params.some((p) => p.name === name && p.spec.in === 'path')) {
          throw new Error(`${id}: path template names {${name}} but no path parameter does`);
        }
      }
      for (const p of params) {
        if (p.spec.in === 'path' && !pathNames.includes(p.name)) {
          throw new Error(`${id}: path parameter ${p.name} is not in the template ${path}`);
        }
      }

      const bodySchema = body?.content?.['application/json']?.schema;
      const union = body && isUnion(deref(doc, bodySchema));
      if (union && rules.length)
        throw new Error(`${id}: x-avalanche-rules on a body of several shapes is not supported`);
      // The body's shapes hold every field's whole schema: the fields keep their quick checks only.
      for (const p of union ? params : []) if (p.spec.in === 'body') delete p.spec.rule;
      operations.push({
        id,
        method: method.toUpperCase(),
        path,
        params,
        rules,
        result: resultTypeName(successSchema(doc, op), operationNames(id).result),
        hasBody: !!body,
        // The whole body is checked against its shapes once each field has passed.
        ...(union ? { bodyUnion: true, bodyShape: schemaRule(doc, bodySchema, `${id} body`) } : {}),
        ...(emptySuccess(doc, op) ? { emptySuccess: true } : {}),
      });
    }
  }
  return operations;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Serialises plain data as a compact TypeScript literal (unquoted keys where possible). */
export function literal(value) {
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([key, v]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${literal(v)}`,
    );
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

// The table types live in @avalanche-api/rest-core, the runtime that reads the table; the method
// types are rest-core's generic ones bound to this spec's `operations`.
const operationTypes = (schemaNames) => `import type * as core from '@avalanche-api/rest-core';
import type { ${['operations', ...schemaNames].join(', ')} } from './types.js';
`;

const METHOD_TYPES = `/** The one object an operation method takes: its path, query and body fields side by side. */
export type OperationParameters<K extends OperationId> = core.OperationParameters<operations[K]>;

/** The success body an operation method resolves to. */
export type OperationReturnType<K extends OperationId> = core.OperationReturnType<operations[K]>;

/** The method for one operation; \`params\` may be left out only when nothing in it is required. */
export type OperationMethod<K extends OperationId> = core.OperationMethod<operations[K]>;

`;

/** The names of an operation's parameter object and success body: `listValidators` -> `ListValidatorsParams`, `ListValidatorsResult`. */
export function operationNames(id) {
  const base = pascal(id);
  return { params: `${base}Params`, result: `${base}Result` };
}

/** The JSON schema of an operation's first 2XX answer, as written (a `$ref` kept), if it has one. */
function successSchema(doc, op) {
  const status = Object.keys(op.responses ?? {})
    .filter((s) => /^2\d\d$/.test(s))
    .sort()[0];
  return status && deref(doc, op.responses[status])?.content?.['application/json']?.schema;
}

/** The schema names an operation's result types refer to, for the import that brings them in. */
const resultSchemaNames = (operations) => [
  ...new Set(operations.filter((op) => op.result.deprecated).map((op) => op.result.name)),
];

/** Fails when an operation's Params/Result name is also a schema name, so no export shadows another. */
export function checkOperationNames(doc, operations) {
  const schemaNames = new Set(Object.keys(doc.components?.schemas ?? {}));
  const seen = new Map();
  for (const op of operations) {
    for (const name of Object.values(operationNames(op.id))) {
      checkName(name, `operation ${op.id}`);
      if (schemaNames.has(name)) {
        throw new Error(`operation ${op.id}: its type name ${name} is also a schema name`);
      }
      if (seen.has(name))
        throw new Error(`operations ${seen.get(name)} and ${op.id} both name ${name}`);
      seen.set(name, op.id);
    }
  }
}

/** Whether an operation's parameter object has a required field (then \`params\` cannot be left out). */
const needsParams = (op) => op.params.some((p) => p.spec.in === 'path' || p.spec.required);

/** The named aliases of each operation and the method interface written with them, so hovers show names. */
export function renderMethodTypes(doc, operations) {
  checkOperationNames(doc, operations);
  const lines = [];
  for (const op of operations) {
    const { params, result } = operationNames(op.id);
    lines.push(`/** The parameter object of \`${op.id}\`: its path, query and body fields. */`);
    // An interface (not an alias) keeps its name in editor hovers and error messages; a body that
    // is one of several shapes makes a union, which only an alias can name.
    lines.push(
      op.bodyUnion
        ? `export type ${params} = OperationParameters<'${op.id}'>;`
        : `export interface ${params} extends OperationParameters<'${op.id}'> {}`,
    );
    if (op.result.deprecated) {
      lines.push(
        `/** @deprecated Use \`${op.result.name}\`, the spec's name for the success body \`${op.id}\` resolves to. */`,
      );
      lines.push(`export type ${result} = ${op.result.name};`);
    } else {
      lines.push(`/** The success body \`${op.id}\` resolves to. */`);
      lines.push(`export type ${result} = OperationReturnType<'${op.id}'>;`);
    }
  }
  lines.push('');
  lines.push(
    '/** One method per operationId of the spec (the same type as `core.OperationMethods<operations>`). */',
  );
  lines.push('export interface OperationMethods {');
  for (const op of operations) {
    const { params } = operationNames(op.id);
    const summary = doc.paths?.[op.path]?.[op.method.toLowerCase()]?.summary;
    if (summary) lines.push(`  /** ${summary.replaceAll('*/', '*\\/')} */`);
    const optional = needsParams(op) ? '' : '?';
    lines.push(
      `  ${op.id}: (params${optional}: ${params}, options?: core.CallOptions) => Promise<${op.result.name}>;`,
    );
  }
  lines.push('}\n');
  return lines.join('\n');
}

/** Renders src/generated/names.ts: the named types, re-exported in one place for the entry point. */
export function renderNames(doc, head, schemaNames) {
  const operations = collectOperations(doc);
  const opNames = operations.flatMap((op) => Object.values(operationNames(op.id)));
  const list = (names) => names.map((name) => `  ${name},`).join('\n');
  return `${head}
export type {
${list(schemaNames)}
} from './types.js';
export type {
${list(opNames)}
} from './operations.js';
`;
}

/** The table form of a collected parameter: defaults left out (string type, required path parameters). */
export function compactSpec({ in: where, type, required, items, ...rest }) {
  return {
    ...(type === 'string' ? {} : { type }),
    ...(required && where !== 'path' ? { required } : {}),
    ...rest,
    ...(items ? { items: compactSpec(items) } : {}),
  };
}

/** rest-core's per-kind parameter checks, in the order they run, with the spec keys that call for each. */
const CHECKS = [
  ['checkString', []],
  ['checkType', []],
  ['checkEnum', ['enum']],
  ['checkPattern', ['pattern']],
  ['checkMinLength', ['minLength']],
  ['checkCommaSeparated', ['commaSeparated']],
  ['checkBounds', ['min', 'max']],
  ['checkStructure', ['rule']],
];

/**
 * The checks an operation's parameters need, so a bundle holds no other kind: the type always
 * (checkString, smaller, when every parameter is a string), then the kinds the specs use.
 */
export function checksFor(specs) {
  const all = specs.flatMap((spec) => [spec, ...(spec.items ? [spec.items] : [])]);
  const strings = all.every((spec) => spec.type === undefined);
  return CHECKS.filter(([name, keys]) =>
    name === 'checkString'
      ? strings
      : name === 'checkType'
        ? !strings
        : all.some((spec) => keys.some((key) => key in spec)),
  ).map(([name]) => name);
}

/** The brand of a spec's core type, so one client's core is not accepted by another's functions. */
const coreBrand = (doc) => JSON.stringify(doc.info?.title ?? 'untitled');

/** Renders src/generated/operations.ts: the types of the operation functions and methods, bound to the spec. */
export function renderOperations(doc, head) {
  const operations = collectOperations(doc);
  const schemaNames = resultSchemaNames(operations);
  const lines = [head, operationTypes(schemaNames)];
  lines.push(`export type OperationId = ${operations.map((op) => `'${op.id}'`).join(' | ')};\n`);
  lines.push(
    "/** What the operation functions take first: the client's core, or a client (which is one too). */",
  );
  lines.push(`export type Core = core.RestCore<${coreBrand(doc)}>;\n`);
  lines.push(METHOD_TYPES);
  lines.push(renderMethodTypes(doc, operations));
  return lines.join('\n');
}

/**
 * Renders src/generated/functions.ts: one function per operation, each holding its own part of
 * the spec (its parameters' specs and kinds of check written out in place), so a bundler keeps
 * only the operations an app calls.
 */
export function renderFunctions(doc, head) {
  const operations = collectOperations(doc);
  // Which kinds of check the functions use: only these are imported.
  const usedChecks = new Set();
  const checkNamesFor = (params) => {
    const names = checksFor(params.map((p) => compactSpec(p.spec)));
    for (const name of names) usedChecks.add(name);
    return names;
  };

  // Path, then query, then body parameters, each in spec order: the positions a call reads.
  const ordered = (op) =>
    ['path', 'query', 'body'].flatMap((where) => op.params.filter((p) => p.spec.in === where));
  let usesRules = false;
  let usesBody = false;
  let usesShape = false;
  const functions = operations.flatMap((op) => {
    const params = ordered(op);
    const names = params.map((p) => p.name);
    const queryAt = params.filter((p) => p.spec.in === 'path').length;
    const bodyAt = params.findIndex((p) => p.spec.in === 'body');
    const required = params.flatMap((p, i) => (p.spec.in === 'path' || p.spec.required ? [i] : []));
    // Literals and parameter positions; empty literals (between two parameters, at the end) left out.
    const path = op.path
      .split(/\{([^}]+)\}/)
      .map((part, i) => (i % 2 ? names.indexOf(part) : part))
      .filter((part) => part !== '');
    usesRules ||= op.rules.length > 0;
    usesBody ||= op.hasBody;
    usesShape ||= !!op.bodyShape;
    const parts = [
      // The keys of rest-core's OperationPlan: one letter each (see its type).
      `id: ${JSON.stringify(op.id)}`,
      ...(op.method === 'GET' ? [] : [`m: ${JSON.stringify(op.method)}`]),
      `p: ${literal(path)}`,
      `n: ${literal(names)}`,
      // Written out in each operation, not hoisted into shared constants: gzip takes a repeated
      // literal for a few bytes, a constant costs its declaration and, in a one-call app, more.
      `s: [${params.map((p) => literal(compactSpec(p.spec))).join(', ')}]`,
      `c: [${checkNamesFor(params).join(', ')}]`,
      `q: ${queryAt}`,
      // An operation with a body sends one even when every field is left out.
      ...(op.hasBody ? [`b: ${bodyAt < 0 ? params.length : bodyAt}`, 'j: jsonBody'] : []),
      ...(op.emptySuccess ? ['e: 1'] : []),
      ...(required.length ? [`r: ${literal(required)}`] : []),
      ...(op.rules.length ? [`x: /* @__PURE__ */ crossFieldRules(${literal(op.rules)})`] : []),
      ...(op.bodyShape ? [`x: /* @__PURE__ */ bodyShape(${literal(op.bodyShape)})`] : []),
    ];
    const { params: paramsType } = operationNames(op.id);
    const summary = doc.paths?.[op.path]?.[op.method.toLowerCase()]?.summary;
    const optional = needsParams(op) ? '' : '?';
    return [
      ...(summary ? [`/** ${summary.replaceAll('*/', '*\\/')} */`] : []),
      `export const ${op.id}: (client: Core, params${optional}: ${paramsType}, options?: core.CallOptions) => Promise<${op.result.name}> =`,
      `  /* @__PURE__ */ operation({ ${parts.join(', ')} });`,
    ];
  });
  // Params by the operation's name; results by the name they go by (a schema's, from types.ts).
  const typeNames = [
    'Core',
    ...operations.flatMap((op) => [
      operationNames(op.id).params,
      ...(op.result.deprecated ? [] : [op.result.name]),
    ]),
  ];
  const schemaNames = resultSchemaNames(operations);

  const lines = [
    head,
    "import type * as core from '@avalanche-api/rest-core';",
    `import { ${[...CHECKS.map(([name]) => name).filter((name) => usedChecks.has(name)), ...(usesRules ? ['crossFieldRules'] : []), ...(usesShape ? ['bodyShape'] : []), ...(usesBody ? ['jsonBody'] : []), 'operation'].join(', ')} } from '@avalanche-api/rest-core';`,
    `import type { ${typeNames.join(', ')} } from './operations.js';`,
    ...(schemaNames.length ? [`import type { ${schemaNames.join(', ')} } from './types.js';`] : []),
    '',
  ];
  lines.push(...functions);
  lines.push('');
  return lines.join('\n');
}

/**
 * Renders src/generated/table.ts: every operation function, the methods a client binds (each
 * named by its plan's operationId). A plain list: a module namespace (`import * as`) would ship
 * as a getter per export, an object as a key per function.
 */
export function renderTable(doc, head) {
  const ids = collectOperations(doc).map((op) => op.id);
  return [
    head,
    `import { ${ids.join(', ')} } from './functions.js';`,
    '',
    '/** Every operation function, for `bindOperations`. */',
    `export const functions = [${ids.join(', ')}];`,
    '',
  ].join('\n');
}

const SCHEMA_KEYWORDS = [
  'type',
  'enum',
  'const',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'oneOf',
  'anyOf',
  'allOf',
];

/** The structural subset of a schema (types, required, enum, const, composition); $refs become schema names. */
export function structuralSchema(node) {
  if (typeof node === 'boolean') return node;
  if (!node || typeof node !== 'object') return {};
  if (node.$ref) {
    const prefix = '#/components/schemas/';
    if (!node.$ref.startsWith(prefix)) throw new Error(`unsupported schema $ref ${node.$ref}`);
    return { $ref: node.$ref.slice(prefix.length) };
  }
  const out = {};
  for (const keyword of SCHEMA_KEYWORDS) {
    if (!(keyword in node)) continue;
    const value = node[keyword];
    if (keyword === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, structuralSchema(schema)]),
      );
    } else if (keyword === 'items' || keyword === 'additionalProperties') {
      out[keyword] = structuralSchema(value);
    } else if (keyword === 'oneOf' || keyword === 'anyOf' || keyword === 'allOf') {
      out[keyword] = value.map(structuralSchema);
    } else {
      out[keyword] = value;
    }
  }
  return out;
}

/** Renders src/generated/schemas.ts: what the opt-in response validator checks (never imported by the main entry). */
export function renderSchemas(doc, head) {
  const operations = [];
  const referenced = new Set();
  const collectRefs = (node) => {
    if (Array.isArray(node)) return node.forEach(collectRefs);
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string' && !referenced.has(node.$ref)) {
      referenced.add(node.$ref);
      collectRefs(deref(doc, node));
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'example' && key !== 'examples') collectRefs(value);
    }
  };
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const status = Object.keys(op.responses ?? {})
        .filter((s) => /^2\d\d$/.test(s))
        .sort()[0];
      const response = status && deref(doc, op.responses[status]);
      const schema = response?.content?.['application/json']?.schema;
      // A success without a body (reindexNft's 201) has nothing to validate.
      if (!schema) {
        if (response && !response.content) continue;
        throw new Error(`${method.toUpperCase()} ${path}: no JSON success response`);
      }
      collectRefs(schema);
      operations.push([op.operationId, structuralSchema(schema)]);
    }
  }
  const names = Object.keys(doc.components?.schemas ?? {}).filter((name) =>
    referenced.has(`#/components/schemas/${name}`),
  );
  const lines = [
    head,
    "import type { StructuralSchema } from '@avalanche-api/rest-core';",
    '',
    '/** components.schemas reachable from a success response. */',
    'export const schemas: Readonly<Record<string, StructuralSchema>> = {',
    ...names.map(
      (name) => `  ${name}: ${literal(structuralSchema(doc.components.schemas[name]))},`,
    ),
    '};',
    '',
    '/** The success-response body schema of each operation. */',
    'export const responseSchemas: Readonly<Record<string, StructuralSchema>> = {',
    ...operations.map(([id, schema]) => `  ${id}: ${literal(schema)},`),
    '};',
    '',
  ];
  return lines.join('\n');
}

export const README = `# Generated code

Generated from the bundled spec: do not edit; change the spec and run \`pnpm generate\`.

- \`types.ts\`: \`paths\`, \`components\` and \`operations\` from openapi-typescript.
- \`functions.ts\`: one function per operation (\`listValidators(client, params)\`), each holding
  its part of the spec (method, path template, parameter rules and the spec's
  \`x-avalanche-rules\`) that parameters are checked against before anything is sent. Each is a
  \`/* @__PURE__ */\` constant, so a bundler keeps only the operations an app calls.
- \`table.ts\`: every operation function in one list, the methods \`create…Client\` binds
  (each named by its operationId); a module namespace would ship as a getter per export.
- \`operations.ts\`: the types of those functions and of the client's methods
  (\`OperationParameters\`, \`OperationReturnType\`, \`Core\`, …) bound to this spec; the generic
  types come from \`@avalanche-api/rest-core\`.
- \`names.ts\`: the named types the entry point re-exports: one per component schema (declared
  in \`types.ts\` as top-level aliases, so editors show \`EvmBlock\`, not
  \`components["schemas"]["EvmBlock"]\`) and \`<OperationId>Params\` / \`<OperationId>Result\` per
  operation (declared in \`operations.ts\`).
- \`schemas.ts\`: the structural subset of the success-response schemas; only the \`./validate\`
  entry point imports it, so it stays out of the default bundle.

Every file starts with a one-line header naming the command and the source document. CI
regenerates these files and fails when they differ from what is committed.
`;

/**
 * Produces every generated file as `{ fileName: contents }` without touching the disk.
 * `source` overrides how the header names the spec (a check that bundles into a temp dir).
 */
export async function generate({ specPath, outDir, source }) {
  const doc = JSON.parse(await readFile(specPath, 'utf8'));
  const head = header(doc, specPath, outDir, source);
  // openapi-typescript may annotate the object it walks; give it a copy.
  // defaultNonNullable: false keeps fields with a default optional (the server fills them in).
  const ast = await openapiTS(structuredClone(doc), { defaultNonNullable: false });
  const { nodes, names } = hoistSchemas(ast);
  return {
    'types.ts': `${head}\n${astToString(nodes)}`,
    'operations.ts': renderOperations(doc, head),
    'functions.ts': renderFunctions(doc, head),
    'table.ts': renderTable(doc, head),
    'schemas.ts': renderSchemas(doc, head),
    'names.ts': renderNames(doc, head, names),
    'README.md': README,
  };
}

/** Writes the files, or with `check` only compares them; returns the names that differ from the disk. */
export async function writeGenerated({ specPath, outDir, source, check = false }) {
  const files = await generate({ specPath, outDir, source });
  const stale = [];
  for (const [name, contents] of Object.entries(files)) {
    const target = join(outDir, name);
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current === contents) continue;
    stale.push(name);
    if (!check) {
      await mkdir(outDir, { recursive: true });
      await writeFile(target, contents);
    }
  }
  return stale;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const [specPath, outDir] = args.filter((a) => a !== '--check');
  if (!specPath || !outDir) {
    console.error('usage: generate-openapi-types.mjs <bundled-spec.json> <out-dir> [--check]');
    process.exit(2);
  }
  const stale = await writeGenerated({ specPath, outDir, check });
  const where = displayPath(outDir);
  if (check && stale.length) {
    console.error(`stale generated files in ${where}: ${stale.join(', ')}; run \`pnpm generate\``);
    process.exit(1);
  }
  console.log(
    stale.length
      ? `${check ? 'stale' : 'wrote'} ${stale.map((f) => `${where}/${f}`).join(', ')}`
      : `${where} is up to date`,
  );
}
