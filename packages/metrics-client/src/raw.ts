// A separate entry point: openapi-fetch (~2.5 kB gzipped) stays out of the bundle of anyone not importing it.
import { createFetch, restTransportParameters } from '@avalanche-api/rest-core';
import createClient, { type Client } from 'openapi-fetch';
import { type CreateMetricsClientParameters, METRICS_API_URL } from './createMetricsCore.js';
import { errors } from './errors.js';
import type { paths } from './generated/types.js';

export type CreateRawClientParameters = Omit<CreateMetricsClientParameters, 'validate'>;

export type CreateRawClientReturnType = Client<paths>;

/**
 * openapi-fetch's typed path API over the same fetch as `createMetricsClient` (timeout, retries,
 * typed errors for timeouts and connection failures). Nothing is checked before sending and
 * failures come back as `{ error, response }`, openapi-fetch style.
 *
 * @example
 * const raw = createRawClient();
 * const { data } = await raw.GET('/v1/avg_tps/{chainId}', { params: { path: { chainId: '43114' } } });
 */
export function createRawClient(
  parameters: CreateRawClientParameters = {},
): CreateRawClientReturnType {
  const { baseUrl = METRICS_API_URL } = parameters;
  return createClient<paths>({
    baseUrl,
    fetch: createFetch(restTransportParameters(parameters, baseUrl, errors)),
  });
}
