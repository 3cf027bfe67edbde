// Every error the client throws. Class names are spelled out in `name` because minifiers rename
// classes, and users log and match on `name`.

const DOCS_URL =
  'https://github.com/avalanche-api/avalanche-api/tree/main/packages/data-client#errors';

export type DataClientErrorOptions = {
  /** More context than the one-line message: what was sent, what came back. */
  details?: string | undefined;
  cause?: unknown;
};

/** Base class of everything this package throws; `message` is one short line. */
export class DataClientError extends Error {
  override name = 'DataClientError';
  /** More context than `message`, e.g. the method and URL of the request. */
  declare details: string | undefined;
  /** Where the README explains this error and what to do about it. */
  docsUrl = DOCS_URL;

  constructor(message: string, options: DataClientErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = options.details;
  }
}

/** The server answered, and the answer is a failure: a non-2XX status (or an unparsable body, see ParseError). */
export class DataApiError extends DataClientError {
  override name = 'DataApiError';
  /** HTTP status of the answer. */
  declare status: number;
  /** The status name from the body (`Not Found`), or the status line when the body has none. */
  declare error: string;
  /** The parsed body, or its text when it is not JSON; `undefined` when it was empty. */
  declare body: unknown;
  /** The request URL, without credentials. */
  declare url: string;

  constructor(
    status: number,
    error: string,
    message: string,
    body: unknown,
    url: string,
    options?: DataClientErrorOptions,
  ) {
    super(message, options);
    this.status = status;
    this.error = error;
    this.body = body;
    this.url = url;
  }
}

/** 400: a parameter the server rejected; `message` says which. */
export class BadRequestError extends DataApiError {
  override name = 'BadRequestError';
}

/** 401: the api key is missing or invalid for this resource. */
export class UnauthorizedError extends DataApiError {
  override name = 'UnauthorizedError';
}

/** 403: the api key may not access this resource. */
export class ForbiddenError extends DataApiError {
  override name = 'ForbiddenError';
}

/** 404: unknown path or resource. */
export class NotFoundError extends DataApiError {
  override name = 'NotFoundError';
}

/** 429, after the retries the client was allowed: slow down or send an api key. */
export class RateLimitError extends DataApiError {
  override name = 'RateLimitError';
  /** What `Retry-After` asked for, in milliseconds, when the answer carried one. */
  declare retryAfterMs: number | undefined;

  constructor(
    status: number,
    error: string,
    message: string,
    body: unknown,
    url: string,
    options?: DataClientErrorOptions & { retryAfterMs?: number | undefined },
  ) {
    super(status, error, message, body, url, options);
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/** 5XX: the service or a gateway in front of it failed. */
export class ServerError extends DataApiError {
  override name = 'ServerError';
}

/** The body could not be parsed as JSON (an HTML error page from a gateway, a truncated answer); `body` holds its first 1000 characters. */
export class ParseError extends DataApiError {
  override name = 'ParseError';
}

/** No answer within `timeoutMs`; not retried, since a slow service tends to stay slow. */
export class TimeoutError extends DataClientError {
  override name = 'TimeoutError';
  declare timeoutMs: number;
  declare url: string;

  constructor(timeoutMs: number, url: string) {
    super(`no answer within ${timeoutMs} ms`, { details: url });
    this.timeoutMs = timeoutMs;
    this.url = url;
  }
}

/** The request never got an answer: DNS, refused or reset connection, CORS, a redirect the client would not follow. */
export class ConnectionError extends DataClientError {
  override name = 'ConnectionError';
  declare url: string;

  constructor(message: string, url: string, options?: DataClientErrorOptions) {
    super(message, options);
    this.url = url;
  }
}

/** A parameter broke one of the spec's rules; nothing was sent. */
export class ParameterError extends DataClientError {
  override name = 'ParameterError';
  declare operationId: string;
  /** The parameter, or for a cross-field rule the fields joined with `, `. */
  declare parameter: string;
  declare value: unknown;
  /** `required`, `type`, `enum`, `minimum`, `maximum`, `minLength`, `maxLength`, `pattern`, `commaSeparated`, `pathSegment`, `unknown`, or an `x-avalanche-rules` rule. */
  declare rule: string;

  constructor(
    operationId: string,
    parameter: string,
    value: unknown,
    rule: string,
    message: string,
    details?: string,
  ) {
    super(message, { details });
    this.operationId = operationId;
    this.parameter = parameter;
    this.value = value;
    this.rule = rule;
  }
}

/** The service handed out a page token it had handed out before; following it would loop forever. */
export class PaginationError extends DataClientError {
  override name = 'PaginationError';
  declare pageToken: string;
  /** How many pages had been read. */
  declare page: number;

  constructor(pageToken: string, page: number) {
    super(`page ${page} repeats an earlier page token`, { details: `nextPageToken ${pageToken}` });
    this.pageToken = pageToken;
    this.page = page;
  }
}

// The names below let the shared runtime in src/internal/ stay identical across the client packages.
export { DataClientError as ClientError };

/** Picks the DataApiError subclass for a status. */
export function createApiError(
  status: number,
  error: string,
  message: string,
  body: unknown,
  url: string,
  options: DataClientErrorOptions & { retryAfterMs?: number | undefined },
): DataApiError {
  const Class =
    status === 400
      ? BadRequestError
      : status === 401
        ? UnauthorizedError
        : status === 403
          ? ForbiddenError
          : status === 404
            ? NotFoundError
            : status === 429
              ? RateLimitError
              : status >= 500
                ? ServerError
                : DataApiError;
  return new Class(status, error, message, body, url, options);
}

/** With `createValidator('strict')`: a success body does not have the shape the spec promises. */
export class ResponseValidationError extends DataClientError {
  override name = 'ResponseValidationError';
  declare operationId: string;
  declare url: string;
  /** One line per problem, each starting with the JSON path (`body.validators[0].nodeId: missing`). */
  declare issues: string[];

  constructor(operationId: string, url: string, issues: string[]) {
    super(`the ${operationId} answer does not match the spec: ${issues[0]}`, {
      details: issues.slice(0, 20).join('\n'),
    });
    this.operationId = operationId;
    this.url = url;
    this.issues = issues;
  }
}
