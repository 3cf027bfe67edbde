import type { CallOptions } from './createOperations.js';
import { PaginationError } from './errors.js';

export type PaginateOptions = {
  /** Stop after this many pages. */
  maxPages?: number;
  /** Stop once this many items were yielded; the last page's item list is cut to fit. */
  maxItems?: number;
  /** Ends the iteration, the request in flight included. */
  signal?: AbortSignal;
};

/** What `paginate` accepts: a list operation, i.e. a method taking `pageToken` and answering `nextPageToken`. */
export type PageMethod<
  P extends { pageToken?: string | undefined },
  R extends { nextPageToken?: string | undefined },
> = (params: P, options?: CallOptions) => Promise<R>;

export type PaginateReturnType<R> = AsyncGenerator<R, void, undefined>;

/**
 * Iterates over the pages of a list operation, following `nextPageToken` until it is absent or
 * empty. The next page is requested as soon as the current one arrives, so it downloads while the
 * caller works. A token seen before ends the iteration with a PaginationError instead of a loop.
 */
export type Paginate = {
  <P extends { pageToken?: string | undefined }, R extends { nextPageToken?: string | undefined }>(
    method: PageMethod<P, R>,
    params: P,
    options?: PaginateOptions,
  ): PaginateReturnType<R>;
  // A list whose every parameter is optional (`listWebhooks`): its method takes `params?`, from
  // which the signature above would infer `P | undefined` and lose P's members.
  <P extends { pageToken?: string | undefined }, R extends { nextPageToken?: string | undefined }>(
    method: (params?: P, options?: CallOptions) => Promise<R>,
    params?: P,
    options?: PaginateOptions,
  ): PaginateReturnType<R>;
};

/**
 * Iterates over the pages of a list operation of any client, following `nextPageToken` until it is
 * absent or empty; every client re-exports this one function. A token seen before ends the
 * iteration with a PaginationError (its `client` is this package: the method's client is not known
 * here) instead of a loop.
 *
 * @example
 * for await (const page of paginate(client.listValidators, { network: 'mainnet' })) …
 */
export const paginate: Paginate = async function* paginate<
  P extends { pageToken?: string | undefined },
  R extends { nextPageToken?: string | undefined },
>(method: PageMethod<P, R>, params: P, options: PaginateOptions = {}): PaginateReturnType<R> {
  const {
    maxPages = Number.POSITIVE_INFINITY,
    maxItems = Number.POSITIVE_INFINITY,
    signal,
  } = options;
  if (maxPages < 1 || maxItems < 1) return;
  // One controller for the whole iteration: leaving the loop early cancels the prefetch.
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.aborted ? onAbort() : signal?.addEventListener('abort', onAbort);
  const seen = new Set<string>();
  const request = (pageToken: string | undefined) => {
    if (pageToken) seen.add(pageToken);
    const call = method(pageToken ? { ...params, pageToken } : params, {
      signal: controller.signal,
    });
    // A prefetch nobody waits for (the caller stopped) must not become an unhandled rejection.
    call.catch(() => {});
    return call;
  };

  let pending: Promise<R> | undefined = request(params?.pageToken);
  let pages = 0;
  let items = 0;
  try {
    while (pending) {
      let page: R = await pending;
      pending = undefined;
      pages++;
      // Items are the page's one list (validators, blocks, results, …).
      const key = Object.keys(page).find((k) => Array.isArray(page[k as keyof R]));
      const list = key ? (page[key as keyof R] as unknown[]) : [];
      if (items + list.length > maxItems)
        page = { ...page, [key as string]: list.slice(0, maxItems - items) };
      items += Math.min(list.length, maxItems - items);
      const token = page.nextPageToken;
      const repeated = !!token && seen.has(token);
      if (token && !repeated && pages < maxPages && items < maxItems) pending = request(token);
      yield page;
      if (repeated && pages < maxPages && items < maxItems)
        throw new PaginationError(`page ${pages} repeats an earlier page token`, {
          details: `nextPageToken ${token}`,
          pageToken: token as string,
          page: pages,
        });
    }
  } finally {
    controller.abort();
    signal?.removeEventListener('abort', onAbort);
  }
};
