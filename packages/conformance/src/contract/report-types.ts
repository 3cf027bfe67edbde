// The value a contract run returns (`runContract`) and every output format renders: plain JSON,
// exactly what `contract --format json` prints.
import type { Violation } from '../model/schema-set.js';
import type { CaseClass } from './case-values.js';
import type { ContractResult } from './contract-case.js';
import type { FilterCoverage } from './filter-cases.js';
import type { OperationVerdict, VerdictCounts } from './verdicts.js';

/** One case as the report keeps it: without its exchange, with its class and words for people. */
export interface ReportResult extends Omit<ContractResult, 'exchange' | 'violations'> {
  class: CaseClass;
  /** What the case expected, in words (`HTTP 200 with a result`). */
  expected: string;
  /** One line for a drifting case (see contract-report.ts headline). */
  headline?: string;
  /** Each violation with its words and the key of the drift it belongs to (see Drift). */
  violations: (Violation & { text: string; key: string })[];
}

/** Per operation or method: its verdict, cases by class, values covered, rules and filters. */
export interface ReportOperation extends OperationVerdict {
  classes: Partial<Record<CaseClass, number>>;
  coverage: { input: string; covered: number; total: number; values: string[] }[];
  /** The rule kinds its `x-promises` declare (checked on every answer). */
  rules: string[];
  /** The declared kinds no answer put to the test. */
  rulesNotExercised: string[];
  filters: FilterCoverage[];
}

export interface ReportService {
  service: string;
  url: string;
  reachable: boolean;
  reason?: string;
  /** The header its spec takes an api key in (an `apiKey` security scheme), if any. */
  apiKeyHeader?: string;
}

export interface ReportSummary {
  operations: { total: number } & VerdictCounts;
  cases: { total: number } & VerdictCounts;
  /** Every HTTP request made, retries and the node's release probe included. */
  requests: number;
  casesSent: number;
  /** Cases sent that got no answer (timeout, reset). */
  noAnswer: number;
  durationMs: number;
  /** Cases sent per class, in the order of the run's classes. */
  classes: Partial<Record<CaseClass, number>>;
  seed: number;
  /** Cases the request budget (--max-requests) left unsent. */
  leftOut: number;
  /** Paginated operations whose pages went on past --max-pages. */
  pagingCut: string[];
  /** Why the run ended early (--max-failures) and how many cases it left unsent. */
  stopped?: { reason: string; unsent: number };
  /** Cases not tested because the target kept answering 429 (reason starts `rate limited`). */
  rateLimited: number;
  /** Cases not tested, counted by reason. */
  notTested: Record<string, number>;
  /** Distinct drifts (see `drifts`): all, those the baseline excuses, and the others. */
  drifts: { total: number; baselined: number; new: number };
}

/** The run's settings as values: header names only, never a header value or a key. */
export interface ReportSettings {
  target: string;
  only?: string[];
  classes: CaseClass[];
  seed: number;
  concurrency: number;
  timeoutMs: number;
  maxCases: number;
  maxRequests: number;
  maxPages: number;
  maxFailures?: number;
  rateLimits: string[];
  nodeVersion?: string;
  /** Names of the --header headers sent (scoped ones as `service=Name`). */
  headers: string[];
  /** Whether an api key was given (sent to the services whose spec takes one). */
  apiKey: boolean;
  baseline?: string;
}

/** Where a drift shows: the request, an excerpt of the answer (at most 2 KB) and a curl line. */
export interface DriftExample {
  request: string;
  response: string;
  curl: string;
}

/**
 * One distinct drift: every case showing the same rule broken at the same place of the same
 * operation. `key` is stable across runs: `<service> <operation> <kind> <path>`.
 */
export interface Drift {
  key: string;
  service: string;
  operation: string;
  /** The violation's rule kind (missing-required, wrong-type, unexpected-status, order, …). */
  kind: string;
  /**
   * Where in the answer, array indexes written `*` (so every item's problem is one drift); for
   * a wrong status or JSON-RPC reply, what came instead (`response.status=404`).
   */
  path: string;
  expected: string;
  got: string;
  /** Cases showing it. */
  cases: number;
  example: DriftExample;
  /** Set when the baseline lists this key (and the entry has not expired). */
  baselined?: { reason: string; expires?: string };
}

export interface CoverageList {
  declared: string[];
  seen: string[];
  neverSeen: string[];
  /** Met in an answer though the spec does not declare it. */
  undeclared: string[];
}

export interface OperationCoverage {
  service: string;
  operation: string;
  /**
   * The node release the method is not served by (judged by it): the run only checked that it
   * is refused as unknown, so nothing else of it is covered.
   */
  absentFrom?: string;
  /** HTTP statuses (REST: the responses keys; JSON-RPC: 200). */
  statuses: CoverageList;
  /** JSON-RPC error codes (the method's `errors`), for methods only. */
  errors?: CoverageList;
  parameters: { declared: string[]; sent: string[]; neverSent: string[] };
  /** Inputs with listed values (enum, boolean): all values and those sent. */
  enums: { input: string; values: string[]; sent: string[] }[];
  /**
   * The `x-promises` rule kinds, and `filter:<input>` / `identity:<input>` per declared filter:
   * checked (an answer put it to the test), vacuous (answers came, none put it to the test:
   * an empty list, one item, a filter nothing matched), never exercised (no answer bore on it).
   */
  promises: { checked: string[]; vacuous: string[]; neverExercised: string[] };
  /**
   * The same by rule id of the audit (specs/rules.yaml): the rules this operation's promises
   * check; absent when the specs carry no audit.
   */
  rules?: { checked: string[]; vacuous: string[]; neverExercised: string[] };
}

export interface ReportCoverage {
  operations: { exercised: number; total: number };
  perOperation: OperationCoverage[];
}

export interface ReportBaseline {
  file: string;
  /** Keys met in this run that the baseline excuses. */
  known: string[];
  /** Entries past their date: they no longer excuse their drift. */
  expired: { key: string; expires: string }[];
  /** Entries whose drift did not occur in this run. */
  stale: string[];
}

export interface ContractReport {
  reportVersion: number;
  command: 'contract';
  /** As given: replay, live, a URL, or name=url,… */
  target: string;
  /** Which node release the answers were judged by, and how it was chosen. */
  nodeVersion: string;
  services: ReportService[];
  summary: ReportSummary;
  operations: ReportOperation[];
  results: ReportResult[];
  /** The in-process replay server's URL when the target is `replay`. */
  replayUrl?: string;
  /** When the run started (ISO 8601). */
  startedAt: string;
  /** The version of @avalanche-api/conformance that ran. */
  toolVersion: string;
  /** Each API's spec version (`info.version`), by family: data, metrics, node. */
  specVersions: Record<string, string>;
  settings: ReportSettings;
  /** One entry per distinct drift, the most frequent first. */
  drifts: Drift[];
  coverage: ReportCoverage;
  /** Present when the run was given a baseline. */
  baseline?: ReportBaseline;
  /** Told on stderr too: expired and stale baseline entries. */
  warnings: string[];
}
