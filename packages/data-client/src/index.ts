export {
  type CreateDataClientParameters,
  type CreateDataClientReturnType,
  createDataClient,
  DATA_API_URL,
  type DataClient,
} from './createDataClient.js';
export {
  BadRequestError,
  ConnectionError,
  DataApiError,
  DataClientError,
  type DataClientErrorOptions,
  ForbiddenError,
  NotFoundError,
  PaginationError,
  ParameterError,
  ParseError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from './errors.js';
export type {
  OperationId,
  OperationSpec,
  ParameterRule,
  ParameterSpec,
} from './generated/operations.js';
export type { components, operations, paths } from './generated/types.js';
export type { RetryOptions } from './internal/createFetch.js';
export type { CallOptions, ResponseValidator } from './internal/createOperations.js';
export {
  type PageMethod,
  type PaginateOptions,
  type PaginateReturnType,
  paginate,
} from './paginate.js';
export type {
  OperationMethod,
  OperationMethods,
  OperationParameters,
  OperationReturnType,
} from './types.js';
