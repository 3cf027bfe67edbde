// The error classes of the client packages. Each client declares its own classes, so that
// `instanceof DataClientError` holds for the Data client's errors and no other client's; they all
// stand on `ClientError`, whose one constructor takes the message and the fields, so a class of a
// client is nothing but its `name` (spelled out because minifiers rename classes, and users log
// and match on `name`) and `declare`d fields. The message is built where the error is thrown.

export type ClientErrorOptions = {
  /** More context than the one-line message: what was sent, what came back. */
  details?: string | undefined;
  cause?: unknown;
};

/** What a constructor takes besides the message: details, cause and the class's own fields. */
export type ClientErrorFields = ClientErrorOptions & { [field: string]: unknown };

/**
 * Base of every client's base class (`DataClientError`, `MetricsClientError`), which sets `name`
 * and `docsUrl`; `message` is one short line.
 */
export class ClientError extends Error {
  override name = 'ClientError';
  /** Where the client's README explains this error and what to do about it; each client's base class sets it. */
  docsUrl = '';
  /** More context than `message`, e.g. the method and URL of the request. */
  details: string | undefined;

  constructor(message: string, { cause, ...fields }: ClientErrorFields = {}) {
    // Error reads options only when they are an object: no `cause` property for an undefined one.
    super(message, (cause !== undefined && { cause }) as ErrorOptions);
    Object.assign(this, fields);
  }
}

/** A class whose instances are `E`, taking the message and `E`'s own fields (beyond ClientError's). */
export type ErrorClass<E extends ClientError> = new (
  message: string,
  fields: Omit<E, keyof ClientError> & ClientErrorOptions,
) => E;

/** A client's base class (`DataClientError`). */
export type ClientErrorClass = new (message: string, fields?: ClientErrorFields) => ClientError;

/** The server answered, and the answer is a failure: a non-2XX status, or a body that is not JSON. */
export interface ApiError extends ClientError {
  /** HTTP status of the answer. */
  status: number;
  /** The status name from the body (`Not Found`), or the status line when the body has none. */
  error: string;
  /** The parsed body, or its text when it is not JSON; `undefined` when it was empty. */
  body: unknown;
  /** The request URL, without credentials. */
  url: string;
}

export type ApiErrorClass = ErrorClass<ApiError>;

/** 429, after the retries the client was allowed. */
export interface RateLimitError extends ApiError {
  /** What `Retry-After` asked for, in milliseconds, when the answer carried one. */
  retryAfterMs: number | undefined;
}

export type RateLimitErrorClass = ErrorClass<RateLimitError>;

/** No answer within `timeoutMs`; `details` is the URL. */
export interface TimeoutError extends ClientError {
  timeoutMs: number;
  url: string;
}

export type TimeoutErrorClass = ErrorClass<TimeoutError>;

/** The request never got an answer. */
export interface ConnectionError extends ClientError {
  url: string;
  /** The system's or fetch's reason (`ECONNREFUSED`, `UND_ERR_SOCKET`, …), when it gave one. */
  code: string | undefined;
}

export type ConnectionErrorClass = ErrorClass<ConnectionError>;

/** A redirect answered while an api key was attached; it is not followed, so the key stays home. */
export interface RedirectError extends ClientError {
  status: number;
  /** Where the redirect pointed, without credentials. */
  location: string;
  url: string;
}

export type RedirectErrorClass = ErrorClass<RedirectError>;

/** The body grew past `maxResponseBytes`; reading stopped there. */
export interface ResponseTooLargeError extends ClientError {
  maxResponseBytes: number;
  url: string;
}

export type ResponseTooLargeErrorClass = ErrorClass<ResponseTooLargeError>;

/** A parameter broke one of the spec's rules; nothing was sent. */
export interface ParameterError extends ClientError {
  operation: string;
  /** The parameter, or for a cross-field rule the fields joined with `, ` (` + ` for a sum). */
  parameter: string;
  value: unknown;
  /** `required`, `type`, `enum`, `minimum`, `maximum`, `minLength`, `pattern`, `commaSeparated`, `pathSegment`, `unknown`, or an `x-avalanche-rules` rule. */
  rule: string;
}

export type ParameterErrorClass = ErrorClass<ParameterError>;

/** The service handed out a page token it had handed out before. */
export interface PaginationError extends ClientError {
  pageToken: string;
  /** How many pages had been read. */
  page: number;
}

export type PaginationErrorClass = ErrorClass<PaginationError>;

/** A success body does not have the shape the spec promises. */
export interface ResponseValidationError extends ClientError {
  operationId: string;
  url: string;
  /** One line per problem, each starting with the JSON path (`body.validators[0].nodeId: missing`). */
  issues: string[];
}

export type ResponseValidationErrorClass = ErrorClass<ResponseValidationError>;

/**
 * The classes `createFetch` and `createOperations` throw: a client passes its own, so what reaches
 * the app is that client's `…ApiError`, `NotFoundError`, `TimeoutError`, and so on. A failure
 * status picks its class by number (`500` stands for every 5XX); any other is `ApiError`.
 */
export interface ErrorClasses {
  400: ApiErrorClass;
  401: ApiErrorClass;
  403: ApiErrorClass;
  404: ApiErrorClass;
  429: RateLimitErrorClass;
  500: ApiErrorClass;
  /** A failure status without a class of its own (409, 418, …). */
  ApiError: ApiErrorClass;
  /** A body that is not JSON, or an empty success body. */
  ParseError: ApiErrorClass;
  TimeoutError: TimeoutErrorClass;
  ConnectionError: ConnectionErrorClass;
  ParameterError: ParameterErrorClass;
  RedirectError: RedirectErrorClass;
  ResponseTooLargeError: ResponseTooLargeErrorClass;
}
