// A send that got no answer: refused, timed out or reset before anything came back.

/** Failures before any connection exists: the host is not there, so nothing was tested. */
export const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether a fetch failure happened before any connection: no request reached the target. */
export function neverLeft(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 9; i++) {
    if (typeof e.code === 'string' && unreachableCodes.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Why a send got no answer (refused, timed out, reset), or undefined when it got one. */
export function noAnswerReason(
  e: { name?: string; code?: string },
  timeoutMs: number,
): string | undefined {
  return e.name === 'TimeoutError'
    ? `no answer within ${timeoutMs} ms`
    : e.name === 'ConnectionError'
      ? e.code && unreachableCodes.has(e.code)
        ? e.code
        : `the connection closed without an answer (${e.code ?? 'no code'})`
      : undefined;
}
