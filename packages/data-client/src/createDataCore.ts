import {
  createCore,
  createTransport,
  type ResponseValidator,
  type RestClientParameters,
  restTransportParameters,
} from '@avalanche-api/rest-core';
import { errors } from './errors.js';
import type { Core } from './generated/operations.js';

/** Public host of the Avalanche Data API. */
export const DATA_API_URL = 'https://data-api.avax.network';

/** `createDataClient`'s settings: rest-core's, shared with the Metrics client. */
export interface CreateDataClientParameters extends RestClientParameters {
  /** Default `https://data-api.avax.network`. The api key is only ever sent to this origin. */
  baseUrl?: string;
  /** Response validation, off by default; pass `createValidator()` from `@avalanche-api/data-client/validate`. */
  validate?: 'off' | ResponseValidator;
}

/** What the operation functions (`listValidators(core, params)`) run on; a `DataClient` is one too. */
export type DataCore = Core;

export type CreateDataCoreReturnType = DataCore;

/**
 * Creates the core that the operation functions take first: the transport, api key, timeouts,
 * retries and validator of `createDataClient` without its methods, so a bundle holds only the
 * operations the app imports.
 *
 * @example
 * const core = createDataCore({ apiKey });
 * const page = await listValidators(core, { network: 'mainnet', pageSize: 10 });
 */
export function createDataCore(
  parameters: CreateDataClientParameters = {},
): CreateDataCoreReturnType {
  const { baseUrl = DATA_API_URL, validate } = parameters;
  const transport = createTransport(restTransportParameters(parameters, baseUrl, errors));
  return createCore(transport, baseUrl, validate, errors);
}
