// The error classes of every client package, declared once: the Data, Metrics and node clients
// re-export these same class objects, so `instanceof NotFoundError` holds whichever client threw.
// Each error carries `client`, the package that threw it, and each client's brand class
// (`DataClientError`, made by `clientErrorBrand`) matches that package's errors only.
//
// A class's name is its static `errorName`, which the one constructor copies to `name`: spelled
// out because minifiers rename classes, and a static literal (not an instance field) so that the
// constructor knows it before building `docsUrl`, while a bundler still drops the unused classes.
import type { ParameterRule } from './parameterRules.js';

/** The package that throws an error unless told otherwise: the shared runtime itself. */
const CORE_PACKAGE = '@avalanche-api/rest-core';
const REPOSITORY = 'https://github.com/avalanche-api/avalanche-api/tree/main/packages/';

export type ClientErrorOptions = {
  /** More context than the one-line message: what was sent, what came back. */
  details?: string | undefined;
  cause?: unknown;
  /** The package that threw (`@avalanche-api/data-client`); default `@avalanche-api/rest-core`. */
  client?: string | undefined;
};

/** What a constructor takes besides the message: details, cause, client and the class's own fields. */
export type ClientErrorFields = ClientErrorOptions & { [field: string]: unknown };

/** Base of every error a client throws; `message` is one short line. */
export class ClientError extends Error {
  /** The class's name, which `name` reads; each class sets its own. */
  static errorName = 'ClientError';
  /** The package that threw the error, e.g. `@avalanche-api/data-client`. */
  declare client: string;
  /**
   * Where that package's README explains this class: `<README>#notfounderror`, GitHub's anchor of
   * the heading `### NotFoundError` (the name lower-cased; it has no other character to slug).
   */
  declare docsUrl: string;
  /** More context than `message`, e.g. the method and URL of the request. */
  declare details: string | undefined;

  constructor(
    message: string,
    { cause, client = CORE_PACKAGE, details, ...fields }: ClientErrorFields = {},
  ) {
    // Error reads options only when they are an object: no `cause` property for an undefined one.
    super(message, (cause !== undefined && { cause }) as ErrorOptions);
    this.name = (new.target as typeof ClientError).errorName;
    this.client = client;
    // `@avalanche-api/` is 15 characters.
    this.docsUrl = `${REPOSITORY}${client.slice(15)}#${this.name.toLowerCase()}`;
    this.details = details;
    Object.assign(this, fields);
  }
}

/** A class whose instances are `E`, taking the message and `E`'s own fields (beyond ClientError's). */
export type ErrorClass<E extends ClientError> = new (
  message: string,
  fields: Omit<E, keyof ClientError> & ClientErrorOptions,
) => E;

/** The body of a Data API or Metrics API error answer (their `ApiError` and `MetricsError` schemas). */
export interface RestErrorBody {
  /** One sentence, or one per problem found (the Metrics API always sends a list). */
  message: string | string[];
  /** The HTTP status, repeated. */
  statusCode: number;
  /** The status name: `Bad Request`, `Not Found`, `Too Many Requests`, … */
  error: string;
}

/** A JSON-RPC 2.0 error object, as the node answers it (with HTTP 200). */
export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * What an {@link HttpError} holds in `body`: the parsed error body the spec declares, the text of
 * an answer that is not JSON (its first 1000 characters), or `undefined` for an empty one.
 */
export type ErrorBody = RestErrorBody | RpcErrorObject | string | undefined;

/** The server answered, and the answer is a failure: a status the call does not succeed with (or an unparsable body, see ParseError). */
export class HttpError extends ClientError {
  static override errorName = 'HttpError';
  /** HTTP status of the answer (200 for an error the node reported in a JSON-RPC answer). */
  declare status: number;
  /** The status name from the body (`Not Found`), or the status line when the body has none. */
  declare error: string;
  declare body: ErrorBody;
  /** The request URL, without credentials. */
  declare url: string;
}

/** The fields an {@link HttpError} is built with. */
export type HttpErrorFields = Omit<HttpError, keyof ClientError> & ClientErrorOptions;

/** 400, or a parameter the node refused: the server rejected a parameter; `message` says which. */
export class BadRequestError extends HttpError {
  static override errorName = 'BadRequestError';
}

/** 401: the api key is missing or invalid for this resource. */
export class UnauthorizedError extends HttpError {
  static override errorName = 'UnauthorizedError';
}

/** 403: the api key may not access this resource. */
export class ForbiddenError extends HttpError {
  static override errorName = 'ForbiddenError';
}

/** 404, or a block, transaction, … the node says it does not have. */
export class NotFoundError extends HttpError {
  static override errorName = 'NotFoundError';
}

