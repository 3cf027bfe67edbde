/** Reads a `Retry-After` value, delay-seconds or an HTTP date, as milliseconds from `now`. */
export function retryAfterMs(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!value?.trim()) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
