/*
 * URL reading for the per-exchange path: `new URL` and `URL.canParse` cost ~1 µs an exchange,
 * most of it spent on the scheme and host, which a capture repeats. An `http(s)` URL's host
 * and port are all that can make it invalid (path, query and fragment are only ever
 * percent-encoded), so the scheme and authority are checked by URL once and remembered;
 * anything unusual is left to URL itself. Hand-written because no library offers a cache of
 * WHATWG URL verdicts by origin.
 */

/**
 * `http(s)://` and an authority of printable ASCII, up to where the path, query or fragment
 * begins (anything else, a space, a tab, a non-ASCII host, is left to URL).
 */
const origin = /^https?:\/\/[\w.~:@[\]%!$&'()*+,;=-]+/;

/** After a plain origin: a path URL parsing keeps as it is (no dot segment, no escape). */
const plainPath = /^(?:\/[\w~:@!$&'()*+,;=-]*)*$/;

/** Whether each scheme and authority read so far parses; bounded, as hosts come from data. */
const origins = new Map<string, boolean>();
const maxOrigins = 256;

function originParses(text: string): boolean {
  let ok = origins.get(text);
  if (ok === undefined) {
    ok = URL.canParse(text);
    if (origins.size >= maxOrigins) origins.clear();
    origins.set(text, ok);
  }
  return ok;
}

/** The length of `url`'s scheme and authority when they are plain; 0 when they are not. */
function originLength(url: string): number {
  const m = origin.exec(url);
  if (!m) return 0;
  const end = m[0].length;
  const next = url.charCodeAt(end);
  // The authority must end where the path, query or fragment starts (or with the URL).
  if (end < url.length && next !== 0x2f && next !== 0x3f && next !== 0x23 && next !== 0x5c)
    return 0;
  return end;
}

/** `URL.canParse(url)`, answered from the remembered origins for a plain `http(s)` URL. */
export function canParseUrl(url: string): boolean {
  const end = originLength(url);
  if (end === 0) return URL.canParse(url);
  return originParses(url.slice(0, end));
}

/**
 * `new URL(url).pathname`, without parsing the URL when its path needs no rewriting and
 * nothing follows it; throws URL's own TypeError for an invalid URL, as `new URL` does.
 */
export function pathnameOf(url: string): string {
  const end = originLength(url);
  if (end > 0 && originParses(url.slice(0, end))) {
    const path = url.slice(end);
    if (path === '') return '/';
    if (plainPath.test(path)) return path;
  }
  return new URL(url).pathname;
}
