// createTransport itself (createFetch.test.ts covers the policy through the Response-returning
// wrapper): how the body is read and capped, what is scrubbed and when, which URLs count as the
// base URL's origin.
import { getEventListeners } from 'node:events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CreateFetchParameters, createTransport } from './createFetch.js';
import { CLIENT, ResponseTooLargeError, TimeoutError } from './test/client.js';
import { send, serverPerTest } from './test/server.js';

const serve = serverPerTest();
const key = 'sk-test-0123456789abcdef';

/** A fetch that answers `chunks` as a stream (no content-length unless given) and counts the reads. */
function streaming(chunks: Uint8Array[], headers: Record<string, string> = {}) {
  const seen = { pulls: 0 };
  const fetch = async () =>
    new Response(
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            const chunk = chunks[seen.pulls++];
            if (chunk) controller.enqueue(chunk);
            else controller.close();
          },
          // No pull before the transport reads: `pulls` counts its reads.
        },
        { highWaterMark: 0 },
      ),
      { headers },
    );
  return { fetch, seen };
}

const transportWith = (parameters: Omit<CreateFetchParameters, 'client' | 'baseUrl'>) =>
  createTransport({ baseUrl: 'http://127.0.0.1:9', client: CLIENT, retry: false, ...parameters });

/** `bytes` cut at the given points, some of them inside a multi-byte character. */
const cut = (bytes: Uint8Array, at: number[]) => {
  const points = [...new Set(at.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...points].map((start, i) => bytes.subarray(start, points[i] ?? bytes.length));
};

describe('the body', () => {
  it('is the same text however its bytes are cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        // A leading letter: a byte order mark at the start is dropped, as res.text() drops it.
        fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => `a${s}`),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (text, at) => {
          const { fetch } = streaming(cut(new TextEncoder().encode(text), at));
          expect((await transportWith({ fetch })('http://127.0.0.1:9/x')).text).toBe(text);
        },
      ),
    );
  });

  it('passes at the cap and fails one byte past it, declared or streamed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 5 }),
        fc.nat({ max: 120 }),
        fc.boolean(),
        async (sizes, max, declare) => {
          const chunks = sizes.map((n) => new Uint8Array(n).fill(120));
          const total = sizes.reduce((a, b) => a + b, 0);
          const { fetch, seen } = streaming(
            chunks,
            declare ? { 'content-length': String(total) } : {},
          );
          const answer = transportWith({ fetch, maxResponseBytes: max })('http://127.0.0.1:9/x');
          if (total <= max) {
            expect((await answer).text).toBe('x'.repeat(total));
          } else {
            await expect(answer).rejects.toBeInstanceOf(ResponseTooLargeError);
            // A declared length past the cap is refused before the body is read.
            if (declare) expect(seen.pulls).toBe(0);
          }
        },
      ),
    );
  });
});

describe('scrubbing', () => {
  type Case = {
    given: Pick<CreateFetchParameters, 'secret' | 'headers'> & { user?: string };
    /** The body and the x-echo header the server answers with. */
    echo: string;
    want: string;
  };
  const table: [string, Case][] = [
    [
      'nothing to hide: the text is left as it is, user:password@ included',
      { given: {}, echo: `${key} at https://u:p@host/`, want: `${key} at https://u:p@host/` },
    ],
    [
      'the secret and any user:password@',
      {
        given: { secret: ['x-api-key', key] },
        echo: `${key} at https://u:p@host/`,
        want: '[redacted] at https://host/',
      },
    ],
    [
      'the secret in a text without an @',
      { given: { secret: ['x-api-key', key] }, echo: `bad key ${key}`, want: 'bad key [redacted]' },
    ],
    [
      'a credential-like default header',
      {
        given: { headers: { Authorization: `Bearer ${key}` } },
        echo: `got Bearer ${key}`,
        want: 'got [redacted]',
      },
    ],
    [
      'not a value too short to be a key',
      { given: { headers: { 'x-token': 'abc' } }, echo: 'abc abc', want: 'abc abc' },
    ],
    [
      'the Basic credentials made from user:password@ in the URL',
      { given: { user: 'ann:s3cret-pass' }, echo: '{authorization}', want: '[redacted]' },
    ],
  ];

  it.each(table)('%s', async (_, { given, echo, want }) => {
    const server = await serve((req, res) => {
      const text = echo.replace('{authorization}', String(req.headers.authorization));
      send(res, 200, text, { 'x-echo': text });
    });
    const { user, ...parameters } = given;
    const url = user ? server.url.replace('//', `//${user}@`) : server.url;
    const answer = await createTransport({ baseUrl: url, client: CLIENT, ...parameters })(
      `${url}/x`,
    );
    expect(answer).toMatchObject({ text: want, url: `${server.url}/x` });
    expect(answer.headers.get('x-echo')).toBe(want);
  });
});