/** 429, after the retries the client was allowed: slow down (or send a key the service rates higher). */
export class RateLimitError extends HttpError {
  static override errorName = 'RateLimitError';
  /** What `Retry-After` asked for, in milliseconds, when the answer carried one. */
  declare retryAfterMs: number | undefined;
}

/** 5XX but 501: the service or a gateway in front of it failed. */
export class ServerError extends HttpError {
  static override errorName = 'ServerError';
}

/** 501, or a JSON-RPC method or API the node does not offer ("rpc: can't find method", -32601, an API not enabled). */
export class UnsupportedError extends HttpError {
  static override errorName = 'UnsupportedError';
}

/** The body could not be parsed (an HTML error page from a gateway, a truncated answer); `body` holds its first 1000 characters. */
export class ParseError extends HttpError {
  static override errorName = 'ParseError';
}

/**
 * The class of a failure status: its own for 400, 401, 403, 404, 429 and 501, `ServerError` for
 * any other 5XX, `HttpError` for the rest (409, 418, …).
 */
export const httpErrorClass = (status: number): typeof HttpError =>
  (
    ({
      400: BadRequestError,
      401: UnauthorizedError,
      403: ForbiddenError,
      404: NotFoundError,
      429: RateLimitError,
      501: UnsupportedError,
    }) as Record<number, typeof HttpError>
  )[status] ?? (status > 499 ? ServerError : HttpError);

/** No answer within `timeoutMs`; not retried, since a slow service tends to stay slow. */
export class TimeoutError extends ClientError {
  static override errorName = 'TimeoutError';
  declare timeoutMs: number;
  declare url: string;
}

/** The request never got an answer: DNS, refused or reset connection, CORS. */
export class ConnectionError extends ClientError {
  static override errorName = 'ConnectionError';
  declare url: string;
  /** The system's or fetch's reason (`ECONNREFUSED`, `UND_ERR_SOCKET`, …), when it gave one. */
  declare code: string | undefined;
}

/** A redirect answered while a key or credential header was attached; not followed, so it never leaves `baseUrl`'s origin. */
export class RedirectError extends ClientError {
  static override errorName = 'RedirectError';
  declare status: number;
  /** Where the redirect pointed, without credentials. */
  declare location: string;
  declare url: string;
}

/** The body grew past `maxResponseBytes` (default 32 MiB); reading stopped there. */
export class ResponseTooLargeError extends ClientError {
  static override errorName = 'ResponseTooLargeError';
  declare maxResponseBytes: number;
  declare url: string;
}

/** A parameter (or a client setting) broke one of the spec's rules; nothing was sent. */
export class ParameterError extends ClientError {
  static override errorName = 'ParameterError';
  /** The operationId or JSON-RPC method (the client factory for a setting). */
  declare operation: string;
  /** The parameter, or for a cross-field rule the fields joined with `, ` (` + ` for a sum). */
  declare parameter: string;
  declare value: unknown;
  /** The rule broken: one of `PARAMETER_RULES`. */
  declare rule: ParameterRule;
}

/** The service handed out a page cursor it had handed out before; following it would loop forever. */
export class PaginationError extends ClientError {
  static override errorName = 'PaginationError';
  declare pageToken: string;
  /** How many pages had been read. */
  declare page: number;
}

/** With `createValidator('strict')`: a success body does not have the shape the spec promises. */
export class ResponseValidationError extends ClientError {
  static override errorName = 'ResponseValidationError';
  /** The operationId or JSON-RPC method. */
  declare operationId: string;
  declare url: string;
  /** Every problem, one line each, starting with the JSON path (`body.validators[0].nodeId: missing`). */
  declare issues: string[];
}

/** A client's brand class: `error instanceof DataClientError` holds for the errors that client threw. */
export interface ClientErrorBrand {
  new (message: string, options?: ClientErrorOptions): ClientError;
  /** The package whose errors it matches. */
  readonly client: string;
  [Symbol.hasInstance](value: unknown): value is ClientError;
}

/**
 * Makes a client's brand class (`DataClientError`): not a base class (the classes are shared), but
 * a class `instanceof` asks whether a {@link ClientError} was thrown by `client`. `new` on it makes
 * a plain ClientError of that client.
 */
export const clientErrorBrand = (name: string, client: string): ClientErrorBrand => {
  const Brand = class extends ClientError {
    static override errorName = name;
    static client = client;
    constructor(message: string, options: ClientErrorOptions = {}) {
      super(message, { ...options, client });
    }
    static override [Symbol.hasInstance](value: unknown): value is ClientError {
      return value instanceof ClientError && value.client === client;
    }
  };
  // Stack traces and inspect show the class's own name.
  return Object.defineProperty(Brand, 'name', { value: name });
};
