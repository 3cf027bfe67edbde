#!/usr/bin/env node
// Assembles the split OpenRPC sources of specs/node-rpc (openrpc.yaml + methods/*.yaml +
// schemas/*.yaml) into one document, as ethereum/execution-apis does: duplicates are
// rejected, every internal $ref must resolve, and the result must pass the OpenRPC
// meta-schema.
//
//   node scripts/assemble-openrpc.mjs <specDir> <outFile>
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateOpenRPCDocument } from '@open-rpc/schema-utils-js';
import { assertPromises } from './check-promises.mjs';
import { writeAtomically } from './write-atomically.mjs';

// js-yaml, not yaml: ~4x faster on these 150 kB, the largest cost of `pnpm generate`'s node-rpc
// lane. Required, not imported: the instance @redocly/openapi-core (loaded next) requires too.
const { CORE_SCHEMA, load } = createRequire(import.meta.url)('js-yaml');

/** The component kinds an OpenRPC 1.3 document may hold. */
const COMPONENT_KINDS = [
  'schemas',
  'contentDescriptors',
  'examples',
  'examplePairings',
  'links',
  'errors',
  'tags',
];

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

async function readYaml(dir, file) {
  const text = await readFile(join(dir, file), 'utf8');
  try {
    // The YAML 1.2 core schema: no timestamps or `<<` merges; a key repeated inside one
    // mapping is an error (js-yaml's default).
    return load(text, { filename: file, schema: CORE_SCHEMA });
  } catch (cause) {
    throw new Error(`${file}: not valid YAML: ${cause.message}`, { cause });
  }
}

/** `*.yaml` files of a sub-folder, sorted, as paths relative to `dir`; [] if absent. */
async function listYaml(dir, sub) {
  let names;
  try {
    names = await readdir(join(dir, sub));
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => name.endsWith('.yaml') || name.endsWith('.yml'))
    .sort()
    .map((name) => `${sub}/${name}`);
}

/** Adds the components of one file to `components`, remembering where each came from. */
function mergeComponents(components, origins, fragment, file) {
  if (!isObject(fragment)) throw new Error(`${file}: must be a mapping of component kinds`);
  for (const [kind, entries] of Object.entries(fragment)) {
    if (!COMPONENT_KINDS.includes(kind)) {
      throw new Error(
        `${file}: unknown component kind "${kind}" (expected ${COMPONENT_KINDS.join(', ')})`,
      );
    }
    if (!isObject(entries)) throw new Error(`${file}: ${kind} must be a mapping of names`);
    components[kind] ??= {};
    for (const [name, value] of Object.entries(entries)) {
      const key = `${kind}/${name}`;
      if (origins.has(key)) {
        throw new Error(`duplicate component ${kind} "${name}" in ${origins.get(key)} and ${file}`);
      }
      origins.set(key, file);
      components[kind][name] = value;
    }
  }
}

function sortKeys(object) {
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, object[key]]),
  );
}

function decodePointerToken(token) {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

function resolvePointer(doc, ref) {
  let node = doc;
  for (const token of ref.slice(2).split('/').map(decodePointerToken)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) return undefined;
    node = node[token];
  }
  return node;
}

/** Every `$ref` in the document: [{ ref, path }], path as a readable location. */
function collectRefs(node, path, out) {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) collectRefs(item, `${path}[${i}]`, out);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push({ ref: value, path });
      else collectRefs(value, `${path}.${key}`, out);
    }
  }
  return out;
}

/** Throws naming every `$ref` that is external or does not resolve inside the document. */
function checkRefs(doc, sourceOf) {
  const problems = [];
  for (const { ref, path } of collectRefs(doc, '$', [])) {
    const where = `${path} (${sourceOf(path)})`;
    if (!ref.startsWith('#/')) {
      problems.push(
        `$ref "${ref}" at ${where} is not internal; the assembled document is one file`,
      );
    } else if (resolvePointer(doc, ref) === undefined) {
      problems.push(`$ref "${ref}" at ${where} does not resolve`);
    }
  }
  if (problems.length > 0) throw new Error(`unresolved $ref:\n  ${problems.join('\n  ')}`);
}

