// The hostile-server suite: one table of misbehaving servers (real node:http and node:net on
// 127.0.0.1), run for every client through a small adapter (`Subject`). Each case must end in the
// documented typed error within its time limit, with the key in no error, cause, header or body
// that comes back, never at another origin, no unhandled rejection and no timer left behind.
//
// Time on a busy machine: a call that is not about time runs under a 30 s timeout it never
// reaches, so a slow machine cannot turn its error into a TimeoutError; the timeout cases use
// servers that never answer (or never finish), so the timeout is the only way out however slow
// the machine is; a `within` bound only has to be shorter than the failure it catches.

import { getEventListeners } from 'node:events';
import { createServer as createHttpServer, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import { inspect } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RetryOptions } from '../createFetch.js';

export const KEY = 'hostile-suite-key-0123456789abcdef';

export type CallSettings = {
  /** Passed as the call's `signal` by subjects that take one. */
  signal?: AbortSignal;
  timeoutMs: number;
  retry: RetryOptions | false;
  maxResponseBytes?: number;
};

/** What a client (or the contract runner) puts in front of the table. */
export type Subject = {
  protocol: 'rest' | 'jsonrpc';
  /** One call to `baseUrl` with the key attached (the client's way: apiKey or a header). */
  call(baseUrl: string, settings: CallSettings): Promise<unknown>;
  /** The body a good server answers to `request` (its JSON body for JSON-RPC). */
  good(request: { body: string }): string;
  /** Reads every page; `cursor` is what the server hands out as the next one. Absent: no paginator. */
  paginate?(baseUrl: string, settings: CallSettings): Promise<unknown>;
  /** One page whose next cursor is `cursor`. */
  page?(request: { body: string }, cursor: string, index: number): string;
  /** Cases where this subject documents another outcome (the contract runner retries only 429). */
  overrides?: Record<string, Partial<Case>>;
  /** Whether `call` passes `settings.signal` on (the clients do; the contract runner has none). */
  abortable?: boolean;
  /** A two-call JSON-RPC batch (jsonrpc only). */
  batch?(baseUrl: string, settings: CallSettings): Promise<unknown>;
};

type Reply = (request: { body: string; url: string; index: number }, res: ServerResponse) => void;

export type Case = {
  /** The error's `name`, or `ok` for an answer that must resolve. */
  want: string;
  reply?: Reply;
  /** A raw TCP server instead of HTTP. */
  net?: (socket: import('node:net').Socket) => void;
  settings?: Partial<CallSettings>;
  /** How many requests the server must have seen. */
  requests?: number;
  /** Longest the case may take, ms (default 20 s: far below a case's failure, far above a slow machine's call). */
  within?: number;
  /** At least this long, ms (a Retry-After that was honoured). */
  atLeast?: number;
  paginate?: boolean;
  batch?: boolean;
  only?: 'rest' | 'jsonrpc';
  check?: (error: Record<string, unknown>) => void;
};

const json = (res: ServerResponse, status: number, body: string, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
};
/** A JSON-RPC answer built from the request with `change` applied. */
const rpcWith =
  (change: (answer: Record<string, unknown>) => void): Reply =>
  (req, res) => {
    const { id } = JSON.parse(req.body) as { id: number };
    const answer: Record<string, unknown> = { jsonrpc: '2.0', id, result: '1.0' };
    change(answer);
    json(res, 200, JSON.stringify(answer));
  };

const retryAfter =
  (value: string): Reply =>
  (_, res) =>
    json(res, 429, '{"message":"slow down"}', { 'retry-after': value });

