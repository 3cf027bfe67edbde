// Renders JSON Schema (OpenRPC and OpenAPI 3.1 flavour) as readable HTML: a type line, the
// rules as chips (enum, pattern, bounds, default, ...), the description, and nested fields.
import { escapeHtml, markdown } from './html.mjs';

const MAX_DEPTH = 6;

/** A JSON value as it would be written in a request: strings quoted, the rest as JSON. */
export function literal(value) {
  return JSON.stringify(value);
}

/**
 * @param {object} options
 * @param {object} options.document The document `$ref`s point into (`#/components/...`).
 * @param {(name: string) => string | undefined} [options.refHref] Link target of a named schema.
 * @param {(code: string) => string | undefined} [options.linkCode] Links for code spans in descriptions.
 */
export function createSchemaRenderer({
  document,
  refHref = () => undefined,
  linkCode,
  onField = () => {},
}) {
  const md = (text) => markdown(text, { linkCode });
  const uniqueId = uniqueIds();

  const resolve = (schema) => resolveIn(document, schema);

  /** The type line: `string`, `array of Bech32Address (string)`, `map of string → X`, `one of …`. */
  function typeLabel(input, stack = []) {
    if (input === true || input === undefined) return 'any';
    if (input === false) return 'nothing';
    const { schema, name } = resolve(input);
    if (name) {
      const base =
        name && !stack.includes(name) ? baseType(schema, [...stack, name], typeLabel) : '';
      return base && base !== name
        ? `${nameLink(refHref, name)} <span class="muted">(${base})</span>`
        : nameLink(refHref, name);
    }
    return baseType(schema, stack, typeLabel);
  }

  const rules = (schema) => rulesOf(schema, resolve, typeLabel);

  /** The nested fields a schema has: object properties, item properties, map values, alternatives. */
  function children(input, stack, depth, id, within) {
    if (depth >= MAX_DEPTH) return [];
    const { schema, name } = resolve(input);
    if (!schema || typeof schema !== 'object') return [];
    if (name && stack.includes(name)) return [];
    const next = name ? [...stack, name] : stack;
    const kids = [];
    if (schema.properties) {
      const required = new Set(schema.required ?? []);
      for (const [prop, sub] of Object.entries(schema.properties)) {
        kids.push(
          field({
            name: prop,
            schema: sub,
            required: required.has(prop),
            stack: next,
            depth,
            id: id && `${id}/${prop}`,
            within,
          }),
        );
      }
    }
    if (
      isSchema(schema.additionalProperties) &&
      hasChildren(resolve, schema.additionalProperties, next)
    ) {
      // The type line already says `map of string → X`; show X's fields directly.
      kids.push(...children(schema.additionalProperties, next, depth, id, within));
    }
    if (schema.items && hasChildren(resolve, schema.items, next)) {
      kids.push(...children(schema.items, next, depth, id, within));
    }
    const alts = schema.oneOf ?? schema.anyOf;
    if (alts?.some((s) => hasChildren(resolve, s, next) || rules(resolve(s).schema).length > 0)) {
      alts.forEach((alt, n) => {
        const label = resolve(alt).name ?? `option ${n + 1}`;
        kids.push(
          field({
            name: label,
            schema: alt,
            stack: next,
            depth,
            isOption: true,
            id: id && `${id}/option-${n + 1}`,
            // A field inside an alternative says which one it is in (search results tell
            // `validationStatus` of ActiveValidator from that of CompletedValidator).
            within: resolve(alt).name ?? within,
          }),
        );
      });
    }
    if (schema.allOf) {
      for (const part of schema.allOf) kids.push(...children(part, next, depth, id, within));
    }
    return kids;
  }

  /** One named field: head (name, type, required), rules, description, nested fields. */
  function field({
    name,
    schema,
    required,
    description,
    stack = [],
    depth = 0,
    isOption,
    extraHead,
    id: wanted,
    within,
  }) {
    const r = resolve(schema);
    const own = description ?? r.ownDescription ?? (r.name ? undefined : r.schema?.description);
    const shared = r.name ? r.refDescription : undefined;
    const chips = r.schema && typeof r.schema === 'object' ? rules(r.schema) : [];
    const id = wanted && uniqueId(wanted);
    if (id && !isOption) onField({ id, name, description: own ?? shared, depth, within });
    const kids = children(schema, stack, depth + 1, id, within);
    let out = `<div class="field${isOption ? ' option' : ''}"${id ? ` id="${escapeHtml(id)}"` : ''}><div class="field-head">${fieldLabel(name, id, isOption)} <span class="type">${typeLabel(schema, stack)}</span>`;
    if (required) out += ' <span class="badge req">required</span>';
    if (extraHead) out += ` ${extraHead}`;
    out += `</div>${chipsHtml(chips)}`;
    if (own) out += `<div class="field-desc">${md(own)}</div>`;
    // A field's own text wins: its schema's shared text would say the same thing twice.
    if (shared && !own) out += `<div class="field-desc shared">${md(shared)}</div>`;
    if (kids.length) {
      const open = depth < 1 ? ' open' : '';
      const what = summaryOf(r.schema, kids.length);
      out += `<details class="children"${open}><summary>${what}</summary>${kids.join('')}</details>`;
    }
    return `${out}</div>`;
  }

  /** A whole schema shown on its own (a result, a response body, a shared type). */
  function block(schema, { stack = [], open = true, id } = {}) {
    const r = resolve(schema);
    const chips = r.schema && typeof r.schema === 'object' ? rules(r.schema) : [];
    const kids = children(schema, stack, 0, id);
    let out = `<div class="schema"><div class="field-head"><span class="type">${typeLabel(schema, stack)}</span></div>${chipsHtml(chips)}`;
    const desc = r.ownDescription ?? r.schema?.description;
    if (desc) out += `<div class="field-desc">${md(desc)}</div>`;
    if (kids.length) {
      out += open
        ? `<div class="children flat">${kids.join('')}</div>`
        : `<details class="children"><summary>${summaryOf(r.schema, kids.length)}</summary>${kids.join('')}</details>`;
    }
    return `${out}</div>`;
  }

  return { resolve, typeLabel, rules, field, block };
}

