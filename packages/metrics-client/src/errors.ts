// Every error the client throws. The classes are this package's own (an error of another client
// is no MetricsClientError); they take ClientError's one constructor (message, fields) from
// @avalanche-api/rest-core and add only `name`, spelled out because minifiers rename classes and
// users log and match on it, and their fields' types.
import { ClientError, type ClientErrorOptions, type ErrorClasses } from '@avalanche-api/rest-core';

export type MetricsClientErrorOptions = ClientErrorOptions;

/** Base class of everything this package throws; `message` is one short line. */
export class MetricsClientError extends ClientError {
  override name = 'MetricsClientError';
  override docsUrl =
    'https://github.com/avalanche-api/avalanche-api/tree/main/packages/metrics-client#errors';
}

/** The server answered, and the answer is a failure: a non-2XX status (or an unparsable body, see ParseError). */
export class HttpError extends MetricsClientError {
  override name = 'HttpError';
  declare status: number;
  declare error: string;
  declare body: unknown;
  declare url: string;
}

/** 400: a parameter the server rejected; `message` says which. */
export class BadRequestError extends HttpError {
  override name = 'BadRequestError';
}

/** 401: the api key is missing or invalid for this resource. */
export class UnauthorizedError extends HttpError {
  override name = 'UnauthorizedError';
}

/** 403: the api key may not access this resource. */
export class ForbiddenError extends HttpError {
  override name = 'ForbiddenError';
}

/** 404: unknown path or resource. */
export class NotFoundError extends HttpError {
  override name = 'NotFoundError';
}

/** 429, after the retries the client was allowed: slow down or send an api key. */
export class RateLimitError extends HttpError {
  override name = 'RateLimitError';
  declare retryAfterMs: number | undefined;
}

/** 5XX: the service or a gateway in front of it failed. */
export class ServerError extends HttpError {
  override name = 'ServerError';
}

/** The body could not be parsed as JSON (an HTML error page from a gateway, a truncated answer); `body` holds its first 1000 characters. */
export class ParseError extends HttpError {
  override name = 'ParseError';
}

/** No answer within `timeoutMs`; not retried, since a slow service tends to stay slow. */
export class TimeoutError extends MetricsClientError {
  override name = 'TimeoutError';
  declare timeoutMs: number;
  declare url: string;
}

/** The request never got an answer: DNS, refused or reset connection, CORS. */
export class ConnectionError extends MetricsClientError {
  override name = 'ConnectionError';
  declare url: string;
  declare code: string | undefined;
}

/** A redirect answered while the api key was attached; not followed, so the key never leaves `baseUrl`'s origin. */
export class RedirectError extends MetricsClientError {
  override name = 'RedirectError';
  declare status: number;
  declare location: string;
  declare url: string;
}

/** The body grew past `maxResponseBytes` (default 32 MiB); reading stopped there. */
export class ResponseTooLargeError extends MetricsClientError {
  override name = 'ResponseTooLargeError';
  declare maxResponseBytes: number;
  declare url: string;
}

/** A parameter broke one of the spec's rules; nothing was sent. */
export class ParameterError extends MetricsClientError {
  override name = 'ParameterError';
  declare operation: string;
  declare parameter: string;
  declare value: unknown;
  declare rule: string;
}

/** The service handed out a page token it had handed out before; following it would loop forever. */
export class PaginationError extends MetricsClientError {
  override name = 'PaginationError';
  declare pageToken: string;
  declare page: number;
}

/** With `createValidator('strict')`: a success body does not have the shape the spec promises. */
export class ResponseValidationError extends MetricsClientError {
  override name = 'ResponseValidationError';
  declare operationId: string;
  declare url: string;
  declare issues: string[];
}

/** The classes the shared runtime throws for this package. Not exported from the package. */
export const errors: ErrorClasses = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  429: RateLimitError,
  500: ServerError,
  ApiError: HttpError,
  ParseError,
  TimeoutError,
  ConnectionError,
  ParameterError,
  RedirectError,
  ResponseTooLargeError,
};
