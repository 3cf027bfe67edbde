export { type InputItem, type ReadOptions, readCaptures } from './capture-input.js';
export { type CaseClass, caseClasses } from './case-values.js';
export {
  type ContractCase,
  type ContractResult,
  contractCases,
  countVerdicts,
  curlFor,
  describeExpectation,
  type Expectation,
  exitCode,
  liveTargets,
  type OperationVerdict,
  parseTargets,
  type RunOptions,
  runContract,
  type Targets,
  type Verdict,
  type VerdictCounts,
  verdicts,
} from './contract.js';
export {
  defaultPlan,
  type PlanOptions,
  type PlanRun,
  parseClasses,
  runPlan,
} from './contract-plan.js';
export { type GenerateOptions, generateCases } from './generate-cases.js';
export { harToRecordings, isHar, recordingsToHar } from './har.js';
export { deref, getPointer } from './json-pointer.js';
export { type LinkSpec, linkedCase, readLinks } from './links.js';
export {
  OpenApiService,
  type Operation,
  type OperationRule,
  parseQuery,
  type RestExample,
  type RestRequest,
} from './openapi.js';
export { OpenRpcService, type RpcExample, type RpcMethod } from './openrpc.js';
export { type ProxyOptions, startProxy } from './proxy.js';
export {
  type EraMark,
  type EraMarks,
  eraMarkFor,
  isExcused,
  loadEraMarks,
  loadExchanges,
  loadRecordings,
  parseExchanges,
  type Recording,
  RecordingFormatError,
} from './recordings.js';
export { type ReplayOptions, startReplayServer } from './replay.js';
export { type CheckedItem, CheckTally, checkReportVersion, reportVersion } from './report.js';
export { formatViolation, type Violation, type ViolationKind } from './schema-set.js';
export { defaultSpecDir, type ExchangeResult, Specs } from './specs.js';
export {
  compareNodeVersions,
  documentForVersion,
  formatNodeVersion,
  type NodeVersion,
  NodeVersionError,
  parseNodeVersion,
  presentIn,
  supportedReleases,
} from './versions.js';

import type { startReplayServer } from './replay.js';

/** What `startReplayServer` takes: the specs, the recordings, and optionally port and host. */
export type ReplayServerOptions = Parameters<typeof startReplayServer>[0];
/** A running replay server: its `url`, the node `server`, and `close()`. */
export type ReplayServer = Awaited<ReturnType<typeof startReplayServer>>;
