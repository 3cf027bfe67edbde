// Checks the node document's `x-error-kinds` (specs/x-error-kinds.schema.json): the root's
// shared tables and every method's annotation keep to the schema, every method has one and
// names a shared table that exists, every pattern compiles, and every entry's example is
// classified as the entry's kind by the method's whole list (so no earlier entry shadows it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const specsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../specs');
const require = createRequire(import.meta.url);

let compiled;
function validators() {
  if (!compiled) {
    const { Ajv2020 } = require('ajv/dist/2020.js');
    const schema = JSON.parse(readFileSync(join(specsDir, 'x-error-kinds.schema.json'), 'utf8'));
    const ajv = new Ajv2020({ allErrors: true }).addSchema(schema);
    const of = (name) => ajv.getSchema(`${schema.$id}#/$defs/${name}`);
    compiled = { shared: of('shared'), method: of('method') };
  }
  return compiled;
}

const problemsOf = (validate, value, where) =>
  validate(value) ? [] : validate.errors.map((e) => `${where}${e.instancePath} ${e.message}`);

/** A method's entries in the order they are tried: its own, then its shared table's. */
export const errorKindsOf = (doc, method) => [
  ...(method['x-error-kinds']?.patterns ?? []),
  ...(doc['x-error-kinds']?.[method['x-error-kinds']?.shared] ?? []),
];

/** The kind the entries give an error `{code, message}`, or undefined. */
export function kindOf(entries, { code, message }) {
  return entries.find(
    (e) => e.code === code && (!e.pattern || new RegExp(e.pattern, 'u').test(message)),
  )?.kind;
}

function patternProblems(entries, where) {
  const problems = [];
  for (const [i, e] of entries.entries()) {
    try {
      if (e.pattern) new RegExp(e.pattern, 'u');
    } catch (error) {
      problems.push(`${where}/${i}/pattern does not compile: ${error.message}`);
    }
  }
  return problems;
}

/** The problems of the node document `doc`'s x-error-kinds, each naming where. */
export function errorKindProblems(doc) {
  const { shared, method: methodSchema } = validators();
  const tables = doc['x-error-kinds'];
  const problems = problemsOf(shared, tables, 'x-error-kinds');
  if (problems.length) return problems;
  for (const [name, entries] of Object.entries(tables))
    problems.push(...patternProblems(entries, `x-error-kinds/${name}`));
  for (const method of doc.methods) {
    const where = `${method.name} x-error-kinds`;
    const annotation = method['x-error-kinds'];
    if (annotation === undefined) {
      problems.push(`${where}: missing; add { shared: ${Object.keys(tables).join(' | ')} }`);
      continue;
    }
    const found = problemsOf(methodSchema, annotation, where);
    if (!found.length && !tables[annotation.shared])
      found.push(`${where}/shared: "${annotation.shared}" is not a table at the root`);
    if (!found.length)
      found.push(...patternProblems(annotation.patterns ?? [], `${where}/patterns`));
    problems.push(...found);
    if (found.length) continue;
    for (const e of errorKindsOf(doc, method)) {
      const got = kindOf(errorKindsOf(doc, method), { code: e.code, message: e.example });
      if (got !== e.kind)
        problems.push(
          `${where}: example ${JSON.stringify(e.example)} (${e.code}) is classified ${got}, not ${e.kind}`,
        );
    }
  }
  return problems;
}
