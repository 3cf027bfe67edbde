// A separate entry point: openapi-fetch (~2.5 kB gzipped) stays out of the bundle of anyone not importing it.
import { createFetch, restTransportParameters } from '@avalanche-api/rest-core';
import createClient, { type Client } from 'openapi-fetch';
import { type CreateDataClientParameters, DATA_API_URL } from './createDataCore.js';
import { errors } from './errors.js';
import type { paths } from './generated/types.js';

export type CreateRawClientParameters = Omit<CreateDataClientParameters, 'validate'>;

export type CreateRawClientReturnType = Client<paths>;

/**
 * openapi-fetch's typed path API over the same fetch as `createDataClient` (api key scoped to
 * `baseUrl`, timeout, retries, typed errors for timeouts and connection failures). Nothing is
 * checked before sending and failures come back as `{ error, response }`, openapi-fetch style.
 *
 * @example
 * const raw = createRawClient({ apiKey });
 * const { data, error } = await raw.GET('/v1/networks/{network}/validators', { params: { path: { network: 'mainnet' } } });
 */
export function createRawClient(
  parameters: CreateRawClientParameters = {},
): CreateRawClientReturnType {
  const { baseUrl = DATA_API_URL } = parameters;
  return createClient<paths>({
    baseUrl,
    fetch: createFetch(restTransportParameters(parameters, baseUrl, errors)),
  });
}
