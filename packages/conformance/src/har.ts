import type { Recording } from './recordings.js';

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

function parseBody(text: string | undefined, encoding?: string): unknown {
  if (text === undefined || text === '') return undefined;
  const raw = encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function headers(list: { name: string; value: string }[] | undefined): Record<string, string> {
  return Object.fromEntries((list ?? []).map((h) => [h.name.toLowerCase(), h.value]));
}

/** Whether a parsed JSON document is a HAR 1.2 log. */
export function isHar(value: unknown): value is { log: { entries: HarEntry[] } } {
  const log = (value as { log?: { entries?: unknown } } | null)?.log;
  return typeof log === 'object' && log !== null && Array.isArray(log.entries);
}

/** Turns the entries of a HAR 1.2 log into exchanges in the recordings format. */
export function harToRecordings(har: { log: { entries: HarEntry[] } }, file: string): Recording[] {
  return har.log.entries.map((entry, i) => {
    const recording: Recording = {
      file: `${file}#${i}`,
      request: {
        method: entry.request.method.toUpperCase(),
        url: entry.request.url,
        headers: headers(entry.request.headers),
      },
      response: { status: entry.response.status, headers: headers(entry.response.headers) },
    };
    // A log saved without headers still says the media type in `content.mimeType` (HAR 1.2:
    // the Content-Type header's value); Chrome writes `x-unknown` when there was none.
    const mime = entry.response.content?.mimeType;
    const responseHeaders = recording.response.headers as Record<string, string>;
    if (!('content-type' in responseHeaders) && mime && mime !== 'x-unknown')
      responseHeaders['content-type'] = mime;
    const body = parseBody(entry.request.postData?.text);
    if (body !== undefined) recording.request.body = body;
    const answer = parseBody(entry.response.content?.text, entry.response.content?.encoding);
    if (answer !== undefined) recording.response.body = answer;
    return recording;
  });
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
