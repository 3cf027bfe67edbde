export {
  bodyShape,
  checkBounds,
  checkCommaSeparated,
  checkEnum,
  checkMinLength,
  checkParameters,
  checkPattern,
  checkString,
  checkStructure,
  checkType,
  crossFieldRules,
  parameterMessage,
  show,
} from './checkParameters.js';
export { checkRule, type RuleFailure } from './checkRule.js';
export { checkSchema } from './checkSchema.js';
export {
  type Answer,
  type CreateFetchParameters,
  createFetch,
  createTransport,
  DEFAULT_MAX_RESPONSE_BYTES,
  type PolicyFetch,
  type RetryOptions,
  type Transport,
  type TransportInit,
} from './createFetch.js';
export {
  bindOperations,
  type CallOptions,
  CORE,
  type CoreRequest,
  createCore,
  createOperations,
  type OperationFunction,
  operation,
  type ResponseValidator,
  type RestCore,
} from './createOperations.js';
export {
  type ApiError,
  type ApiErrorClass,
  ClientError,
  type ClientErrorClass,
  type ClientErrorFields,
  type ClientErrorOptions,
  type ConnectionError,
  type ConnectionErrorClass,
  type ErrorClass,
  type ErrorClasses,
  type PaginationError,
  type PaginationErrorClass,
  type ParameterError,
  type ParameterErrorClass,
  type RateLimitError,
  type RateLimitErrorClass,
  type RedirectError,
  type RedirectErrorClass,
  type ResponseTooLargeError,
  type ResponseTooLargeErrorClass,
  type ResponseValidationError,
  type ResponseValidationErrorClass,
  type TimeoutError,
  type TimeoutErrorClass,
} from './errors.js';
export { jsonBody } from './jsonBody.js';
export {
  type PageMethod,
  type Paginate,
  type PaginateOptions,
  type PaginateReturnType,
  paginateWith,
} from './paginate.js';
export {
  createRestCore,
  type RestClientParameters,
  restTransportParameters,
} from './restClient.js';
export { retryAfterMs } from './retryAfterMs.js';
export { sleep } from './sleep.js';
export type {
  CrossFieldCheck,
  OperationPlan,
  OperationSpec,
  ParameterCheck,
  ParameterRule,
  ParameterSpec,
  SchemaRule,
  StructuralSchema,
} from './spec.js';
export type {
  OperationMethod,
  OperationMethods,
  OperationParameters,
  OperationReturnType,
  OperationShape,
} from './types.js';
export {
  type CreateValidator,
  type CreateValidatorParameters,
  type CreateValidatorReturnType,
  createValidatorWith,
  type ValidationMode,
} from './validate.js';
