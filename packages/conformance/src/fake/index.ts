// `@avalanche-api/conformance/fake`: the in-process fake of every service (fake-fetch.ts) with the
// package's own specs and recordings in it, and MSW handlers from the same engine (msw.ts). It
// imports nothing of Node: ajv comes in as a module, the data as one (data.ts).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { provideAjv } from '../model/schema-set.js';
import { documents, recordings } from './data.js';
import { createFakeFetch as create, type FakeFetch, type FakeFetchOptions } from './fake-fetch.js';

provideAjv({ Ajv2020, addFormats: addFormats as never });

export {
  FakeAnswerError,
  type FakeFetch,
  type FakeFetchOptions,
  FakeOptionError,
  type FakeRequest,
  type FakeScenario,
} from './fake-fetch.js';

/**
 * A `fetch` answering every operation and method of the specs in this process, from the
 * package's specs and recordings (or yours, in `options`).
 *
 * @example
 * const fake = createFakeFetch();
 * const client = createDataClient({ fetch: fake });
 */
export function createFakeFetch(options: FakeFetchOptions = {}): FakeFetch {
  return create({
    ...options,
    documents: options.documents ?? documents,
    recordings: options.recordings ?? recordings,
  });
}
