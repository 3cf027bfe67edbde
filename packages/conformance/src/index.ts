export { deref, getPointer } from './json-pointer.js';
export {
  OpenApiService,
  type Operation,
  type OperationRule,
  parseQuery,
  type RestExample,
  type RestRequest,
} from './openapi.js';
export { OpenRpcService, type RpcExample, type RpcMethod } from './openrpc.js';
export {
  type EraMark,
  type EraMarks,
  eraMarkFor,
  isExcused,
  loadEraMarks,
  loadRecordings,
  type Recording,
  RecordingFormatError,
} from './recordings.js';
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
