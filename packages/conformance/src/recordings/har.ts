import { canParseUrl } from '../model/url.js';
import { type InputItem, type Recording, RecordingFormatError } from './recordings.js';

/** What a HAR string over the size cap becomes when streamed (see StringCap). */
export const tooLargeMark = '\u0000avalanche-conformance:too-large';

interface HarEntry {
  request: {
    method: string;
    url: string;
    headers?: { name: string; value: string }[];
    postData?: { text?: string };
  };
  response: {
    status: number;
    headers?: { name: string; value: string }[];
    content?: { text?: string; encoding?: string; mimeType?: string };
  };
}

function headers(list: { name: string; value: string }[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  // A loop, not filter, map and fromEntries: it runs for both sides of every entry.
  for (const h of list) {
    if (typeof h?.name !== 'string') continue;
    const name = h.name.toLowerCase();
    const value = String(h.value);
    // A header named `__proto__` is a header like any other, never the object's prototype.
    if (name === '__proto__')
      Object.defineProperty(out, name, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[name] = value;
  }
  return out;
}

/** Whether a parsed JSON document is a HAR 1.2 log. */
export function isHar(value: unknown): value is { log: { entries: HarEntry[] } } {
  const log = (value as { log?: { entries?: unknown } } | null)?.log;
  return typeof log === 'object' && log !== null && Array.isArray(log.entries);
}

/** Turns the entries of a HAR 1.2 log into exchanges in the recordings format. */
export function harToRecordings(har: { log: { entries: HarEntry[] } }, file: string): Recording[] {
  return har.log.entries.map((entry, i) => {
    const item = harEntryToRecording(entry, `${file}#${i}`);
    if ('recording' in item) return item.recording;
    throw new RecordingFormatError(`${item.file}: ${item.message}`);
  });
}

class EntryProblem extends Error {
  constructor(
    message: string,
    readonly kind: 'malformed' | 'too-large' = 'malformed',
  ) {
    super(message);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A HAR body: JSON when it parses, else the text; a problem when it cannot be decoded. */
function decodeBody(where: string, text: unknown, encoding?: unknown): unknown {
  if (text === undefined || text === '') return undefined;
  if (typeof text !== 'string') throw new EntryProblem(`${where}.text must be a string`);
  if (text.endsWith(tooLargeMark))
    throw new EntryProblem(`not checked: too large (${where} over the size cap)`, 'too-large');
  let raw = text;
  if (encoding === 'base64') {
    try {
      raw = utf8.decode(Buffer.from(text, 'base64'));
    } catch {
      throw new EntryProblem(`${where}: undecodable body (base64 that is not UTF-8 text)`);
    }
  } else if (encoding !== undefined && encoding !== '')
    throw new EntryProblem(`${where}: undecodable body (encoding ${JSON.stringify(encoding)})`);
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * One HAR 1.2 entry as an exchange in the recordings format, or what keeps it from being
 * one (no response, a body that cannot be decoded, one over the size cap).
 */
export function harEntryToRecording(value: unknown, file: string): InputItem {
  const entry = value as Partial<HarEntry> | null;
  try {
    if (typeof entry !== 'object' || entry === null)
      throw new EntryProblem('entry is not an object');
    const { request, response } = entry;
    if (typeof request !== 'object' || request === null)
      throw new EntryProblem('entry without a request');
    if (typeof response !== 'object' || response === null)
      throw new EntryProblem('entry without a response');
    if (
      typeof request.method !== 'string' ||
      typeof request.url !== 'string' ||
      !canParseUrl(request.url)
    )
      throw new EntryProblem('request needs a method and an absolute url');
    if (!Number.isInteger(response.status) || response.status < 100 || response.status > 599)
      throw new EntryProblem(
        `response.status ${JSON.stringify(response.status)} is no HTTP status (an aborted request?)`,
      );
    const recording: Recording = {
      file,
      request: {
        method: request.method.toUpperCase(),
        url: request.url,
        headers: headers(request.headers),
      },
      response: { status: response.status, headers: headers(response.headers) },
    };
    // A log saved without headers still says the media type in `content.mimeType` (HAR 1.2:
    // the Content-Type header's value); Chrome writes `x-unknown` when there was none.
    const mime = response.content?.mimeType;
    const responseHeaders = recording.response.headers as Record<string, string>;
    if (!('content-type' in responseHeaders) && mime && mime !== 'x-unknown')
      responseHeaders['content-type'] = mime;
    const body = decodeBody('request.postData', request.postData?.text);
    if (body !== undefined) recording.request.body = body;
    const answer = decodeBody(
      'response.content',
      response.content?.text,
      response.content?.encoding,
    );
    if (answer !== undefined) recording.response.body = answer;
    return { recording };
  } catch (error) {
    if (!(error instanceof EntryProblem)) throw error;
    return { file, kind: error.kind, message: error.message };
  }
}

function contentType(h: Record<string, string> | undefined): string | undefined {
  return Object.entries(h ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
}

/** Turns recordings back into a HAR 1.2 log (for `contract --record` and round trips). */
export function recordingsToHar(recordings: Recording[]): object {
  const pairs = (h: Record<string, string> | undefined) =>
    Object.entries(h ?? {}).map(([name, value]) => ({ name, value }));
  return {
    log: {
      version: '1.2',
      creator: { name: '@avalanche-api/conformance', version: '0' },
      entries: recordings.map((r) => ({
        startedDateTime: new Date(0).toISOString(),
        time: 0,
        request: {
          method: r.request.method,
          url: r.request.url,
          httpVersion: 'HTTP/1.1',
          headers: pairs(r.request.headers),
          queryString: [...new URL(r.request.url).searchParams].map(([name, value]) => ({
            name,
            value,
          })),
          cookies: [],
          headersSize: -1,
          bodySize: -1,
          ...(r.request.body === undefined
            ? {}
            : { postData: { mimeType: 'application/json', text: JSON.stringify(r.request.body) } }),
        },
        response: {
          status: r.response.status,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          headers: pairs(r.response.headers),
          cookies: [],
          content: {
            size: -1,
            mimeType: contentType(r.response.headers) ?? 'application/json',
            text: r.response.body === undefined ? '' : JSON.stringify(r.response.body),
          },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
        },
        cache: {},
        timings: { send: 0, wait: 0, receive: 0 },
      })),
    },
  };
}
