// RFC 9110 §10.2.3: delay-seconds (digits only) or an HTTP-date in one of its three forms
// (IMF-fixdate, obsolete RFC 850, asctime). Date.parse alone is lenient: it reads "later 5" as a
// date in 2001 and so as "now", so a value must first look like one of the forms (a capital, a
// time, GMT or asctime's year at the end); Date.parse then checks the names and numbers. What
// passes both yet is no date can at worst mean "now", no more than a server's `0` does.
const HTTP_DATE = /^[A-Z].* \d\d:\d\d:\d\d (GMT|\d{4})$/;

/**
 * Reads a `Retry-After` value as milliseconds from `now`: delay-seconds or an HTTP-date, anything
 * else (`0x10`, `1e3`, `1.5`, `later 5`) is `undefined`, so the usual backoff applies.
 */
export function retryAfterMs(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  const text = value?.trim() ?? '';
  // asctime carries no zone and means GMT, which Date.parse would not assume.
  const ms = /^\d+$/.test(text)
    ? +text * 1000
    : HTTP_DATE.test(text)
      ? Date.parse(/GMT$/.test(text) ? text : `${text} GMT`) - now
      : NaN;
  return ms < 0 ? 0 : ms >= 0 ? ms : undefined;
}