/** The cases; `subject` supplies the good answers. */
function cases(subject: Subject): [string, Case][] {
  const good: Reply = (req, res) => json(res, 200, subject.good(req));
  return [
    [
      'HTML 502',
      {
        want: 'ServerError',
        reply: (_, res) => {
          res.writeHead(502, { 'content-type': 'text/html' });
          res.end('<html><body>502 Bad Gateway</body></html>');
        },
        check: (e) => expect((e.cause as Error)?.name).toBe('ParseError'),
      },
    ],
    ['empty 200', { want: 'ParseError', reply: (_, res) => json(res, 200, '') }],
    ['truncated JSON', { want: 'ParseError', reply: (_, res) => json(res, 200, '{"a":[1,2') }],
    ['headers never sent', { want: 'TimeoutError', net: () => {}, settings: { timeoutMs: 300 } }],
    [
      'body hangs',
      {
        want: 'TimeoutError',
        settings: { timeoutMs: 300 },
        reply: (_, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"a":');
        },
      },
    ],
    [
      'reset mid-body',
      {
        want: 'ConnectionError',
        settings: { retry: false },
        reply: (_, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
          res.write('{"a":');
          setTimeout(() => res.socket?.destroy(), 20);
        },
      },
    ],
    [
      'oversized body, streamed',
      {
        want: 'ResponseTooLargeError',
        settings: { maxResponseBytes: 1 << 20 },
        reply: (_, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          const chunk = Buffer.alloc(64 * 1024, 32);
          let sent = 0;
          // Keeps sending (64 MiB in all) unless the client stops reading: it must stop at 1 MiB.
          const more = () => {
            while (sent < 1024 && res.write(chunk)) sent++;
            if (sent < 1024 && !res.destroyed) res.once('drain', more);
            else res.end();
          };
          more();
        },
      },
    ],
    [
      'oversized body, declared',
      {
        want: 'ResponseTooLargeError',
        settings: { maxResponseBytes: 1000 },
        reply: (_, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
          res.end(`"${'x'.repeat(4998)}"`);
        },
      },
    ],
    [
      '429 with seconds',
      {
        want: 'RateLimitError',
        reply: retryAfter('1'),
        settings: { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5000 } },
        requests: 2,
        atLeast: 950,
        check: (e) => expect(e.retryAfterMs).toBe(1000),
      },
    ],
    [
      '429 with an HTTP-date',
      {
        want: 'RateLimitError',
        reply: (r, res) => retryAfter(new Date(Date.now() + 1500).toUTCString())(r, res),
        settings: { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5000 } },
        requests: 2,
        atLeast: 400,
      },
    ],
    [
      '429 with a huge Retry-After',
      {
        want: 'RateLimitError',
        reply: retryAfter('99999999'),
        // Waiting (even capped at maxDelayMs) would outlast `within`.
        settings: { retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 60_000 } },
        requests: 1,
      },
    ],
    ...['later 5', '0x10', '1e3', '-1'].map((value): [string, Case] => [
      `429 with garbage Retry-After ${JSON.stringify(value)}`,
      {
        want: 'RateLimitError',
        reply: retryAfter(value),
        // Read as a delay (capped at 60 s), two waits would outlast `within`.
        settings: { retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 60_000 } },
        requests: 3,
      },
    ]),
    [
      '503 then 200',
      {
        want: 'ok',
        reply: (req, res) => (req.index ? good(req, res) : json(res, 503, '{"message":"busy"}')),
        settings: { retry: { attempts: 2, baseDelayMs: 1 } },
        requests: 2,
      },
    ],
    [
      'a body trickling forever',
      {
        // A byte every 100 ms never lets an idle timer fire: only a deadline for the whole
        // call ends it (else the case runs into `within`).
        want: 'TimeoutError',
        settings: { timeoutMs: 500 },
        reply: (_, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          const timer = setInterval(
            () => (res.destroyed ? clearInterval(timer) : res.write(' ')),
            100,
          );
          res.on('close', () => clearInterval(timer));
        },
      },
    ],
    [
      'a gzip body that fails to decompress',
      {
        want: 'ParseError',
        requests: 1,
        reply: (_, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
          res.end(
            Buffer.concat([
              gzipSync('{"a":1}').subarray(0, 10),
              Buffer.from('garbage that is not deflate'),
            ]),
          );
        },
      },
    ],
    [
      'a server echoing the key',
      {
        want: 'UnauthorizedOrHttp',
        reply: (_, res) => {
          res.writeHead(401, {
            'content-type': 'text/html',
            'x-echo': KEY,
            'www-authenticate': `Key ${KEY}`,
          });
          res.end(`<p>bad key ${KEY}</p>`);
        },
      },
    ],
    [
      'looping cursor',
      {
        want: 'PaginationError',
        paginate: true,
        reply: (req, res) => json(res, 200, subject.page?.(req, 'A', req.index) ?? ''),
      },
    ],
    [
      'cycling cursors (A, B, A)',
      {
        want: 'PaginationError',
        paginate: true,
        requests: 3,
        reply: (req, res) =>
          json(res, 200, subject.page?.(req, 'ABAB'[req.index] as string, req.index) ?? ''),
      },
    ],
    [
      'JSON-RPC id mismatch',
      {
        want: 'IdMismatchError',
        only: 'jsonrpc',
        reply: rpcWith((a) => {
          a.id = (a.id as number) + 1000;
        }),
      },
    ],
    [
      'JSON-RPC without jsonrpc',
      {
        want: 'ParseError',
        only: 'jsonrpc',
        reply: rpcWith((a) => {
          delete a.jsonrpc;
        }),
      },
    ],
    [
      'JSON-RPC with result and error',
      {
        want: 'ParseError',
        only: 'jsonrpc',
        reply: rpcWith((a) => {
          a.error = { code: -32000, message: 'x' };
        }),
      },
    ],
    [
      'JSON-RPC error with a non-integer code',
      {
        want: 'ParseError',
        only: 'jsonrpc',
        reply: rpcWith((a) => {
          delete a.result;
          a.error = { code: 1.5, message: 'x' };
        }),
      },
    ],
    [
      'JSON-RPC batch answered out of order',
      {
        want: 'ok',
        only: 'jsonrpc',
        batch: true,
        reply: (req, res) => {
          const calls = JSON.parse(req.body) as { id: number }[];
          json(
            res,
            200,
            JSON.stringify(
              calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: { n: c.id } })).reverse(),
            ),
          );
        },
      },
    ],
    [
      'JSON-RPC batch with a wrong id set',
      {
        want: 'IdMismatchError',
        only: 'jsonrpc',
        batch: true,
        reply: (req, res) => {
          const calls = JSON.parse(req.body) as { id: number }[];
          json(
            res,
            200,
            JSON.stringify(
              calls.map((c, i) => ({ jsonrpc: '2.0', id: i ? c.id : -1, result: {} })),
            ),
          );
        },
      },
    ],
  ];
}

