// Judging a node by its own release: which release it runs, and the methods that release lacks.
import { isObject } from '../model/json-pointer.js';
import type { Specs } from '../model/specs.js';
import type { ContractCase } from './contract-case.js';
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

/**
 * Marks the node cases for methods the judged release does not serve as skipped: such a
 * release answers them -32601, which is its behaviour, not drift.
 */
export function skipAbsentMethods(cases: ContractCase[], judged: Specs, release: string) {
  for (const c of cases) {
    if (c.skip || c.service !== 'node-rpc') continue;
    if (!judged.matchRpc(c.operation)) c.skip = `not served by ${release}`;
  }
}
