/*
 * URL reading for the per-exchange path: `new URL` and `URL.canParse` cost ~1 µs an exchange,
 * most of it spent on the scheme and host, which a capture repeats. An `http(s)` URL's host
 * and port are all that can make it invalid (path, query and fragment are only ever
 * percent-encoded), so the scheme and authority are checked by URL once and remembered;
 * anything unusual is left to URL itself. Hand-written because no library offers a cache of
 * WHATWG URL verdicts by origin.
 */

/**
 * The characters of a plain authority: printable ASCII but for the path, query and fragment
 * delimiters and `\\` (anything else, a space, a tab, a non-ASCII host, is left to URL).
 */
const authorityChar = new Uint8Array(128);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_~:@[]%!$&'()*+,;=")
  authorityChar[c.charCodeAt(0)] = 1;

/** After a plain origin: a path URL parsing keeps as it is (no dot segment, no escape). */
const plainPath = /^(?:\/[\w~:@!$&'()*+,;=-]*)*$/;

/** Whether each scheme and authority read so far parses; bounded, as hosts come from data. */
const origins = new Map<string, boolean>();
const maxOrigins = 256;
/** The last origin that parsed: a capture's exchanges mostly share it (no slice, no lookup). */
let lastOrigin = '';

/** Whether the path, query or fragment starts at `i` (or the URL ends there). */
function delimiterAt(url: string, i: number): boolean {
  if (i === url.length) return true;
  const c = url.charCodeAt(i);
  return c === 0x2f || c === 0x3f || c === 0x23 || c === 0x5c;
}

/**
 * The length of `url`'s `http(s)://` and authority when they are plain and parse; 0 when
 * they are not plain (URL must read it); -1 when they are plain and do not parse.
 */
function originLength(url: string): number {
  if (lastOrigin !== '' && url.startsWith(lastOrigin) && delimiterAt(url, lastOrigin.length))
    return lastOrigin.length;
  const from = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : 0;
  if (from === 0) return 0;
  let end = from;
  while (end < url.length) {
    const c = url.charCodeAt(end);
    if (c >= 128 || authorityChar[c] === 0) break;
    end++;
  }
  if (end === from || !delimiterAt(url, end)) return 0;
  const text = url.slice(0, end);
  let ok = origins.get(text);
  if (ok === undefined) {
    ok = URL.canParse(text);
    if (origins.size >= maxOrigins) origins.clear();
    origins.set(text, ok);
  }
  if (!ok) return -1;
  lastOrigin = text;
  return end;
}

/** `URL.canParse(url)`, answered from the remembered origins for a plain `http(s)` URL. */
export function canParseUrl(url: string): boolean {
  const end = originLength(url);
  return end === 0 ? URL.canParse(url) : end > 0;
}

/**
 * `new URL(url).pathname`, without parsing the URL when its path needs no rewriting and
 * nothing follows it; throws URL's own TypeError for an invalid URL, as `new URL` does.
 */
export function pathnameOf(url: string): string {
  const end = originLength(url);
  if (end > 0) {
    if (end === url.length) return '/';
    const path = url.slice(end);
    if (plainPath.test(path)) return path;
  }
  return new URL(url).pathname;
}