/** The type of a schema without its name; `typeLabel` names the schemas inside it. */
function baseType(schema, stack, typeLabel) {
  if (schema === true || schema === undefined) return 'any';
  if ('const' in schema) return `<code>${escapeHtml(literal(schema.const))}</code>`;
  const alts = schema.oneOf ?? schema.anyOf;
  if (alts) {
    const word = schema.oneOf ? 'one of' : 'any of';
    return `${word}: ${alts.map((s) => typeLabel(s, stack)).join(' | ')}`;
  }
  if (schema.allOf)
    return `all of: ${schema.allOf.map((s) => typeLabel(s, stack)).join(' &amp; ')}`;
  let types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) {
    if (schema.properties || schema.additionalProperties !== undefined) types = ['object'];
    else if (schema.items) types = ['array'];
    else if (schema.enum)
      types = [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
    else return 'any';
  }
  return types
    .map((t) => {
      if (t === 'array') return `array of ${schema.items ? typeLabel(schema.items, stack) : 'any'}`;
      if (t === 'object' && !schema.properties && isSchema(schema.additionalProperties)) {
        return `map of string → ${typeLabel(schema.additionalProperties, stack)}`;
      }
      if (t === 'string' && schema.format)
        return `string <span class="muted">(${escapeHtml(schema.format)})</span>`;
      return escapeHtml(t);
    })
    .join(' | ');
}

/** Ids of the fields of one page: the same path twice (a property of two allOf parts) gets a suffix. */
function uniqueIds() {
  const used = new Set();
  return (id) => {
    let out = id;
    for (let n = 2; used.has(out); n++) out = `${id}-${n}`;
    used.add(out);
    return out;
  };
}

/** A field's name; with an id, a link to the field itself. */
function fieldLabel(name, id, isOption) {
  const nameClass = isOption ? 'field-name meta' : 'field-name';
  return id
    ? `<a class="${nameClass}" href="#${escapeHtml(id)}"><code>${escapeHtml(name)}</code></a>`
    : `<code class="${nameClass}">${escapeHtml(name)}</code>`;
}

function chipsHtml(chips) {
  return chips.length
    ? `<div class="rules">${chips.map((c) => `<span class="rule">${c}</span>`).join('')}</div>`
    : '';
}

/** A schema with its `$ref` followed inside `document`, the name it was reached by, and the descriptions. */
function resolveIn(document, schema) {
  if (!schema || typeof schema !== 'object' || typeof schema.$ref !== 'string') {
    return { schema, name: undefined };
  }
  const ref = schema.$ref;
  if (!ref.startsWith('#/')) throw new Error(`external $ref not supported: ${ref}`);
  const target = ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, key) => node?.[key], document);
  if (target === undefined) throw new Error(`unresolvable $ref ${ref}`);
  // Sibling keywords of $ref (description, default) refine the target, as in JSON Schema 2020-12.
  const { $ref: _, ...siblings } = schema;
  const inner = resolveIn(document, target);
  return {
    schema: { ...inner.schema, ...siblings },
    name: target.title ?? ref.split('/').pop(),
    ownDescription: siblings.description,
    refDescription: inner.schema?.description,
  };
}

function nameLink(refHref, name) {
  const href = refHref(name);
  return href
    ? `<a class="type-ref" href="${escapeHtml(href)}">${escapeHtml(name)}</a>`
    : `<span class="type-ref">${escapeHtml(name)}</span>`;
}

/** A bound or a range of a rule, as words: `value 1 to 9`, `length ≥ 2`. */
const range = (lo, hi, exLo, exHi, what) => {
  const v = what ? `${what} ` : '';
  if (lo !== undefined && hi !== undefined && !exLo && !exHi) return `${v}${lo} to ${hi}`;
  const parts = [];
  if (lo !== undefined) parts.push(`${v}${exLo ? '>' : '≥'} ${lo}`);
  if (hi !== undefined) parts.push(`${v}${exHi ? '<' : '≤'} ${hi}`);
  return parts.join(', ');
};

