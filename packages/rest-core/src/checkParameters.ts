import type { ParameterError, ParameterErrorClass } from './errors.js';
import type { OperationSpec, ParameterRule, ParameterSpec } from './spec.js';

/**
 * What a call needs from an operation's spec, worked out once: every parameter by name with its
 * position in the spec (path, then query, then body), so a call walks only the params it was given.
 */
export interface PreparedOperation {
  id: string;
  method: string;
  /** The path template split at its `{name}`s: literal, name, literal, …, literal. */
  path: string[];
  /** name -> [spec, position, in path]; no prototype, so `toString` is not a parameter. */
  specs: Record<string, [ParameterSpec, number, boolean]>;
  /** All names in spec order; a call's values sit at the same positions. */
  names: string[];
  /** Position of the first query and of the first body parameter (`names.length` when none). */
  query: number;
  body: number;
  /** Whether a JSON body is sent, even with no field set. */
  hasBody: boolean;
  /** Positions of the required parameters (path parameters included), ascending. */
  required: number[];
  rules: readonly ParameterRule[];
}

/** Reads an operation's spec into the form {@link checkPrepared} and the URL builder use. */
export function prepareOperation(id: string, operation: OperationSpec): PreparedOperation {
  const { pathParams = {}, query = {}, body } = operation;
  const specs: PreparedOperation['specs'] = Object.create(null);
  const names: string[] = [];
  const required: number[] = [];
  const add = (group: Readonly<Record<string, ParameterSpec>> = {}, inPath = false) => {
    for (const [name, spec] of Object.entries(group)) {
      if (spec.required || inPath) required.push(names.length);
      specs[name] = [spec, names.length, inPath];
      names.push(name);
    }
    return names.length;
  };
  const queryAt = add(pathParams, true);
  const bodyAt = add(query);
  add(body);
  return {
    id,
    method: operation.method ?? 'GET',
    path: operation.path.split(/\{(\w+)\}/),
    specs,
    names,
    query: queryAt,
    body: bodyAt,
    hasBody: !!body,
    required,
    rules: operation.rules ?? [],
  };
}

