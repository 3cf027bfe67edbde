export type {
  CreateValidatorParameters,
  ErrorBody,
  ParameterRule,
  ResponseValidator,
  ValidationMode,
} from '@avalanche-api/rest-core';
export { PARAMETER_RULES } from '@avalanche-api/rest-core';
export type { IndexCallOptions } from './call.js';
export { classifyRpcError, type RpcErrorFields } from './classifyRpcError.js';
export {
  type ChainCallOptions,
  type CreateNodeCoreParameters,
  type CreateNodeCoreReturnType,
  createNodeCore,
  type NodeCore,
} from './core.js';
export {
  type AvmCallOptions,
  type ContainersParameters,
  type CreateNodeClientParameters,
  type CreateNodeClientReturnType,
  createNodeClient,
  type EvmBatchCall,
  type EvmBatchResults,
  FUJI_NODE_URL,
  type HealthGetParameters,
  type HealthReport,
  MAINNET_NODE_URL,
  type NodeClient,
  type NodeClientErrorType,
  type RequestOptions,
  type UtxosParameters,
} from './createNodeClient.js';
export type { ErrorKind } from './entries.js';
export {
  BadRequestError,
  ClientError,
  ConnectionError,
  ForbiddenError,
  HttpError,
  IdMismatchError,
  NodeClientError,
  type NodeClientErrorOptions,
  NotFoundError,
  PaginationError,
  ParameterError,
  ParseError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  ResponseValidationError,
  RpcError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnsupportedError,
} from './errors.js';
// One function per method, `<namespace><Method>(core, params?, options?)`: a bundle keeps only those used.
export * from './generated/actions.js';
export type { HealthPath, HealthReply } from './generated/health.js';
export type {
  IndexPath,
  MethodName,
  Namespace,
  NodeMethods,
  Params,
  Result,
} from './generated/methods.js';
// One named type per schema, <Namespace><Method>Params / <Namespace><Method>Result per method and
// <Namespace>Methods per namespace.
export type * from './generated/names.js';
export type { Schemas } from './generated/schemas.js';
export type { CallOptions, NodeTransport, RetryOptions } from './transport.js';