/** The rules of one schema level as short phrases (already HTML). */
function rulesOf(schema, resolve, typeLabel) {
  const out = [];
  const code = (v) => `<code>${escapeHtml(v)}</code>`;
  if (schema.enum) out.push(`one of ${schema.enum.map((v) => code(literal(v))).join(' ')}`);
  if (schema.pattern) out.push(`pattern ${code(schema.pattern)}`);
  const lo = schema.exclusiveMinimum ?? schema.minimum;
  const hi = schema.exclusiveMaximum ?? schema.maximum;
  if (lo !== undefined || hi !== undefined) {
    out.push(
      escapeHtml(
        range(
          lo,
          hi,
          schema.exclusiveMinimum !== undefined,
          schema.exclusiveMaximum !== undefined,
          'value',
        ),
      ),
    );
  }
  if (schema.multipleOf !== undefined) out.push(`multiple of ${schema.multipleOf}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    if (schema.minLength === 1 && schema.maxLength === undefined) out.push('not empty');
    else out.push(escapeHtml(range(schema.minLength, schema.maxLength, false, false, 'length')));
  }
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    if (schema.minItems === 1 && schema.maxItems === undefined) out.push('at least one item');
    else out.push(escapeHtml(range(schema.minItems, schema.maxItems, false, false, 'items')));
  }
  if (schema.uniqueItems) out.push('unique items');
  if (schema.minProperties !== undefined || schema.maxProperties !== undefined) {
    out.push(escapeHtml(range(schema.minProperties, schema.maxProperties, false, false, 'keys')));
  }
  if (schema.propertyNames) {
    const names = resolve(schema.propertyNames).schema;
    const sub = rulesOf(names, resolve, typeLabel);
    out.push(`keys: ${sub.length ? sub.join(', ') : typeLabel(schema.propertyNames)}`);
  }
  if (schema.additionalProperties === false && schema.properties) out.push('no other keys');
  if (schema.not) out.push(`not ${typeLabel(schema.not)}`);
  if ('default' in schema) out.push(`default ${code(literal(schema.default))}`);
  if (schema.readOnly) out.push('read-only');
  if (schema.writeOnly) out.push('write-only');
  if (schema.deprecated) out.push('<strong>deprecated</strong>');
  const example = schema.examples?.[0] ?? schema.example;
  if (example !== undefined && typeof example !== 'object')
    out.push(`example ${code(literal(example))}`);
  return out;
}

/** Whether a schema has nested fields to show. */
function hasChildren(resolve, input, stack) {
  const { schema, name } = resolve(input);
  if (!schema || typeof schema !== 'object' || (name && stack.includes(name))) return false;
  if (schema.properties || schema.oneOf || schema.anyOf || schema.allOf) return true;
  if (isSchema(schema.additionalProperties))
    return hasChildren(resolve, schema.additionalProperties, stack);
  if (schema.items) return hasChildren(resolve, schema.items, name ? [...stack, name] : stack);
  return false;
}

function summaryOf(schema, count) {
  if (schema?.oneOf || schema?.anyOf) return `${count} options`;
  if (schema?.items && !schema.properties) return `fields of each item (${count})`;
  if (!schema?.properties && isSchema(schema?.additionalProperties))
    return `fields of each value (${count})`;
  return count === 1 ? '1 field' : `${count} fields`;
}

function isSchema(value) {
  return value !== undefined && value !== false && value !== true && typeof value === 'object';
}

/** CSS for the field lists; used by the node reference page. */
export const SCHEMA_CSS = `
.field{padding:10px 0 10px;border-top:1px solid var(--line)}
.children>.field:first-of-type,.children>summary+.field{border-top:none}
.field-head{display:flex;flex-wrap:wrap;gap:6px 8px;align-items:baseline}
.field-name,.field-name code{font-weight:700;background:none;padding:0;font-size:14px;color:var(--fg)}
.field-name.meta{font-weight:600;color:var(--muted)}
.type{color:var(--muted);font-size:13px}
.type-ref{font-family:var(--mono);font-size:12.5px}
.rules{display:flex;flex-wrap:wrap;gap:4px 6px;margin-top:4px}
.rule{font-size:12.5px;color:var(--fg);background:var(--soft);border:1px solid var(--line);border-radius:5px;padding:1px 7px}
.rule code{background:none;padding:0;font-size:12px}
.field-desc{margin-top:4px;font-size:14px}
.field-desc p{margin:.3em 0}
.field-desc ul{margin:.3em 0;padding-left:1.3em}
.field-desc.shared{color:var(--muted)}
.children{margin:6px 0 0 4px;padding-left:14px;border-left:2px solid var(--line)}
.children.flat{border-left:none;padding-left:0;margin-left:0}
.children>summary{cursor:pointer;font-size:12.5px;color:var(--link);padding:4px 0;user-select:none}
.field.option>.field-head .field-name{font-style:italic}
`;
