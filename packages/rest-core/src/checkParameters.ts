import type { ParameterError, ParameterErrorClass } from './errors.js';
import type {
  CrossFieldCheck,
  OperationPlan,
  OperationSpec,
  ParameterRule,
  ParameterSpec,
} from './spec.js';

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
 * Checks `params` against an operation's plan and returns the given values by position, the only
 * values the request is built from (so nothing unchecked is sent). The first problem wins in this
 * order: an unknown name, then per parameter in spec order a missing or broken value, then the
 * cross-field rules. Throws a `ParameterError` (the client's class) naming the parameter, the
 * value and the rule; its message reads `name: value rule (operationId)`.
 */
export function checkPrepared(
  plan: OperationPlan,
  params: Record<string, unknown>,
  ParameterError: ParameterErrorClass,
): unknown[] {
  const { id, names, specs } = plan;
  const fail = (
    parameter: string,
    value: unknown,
    rule: string,
    text: string,
    details?: string,
    subject = value === undefined ? parameter : `${parameter}: ${show(value)}`,
  ): ParameterError =>
    new ParameterError(id, parameter, value, rule, `${subject} ${text} (${id})`, details);
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
    if (!broken && at < plan.query && ['', '.', '..'].includes(String(value))) {
      item = value;
      broken = ['pathSegment', 'cannot be sent as a path segment'];
    }
    if (broken) {
      first = at;
      problem = fail(shown, item, ...broken);
    }
  }
  for (const at of plan.required ?? []) {
    if (at > first) break;
    if (values[at] === undefined) {
      problem = fail(names[at] as string, undefined, 'required', 'is required');
      break;
    }
  }
  if (problem) throw problem;
  plan.rules?.(values, plan, fail);
  return values;
}

/** The check of an operation's `x-avalanche-rules`; only operations with rules ship it. */
export function crossFieldRules(rules: readonly ParameterRule[]): CrossFieldCheck {
  return (values, { names, specs }, fail) => {
    for (const { rule, fields, max } of rules) {
      const at = fields.map((field) => names.indexOf(field));
      const present = fields.filter((_, i) => values[at[i] as number] != null);
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
            : present.map((field) => [field, values[names.indexOf(field)]]),
        );
        // A rule's message names the fields, not the value: `fields: problem (operationId)`.
        throw fail(parameter, value, rule, problem, undefined, `${parameter}:`);
      }
    }
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
    method: operation.method,
    path: operation.path
      .split(/\{(\w+)\}/)
      .map((part, i) => (i % 2 ? names.indexOf(part) : part))
      .filter((part) => part !== ''),
    names,
    specs: entries.map(([, spec]) => spec),
    query: queryAt,
    body: body ? queryAt + Object.keys(query).length : undefined,
    required: entries.flatMap(([, spec], i) => (spec.required || i < queryAt ? [i] : [])),
    rules: rules?.length ? crossFieldRules(rules) : undefined,
  };
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
  checkPrepared(planOperation(operationId, operation), params, ParameterError);
}