describe('the base URL’s origin', () => {
  // The key goes only where the origin is the base URL's; a URL that merely starts like it is elsewhere.
  it.each([
    ['http://127.0.0.1:1234/v1/x', true],
    ['http://127.0.0.1:1234', true],
    ['HTTP://127.0.0.1:1234/x', true],
    ['http://127.0.0.1:1234?x=1', true],
    ['http://127.0.0.1:12345/x', false],
    ['http://127.0.0.1:1234@elsewhere.example/x', false],
    ['http://127.0.0.1/x', false],
    ['https://127.0.0.1:1234/x', false],
  ])('%s: attached %s', async (url, attached) => {
    const sent: Headers[] = [];
    const transport = createTransport({
      baseUrl: 'http://127.0.0.1:1234/base',
      secret: ['x-api-key', key],
      headers: { 'x-token': 'other-credential' },
      client: CLIENT,
      fetch: async (_, init) => {
        sent.push(new Headers(init?.headers));
        return new Response('{}');
      },
    });
    await transport(url);
    expect(sent[0]?.get('x-api-key')).toBe(attached ? key : null);
    expect(sent[0]?.get('x-token')).toBe(attached ? 'other-credential' : null);
  });
});

describe('a redirect while the key is attached', () => {
  // A browser's fetch answers `redirect: 'manual'` with an opaque redirect (type opaqueredirect,
  // status 0); any other status-0 answer (Response.error(), an opaque no-cors answer) is no
  // redirect, and was handed back as it came before the transport lent its controllers.
  it('is a browser opaque redirect (status 0), not any other status-0 answer', async () => {
    const answering = (response: () => Response) =>
      createTransport({
        baseUrl: 'http://127.0.0.1:1234',
        secret: ['x-api-key', key],
        client: CLIENT,
        fetch: async () => response(),
      });
    const opaqueRedirect = () =>
      Object.defineProperties(new Response(null), {
        type: { value: 'opaqueredirect' },
        status: { value: 0 },
      });
    await expect(answering(opaqueRedirect)('http://127.0.0.1:1234/x')).rejects.toMatchObject({
      name: 'RedirectError',
      status: 0,
      location: '',
    });
    const answer = await answering(() => Response.error())('http://127.0.0.1:1234/x');
    expect(answer).toMatchObject({ status: 0, text: '' });
  });
});

