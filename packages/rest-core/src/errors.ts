// The error classes of the client packages. Each client declares its own classes, so that
// `instanceof DataClientError` holds for the Data client's errors and no other client's; what
// those classes do comes from here: `ClientError`, the base of every client's base class, and one
// function per class with a constructor (`ApiErrorBase`, `TimeoutErrorBase`, …) that returns that
// class on top of the client's own base. `name` is spelled out in every class because minifiers
// rename classes, and users log and match on `name`.

export type ClientErrorOptions = {
  /** More context than the one-line message: what was sent, what came back. */
  details?: string | undefined;
  cause?: unknown;
};

/**
 * Base of every client's base class (`DataClientError`, `MetricsClientError`), which sets `name`
 * and `docsUrl`; `message` is one short line.
 */
export class ClientError extends Error {
  override name = 'ClientError';
  /** More context than `message`, e.g. the method and URL of the request. */
  declare details: string | undefined;
  /** Where the client's README explains this error and what to do about it; each client's base class sets it. */
  docsUrl = '';

  constructor(message: string, options: ClientErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = options.details;
  }
}

/** A client's base class (`DataClientError`), which the functions below extend. */
export type ClientErrorClass = new (message: string, options?: ClientErrorOptions) => ClientError;

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

export type ApiErrorClass = new (
  status: number,
  error: string,
  message: string,
  body: unknown,
  url: string,
  options?: ClientErrorOptions,
) => ApiError;

/** A client's `…ApiError`, named `className`, on top of its base class. */
export function ApiErrorBase(Base: ClientErrorClass, className: string): ApiErrorClass {
  return class ApiError extends Base {
    override name = className;
    declare status: number;
    declare error: string;
    declare body: unknown;
    declare url: string;

    constructor(
      status: number,
      error: string,
      message: string,
      body: unknown,
      url: string,
      options?: ClientErrorOptions,
    ) {
      super(message, options);
      this.status = status;
      this.error = error;
      this.body = body;
      this.url = url;
    }
  };
}

/** 429, after the retries the client was allowed. */
export interface RateLimitError extends ApiError {
  /** What `Retry-After` asked for, in milliseconds, when the answer carried one. */
  retryAfterMs: number | undefined;
}

export type RateLimitErrorClass = new (
  status: number,
  error: string,
  message: string,
  body: unknown,
  url: string,
  options?: ClientErrorOptions & { retryAfterMs?: number | undefined },
) => RateLimitError;

/** `RateLimitError` on top of a client's `…ApiError`. */
export function RateLimitErrorBase(Base: ApiErrorClass): RateLimitErrorClass {
  return class RateLimitError extends Base {
    override name = 'RateLimitError';
    declare retryAfterMs: number | undefined;

    constructor(
      status: number,
      error: string,
      message: string,
      body: unknown,
      url: string,
      options?: ClientErrorOptions & { retryAfterMs?: number | undefined },
    ) {
      super(status, error, message, body, url, options);
      this.retryAfterMs = options?.retryAfterMs;
    }
  };
}

/** No answer within `timeoutMs`. */
export interface TimeoutError extends ClientError {
  timeoutMs: number;
  url: string;
}

export type TimeoutErrorClass = new (timeoutMs: number, url: string) => TimeoutError;

/** `TimeoutError` on top of a client's base class. */
export function TimeoutErrorBase(Base: ClientErrorClass): TimeoutErrorClass {
  return class TimeoutError extends Base {
    override name = 'TimeoutError';
    declare timeoutMs: number;
    declare url: string;

    constructor(timeoutMs: number, url: string) {
      super(`no answer within ${timeoutMs} ms`, { details: url });
      this.timeoutMs = timeoutMs;
      this.url = url;
    }
  };
}

/** The request never got an answer. */
export interface ConnectionError extends ClientError {
  url: string;
  /** The system's or fetch's reason (`ECONNREFUSED`, `UND_ERR_SOCKET`, …), when it gave one. */
  code: string | undefined;
}

export type ConnectionErrorClass = new (
  message: string,
  url: string,
  options?: ClientErrorOptions & { code?: string | undefined },
) => ConnectionError;

/** `ConnectionError` on top of a client's base class. */
export function ConnectionErrorBase(Base: ClientErrorClass): ConnectionErrorClass {
  return class ConnectionError extends Base {
    override name = 'ConnectionError';
    declare url: string;
    declare code: string | undefined;

    constructor(
      message: string,
      url: string,
      options?: ClientErrorOptions & { code?: string | undefined },
    ) {
      super(message, options);
      this.url = url;
      this.code = options?.code;
    }
  };
}

