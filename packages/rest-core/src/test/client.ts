// A stand-in client for the tests, made the way a client package makes its own: error classes
// (see packages/data-client/src/errors.ts), an operation table and openapi-typescript's
// `operations` (see its src/generated/), and a factory over createTransport and createOperations.
import {
  ClientError,
  type CreateFetchParameters,
  createOperations,
  createTransport,
  type ErrorClasses,
  type OperationSpec,
  type ResponseValidator,
} from '../index.js';

export class TestClientError extends ClientError {
  override name = 'TestClientError';
  override docsUrl = 'https://example.test/test-client#errors';
}

export class HttpError extends TestClientError {
  override name = 'HttpError';
  declare status: number;
  declare error: string;
  declare body: unknown;
  declare url: string;
}

/** A class that is nothing but a name, as the status classes of a client are. */
function named(name: string) {
  const Class = class extends HttpError {
    override name = name;
  };
  return Object.defineProperty(Class, 'name', { value: name });
}

export const BadRequestError = named('BadRequestError');
export const UnauthorizedError = named('UnauthorizedError');
export const ForbiddenError = named('ForbiddenError');
export const NotFoundError = named('NotFoundError');
export const ServerError = named('ServerError');
export const ParseError = named('ParseError');
export class RateLimitError extends HttpError {
  override name = 'RateLimitError';
  declare retryAfterMs: number | undefined;
}
export class TimeoutError extends TestClientError {
  override name = 'TimeoutError';
  declare timeoutMs: number;
  declare url: string;
}
export class ConnectionError extends TestClientError {
  override name = 'ConnectionError';
  declare url: string;
  declare code: string | undefined;
}
export class ParameterError extends TestClientError {
  override name = 'ParameterError';
  declare operation: string;
  declare parameter: string;
  declare value: unknown;
  declare rule: string;
}
export class RedirectError extends TestClientError {
  override name = 'RedirectError';
  declare status: number;
  declare location: string;
  declare url: string;
}
export class ResponseTooLargeError extends TestClientError {
  override name = 'ResponseTooLargeError';
  declare maxResponseBytes: number;
  declare url: string;
}
export class PaginationError extends TestClientError {
  override name = 'PaginationError';
  declare pageToken: string;
  declare page: number;
}
export class ResponseValidationError extends TestClientError {
  override name = 'ResponseValidationError';
  declare operationId: string;
  declare url: string;
  declare issues: string[];
}

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

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type Parameters<Path, Query> = { query?: Query; header?: never; path: Path; cookie?: never };
type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };
type Block = { blockNumber: string };
export type BlocksPage = { blocks: Block[]; nextPageToken?: string };

/** As openapi-typescript writes it. */
export interface operations {
  getBlock: {
    parameters: Parameters<{ chainId: string; blockId: string }, never>;
    requestBody?: never;
    responses: { 200: Json<Block>; 404: Json<{ message: string }> };
  };
  getLatestBlocks: {
    parameters: Parameters<{ chainId: string }, { pageToken?: string; pageSize?: number }>;
    requestBody?: never;
    responses: { 200: Json<BlocksPage> };
  };
  listItems: {
    parameters: {
      query?: { kinds?: string[]; pageSize?: number };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: { 200: Json<{ items: string[] }> };
  };
  sign: {
    parameters: NoParameters;
    requestBody: { content: { 'application/json': { message: string; quorum?: number } } };
    responses: { 201: Json<{ signed: string }> };
  };
  ping: {
    parameters: NoParameters;
    requestBody?: { content: { 'application/json': { note?: string } } };
    responses: { 200: Json<{ ok: boolean }> };
  };
}

export const table: Readonly<Record<keyof operations, OperationSpec>> = {
  getBlock: {
    path: '/v1/chains/{chainId}/blocks/{blockId}',
    pathParams: { chainId: {}, blockId: {} },
  },
  getLatestBlocks: {
    path: '/v1/chains/{chainId}/blocks',
    pathParams: { chainId: {} },
    query: { pageToken: {}, pageSize: { type: 'integer', min: 1, max: 100 } },
  },
  listItems: {
    path: '/v1/items',
    query: { kinds: { type: 'array', items: {} }, pageSize: { type: 'integer' } },
  },
  sign: {
    method: 'POST',
    path: '/v1/sign',
    body: { message: { required: true }, quorum: { type: 'integer' } },
  },
  ping: { method: 'POST', path: '/v1/ping', body: { note: {} } },
};

/** What a client's factory does: its fetch, then one method per operation. */
export function createTestClient(
  parameters: Omit<CreateFetchParameters, 'errors'> & { validate?: ResponseValidator | 'off' },
) {
  const send = createTransport({ ...parameters, errors });
  return createOperations<operations>(table, send, parameters.baseUrl, parameters.validate, errors);
}
