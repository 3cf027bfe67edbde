// The rule audit (specs/rules.yaml): every sentence of the two seed documents is either a rule
// about an answer, mapped to the `x-promises` entries that check it or marked not checkable
// with the reason, or listed as ignored with a one-word reason. The same audit maps the rules
// the published references state (page sizes, orders, defaults) per operation. This module
// finds where the audit went stale: a sentence the seeds no longer hold, a seed sentence the
// audit does not hold, a pointer that no longer resolves, a reference rule left out.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deref } from './json-ref.mjs';

const specsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../specs');
const require = createRequire(import.meta.url);
const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/*
 * How the seeds are cut into sentences, mechanically: headings, blank lines, a table's header
 * row and its `|---|` rule carry no statement; every other table row is one sentence; every
 * other line (a list item's marker dropped) is cut after `.`, `!` or `?` followed by a space
 * and a capital, a backtick or a parenthesis (not after "e.g." or "i.e.").
 */
const tableRule = /^\|[\s|:-]+\|$/;
const sentenceEnd = /(?<!\b(?:e\.g|i\.e)\.)(?<=[.!?])\s+(?=[A-Z`(])/;

/** The sentences of a seed document, in order (a repeated one as often as it occurs). */
export function seedSentences(text) {
  const out = [];
  const lines = text.split('\n').map((l) => l.trim());
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '' || line.startsWith('#') || tableRule.test(line)) continue;
    if (line.startsWith('|')) {
      // A header row is the one right above a table's rule.
      if (!tableRule.test(lines[i + 1] ?? '')) out.push(line);
      continue;
    }
    out.push(...line.replace(/^(?:[-*]|\d+\.)\s+/, '').split(sentenceEnd));
  }
  return out;
}

let validateAudit;
function auditValidator() {
  if (!validateAudit) {
    const { Ajv2020 } = require('ajv/dist/2020.js');
    const schema = JSON.parse(readFileSync(join(specsDir, 'rules.schema.json'), 'utf8'));
    validateAudit = new Ajv2020({ allErrors: true, strictRequired: false }).compile(schema);
  }
  return validateAudit;
}

const asList = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Where `promisesByName` keeps an OpenRPC document's own `x-promises` (no method has this name). */
const documentKey = '(document)';

/** The `x-promises` of every operation (by operationId) or method (by name) of a bundled document. */
export function promisesByName(doc) {
  const out = new Map();
  if (Array.isArray(doc.methods)) {
    const defaults = isObject(doc['x-promises']) ? doc['x-promises'] : {};
    out.set(documentKey, defaults);
    for (const raw of doc.methods) {
      const m = deref(doc, raw);
      out.set(m.name, { ...defaults, ...(isObject(m['x-promises']) ? m['x-promises'] : {}) });
    }
    return out;
  }
  const defaults = isObject(doc['x-promises']) ? doc['x-promises'] : {};
  out.set(documentKey, defaults);
  for (const item of Object.values(doc.paths ?? {}))
    for (const verb of httpMethods) {
      const op = item?.[verb];
      if (isObject(op) && op.operationId)
        out.set(op.operationId, { ...defaults, ...(op['x-promises'] ?? {}) });
    }
  return out;
}

/** The value at a JSON Pointer; undefined when it does not resolve. */
export function atPointer(value, pointer) {
  if (pointer === '') return value;
  let current = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (current === null || typeof current !== 'object' || !(key in current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Problems of one `checkedBy` entry: its spec, operation or method, and pointer must resolve. */
function pointerProblems(where, entry, promises) {
  const name = entry.document ? documentKey : (entry.operation ?? entry.method);
  const ops = promises.get(entry.spec);
  if (!ops) return [`${where}: no spec "${entry.spec}" (${[...promises.keys()].join(', ')})`];
  const own = ops.get(name);
  if (!own)
    return [`${where}: ${entry.spec} has no ${entry.operation ? 'operation' : 'method'} "${name}"`];
  if (atPointer(own, entry.pointer) === undefined)
    return [`${where}: ${entry.spec} ${name} x-promises has nothing at ${entry.pointer}`];
  return [];
}

/** The audit's sentences per seed: quoted by rules, and ignored ones. */
function auditedSentences(audit) {
  const bySeed = new Map();
  const add = (seed, sentence, where) => {
    if (!bySeed.has(seed)) bySeed.set(seed, new Map());
    bySeed.get(seed).set(sentence, where);
  };
  for (const rule of audit.rules ?? [])
    for (const s of asList(rule.sentence)) add(rule.seed, s, `rule ${rule.id}`);
  for (const [seed, reasons] of Object.entries(audit.ignored ?? {}))
    for (const [reason, sentences] of Object.entries(reasons))
      for (const s of sentences) add(seed, s, `ignored (${reason})`);
  return bySeed;
}

/** Every seed sentence is in the audit, and every sentence the audit quotes is in its seed. */
function seedProblems(audit, seeds) {
  const problems = [];
  const audited = auditedSentences(audit);
  for (const [alias, file] of Object.entries(audit.seeds ?? {})) {
    const text = seeds[file];
    if (text === undefined) {
      problems.push(`seed ${alias}: ${file} not found`);
      continue;
    }
    const sentences = seedSentences(text);
    const held = new Set(sentences);
    const quoted = audited.get(alias) ?? new Map();
    for (const s of new Set(sentences))
      if (!quoted.has(s))
        problems.push(
          `seed ${alias}: sentence not in the audit (map it to a rule or ignore it with a reason): ${s}`,
        );
    for (const [s, where] of quoted)
      if (!held.has(s)) problems.push(`${where}: sentence not in seed ${alias} (${file}): ${s}`);
  }
  for (const seed of audited.keys())
    if (!(seed in (audit.seeds ?? {}))) problems.push(`seed "${seed}" is not declared under seeds`);
  return problems;
}

function idProblems(audit) {
  const seen = new Set();
  const problems = [];
  for (const rule of [...(audit.rules ?? []), ...(audit.references ?? [])]) {
    if (seen.has(rule.id)) problems.push(`rule ${rule.id}: id used twice`);
    seen.add(rule.id);
  }
  return problems;
}

/**
 * The problems of an audit, each naming the rule or sentence and what to do; empty when the
 * audit holds. `seeds`: file name → text; `docs`: spec name → bundled document; `references`:
 * spec name → the published reference (those absent are not compared).
 */
export function ruleProblems({ audit, seeds, docs, references = {} }) {
  const check = auditValidator();
  if (!check(audit))
    return check.errors.map(
      (e) => `rules.yaml${e.instancePath ? ` at ${e.instancePath}` : ''}: ${e.message}`,
    );
  const promises = new Map(Object.entries(docs).map(([name, doc]) => [name, promisesByName(doc)]));
  const problems = [...idProblems(audit), ...seedProblems(audit, seeds)];
  for (const rule of audit.rules ?? [])
    for (const entry of rule.checkedBy ?? [])
      problems.push(...pointerProblems(`rule ${rule.id}`, entry, promises));
  problems.push(...referenceProblems(audit, promises, references));
  return problems;
}

/*
 * Rules the published references state, found mechanically per operation the specs hold:
 * `page-size` where a `pageSize` parameter states its bounds or default, `order` where a
 * `sortOrder` parameter is offered or the description says how items are sorted or ordered,
 * `default` where another query parameter states a default (in its schema or in words).
 */
const orderWords =
  /\b(?:sorted|ordered)\b[^.]*\b(?:ascending|descending)\b|\b(?:ascending|descending) order\b/i;

/** A default a parameter's description states in words ("Default is 90.", "Defaults to USD."). */
function statedDefault(param) {
  const m = /\bDefaults? (?:is|to) ([^\s,]+?)\.?(?=[\s,]|$)/.exec(param.description ?? '');
  return m?.[1];
}

/** Reference rule kind → the operations (ids) of the reference that state one, and what they state. */
export function referenceRules(reference, held) {
  const out = { 'page-size': new Map(), order: new Map(), default: new Map() };
  for (const item of Object.values(reference.paths ?? {}))
    for (const verb of httpMethods) {
      const op = item?.[verb];
      if (!isObject(op) || !held.has(op.operationId)) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) =>
        deref(reference, p),
      );
      for (const p of params) {
        const schema = deref(reference, p.schema ?? {}) ?? {};
        if (p.name === 'pageSize' && (schema.maximum !== undefined || schema.default !== undefined))
          out['page-size'].set(op.operationId, { max: schema.maximum, default: schema.default });
        else if (p.name === 'sortOrder') out.order.set(op.operationId, { input: 'sortOrder' });
        else if (p.in === 'query' && (schema.default ?? statedDefault(p)) !== undefined)
          out.default.set(`${op.operationId} ${p.name}`, {
            input: p.name,
            default: schema.default ?? statedDefault(p),
          });
      }
      if (orderWords.test(op.description ?? '') && !out.order.has(op.operationId))
        out.order.set(op.operationId, { description: true });
    }
  return out;
}

/** One mapped reference entry's key: the operation, and for defaults the input. */
const refKey = (kind, entry) =>
  kind === 'default' ? `${entry.operation} ${entry.input}` : entry.operation;

function referenceProblems(audit, promises, references) {
  const problems = [];
  const byKind = new Map((audit.references ?? []).map((r) => [r.kind, r]));
  for (const rule of audit.references ?? [])
    for (const entry of rule.operations)
      if (entry.pointer !== undefined)
        problems.push(
          ...pointerProblems(
            `reference rule ${rule.id} (${refKey(rule.kind, entry)})`,
            entry,
            promises,
          ),
        );
  for (const [spec, reference] of Object.entries(references)) {
    const ops = promises.get(spec);
    if (!ops) continue;
    for (const [kind, stated] of Object.entries(referenceRules(reference, ops))) {
      const rule = byKind.get(kind);
      const mapped = new Map(
        (rule?.operations ?? []).filter((e) => e.spec === spec).map((e) => [refKey(kind, e), e]),
      );
      for (const [key, what] of stated) {
        const entry = mapped.get(key);
        if (!entry)
          problems.push(
            `reference ${spec}: ${key} states a ${kind} rule the audit does not map (add it under the ${kind} reference rule, checked or not)`,
          );
        else if (kind === 'page-size') problems.push(...pageSizeDrift(spec, key, what, entry, ops));
      }
    }
  }
  return problems;
}

/** A page promise whose bound or default differs from the reference's, without a note saying why. */
function pageSizeDrift(spec, operation, stated, entry, ops) {
  if (entry.pointer === undefined || entry.differs !== undefined) return [];
  const page = atPointer(ops.get(operation), entry.pointer);
  const off = [];
  if (stated.max !== undefined && page?.max !== stated.max)
    off.push(`max ${page?.max} (reference ${stated.max})`);
  if (stated.default !== undefined && page?.default !== stated.default)
    off.push(`default ${page?.default} (reference ${stated.default})`);
  return off.length === 0
    ? []
    : [
        `reference ${spec}: ${operation} page promise has ${off.join(', ')}; fix it or say why under \`differs\``,
      ];
}
