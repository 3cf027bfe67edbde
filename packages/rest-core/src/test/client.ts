// A stand-in client for the tests, made the way a client package makes its own: its brand error
// class (see packages/data-client/src/errors.ts), an operation table and openapi-typescript's
// `operations` (see its src/generated/), and a factory over createTransport and createOperations.
import {
  type CreateFetchParameters,
  clientErrorBrand,
  createOperations,
  createTransport,
  type OperationSpec,
  type ResponseValidator,
} from '../index.js';

// The shared classes, re-exported as a client package does.
export {
  BadRequestError,
  ClientError,
  ConnectionError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  PaginationError,
  ParameterError,
  ParseError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnsupportedError,
} from '../index.js';

/** The package name the stand-in client's errors carry. */
export const CLIENT = '@avalanche-api/test-client';
export const TestClientError = clientErrorBrand('TestClientError', CLIENT);

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
  parameters: Omit<CreateFetchParameters, 'client'> & { validate?: ResponseValidator | 'off' },
) {
  const send = createTransport({ ...parameters, client: CLIENT });
  return createOperations<operations>(table, send, parameters.baseUrl, parameters.validate, CLIENT);
}