/** Every way an error can be looked at. */
function views(error: unknown): string[] {
  const out = [String(error), inspect(error, { depth: 20, showHidden: true })];
  for (
    let e = error as { cause?: unknown } | undefined, i = 0;
    e && i < 10;
    e = e.cause as typeof e, i++
  ) {
    out.push(
      String(e),
      inspect(e, { depth: 20 }),
      JSON.stringify(e) ?? '',
      String((e as Error).stack),
    );
  }
  return out;
}

type Running = {
  url: string;
  requests: { body: string; url: string; headers: Record<string, unknown> }[];
  close(): Promise<void>;
};

async function startHttp(reply: Reply): Promise<Running> {
  const requests: Running['requests'] = [];
  const server: Server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      requests.push({ body, url: req.url ?? '', headers: req.headers });
      reply({ body, url: req.url ?? '', index: requests.length - 1 }, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function startNet(onSocket: (s: import('node:net').Socket) => void): Promise<Running> {
  const requests: Running['requests'] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server: NetServer = createNetServer((socket) => {
    sockets.add(socket);
    socket.once('data', (d) => requests.push({ body: String(d), url: '', headers: {} }));
    onSocket(socket);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** Registers the suite for one subject. */
export function hostileSuite(name: string, subject: Subject): void {
  describe(`hostile servers: ${name}`, () => {
    const running: Running[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    let elsewhere: Running;
    beforeAll(async () => {
      process.on('unhandledRejection', onUnhandled);
      elsewhere = await startHttp((req, res) => json(res, 200, subject.good(req)));
    });
    afterEach(async () => {
      await Promise.all(running.splice(0).map((s) => s.close()));
    });
    afterAll(async () => {
      process.off('unhandledRejection', onUnhandled);
      await elsewhere.close();
      expect(unhandled).toEqual([]);
    });

    const base: CallSettings = {
      timeoutMs: 30_000,
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 100 },
    };
    const table = cases(subject)
      .filter(
        ([, c]) => (!c.only || c.only === subject.protocol) && (!c.paginate || subject.paginate),
      )
      .map(([name, c]): [string, Case] => [name, { ...c, ...subject.overrides?.[name] }]);

    it.each(table)('%s', async (_, c) => {
      const server = c.net ? await startNet(c.net) : await startHttp(c.reply as Reply);
      running.push(server);
      const settings = { ...base, ...c.settings };
      const started = performance.now();
      const run = c.paginate ? subject.paginate : c.batch ? subject.batch : subject.call;
      const outcome = await (run as Subject['call'])(server.url, settings).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      const took = performance.now() - started;
      if (c.want === 'ok') {
        expect(outcome).toHaveProperty('value');
      } else {
        expect(outcome).toHaveProperty('error');
        const error = (outcome as { error: Record<string, unknown> }).error;
        if (c.want === 'UnauthorizedOrHttp')
          expect(['UnauthorizedError', 'HttpError']).toContain(error.name);
        else expect(error.name, String(error)).toBe(c.want);
        expect(error).toBeInstanceOf(Error);
        for (const view of views(error)) expect(view).not.toContain(KEY);
        c.check?.(error);
      }
      if (c.requests !== undefined) expect(server.requests).toHaveLength(c.requests);
      expect(took).toBeLessThan(c.within ?? 20_000);
      if (c.atLeast) expect(took).toBeGreaterThanOrEqual(c.atLeast);
    });

    it.each([301, 302, 307, 308])(
      'a cross-origin %i redirect with the key attached is refused',
      async (status) => {
        const server = await startHttp((req, res) => {
          res.writeHead(status, { location: `${elsewhere.url}${req.url}` });
          res.end();
        });
        running.push(server);
        const before = elsewhere.requests.length;
        const error = await subject.call(server.url, base).catch((e: unknown) => e);
        expect((error as Error).name).toBe('RedirectError');
        for (const view of views(error)) expect(view).not.toContain(KEY);
        expect(elsewhere.requests.length).toBe(before);
      },
    );

    it('the key is sent to its own origin', async () => {
      const server = await startHttp((req, res) => json(res, 200, subject.good(req)));
      running.push(server);
      await subject.call(server.url, base);
      expect(JSON.stringify(server.requests[0]?.headers)).toContain(KEY);
    });

    it('many calls on one signal leave no listener and no timer behind', async () => {
      const server = await startHttp((req, res) => json(res, 200, subject.good(req)));
      running.push(server);
      const warnings: Error[] = [];
      const onWarning = (w: Error) => warnings.push(w);
      process.on('warning', onWarning);
      const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
      const before = timers();
      // One signal for all calls: a listener left on it per call would warn past 10.
      const signal = new AbortController().signal;
      try {
        for (let i = 0; i < 60; i++) await subject.call(server.url, { ...base, signal });
        await new Promise((r) => setImmediate(r));
        expect(getEventListeners(signal, 'abort')).toHaveLength(0);
        expect(timers()).toBeLessThanOrEqual(before);
        expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
      } finally {
        process.off('warning', onWarning);
      }
    });

    if (subject.abortable)
      it('an abort during a backoff wait rejects at once with its reason and leaves no timer', async () => {
        let answered: () => void = () => {};
        const sent = new Promise<void>((r) => {
          answered = r;
        });
        // A 60 s backoff: a call that waited it out would outlast the test.
        const server = await startHttp((_, res) => {
          res.once('finish', answered);
          json(res, 503, '{"message":"busy"}', { 'retry-after': '60' });
        });
        running.push(server);
        const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
        const before = timers();
        const controller = new AbortController();
        const reason = new Error('user left');
        const call = subject.call(server.url, {
          ...base,
          signal: controller.signal,
          retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 120_000 },
        });
        await sent;
        // The client reads the 503 and starts its wait; an abort a little earlier ends the
        // same way (the reason, one request), so this pause only makes the case the usual one.
        await new Promise((r) => setTimeout(r, 50));
        const started = performance.now();
        controller.abort(reason);
        await expect(call).rejects.toBe(reason);
        expect(performance.now() - started).toBeLessThan(20_000);
        expect(server.requests).toHaveLength(1);
        expect(timers()).toBeLessThanOrEqual(before);
      });

    it('after a timeout no timer keeps the process alive', async () => {
      const server = await startNet(() => {});
      running.push(server);
      const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
      await subject.call(server.url, { ...base, timeoutMs: 200 }).catch(() => {});
      expect(
        process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length,
      ).toBeLessThanOrEqual(before);
    });
  });
}
