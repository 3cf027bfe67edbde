// Identity: the replay server keys its stored answers by these inputs, and `contract` varies them.
import type { Operation } from './openapi.js';
import type { RpcMethod } from './openrpc.js';
import type { Promises } from './promises/vocabulary.js';

/*
 * Which request values name the thing asked for ("identity"), read off the operation or
 * method: the inputs its `x-promises` identity entries name, and every input a request must
 * send (path parameters, required query parameters and params) that no other promise uses
 * (page, cursor, range, filters, order). `encoding` is matched on its own, so a wrong
 * encoding is an encoding error, not a not-found. An identity entry with a `member` is also
 * checked against the stored answer: a stored answer whose member does not match the input
 * never answers it, and one whose member matches answers it whatever it was asked by.
 */

/** The inputs an operation's or method's other promises use: never identity. */
function usedByOtherPromises(p: Promises): Set<string> {
  const used = new Set<string>();
  if (p.page) used.add(p.page.input);
  if (p.cursor) used.add(p.cursor.input);
  if (p.range) for (const n of [p.range.start, p.range.count]) used.add(n);
  for (const f of p.filters ?? []) used.add(f.input);
  for (const o of p.order ?? []) if (o.input) used.add(o.input);
  return used;
}

function identityNames(required: string[], p: Promises, separate: string[] = []): string[] {
  const used = usedByOtherPromises(p);
  const names = new Set(required.filter((n) => !used.has(n)));
  for (const e of p.identity ?? []) names.add(e.input);
  for (const n of separate) names.delete(n);
  return [...names];
}

export function restIdentityNames(op: Operation): string[] {
  return identityNames(
    op.parameters
      .filter((p) => p.in === 'path' || (p.in === 'query' && p.required))
      .map((p) => p.name),
    op.promises,
  );
}

export function rpcIdentityNames(method: RpcMethod): string[] {
  return identityNames(
    method.params.filter((p) => p.required).map((p) => p.name),
    method.promises,
    ['encoding'],
  );
}
