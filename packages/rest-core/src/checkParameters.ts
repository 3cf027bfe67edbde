import type { ParameterErrorClass } from './errors.js';
import type { OperationSpec, ParameterSpec } from './spec.js';

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
  // The message reads `name: value rule (operationId)`, or `name rule (operationId)` without a value.
  const fail = (
    parameter: string,
    value: unknown,
    rule: string,
    text: string,
    details?: string,
    subject = value === undefined ? parameter : `${parameter}: ${show(value)}`,
  ) =>
    new ParameterError(
      operationId,
      parameter,
      value,
      rule,
      `${subject} ${text} (${operationId})`,
      details,
    );
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw fail('params', params, 'type', 'is not an object');
  }
  const { pathParams = {} } = operation;
  const all: Record<string, ParameterSpec> = {
    ...pathParams,
    ...operation.query,
    ...operation.body,
  };
  const known = Object.keys(all);
  for (const name of Object.keys(params)) {
    if (!Object.hasOwn(all, name) && params[name] !== undefined) {
      throw fail(
        name,
        params[name],
        'unknown',
        'is not a parameter',
        `expected one of ${known.join(', ')}`,
      );
    }
  }
  for (const name of known) {
    const spec = all[name] as ParameterSpec;
    const value = params[name];
    const inPath = Object.hasOwn(pathParams, name);
    if (value === undefined || value === null) {
      if (spec.required || inPath) throw fail(name, undefined, 'required', 'is required');
      continue;
    }
    const problem = breaks(spec, value);
    if (problem) throw fail(name, value, ...problem);
    for (const [i, item] of (spec.items ? (value as unknown[]) : []).entries()) {
      const itemProblem = breaks(spec.items as ParameterSpec, item);
      if (itemProblem) throw fail(`${name}[${i}]`, item, ...itemProblem);
    }
    // `.` and `..` would be resolved away by URL parsing, and an empty segment changes the route.
    if (inPath && ['', '.', '..'].includes(String(value))) {
      throw fail(name, value, 'pathSegment', 'cannot be sent as a path segment');
    }
  }
  for (const { rule, fields, max } of operation.rules ?? []) {
    const present = fields.filter((field) => params[field] != null);
    // Absent fields count with the default the server will use.
    const values = fields.map((field) => (params[field] ?? all[field]?.default ?? 0) as number);
    const sum = values.reduce((a, b) => a + b, 0);
    const problem =
      rule === 'exactlyOne' && present.length !== 1
        ? `exactly one must be set, ${present.length ? 'not several' : 'none is'}`
        : rule === 'atLeastOne' && !present.length
          ? 'at least one must be set'
          : rule === 'sumAtMost' && sum > (max as number)
            ? `${values.join(' + ')} = ${sum} is above the maximum ${max}`
            : undefined;
    if (problem) {
      const parameter = fields.join(rule === 'sumAtMost' ? ' + ' : ', ');
      // The value is what the rule looked at: the numbers summed, or the fields that were set.
      const value = Object.fromEntries(
        rule === 'sumAtMost'
          ? fields.map((field, i) => [field, values[i]])
          : present.map((field) => [field, params[field]]),
      );
      // A rule's message names the fields, not the value: `fields: problem (operationId)`.
      throw fail(parameter, value, rule, problem, undefined, `${parameter}:`);
    }
  }
}
