import { retryAfterMs as strictRetryAfterMs } from '@avalanche-api/rest-core';

/** RFC 9110 Retry-After (delta-seconds or an HTTP-date, anything else undefined) in ms from `now`. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  return strictRetryAfterMs(header, now);
}