describe('timeout', () => {
  it('reaches a fetch that copies its init, and releases the connection', async () => {
    const server = await serve(() => {});
    const transport = createTransport({
      baseUrl: server.url,
      client: CLIENT,
      timeoutMs: 300,
      // A wrapper as users write them: the signal must survive the spread.
      fetch: (input, init) => fetch(input, { ...init }),
    });
    await expect(transport(`${server.url}/x`)).rejects.toBeInstanceOf(TimeoutError);
    await expect.poll(() => server.aborted.length).toBe(1);
  });

  it('lends one signal to calls in turn, and leaves no listener of fetch on it', async () => {
    const server = await serve((_, res) => send(res, 200, {}));
    const signals = new Set<AbortSignal>();
    const warnings: Error[] = [];
    const warned = (warning: Error) => warnings.push(warning);
    process.on('warning', warned);
    const transport = createTransport({
      baseUrl: server.url,
      client: CLIENT,
      fetch: (input, init) => {
        signals.add(init?.signal as AbortSignal);
        return fetch(input, init);
      },
    });
    for (let i = 0; i < 30; i++) expect((await transport(`${server.url}/x`)).status).toBe(200);
    process.off('warning', warned);
    expect(signals.size).toBe(1);
    const [signal] = signals as Set<AbortSignal>;
    // Real fetch (undici) added one per request; each was removed when its call ended.
    expect(getEventListeners(signal as AbortSignal, 'abort')).toHaveLength(0);
    expect(warnings).toEqual([]);
  });

  it('retires a signal after 1,000 attempts', async () => {
    const signals = new Set<AbortSignal>();
    const transport = createTransport({
      baseUrl: 'http://127.0.0.1:1234',
      client: CLIENT,
      fetch: async (_, init) => {
        signals.add(init?.signal as AbortSignal);
        return new Response('{}');
      },
    });
    for (let i = 0; i < 2500; i++) await transport('http://127.0.0.1:1234/x');
    // The first may have been lent before this test; the 2,500 calls need at least two more.
    expect(signals.size).toBeGreaterThanOrEqual(3);
    expect(signals.size).toBeLessThanOrEqual(4);
  });

  it('keeps at most 64 signals for later calls after a burst', async () => {
    const seen = new Set<AbortSignal>();
    let batch: AbortSignal[] = [];
    let release = () => {};
    const transport = createTransport({
      baseUrl: 'http://127.0.0.1:1234',
      client: CLIENT,
      // Answers only once all 100 calls of a burst are in flight, so each holds its own signal.
      fetch: async (_, init) => {
        const answered = new Promise<void>((resolve) => {
          const previous = release;
          release = () => {
            previous();
            resolve();
          };
        });
        batch.push(init?.signal as AbortSignal);
        if (batch.length === 100) release();
        await answered;
        return new Response('{}');
      },
    });
    const burst = async () => {
      batch = [];
      release = () => {};
      await Promise.all(Array.from({ length: 100 }, () => transport('http://127.0.0.1:1234/x')));
      return batch;
    };
    for (const signal of await burst()) seen.add(signal);
    const again = await burst();
    expect(new Set(again).size).toBe(100);
    expect(again.filter((signal) => seen.has(signal))).toHaveLength(64);
  });

  it('a timeout aborts its own call only, and its signal is not lent again', async () => {
    const server = await serve((request, res) => {
      if (request.url === '/ok') setTimeout(() => send(res, 200, {}), 200);
    });
    const signals: AbortSignal[] = [];
    const transport = createTransport({
      baseUrl: server.url,
      client: CLIENT,
      retry: false,
      fetch: (input, init) => {
        signals.push(init?.signal as AbortSignal);
        return fetch(input, init);
      },
    });
    const [slow, ok] = await Promise.allSettled([
      transport(`${server.url}/slow`, { timeoutMs: 50 }),
      // Its answer comes after 200 ms: no busy machine brings that near 60 s.
      transport(`${server.url}/ok`, { timeoutMs: 60_000 }),
    ]);
    expect(slow).toMatchObject({ status: 'rejected', reason: expect.any(TimeoutError) });
    expect(ok).toMatchObject({ status: 'fulfilled', value: { status: 200 } });
    const [timedOut, answered] = signals;
    expect(timedOut).not.toBe(answered);
    expect([timedOut?.aborted, answered?.aborted]).toEqual([true, false]);
    expect((await transport(`${server.url}/ok`)).status).toBe(200);
    expect(signals[2]).not.toBe(timedOut);
    expect(signals[2]?.aborted).toBe(false);
  });
});
