// What a case expects back, and how that expectation reads in a report.

/**
 * What a case expects back: the HTTP status its recording or example shows and, for
 * JSON-RPC, a result or an error (with the recorded code).
 */
export interface Expectation {
  status: number;
  reply?: 'result' | 'error';
  errorCode?: number;
  /** A regular expression the error's message must match (an x-error-kinds pattern). */
  errorMessage?: string;
  /** What the expected error means, for the report (`unsupported`). */
  errorKind?: string;
  /** Other answers that conform too (an identity the corpus does not know may be absent). */
  or?: Expectation[];
}

/** How an expectation reads in a report: `HTTP 200`, `HTTP 200 with a result`, `… or …`. */
export function describeExpectation(e: Expectation): string {
  if (e.or?.length) return [{ ...e, or: undefined }, ...e.or].map(describeExpectation).join(' or ');
  if (e.reply === 'error')
    return `HTTP ${e.status} with${e.errorKind ? ` an ${e.errorKind}` : ''} error${e.errorCode === undefined ? '' : ` ${e.errorCode}`}${e.errorMessage ? ` matching /${e.errorMessage}/` : ''}`;
  if (e.reply === 'result') return `HTTP ${e.status} with a result`;
  return `HTTP ${e.status}`;
}