function checkMetaSchema(doc) {
  let result;
  try {
    result = validateOpenRPCDocument(doc);
  } catch (cause) {
    // schema-utils-js throws (rather than reports) for an `openrpc` version it lacks.
    throw new Error(`OpenRPC meta-schema violation:\n  ${cause.message}`, { cause });
  }
  if (result === true) return;
  // ajv 6 errors; `oneOf` over method/reference repeats each problem, so de-duplicate.
  const match = /The errors found are as follows:\n([\s\S]*)$/.exec(result.message ?? '');
  let lines = [result.message];
  if (match) {
    const errors = JSON.parse(match[1]);
    lines = [...new Set(errors.map((e) => `${e.dataPath || '(root)'}: ${e.message}`))];
  }
  throw new Error(`OpenRPC meta-schema violation:\n  ${lines.join('\n  ')}`);
}

/**
 * Reads `dir`/openrpc.yaml, `dir`/methods/*.yaml (each a list of method objects) and
 * `dir`/schemas/*.yaml (each a fragment of `components`), and returns the assembled,
 * validated document. Methods are sorted by name and component names alphabetically,
 * so the output does not depend on how the sources are split.
 */
export async function assembleOpenRpc(dir) {
  const root = await readYaml(dir, 'openrpc.yaml');
  if (!isObject(root)) throw new Error('openrpc.yaml: must be a mapping');

  const methodOrigin = new Map();
  const methods = [];
  const addMethods = (list, file) => {
    if (!Array.isArray(list)) throw new Error(`${file}: must be a list of method objects`);
    list.forEach((method, i) => {
      if (!isObject(method) || typeof method.name !== 'string') {
        throw new Error(`${file}: item ${i} is not a method object with a name`);
      }
      if (methodOrigin.has(method.name)) {
        throw new Error(
          `duplicate method "${method.name}" in ${methodOrigin.get(method.name)} and ${file}`,
        );
      }
      methodOrigin.set(method.name, file);
      methods.push(method);
    });
  };
  if (root.methods !== undefined) addMethods(root.methods, 'openrpc.yaml');
  for (const file of await listYaml(dir, 'methods')) addMethods(await readYaml(dir, file), file);
  methods.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const componentOrigin = new Map();
  const components = {};
  if (root.components !== undefined) {
    mergeComponents(components, componentOrigin, root.components, 'openrpc.yaml');
  }
  for (const file of await listYaml(dir, 'schemas')) {
    mergeComponents(components, componentOrigin, await readYaml(dir, file), file);
  }

  const { methods: _m, components: _c, ...rest } = root;
  const doc = { ...rest, methods };
  const sorted = {};
  for (const kind of COMPONENT_KINDS) {
    if (components[kind]) sorted[kind] = sortKeys(components[kind]);
  }
  if (Object.keys(sorted).length > 0) doc.components = sorted;

  // YAML anchors make shared objects; give every place its own copy.
  const assembled = JSON.parse(JSON.stringify(doc));

  const sourceOf = (path) => {
    const method = /^\$\.methods\[(\d+)\]/.exec(path);
    if (method) return methodOrigin.get(assembled.methods[Number(method[1])].name);
    const component = /^\$\.components\.([^.[]+)\.([^.[]+)/.exec(path);
    if (component) return componentOrigin.get(`${component[1]}/${component[2]}`) ?? 'openrpc.yaml';
    return 'openrpc.yaml';
  };
  checkRefs(assembled, sourceOf);
  checkMetaSchema(assembled);
  assertPromises('node-rpc', assembled);
  return assembled;
}

/** Assembles `dir` and writes it to `outFile` as 2-space JSON with a trailing newline. */
export async function writeOpenRpc(dir, outFile) {
  const doc = await assembleOpenRpc(dir);
  await writeAtomically(resolve(outFile), `${JSON.stringify(doc, null, 2)}\n`);
  return doc;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [specDir, outFile] = process.argv.slice(2);
  if (!specDir || !outFile) {
    console.error('usage: node scripts/assemble-openrpc.mjs <specDir> <outFile>');
    process.exit(2);
  }
  try {
    const doc = await writeOpenRpc(specDir, outFile);
    console.log(`wrote ${outFile}: ${doc.methods.length} methods`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
