import {
  type CreateFetchParameters,
  createFetch,
  createTransport,
  type PolicyFetch,
  type Transport,
} from '@avalanche-api/rest-core';
import type { CreateDataClientParameters } from './createDataCore.js';
import { errors } from './errors.js';

const API_KEY_HEADER = 'x-glacier-api-key';

/** The transport settings behind both `createDataClient` and `createRawClient`. */
function dataPolicy(
  parameters: CreateDataClientParameters,
  baseUrl: string,
): CreateFetchParameters {
  const { apiKey, headers } = parameters;
  const defaults = new Headers(headers);
  // A key passed as a header is still the key: scope and scrub it the same way.
  const key = apiKey ?? defaults.get(API_KEY_HEADER) ?? undefined;
  defaults.delete(API_KEY_HEADER);
  // The rest of `parameters` is fetch, timeoutMs and retry; secret and errors are set here.
  return {
    ...parameters,
    baseUrl,
    headers: defaults,
    secret: key ? [API_KEY_HEADER, key] : undefined,
    errors,
  };
}

/** The fetch behind `createRawClient`. Not exported from the package. */
export const createDataFetch = (
  parameters: CreateDataClientParameters,
  baseUrl: string,
): PolicyFetch => createFetch(dataPolicy(parameters, baseUrl));

/** The transport behind `createDataClient`. Not exported from the package. */
export const createDataTransport = (
  parameters: CreateDataClientParameters,
  baseUrl: string,
): Transport => createTransport(dataPolicy(parameters, baseUrl));
