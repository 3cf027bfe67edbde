// The request the contract tester sends and what it makes of the answer: the shapes every
// part of a run passes along.
import type { Violation } from '../model/schema-set.js';
import type { Recording } from '../recordings/recordings.js';
import type { CaseClass } from './case-values.js';
import type { Expectation } from './expectation.js';

/** One request the contract tester sends, built from a recording or a spec example. */
export interface ContractCase {
  service: string;
  operation: string;
  source: string;
  method: string;
  /** Path and query, relative to the service's base URL. */
  path: string;
  body?: unknown;
  nodeSpecific: boolean;
  expect: Expectation;
  /** Why the case is not sent, when it is left out. */
  skip?: string;
  /**
   * The era marks of the recording the case came from (see Recording.lenient). Applied only
   * against the replay server, which answers with that same marked recording; any other
   * target is held to the current shape.
   */
  lenient?: string[];
  /** recorded, example, generated, negative, page, linked or filter; recorded or example when unset. */
  class?: CaseClass;
  /**
   * The node release that does not serve this case's method (the spec marks it gone before, or
   * come after): the case checks that the target answers it as a method it does not know.
   */
  absentFrom?: string;
  /** The value each input carries (`absent` when left out), for the report's value coverage. */
  values?: Record<string, string>;
}

/** conforms, drift, unreachable (not tested) or skipped: every verdict, for the reports' legend. */
export const verdictKinds = ['conforms', 'drift', 'not-tested', 'skipped'] as const;
export type Verdict = (typeof verdictKinds)[number];

export interface ContractResult extends ContractCase {
  url: string;
  status?: number;
  verdict: Verdict;
  ok: boolean;
  violations: Violation[];
  /** Why the case is not tested: the target could not be reached or gave no answer. */
  unreachable?: string;
  /** HTTP requests this case made, retries included (0 when none left). */
  requests?: number;
  /** Time from sending to the verdict, waits for the rate limit and Retry-After included. */
  durationMs?: number;
  /** What came back, in the words of `describeExpectation` (`HTTP 404`, `… with error -32000`). */
  got?: string;
  /** A one-line reproduction of the request; an api key appears as its variable name. */
  curl: string;
  exchange?: Recording;
}