/** Shows a value in a message: JSON where possible, shortened, so a message stays one line. */
function show(value: unknown): string {
  let text: string;
  try {
    // JSON quotes strings and shows arrays and objects; numbers stay as String shows them (NaN, not null).
    text =
      typeof value === 'string' || typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Why `value` breaks `spec`, as `[rule, text]`, or undefined when it does not. */
function breaks(spec: ParameterSpec, value: unknown): [string, string] | undefined {
  const { type = 'string', min, max } = spec;
  const ok =
    type === 'array'
      ? Array.isArray(value)
      : type === 'integer'
        ? Number.isInteger(value)
        : type === 'number'
          ? typeof value === 'number' && Number.isFinite(value)
          : typeof value === type;
  if (!ok) return ['type', `is not of type ${type}`];
  if (spec.enum && !spec.enum.includes(value as string)) {
    return ['enum', `is not one of ${spec.enum.join(', ')}`];
  }
  if (typeof value === 'string') {
    if (spec.pattern && !new RegExp(spec.pattern, 'u').test(value)) {
      return ['pattern', `does not match ${spec.pattern}`];
    }
    if (value.length < (spec.minLength ?? 0)) {
      return ['minLength', `is shorter than ${spec.minLength} characters`];
    }
    if (spec.commaSeparated && value.split(',').some((item) => !item.trim())) {
      return ['commaSeparated', 'has an empty item in its comma-separated list'];
    }
  }
  // A string bound belongs to a digits-only big integer; the pattern above has vouched for the digits.
  const big = typeof min === 'string' || typeof max === 'string';
  const n = big ? BigInt(value as string) : (value as number);
  if (min !== undefined && n < (big ? BigInt(min) : min)) {
    return ['minimum', `is below the minimum ${min}`];
  }
  if (max !== undefined && n > (big ? BigInt(max) : max)) {
    return ['maximum', `is above the maximum ${max}`];
  }
  return undefined;
}

/** The message reads `name: value rule (operationId)`, or `name rule (operationId)` without a value. */
export function parameterError(
  ParameterError: ParameterErrorClass,
  operationId: string,
  parameter: string,
  value: unknown,
  rule: string,
  text: string,
  details?: string,
  subject = value === undefined ? parameter : `${parameter}: ${show(value)}`,
): ParameterError {
  return new ParameterError(
    operationId,
    parameter,
    value,
    rule,
    `${subject} ${text} (${operationId})`,
    details,
  );
}

/**
 * Checks `params` against a prepared operation and returns the given values by position, the
 * only values the request is built from (so nothing unchecked is sent). The first problem wins in
 * this order: an unknown name, then per parameter in spec order a missing or broken value, then
 * the cross-field rules.
 */
export function checkPrepared(
  op: PreparedOperation,
  params: Record<string, unknown>,
  ParameterError: ParameterErrorClass,
): unknown[] {
  const fail = (...args: [string, unknown, string, string, string?, string?]) =>
    parameterError(ParameterError, op.id, ...args);
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw fail('params', params, 'type', 'is not an object');
  }
  const values: unknown[] = [];
  // The problem at the lowest position seen so far; a later position cannot win.
  let first = op.names.length;
  let problem: ParameterError | undefined;
  for (const name of Object.keys(params)) {
    const value = params[name];
    const entry = op.specs[name];
    if (!entry) {
      if (value === undefined) continue;
      throw fail(
        name,
        value,
        'unknown',
        'is not a parameter',
        `expected one of ${op.names.join(', ')}`,
      );
    }
    const [spec, at, inPath] = entry;
    if (value == null) continue;
    values[at] = value;
    if (at > first) continue;
    let broken = breaks(spec, value);
    let shown = name;
    let item: unknown = value;
    // An array's items are checked once the array itself passes.
    for (let i = 0; !broken && spec.items && i < (value as unknown[]).length; i++) {
      item = (value as unknown[])[i];
      broken = breaks(spec.items, item);
      if (broken) shown = `${name}[${i}]`;
    }
    // `.` and `..` would be resolved away by URL parsing, and an empty segment changes the route.
    if (!broken && inPath && ['', '.', '..'].includes(String(value))) {
      item = value;
      broken = ['pathSegment', 'cannot be sent as a path segment'];
    }
    if (broken) {
      first = at;
      problem = fail(shown, item, ...broken);
    }
  }
  for (const at of op.required) {
    if (at > first) break;
    if (values[at] === undefined) {
      problem = fail(op.names[at] as string, undefined, 'required', 'is required');
      break;
    }
  }
  if (problem) throw problem;
  for (const { rule, fields, max } of op.rules) checkRule(op, values, rule, fields, max, fail);
  return values;
}

/** One of the operation's `x-avalanche-rules`. */
function checkRule(
  op: PreparedOperation,
  values: unknown[],
  rule: ParameterRule['rule'],
  fields: readonly string[],
  max: number | undefined,
  fail: (...args: [string, unknown, string, string, string?, string?]) => ParameterError,
): void {
  const at = (field: string) => (op.specs[field] as [ParameterSpec, number, boolean])[1];
  const present = fields.filter((field) => values[at(field)] != null);
  // Absent fields count with the default the server will use.
  const numbers = fields.map(
    (field) => (values[at(field)] ?? op.specs[field]?.[0].default ?? 0) as number,
  );
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
        : present.map((field) => [field, values[at(field)]]),
    );
    // A rule's message names the fields, not the value: `fields: problem (operationId)`.
    throw fail(parameter, value, rule, problem, undefined, `${parameter}:`);
  }
}

/**
 * Checks `params` against the operation's rules from the spec, so a request the server would
 * reject is never sent. Throws a `ParameterError` (the client's class) naming the parameter, the
 * value and the rule.
 */
export function checkParameters(
  operationId: string,
  operation: OperationSpec,
  params: Record<string, unknown>,
  ParameterError: ParameterErrorClass,
): void {
  checkPrepared(prepareOperation(operationId, operation), params, ParameterError);
}
