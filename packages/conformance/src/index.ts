export { defaultJobs, jobsFor } from './check/check-run.js';
export { type ProxyOptions, startProxy } from './check/proxy.js';
export { type CheckedItem, CheckTally, checkReportVersion, reportVersion } from './check/report.js';
export { type CaseClass, caseClasses } from './contract/case-values.js';
export {
  // The low-level runner (cases in, results out); runContract below is the whole run.
  runContract as runCases,
} from './contract/contract.js';
export type { ContractCase, ContractResult, Verdict } from './contract/contract-case.js';
export { contractCases } from './contract/contract-cases.js';
export {
  defaultPlan,
  type PlanOptions,
  type PlanRun,
  parseClasses,
  runPlan,
} from './contract/contract-plan.js';
export { curlFor } from './contract/curl-for.js';
export { describeExpectation, type Expectation } from './contract/expectation.js';
export { renderHtml } from './contract/formats/html.js';
export { type ContractFormat, contractFormats } from './contract/formats/index.js';
export {
  type MarkdownOptions,
  markdownBudget,
  renderMarkdown,
} from './contract/formats/markdown.js';
export { type ReportInput, verdictOf } from './contract/formats/report-view.js';
export { type GenerateOptions, generateCases } from './contract/generate-cases.js';
export { buildDashboard, diffRuns, type RunDiff } from './contract/history/dashboard.js';
export {
  type AppendOptions,
  appendHistory,
  defaultKeep,
  type HistoryEntry,
  HistoryError,
  readHistory,
} from './contract/history/history.js';
export {
  docsLink,
  docsSite,
  type LegendEntry,
  type LegendGroup,
  legendGroups,
} from './contract/legend.js';
export { type LinkSpec, linkedCase, readLinks } from './contract/links.js';
export type {
  ContractReport,
  ReportOperation,
  ReportResult,
  ReportService,
  ReportSettings,
  ReportSummary,
} from './contract/report-types.js';
export {
  type ContractHooks,
  type ContractSettings,
  ContractSettingsError,
  reportExitCode,
  runContract,
} from './contract/run.js';
export type { RunOptions } from './contract/run-options.js';
export { liveTargets, parseTargets, type Targets } from './contract/targets.js';
export {
  countVerdicts,
  exitCode,
  type OperationVerdict,
  type VerdictCounts,
  verdicts,
} from './contract/verdicts.js';
export { deref, getPointer } from './model/json-pointer.js';
export {
  OpenApiService,
  type Operation,
  type OperationRule,
  parseQuery,
  type RestExample,
  type RestRequest,
} from './model/openapi.js';
export { OpenRpcService, type RpcExample, type RpcMethod } from './model/openrpc.js';
export { formatViolation, type Violation, type ViolationKind } from './model/schema-set.js';
export { type CheckOptions, defaultSpecDir, type ExchangeResult, Specs } from './model/specs.js';
export {
  compareNodeVersions,
  describedRelease,
  documentForVersion,
  formatNodeVersion,
  type NodeVersion,
  NodeVersionError,
  parseNodeVersion,
  presentIn,
  supportedReleases,
} from './model/versions.js';
export {
  type CaptureItem,
  HarEntryCutter,
  loadExchanges,
  parseExchanges,
  parseRaw,
  type RawItem,
  type ReadOptions,
  readCaptureItems,
  readCaptures,
} from './recordings/capture-input.js';
export { harToRecordings, isHar, recordingsToHar } from './recordings/har.js';
export {
  type EraMark,
  type EraMarks,
  eraMarkFor,
  type InputItem,
  isExcused,
  loadEraMarks,
  loadRecordings,
  type Recording,
  RecordingFormatError,
} from './recordings/recordings.js';
export { type ReplayOptions, startReplayServer } from './replay/replay.js';

import type { startReplayServer } from './replay/replay.js';

/** What `startReplayServer` takes: the specs, the recordings, and optionally port and host. */
export type ReplayServerOptions = Parameters<typeof startReplayServer>[0];
/** A running replay server: its `url`, the node `server`, and `close()`. */
export type ReplayServer = Awaited<ReturnType<typeof startReplayServer>>;
