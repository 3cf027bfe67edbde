export type {
  CallOptions,
  OperationSpec,
  PageMethod,
  PaginateOptions,
  PaginateReturnType,
  ParameterRule,
  ParameterSpec,
  ResponseValidator,
  RetryOptions,
} from '@avalanche-api/rest-core';
export {
  type CreateDataClientParameters,
  type CreateDataClientReturnType,
  createDataClient,
  DATA_API_URL,
  type DataClient,
} from './createDataClient.js';
export {
  type CreateDataCoreReturnType,
  createDataCore,
  type DataCore,
} from './createDataCore.js';
export {
  BadRequestError,
  ConnectionError,
  DataClientError,
  type DataClientErrorOptions,
  ForbiddenError,
  HttpError,
  NotFoundError,
  PaginationError,
  ParameterError,
  ParseError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from './errors.js';
// One function per operation (`listValidators(core, params)`); a bundle keeps only those called.
export * from './generated/functions.js';
// One named type per component schema and <OperationId>Params / <OperationId>Result per operation.
export type * from './generated/names.js';
export type {
  OperationId,
  OperationMethod,
  OperationMethods,
  OperationParameters,
  OperationReturnType,
} from './generated/operations.js';
export type { components, operations, paths } from './generated/types.js';
export { paginate } from './paginate.js';
