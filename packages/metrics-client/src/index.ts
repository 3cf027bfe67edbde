export {
  type CreateMetricsClientParameters,
  type CreateMetricsClientReturnType,
  createMetricsClient,
  METRICS_API_URL,
  type MetricsClient,
} from './createMetricsClient.js';
export {
  BadRequestError,
  ConnectionError,
  ForbiddenError,
  MetricsApiError,
  MetricsClientError,
  type MetricsClientErrorOptions,
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
