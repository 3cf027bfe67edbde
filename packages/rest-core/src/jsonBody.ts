import type { OperationPlan } from './spec.js';

/**
 * The JSON body of an operation that sends one: its set fields by name, `{}` when none is set.
 * Plans carry it only where the operation has a body, so a GET-only app does not ship it.
 */
export function jsonBody(values: readonly unknown[], plan: OperationPlan): Record<string, unknown> {
  const { n: names, b: first = names.length } = plan;
  const fields: Record<string, unknown> = {};
  for (let at = first; at < names.length; at++) {
    if (values[at] !== undefined) fields[names[at] as string] = values[at];
  }
  return fields;
}
