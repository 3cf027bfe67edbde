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
  const { apiKey } = parameters;
  // A key passed in `headers` is scoped and scrubbed too: the transport treats every header
  // named like a credential (`…key…`) as a secret, and `apiKey` takes its place when both are set.
  // The rest of `parameters` is fetch, headers, timeoutMs and retry; secret and errors are set here.
  return {
    ...parameters,
    baseUrl,
    secret: apiKey ? [API_KEY_HEADER, apiKey] : undefined,
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
