import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { type CreateFetchParameters, createFetch } from './createFetch.js';
import { CLIENT, ConnectionError, RedirectError, TimeoutError } from './test/client.js';
import { send, serverPerTest, type TestServer } from './test/server.js';

const serve = serverPerTest();
const fast = { attempts: 3, baseDelayMs: 1, maxDelayMs: 50 };

/** A fetch over `server` with the test client's name. */
const fetchFor = (
  server: TestServer,
  parameters: Omit<CreateFetchParameters, 'baseUrl' | 'client'> = {},
) => createFetch({ baseUrl: server.url, client: CLIENT, ...parameters });

describe('retries', () => {
  it.each([429, 502, 503])('retries a GET answered %i', async (status) => {
    const server = await serve((_, res, i) =>
      i < 2 ? send(res, status, { message: 'later' }) : send(res, 200, { ok: true }),
    );
    const response = await fetchFor(server, { retry: fast })(`${server.url}/x`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after `attempts` and returns the last answer', async () => {
    const server = await serve((_, res) => send(res, 503, { message: 'down' }));
    const response = await fetchFor(server, { retry: { ...fast, attempts: 2 } })(server.url);
    expect(response.status).toBe(503);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 500 or a 4XX', async () => {
    const server = await serve((_, res, i) => send(res, i ? 400 : 500, { message: 'no' }));
    const policy = fetchFor(server, { retry: fast });
    expect((await policy(server.url)).status).toBe(500);
    expect((await policy(server.url)).status).toBe(400);
    expect(server.requests).toHaveLength(2);
  });

  it('retry: false sends once', async () => {
    const server = await serve((_, res) => send(res, 503, { message: 'down' }));
    expect((await fetchFor(server, { retry: false })(server.url)).status).toBe(503);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a connection reset', async () => {
    const server = await serve((_, res, i) => {
      if (i === 0) res.socket?.destroy();
      else send(res, 200, { ok: true });
    });
    expect((await fetchFor(server, { retry: fast })(server.url)).status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });

  it('retryFailures: false gives a failure without an answer back at once', async () => {
    const server = await serve((_, res) => {
      res.socket?.destroy();
    });
    const policy = fetchFor(server, { retry: fast });
    const error = await policy(server.url, { retryFailures: false }).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it("throws the client's ConnectionError, with the cause, when nothing listens", async () => {
    const server = await serve(() => {});
    await server.close();
    const error = await fetchFor(server, { retry: fast })(`${server.url}/x`).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({
      message: `could not reach ${server.url}/x (ECONNREFUSED)`,
      url: `${server.url}/x`,
      code: 'ECONNREFUSED',
    });
    expect(error.cause).toBeInstanceOf(Error);
  });

  // A connection error says what happened: the issue saw a dropped socket reported as "could not
  // reach" a server that had been reached, and Deno's missing --allow-net as a bare code-less error.
  it('a connection closed after the request, before any answer, says so', async () => {
    const server = await serve((_, res) => {
      res.socket?.destroy();
    });
    const error = await fetchFor(server, { retry: false })(`${server.url}/x`).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(`${server.url}/x closed the connection (${error.code})`);
    expect(['UND_ERR_SOCKET', 'ECONNRESET']).toContain(error.code);
  });

  it("Deno's hang-up before an answer, which has no code, says so too", async () => {
    const fetch = async () => {
      throw new TypeError('fetch failed', {
        cause: new Error(
          'error sending request from 127.0.0.1:1 for http://127.0.0.1:9/x (127.0.0.1:9): client error (SendRequest): connection closed before message completed',
        ),
      });
    };
    const error = await createFetch({
      baseUrl: 'http://127.0.0.1:9',
      client: CLIENT,
      fetch,
      retry: false,
    })('http://127.0.0.1:9/x').catch((e) => e);
    expect(error).toMatchObject({
      name: 'ConnectionError',
      message: 'http://127.0.0.1:9/x closed the connection',
      code: undefined,
    });
  });

  it('a connection that breaks mid-answer says so', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"a":', () => res.socket?.destroy());
    });
    const error = await fetchFor(server, { retry: false })(`${server.url}/x`).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(new RegExp(`^${server.url}/x broke off mid-answer`));
  });

  it('a NotCapable refusal (Deno without --allow-net) names the permission', async () => {
    const name = 'NotCapable';
    const said = 'Requires net access to "127.0.0.1:9", run again with the --allow-net flag';
    // Deno's fetch rejects with a TypeError whose cause is the refusal; no code anywhere.
    const refusal = Object.assign(new Error(said), { name });
    const fetch = async () => {
      throw new TypeError('fetch failed', { cause: refusal });
    };
    const error = await createFetch({
      baseUrl: 'http://127.0.0.1:9',
      client: CLIENT,
      fetch,
      retry: false,
    })('http://127.0.0.1:9/x').catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({
      message: `http://127.0.0.1:9/x: ${said} (${name})`,
      code: name,
    });
    expect(error.cause.cause).toBe(refusal);
  });

  describe('anything but GET and HEAD (which may have done its work)', () => {
    const post = { method: 'POST', body: '{"message":"0x0a"}' };

    it.each([429, 503])('is retried after %i, with the same body', async (status) => {
      const server = await serve((_, res, i) =>
        i ? send(res, 201, { signed: '0x0a' }) : send(res, status, { message: 'later' }),
      );
      const response = await fetchFor(server, { retry: fast })(server.url, post);
      expect(response.status).toBe(201);
      expect(server.requests.map((r) => [r.method, r.body])).toEqual([
        ['POST', post.body],
        ['POST', post.body],
      ]);
    });

    it('is not retried after 502', async () => {
      const server = await serve((_, res) => send(res, 502, { message: 'upstream' }));
      expect((await fetchFor(server, { retry: fast })(server.url, post)).status).toBe(502);
      expect(server.requests).toHaveLength(1);
    });

    it('is retried when the connection fails before an answer', async () => {
      const server = await serve((_, res, i) =>
        i ? send(res, 201, { signed: '0x0a' }) : void res.socket?.destroy(),
      );
      expect((await fetchFor(server, { retry: fast })(server.url, post)).status).toBe(201);
    });

    it('is not retried when the answer breaks off midway (a GET is)', async () => {
      const server = await serve((_, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"signed":');
        setTimeout(() => res.socket?.destroy(), 10);
      });
      const policy = fetchFor(server, { retry: fast });
      await expect(policy(server.url, post)).rejects.toBeInstanceOf(ConnectionError);
      expect(server.requests).toHaveLength(1);
      await expect(policy(server.url)).rejects.toBeInstanceOf(ConnectionError);
      expect(server.requests).toHaveLength(1 + fast.attempts);
    });
  });
});

describe('Retry-After', () => {
  it('waits the seconds it asks for', async () => {
    const server = await serve((_, res, i) =>
      i ? send(res, 200, {}) : send(res, 429, {}, { 'retry-after': '1' }),
    );
    const started = performance.now();
    await fetchFor(server, { retry: { attempts: 2, baseDelayMs: 1 } })(server.url);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(server.requests).toHaveLength(2);
  });

  it('a wait above maxDelayMs is not waited for: the answer comes back at once', async () => {
    const server = await serve((_, res) => send(res, 429, {}, { 'retry-after': '120' }));
    const started = performance.now();
    // A wait capped at maxDelayMs (60 s) would outlast the bound; a busy machine's round trip does not.
    const response = await fetchFor(server, { retry: { maxDelayMs: 60_000 } })(server.url);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('120');
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(server.requests).toHaveLength(1);
  });

  it('reads an HTTP date', async () => {
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
    const server = await serve((_, res) => send(res, 503, {}, { 'retry-after': inTwoSeconds }));
    expect((await fetchFor(server, { retry: { maxDelayMs: 500 } })(server.url)).status).toBe(503);
    expect(server.requests).toHaveLength(1);
  });

  it('a date in the past means now', async () => {
    const past = new Date(Date.now() - 60_000).toUTCString();
    const server = await serve((_, res, i) =>
      i ? send(res, 200, {}) : send(res, 503, {}, { 'retry-after': past }),
    );
    expect((await fetchFor(server, { retry: { maxDelayMs: 500 } })(server.url)).status).toBe(200);
  });
});

describe('timeout and abort', () => {
  it("timeoutMs ends a request that gets no answer with the client's TimeoutError", async () => {
    const server = await serve(() => {});
    // Long enough for the request to reach the server on a loaded 2-core machine.
    const error = await fetchFor(server, { timeoutMs: 500 })(`${server.url}/x`).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      timeoutMs: 500,
      message: 'no answer within 500 ms',
      url: `${server.url}/x`,
    });
    // On a loaded machine the abort can come before the server reads the request; never twice.
    expect(server.requests.length).toBeLessThanOrEqual(1);
  });

  it('timeoutMs covers a body that stalls', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"blockNumber":');
    });
    await expect(fetchFor(server, { timeoutMs: 50 })(server.url)).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });

  it('a timeout is not retried: a slow service tends to stay slow', async () => {
    const server = await serve(() => {});
    await expect(
      // Long enough for the first request to reach the server on a loaded 2-core machine.
      fetchFor(server, { timeoutMs: 500, retry: fast })(server.url),
    ).rejects.toBeInstanceOf(TimeoutError);
    // A retry would be a second request; the first may not have been read when the abort came.
    expect(server.requests.length).toBeLessThanOrEqual(1);
  });

  it('a per-call timeoutMs overrides the one of the fetch', async () => {
    const server = await serve(() => {});
    await expect(
      fetchFor(server, { timeoutMs: 10_000 })(server.url, { timeoutMs: 30 }),
    ).rejects.toMatchObject({ name: 'TimeoutError', timeoutMs: 30 });
  });

  it.each([0, 2 ** 31])('timeoutMs %d means no timeout', async (timeoutMs) => {
    // setTimeout would fire at once for 2^31 ms and more.
    const server = await serve((_, res) => {
      setTimeout(() => send(res, 200, {}), 30);
    });
    expect((await fetchFor(server, { timeoutMs })(server.url)).status).toBe(200);
  });

  it('an AbortSignal ends the call with an AbortError', async () => {
    const server = await serve(() => {});
    const controller = new AbortController();
    const call = fetchFor(server)(server.url, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await call.catch((e) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error.name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(TimeoutError);
  });

  it('the abort reason is passed through, also during a backoff wait', async () => {
    const server = await serve((_, res) => send(res, 503, {}, { 'retry-after': '5' }));
    const reason = new Error('user navigated away');
    const controller = new AbortController();
    const call = fetchFor(server, { retry: { maxDelayMs: 10_000 } })(server.url, {
      signal: controller.signal,
    });
    // Abort once the first answer has arrived, i.e. during the 5 s backoff wait.
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: 30_000 });
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(server.requests).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const server = await serve((_, res) => send(res, 200, {}));
    await expect(
      fetchFor(server)(server.url, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('headers and answers', () => {
  it('sends the default headers; the request’s own win', async () => {
    const server = await serve((_, res) => send(res, 200, {}));
    await fetchFor(server, { headers: { 'x-trace': 'a', 'x-app': 'b' } })(server.url, {
      headers: { 'x-trace': 'c' },
    });
    expect(server.requests[0]?.headers).toMatchObject({ 'x-trace': 'c', 'x-app': 'b' });
  });

  it('hands back the answer fully read, status line and headers kept', async () => {
    const server = await serve((_, res) => send(res, 404, { message: 'no' }, { 'x-id': '7' }));
    const response = await fetchFor(server)(server.url);
    expect(response).toMatchObject({ status: 404, statusText: 'Not Found' });
    expect(response.headers.get('x-id')).toBe('7');
    expect(await response.text()).toBe('{"message":"no"}');
  });

  it('a 204 stays without a body', async () => {
    const server = await serve((_, res) => send(res, 204));
    const response = await fetchFor(server)(server.url);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('uses the fetch it is given', async () => {
    const server = await serve((_, res) => send(res, 200, {}));
    const custom = vi.fn(fetch);
    await fetchFor(server, { fetch: custom })(server.url);
    expect(custom).toHaveBeenCalledOnce();
  });
});

describe('secret', () => {
  const key = 'sk-test-0123456789abcdef';
  const secret = ['x-api-key', key] as const;

  /** Every way an error is looked at: none may show the secret. */
  function expectNoKey(error: unknown) {
    const views = [
      JSON.stringify(error),
      String(error),
      inspect(error, { depth: 20, showHidden: true }),
      (error as Error).stack,
      (error as Error).message,
    ];
    for (let e = error as { cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      views.push(String(e), inspect(e, { depth: 20 }), JSON.stringify(e) ?? '');
    }
    for (const view of views) expect(view).not.toContain(key);
  }

  it("is sent to the base URL's origin only, even when a request names it itself", async () => {
    const home = await serve((_, res) => send(res, 200, {}));
    const elsewhere = await serve((_, res) => send(res, 200, {}));
    const policy = fetchFor(home, { secret });
    await policy(`${home.url}/x`);
    await policy(`${elsewhere.url}/x`, { headers: { 'x-api-key': key } });
    expect(home.requests[0]?.headers['x-api-key']).toBe(key);
    expect(elsewhere.requests[0]?.headers).not.toHaveProperty('x-api-key');
  });

  it('while it is attached, a redirect is not followed: a RedirectError', async () => {
    const elsewhere = await serve((_, res) => send(res, 200, {}));
    const home = await serve((req, res) =>
      send(res, 302, undefined, { location: `${elsewhere.url}${req.url}` }),
    );
    const error = await fetchFor(home, { secret })(home.url).catch((e) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({
      status: 302,
      location: `${elsewhere.url}/`,
      url: `${home.url}/`,
    });
    expect(elsewhere.requests).toHaveLength(0);
    expectNoKey(error);
  });

  it('a custom fetch is asked not to follow redirects while it is attached', async () => {
    const elsewhere = await serve((_, res) => send(res, 200, {}));
    const home = await serve((req, res) =>
      send(res, 307, undefined, { location: `${elsewhere.url}${req.url}` }),
    );
    const seen: RequestRedirect[] = [];
    const policy = fetchFor(home, {
      secret,
      fetch: (input, init) => {
        seen.push(init?.redirect ?? 'follow');
        return fetch(input, init);
      },
    });
    await expect(policy(home.url)).rejects.toBeInstanceOf(RedirectError);
    expect(seen).toEqual(['manual']);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('redirects are followed as usual without one', async () => {
    const elsewhere = await serve((_, res) => send(res, 200, {}));
    const home = await serve((req, res) =>
      send(res, 302, undefined, { location: `${elsewhere.url}${req.url}` }),
    );
    expect((await fetchFor(home)(home.url)).status).toBe(200);
    expect(elsewhere.requests).toHaveLength(1);
  });

  it('an answer that echoes it is scrubbed', async () => {
    const server = await serve((req, res) =>
      send(res, 401, { message: `bad key ${req.headers['x-api-key']}` }),
    );
    const response = await fetchFor(server, { secret })(server.url);
    expect(await response.json()).toEqual({ message: 'bad key [redacted]' });
  });

  it('a fetch failure that mentions it is scrubbed, cause chain included', async () => {
    const policy = createFetch({
      baseUrl: 'http://127.0.0.1:9',
      secret,
      retry: false,
      client: CLIENT,
      fetch: async (_, init) => {
        const sent = new Headers(init?.headers).get('x-api-key');
        throw new TypeError('fetch failed', {
          cause: new Error(`socket closed for ${sent}`, { cause: `string ${sent}` }),
        });
      },
    });
    const error = await policy('http://127.0.0.1:9/x').catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(String(error.cause)).toBe('TypeError: fetch failed');
    expect(error.cause.cause.message).toBe('socket closed for [redacted]');
    expect(error.cause.cause.cause).toBe('string [redacted]');
    expectNoKey(error);
  });

  it('a fetch failure that does not mention it is kept as it is', async () => {
    const failure = new TypeError('fetch failed');
    const policy = createFetch({
      baseUrl: 'http://127.0.0.1:9',
      secret,
      retry: false,
      client: CLIENT,
      fetch: async () => {
        throw failure;
      },
    });
    await expect(policy('http://127.0.0.1:9/x')).rejects.toMatchObject({ cause: failure });
  });

  it('a URL that carries it is scrubbed in errors', async () => {
    const server = await serve(() => {});
    const error = await fetchFor(server, { secret, timeoutMs: 20 })(
      `${server.url}/x?key=${key}`,
    ).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.url).toBe(`${server.url}/x?key=[redacted]`);
    expectNoKey(error);
  });
});
