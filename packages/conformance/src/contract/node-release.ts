// Judging a node by its own release: which release it runs, and the methods that release lacks.
import { isObject } from '../model/json-pointer.js';
import type { Specs } from '../model/specs.js';
import type { ContractCase } from './contract-case.js';
import type { Expectation } from './expectation.js';
import type { RunOptions } from './run-options.js';
import { transportFor } from './transport/transport.js';

/**
 * Asks the node target which release it runs (`info.getNodeVersion`), so its answers can be
 * judged by what that release sends. Undefined, with the reason, when it cannot tell.
 */
export async function readNodeVersion(
  baseUrl: string,
  options: Pick<RunOptions, 'timeoutMs' | 'fetch' | 'maxResponseBytes' | 'headers'>,
): Promise<{ version: string } | { reason: string }> {
  // The same transport as the cases: timeout, size cap, no redirects followed blindly.
  const send = transportFor('node-rpc', baseUrl, {
    ...options,
    targets: {},
    concurrency: 1,
    maxRetryAfterMs: 0,
    retries: 0,
  });
  try {
    const response = await send(`${baseUrl}/ext/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'info.getNodeVersion' }),
    });
    const text = await response.text();
    let reply: unknown;
    try {
      reply = JSON.parse(text);
    } catch {
      return { reason: `info.getNodeVersion answered HTTP ${response.status} without JSON` };
    }
    const result = isObject(reply) ? reply.result : undefined;
    if (isObject(result) && typeof result.version === 'string') return { version: result.version };
    return { reason: `info.getNodeVersion answered HTTP ${response.status} without a version` };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { reason: `info.getNodeVersion failed: ${e.code ?? e.message}` };
  }
}

/** The `unsupported` entries of a method's x-error-kinds: its own, then its shared table's. */
function unsupportedEntries(doc: Record<string, unknown>, method: Record<string, unknown>) {
  const own = isObject(method['x-error-kinds']) ? method['x-error-kinds'] : {};
  const tables = isObject(doc['x-error-kinds']) ? doc['x-error-kinds'] : {};
  const shared = typeof own.shared === 'string' ? tables[own.shared] : undefined;
  const entries = [
    ...(Array.isArray(own.patterns) ? own.patterns : []),
    ...(Array.isArray(shared) ? shared : []),
  ];
  return entries.filter(
    (e): e is { kind: string; code: number; pattern?: string } =>
      isObject(e) && e.kind === 'unsupported' && typeof e.code === 'number',
  );
}

/** The answer a method the node does not serve gets, by the spec's x-error-kinds. */
function unsupportedExpectation(full: Specs, method: string): Expectation {
  const found = full.matchRpc(method);
  const entries = found ? unsupportedEntries(found.service.doc, found.method.node) : [];
  const [first, ...rest] = entries.map(
    (e): Expectation => ({
      status: 200,
      reply: 'error',
      errorKind: 'unsupported',
      errorCode: e.code,
      ...(typeof e.pattern === 'string' ? { errorMessage: e.pattern } : {}),
    }),
  );
  if (!first) return { status: 200, reply: 'error', errorKind: 'unsupported' };
  return rest.length ? { ...first, or: rest } : first;
}

/**
 * For the methods the judged release does not serve (the spec marks them gone before it or come
 * after it): such a node answers them as methods it does not know, which the spec's
 * x-error-kinds call `unsupported`. The first case of each becomes that call, expecting that
 * answer, so a target still serving the method, or refusing it some other way, drifts; the
 * others are left out, since one call shows it. Returns the step each planned case goes through.
 */
export function absentMethodCases(full: Specs, judged: Specs, release: string) {
  const seen = new Set<string>();
  return (c: ContractCase) => {
    if (c.skip || c.service !== 'node-rpc' || judged.matchRpc(c.operation)) return;
    if (seen.has(c.operation)) {
      c.skip = `not served by ${release}: one call shows it`;
      return;
    }
    seen.add(c.operation);
    c.absentFrom = release;
    c.expect = unsupportedExpectation(full, c.operation);
  };
}
