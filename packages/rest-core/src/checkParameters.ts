import { checkRule } from './checkRule.js';
import { ParameterError } from './errors.js';
import { jsonBody } from './jsonBody.js';
import type { ParameterRule } from './parameterRules.js';
import type {
  CrossFieldCheck,
  CrossFieldRule,
  OperationPlan,
  OperationSpec,
  ParameterCheck,
  ParameterSpec,
  SchemaRule,
} from './spec.js';

/** Shows a value in a message: JSON where possible, shortened, so a message stays one line. */
export function show(value: unknown): string {
  let text: string;
  try {
    // JSON quotes strings and shows arrays and objects; numbers stay as String shows them (NaN, not null).
    text =
      typeof value === 'string' || typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  } catch {
    text = {}.toString.call(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * A ParameterError's message, the same in every client: `name: value text (operation)`, or
 * `name text (operation)` for a value that is missing (`network is required (listValidators)`).
 */
export const parameterMessage = (
  parameter: string,
  value: unknown,
  text: string,
  operation: string,
  subject = value === undefined ? parameter : `${parameter}: ${show(value)}`,
): string => `${subject} ${text} (${operation})`;

// One check per kind of rule, so that a generated operation imports only the kinds its
// parameters use; they run in the order of ALL_CHECKS, and the first problem wins.

/** The value has the spec's type (a string when the spec names none); every plan runs it first. */
export const checkType: ParameterCheck = ({ type = 'string' }, value) =>
  !(type === 'array'
    ? Array.isArray(value)
    : type === 'integer'
      ? Number.isInteger(value)
      : type === 'number'
        ? Number.isFinite(value) // false for anything but a finite number
        : typeof value === type) && ['type', `is not of type ${type}`];

/** {@link checkType} for plans whose parameters are all strings, in one line. */
export const checkString: ParameterCheck = (_, value) =>
  typeof value !== 'string' && ['type', 'is not of type string'];

export const checkEnum: ParameterCheck = ({ enum: values }, value) =>
  values && !values.includes(value as string) && ['enum', `is not one of ${values.join(', ')}`];

export const checkPattern: ParameterCheck = ({ pattern }, value) =>
  pattern &&
  typeof value === 'string' &&
  !new RegExp(pattern, 'u').test(value) && ['pattern', `does not match ${pattern}`];

export const checkMinLength: ParameterCheck = ({ minLength = 0 }, value) =>
  typeof value === 'string' &&
  value.length < minLength && ['minLength', `is shorter than ${minLength} characters`];

export const checkCommaSeparated: ParameterCheck = (spec, value) =>
  spec.commaSeparated &&
  typeof value === 'string' &&
  value.split(',').some((item) => !item.trim()) && [
    'commaSeparated',
    'has an empty item in its comma-separated list',
  ];

export const checkBounds: ParameterCheck = ({ min, max }, value) => {
  // A string bound belongs to a digits-only big integer; the pattern has vouched for the digits.
  const big = typeof min === 'string' || typeof max === 'string';
  const n = big ? BigInt(value as string) : (value as number);
  return min !== undefined && n < (big ? BigInt(min) : min)
    ? ['minimum', `is below the minimum ${min}`]
    : max !== undefined &&
        n > (big ? BigInt(max) : max) && ['maximum', `is above the maximum ${max}`];
};

/**
 * The whole schema of a value the other kinds cannot describe (an object, an array of objects, a
 * union): the first member that breaks it, with its path below the parameter and its value.
 */
export const checkStructure: ParameterCheck = ({ rule }, value) => {
  const f = rule && checkRule(rule, value, '');
  return f && [f[2], f[3], f[0], f[1]];
};

/** Every kind, in the order they run; plans made at run time (`planOperation`) use them all. */
export const ALL_CHECKS: readonly ParameterCheck[] = [
  checkType,
  checkEnum,
  checkPattern,
  checkMinLength,
  checkCommaSeparated,
  checkBounds,
  checkStructure,
];

/**
 * Checks `params` against an operation's plan and returns the given values by position, the only
 * values the request is built from (so nothing unchecked is sent). The first problem wins in this
 * order: an unknown name, then per parameter in spec order a missing or broken value, then the
 * cross-field rules. Throws a `ParameterError` (`client` the package it names) naming the parameter, the
 * value and the rule; its message reads `name: value rule (operationId)`.
 */
export function checkPrepared(
  plan: OperationPlan,
  params: Record<string, unknown>,
  client?: string,
): unknown[] {
  const { id, n: names, s: specs, c: checks, b: body = names.length } = plan;
  // The first problem the plan's checks find, in their order; then what cannot go into the URL:
  // `.`, `..` or an empty path segment (URL parsing resolves them away or changes the route), and
  // a lone UTF-16 surrogate, which encodeURIComponent cannot encode (a bare URIError).
  const breaks = (spec: ParameterSpec, value: unknown, at: number): ReturnType<ParameterCheck> => {
    for (const check of checks) {
      const broken = check(spec, value);
      if (broken) return broken;
    }
    return at < plan.q && /^\.{0,2}$/.test(value as string)
      ? ['pathSegment', 'cannot be sent as a path segment']
      : at < body &&
          typeof value === 'string' &&
          /\p{Cs}/u.test(value) && [
            'wellFormedUnicode',
            'holds a lone UTF-16 surrogate, which cannot be sent',
          ];
  };
  const fail = (
    parameter: string,
    value: unknown,
    rule: ParameterRule,
    text: string,
    details?: string,
    subject?: string,
  ): ParameterError =>
    new ParameterError(parameterMessage(parameter, value, text, id, subject), {
      client,
      details,
      operation: id,
      parameter,
      value,
      rule,
    });
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw fail('params', params, 'type', 'is not an object');
  }
  const values: unknown[] = [];
  // The problem at the lowest position seen so far; a later position cannot win.
  let first = names.length;
  let problem: ParameterError | undefined;
  for (const name of Object.keys(params)) {
    const value = params[name];
    const at = names.indexOf(name);
    if (at < 0) {
      if (value === undefined) continue;
      throw fail(
        name,
        value,
        'unknown',
        'is not a parameter',
        `expected one of ${names.join(', ')}`,
      );
    }
    if (value == null) continue;
    values[at] = value;
    if (at > first) continue;
    const spec = specs[at] as ParameterSpec;
    let broken = breaks(spec, value, at);
    let shown = name;
    let item: unknown = value;
    // An array's items are checked once the array itself passes.
    for (let i = 0; !broken && spec.items && i < (value as unknown[]).length; i++) {
      item = (value as unknown[])[i];
      broken = breaks(spec.items, item, at);
      if (broken) shown = `${name}[${i}]`;
    }
    if (broken) {
      first = at;
      // A check that looked inside the value names the member: `metadata.addresses[0]`.
      problem = fail(shown + (broken[2] ?? ''), broken[2] ? broken[3] : item, broken[0], broken[1]);
    }
  }
  for (const at of plan.r ?? []) {
    if (at > first) break;
    if (values[at] === undefined) {
      problem = fail(names[at] as string, undefined, 'required', 'is required');
      break;
    }
  }
  if (problem) throw problem;
  plan.x?.(values, plan, fail);
  return values;
}

/** The check of an operation's `x-avalanche-rules`; only operations with rules ship it. */
export function crossFieldRules(rules: readonly CrossFieldRule[]): CrossFieldCheck {
  return (values, { n: names, s: specs }, fail) => {
    for (const { rule, fields, max } of rules) {
      const at = fields.map((field) => names.indexOf(field));
      // The positions of the fields that are set.
      const present = at.filter((i) => values[i] != null);
      // Absent fields count with the default the server will use.
      const numbers = at.map((i) => (values[i] ?? specs[i]?.default ?? 0) as number);
      const sum = numbers.reduce((a, b) => a + b, 0);
      const problem =
        rule === 'exactlyOne' && present.length !== 1
          ? `exactly one must be set, ${present.length ? 'not several' : 'none is'}`
          : rule === 'atLeastOne' && !present.length
            ? 'at least one must be set'
            : rule === 'sumAtMost' && sum > (max as number)
              ? `${numbers.join(' + ')} = ${sum} is above the maximum ${max}`
              : undefined;
      if (problem) {
        const parameter = fields.join(rule === 'sumAtMost' ? ' + ' : ', ');
        // The value is what the rule looked at: the numbers summed, or the fields that were set.
        const value = Object.fromEntries(
          rule === 'sumAtMost'
            ? fields.map((field, i) => [field, numbers[i]])
            : present.map((i) => [names[i], values[i]]),
        );
        // A rule's message names the fields, not the value: `fields: problem (operationId)`.
        throw fail(parameter, value, rule, problem, undefined, `${parameter}:`);
      }
    }
  };
}

/**
 * The check of a body that is one of several shapes (a webhook for EVM addresses, for
 * primary-network addresses or for validators): its fields are checked one by one as the union
 * of the shapes allows, then the body as a whole against the shapes, so a field one shape
 * requires is not missing and no two shapes are mixed.
 */
export function bodyShape(rule: SchemaRule): CrossFieldCheck {
  return (values, plan, fail) => {
    const f = checkRule(rule, jsonBody(values, plan), '');
    if (f) throw fail(f[0].slice(1) || 'body', f[1], f[2], f[3]);
  };
}

/** An operation's plan from its spec; the generator emits the same for a client's functions. */
export function planOperation(id: string, operation: OperationSpec): OperationPlan {
  const { pathParams = {}, query = {}, body, rules } = operation;
  const entries = [
    ...Object.entries(pathParams),
    ...Object.entries(query),
    ...Object.entries(body ?? {}),
  ];
  const names = entries.map(([name]) => name);
  const queryAt = Object.keys(pathParams).length;
  return {
    id,
    m: operation.method,
    p: operation.path
      .split(/\{(\w+)\}/)
      .map((part, i) => (i % 2 ? names.indexOf(part) : part))
      .filter((part) => part !== ''),
    n: names,
    s: entries.map(([, spec]) => spec),
    c: ALL_CHECKS,
    q: queryAt,
    b: body ? queryAt + Object.keys(query).length : undefined,
    j: body ? jsonBody : undefined,
    r: entries.flatMap(([, spec], i) => (spec.required || i < queryAt ? [i] : [])),
    x: rules?.length ? crossFieldRules(rules) : undefined,
  };
}

/**
 * Checks `params` against the operation's rules from the spec, so a request the server would
 * reject is never sent. Throws a `ParameterError` (`client` the package it names) naming the parameter, the
 * value and the rule.
 */
export function checkParameters(
  operationId: string,
  operation: OperationSpec,
  params: Record<string, unknown>,
  client?: string,
): void {
  checkPrepared(planOperation(operationId, operation), params, client);
}
