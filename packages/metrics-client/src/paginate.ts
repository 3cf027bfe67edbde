import { paginateWith } from '@avalanche-api/rest-core';
import { PaginationError } from './errors.js';

/**
 * Iterates over the pages of a list operation, following `nextPageToken` until it is absent or
 * empty. The next page is requested as soon as the current one arrives, so it downloads while the
 * caller works. A token seen before ends the iteration with a PaginationError instead of a loop.
 *
 * @example
 * for await (const page of paginate(client.getAvgTps, { chainId: '43114' })) …
 */
export const paginate = /* @__PURE__ */ paginateWith(PaginationError);
