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
  BadRequestError,
  ClientError,
  type ClientErrorBrand,
  type ClientErrorFields,
  type ClientErrorOptions,
  ConnectionError,
  clientErrorBrand,
  type ErrorBody,
  type ErrorClass,
  ForbiddenError,
  HttpError,
  type HttpErrorFields,
  httpErrorClass,
  NotFoundError,
  PaginationError,
  ParameterError,
  ParseError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  ResponseValidationError,
  type RestErrorBody,
  type RpcErrorObject,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnsupportedError,
} from './errors.js';
export { jsonBody } from './jsonBody.js';
export {
  type PageMethod,
  type Paginate,
  type PaginateOptions,
  type PaginateReturnType,
  paginate,
} from './paginate.js';
export { PARAMETER_RULES, type ParameterRule } from './parameterRules.js';
export {
  createRestCore,
  type RestClientParameters,
  restTransportParameters,
} from './restClient.js';
export { retryAfterMs } from './retryAfterMs.js';
export {
  IdMismatchError,
  RpcError,
  type RpcFailureFields,
  type RpcFailureKind,
  rpcFailure,
} from './rpcErrors.js';
export { sleep } from './sleep.js';
export type {
  CrossFieldCheck,
  CrossFieldRule,
  OperationPlan,
  OperationSpec,
  ParameterCheck,
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
  mismatchMessage,
  type ValidationMode,
} from './validate.js';
export { checkValidateOption } from './validateOption.js';
