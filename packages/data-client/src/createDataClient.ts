import { bindOperations } from '@avalanche-api/rest-core';
import {
  type CreateDataClientParameters,
  createDataCore,
  type DataCore,
} from './createDataCore.js';
import * as functions from './generated/functions.js';
import type { OperationMethods } from './generated/operations.js';

export { type CreateDataClientParameters, DATA_API_URL } from './createDataCore.js';

/** One method per operation of the Data API; it is a `DataCore` too. */
export type DataClient = OperationMethods & DataCore;

export type CreateDataClientReturnType = DataClient;

/**
 * Creates a client with one method per operation of the Data API. Each method takes one object
 * with the path, query and body fields, checks it against the spec's rules before sending, and
 * resolves to the typed body or throws a DataClientError.
 *
 * @example
 * const client = createDataClient({ apiKey });
 * const page = await client.listValidators({ network: 'mainnet', pageSize: 10 });
 */
export function createDataClient(
  parameters: CreateDataClientParameters = {},
): CreateDataClientReturnType {
  return bindOperations<OperationMethods, DataCore>(createDataCore(parameters), functions);
}