/** A redirect answered while an api key was attached; it is not followed, so the key stays home. */
export interface RedirectError extends ClientError {
  status: number;
  /** Where the redirect pointed, without credentials. */
  location: string;
  url: string;
}

export type RedirectErrorClass = new (
  status: number,
  location: string,
  url: string,
) => RedirectError;

/** `RedirectError` on top of a client's base class. */
export function RedirectErrorBase(Base: ClientErrorClass): RedirectErrorClass {
  return class RedirectError extends Base {
    override name = 'RedirectError';
    declare status: number;
    declare location: string;
    declare url: string;

    constructor(status: number, location: string, url: string) {
      super(`${url} answered ${status} to ${location}; not followed while an api key is attached`);
      this.status = status;
      this.location = location;
      this.url = url;
    }
  };
}

/** The body grew past `maxResponseBytes`; reading stopped there. */
export interface ResponseTooLargeError extends ClientError {
  maxResponseBytes: number;
  url: string;
}

export type ResponseTooLargeErrorClass = new (
  maxResponseBytes: number,
  url: string,
) => ResponseTooLargeError;

/** `ResponseTooLargeError` on top of a client's base class. */
export function ResponseTooLargeErrorBase(Base: ClientErrorClass): ResponseTooLargeErrorClass {
  return class ResponseTooLargeError extends Base {
    override name = 'ResponseTooLargeError';
    declare maxResponseBytes: number;
    declare url: string;

    constructor(maxResponseBytes: number, url: string) {
      super(`the answer of ${url} is larger than maxResponseBytes (${maxResponseBytes})`);
      this.maxResponseBytes = maxResponseBytes;
      this.url = url;
    }
  };
}

/** A parameter broke one of the spec's rules; nothing was sent. */
export interface ParameterError extends ClientError {
  operation: string;
  /** The parameter, or for a cross-field rule the fields joined with `, ` (` + ` for a sum). */
  parameter: string;
  value: unknown;
  /** `required`, `type`, `enum`, `minimum`, `maximum`, `minLength`, `pattern`, `commaSeparated`, `pathSegment`, `unknown`, or an `x-avalanche-rules` rule. */
  rule: string;
}

export type ParameterErrorClass = new (
  operation: string,
  parameter: string,
  value: unknown,
  rule: string,
  message: string,
  details?: string,
) => ParameterError;

/** `ParameterError` on top of a client's base class. */
export function ParameterErrorBase(Base: ClientErrorClass): ParameterErrorClass {
  return class ParameterError extends Base {
    override name = 'ParameterError';
    declare operation: string;
    declare parameter: string;
    declare value: unknown;
    declare rule: string;

    constructor(
      operation: string,
      parameter: string,
      value: unknown,
      rule: string,
      message: string,
      details?: string,
    ) {
      super(message, { details });
      this.operation = operation;
      this.parameter = parameter;
      this.value = value;
      this.rule = rule;
    }
  };
}

/** The service handed out a page token it had handed out before. */
export interface PaginationError extends ClientError {
  pageToken: string;
  /** How many pages had been read. */
  page: number;
}

export type PaginationErrorClass = new (pageToken: string, page: number) => PaginationError;

/** `PaginationError` on top of a client's base class. */
export function PaginationErrorBase(Base: ClientErrorClass): PaginationErrorClass {
  return class PaginationError extends Base {
    override name = 'PaginationError';
    declare pageToken: string;
    declare page: number;

    constructor(pageToken: string, page: number) {
      super(`page ${page} repeats an earlier page token`, {
        details: `nextPageToken ${pageToken}`,
      });
      this.pageToken = pageToken;
      this.page = page;
    }
  };
}

/** A success body does not have the shape the spec promises. */
export interface ResponseValidationError extends ClientError {
  operationId: string;
  url: string;
  /** One line per problem, each starting with the JSON path (`body.validators[0].nodeId: missing`). */
  issues: string[];
}

export type ResponseValidationErrorClass = new (
  operationId: string,
  url: string,
  issues: string[],
) => ResponseValidationError;

/** `ResponseValidationError` on top of a client's base class. */
export function ResponseValidationErrorBase(Base: ClientErrorClass): ResponseValidationErrorClass {
  return class ResponseValidationError extends Base {
    override name = 'ResponseValidationError';
    declare operationId: string;
    declare url: string;
    declare issues: string[];

    constructor(operationId: string, url: string, issues: string[]) {
      super(`the ${operationId} answer does not match the spec: ${issues[0]}`, {
        details: issues.slice(0, 20).join('\n'),
      });
      this.operationId = operationId;
      this.url = url;
      this.issues = issues;
    }
  };
}

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
