// Checks every `x-promises` annotation of a bundled spec against the vocabulary's
// meta-schema (specs/x-promises.schema.json), and that each input it names is a parameter
// of its operation or method: a typo in an annotation fails the bundle, naming where.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deref } from './json-ref.mjs';

const specsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../specs');
const require = createRequire(import.meta.url);
const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];

let validate;
function validator() {
  if (!validate) {
    const { Ajv2020 } = require('ajv/dist/2020.js');
    const schema = JSON.parse(readFileSync(join(specsDir, 'x-promises.schema.json'), 'utf8'));
    validate = new Ajv2020({
      allErrors: true,
      strictRequired: false,
      allowUnionTypes: true,
    }).compile(schema);
  }
  return validate;
}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every input name a promise entry refers to (its `input`s and `when` keys). */
function inputsOf(promises) {
  const names = [];
  const visit = (entry, keys) => {
    if (!isObject(entry)) return;
    for (const k of keys) if (typeof entry[k] === 'string') names.push(entry[k]);
    if (isObject(entry.when)) names.push(...Object.keys(entry.when));
  };
  visit(promises.page, ['input']);
  visit(promises.cursor, ['input']);
  visit(promises.range, ['start', 'count']);
  for (const key of ['order', 'filters', 'identity', 'counts', 'scope'])
    for (const entry of promises[key] ?? []) visit(entry, ['input']);
  for (const entry of promises.calls ?? [])
    if (isObject(entry.inputs)) names.push(...Object.keys(entry.inputs));
  return names;
}

/** `calls` name another operation or method of the same document: one it does not hold is a typo. */
function callProblems(where, promises, names) {
  return (promises.calls ?? [])
    .filter((c) => !names.includes(c.with))
    .map((c) => `${where}: calls names "${c.with}", not an operation or method of this document`);
}

function problemsOf(where, promises, params) {
  const check = validator();
  if (!check(promises))
    return check.errors.map(
      (e) => `${where}${e.instancePath ? ` at ${e.instancePath}` : ''}: ${e.message}`,
    );
  if (params === undefined) return [];
  return inputsOf(promises)
    .filter((name) => !params.includes(name))
    .map((name) => `${where}: input "${name}" is not a parameter (${params.join(', ')})`);
}

/**
 * The problems of a bundled document's `x-promises` (OpenAPI 3.1 or OpenRPC), each naming
 * the document, the operation or method and the offending member; empty when all is well.
 */
export function promiseProblems(name, doc) {
  const problems = [];
  if (Array.isArray(doc.methods)) {
    if (doc['x-promises'] !== undefined)
      problems.push(...problemsOf(`${name} (document)`, doc['x-promises']));
    for (const raw of doc.methods) {
      const method = deref(doc, raw);
      if (method?.['x-promises'] === undefined) continue;
      const params = (method.params ?? []).map((p) => deref(doc, p)?.name);
      problems.push(...problemsOf(`${name} ${method.name}`, method['x-promises'], params));
      const names = doc.methods.map((m) => deref(doc, m)?.name);
      problems.push(...callProblems(`${name} ${method.name}`, method['x-promises'], names));
    }
    return problems;
  }
  if (doc['x-promises'] !== undefined)
    problems.push(...problemsOf(`${name} (document)`, doc['x-promises']));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const verb of httpMethods) {
      const op = item?.[verb];
      if (op?.['x-promises'] === undefined) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(
        (p) => deref(doc, p)?.name,
      );
      const where = `${name} ${op.operationId ?? `${verb.toUpperCase()} ${path}`}`;
      problems.push(...problemsOf(where, op['x-promises'], params));
      problems.push(...callProblems(where, op['x-promises'], operationIds(doc)));
    }
  }
  return problems;
}

function operationIds(doc) {
  return Object.values(doc.paths ?? {}).flatMap((item) =>
    httpMethods.map((verb) => item?.[verb]?.operationId).filter(Boolean),
  );
}

/** Throws naming every problem of the document's `x-promises`. */
export function assertPromises(name, doc) {
  const problems = promiseProblems(name, doc);
  if (problems.length > 0)
    throw new Error(`x-promises of ${name} break the vocabulary:\n  ${problems.join('\n  ')}`);
}

/** The media type a success answer declares first, to suggest as `contentType`. */
function successType(doc, op) {
  for (const [code, raw] of Object.entries(op.responses ?? {})) {
    if (!code.startsWith('2')) continue;
    const type = Object.keys(deref(doc, raw)?.content ?? {})[0];
    if (type) return type;
  }
  return 'application/json';
}

const vocabulary =
  'see specs/x-promises.schema.json and "Promises (x-promises)" in packages/conformance/README.md';

/**
 * Operations and methods that make no promise: every one must declare, in its own
 * `x-promises` (an OpenRPC method may inherit the document's), at least `contentType`, the
 * one promise every answer makes and `check` holds it to; the docs list each operation's
 * promises in words and a list or lookup says more (`items` + `page`/`cursor`/`filters`/
 * `order`, `identity`, `notFound`). Each problem names the operation and what to add.
 */
export function missingPromises(name, doc) {
  const problems = [];
  const lacks = (where, promises, type) => {
    const add = `contentType: ${type}`;
    if (!isObject(promises))
      problems.push(
        `${where}: no x-promises; add an x-promises block with at least \`${add}\` and what the answer promises about its request (${vocabulary})`,
      );
    else if (typeof promises.contentType !== 'string')
      problems.push(`${where}: x-promises lacks contentType; add \`${add}\` (${vocabulary})`);
  };
  if (Array.isArray(doc.methods)) {
    const defaults = isObject(doc['x-promises']) ? doc['x-promises'] : undefined;
    for (const raw of doc.methods) {
      const method = deref(doc, raw);
      const own = method?.['x-promises'];
      const merged = own || defaults ? { ...(defaults ?? {}), ...(own ?? {}) } : undefined;
      lacks(`${name} ${method?.name}`, merged, 'application/json');
    }
    return problems;
  }
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const verb of httpMethods) {
      const op = item?.[verb];
      if (!isObject(op)) continue;
      const where = `${name} ${op.operationId ?? ''} (${verb.toUpperCase()} ${path})`;
      lacks(where, op['x-promises'], successType(doc, op));
    }
  }
  return problems;
}
