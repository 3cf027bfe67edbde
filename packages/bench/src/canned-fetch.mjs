// An in-process `fetch` that answers one fixed body, so a client's own cost per call is measured
// without a socket, a server or a scheduler in between. Nothing reaches a network: it never calls
// the real fetch. It records every request (method, URL and, for JSON-RPC, the method called) so
// the bench can prove each client made exactly the request expected, once per call.

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * @param {{ method: string, url: string, body: unknown, rpc?: boolean }} route
 *   The one request answered with `body` (200). With `rpc`, the request body is read, its `id`
 *   echoed in the answer (JSON-RPC clients check it) and its `method` recorded.
 */
export function createCannedFetch(route) {
  const text = JSON.stringify(route.body);
  const notFound = JSON.stringify({ message: 'not the benchmarked route', statusCode: 404 });
  /** Request key → count; a key is `METHOD url` (plus ` rpc-method` for JSON-RPC). */
  const requests = new Map();
  /** Raw URL string → its normalised form, parsed once per distinct string (keeps calls cheap). */
  const hrefs = new Map();
  const routeHref = new URL(route.url).href;

  const hrefOf = (url) => {
    let href = hrefs.get(url);
    if (href === undefined) {
      try {
        href = new URL(url).href;
      } catch {
        href = `(not a URL) ${url}`;
      }
      hrefs.set(url, href);
    }
    return href;
  };

  const count = (key) => requests.set(key, (requests.get(key) ?? 0) + 1);

  async function cannedFetch(input, init) {
    const request = input instanceof Request ? input : undefined;
    const url = hrefOf(request ? request.url : String(input));
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const signal = init?.signal ?? request?.signal;
    if (signal?.aborted) throw signal.reason ?? new DOMException('aborted', 'AbortError');
    if (!route.rpc) {
      count(`${method} ${url}`);
      const hit = method === route.method && url === routeHref;
      return new Response(hit ? text : notFound, {
        status: hit ? 200 : 404,
        headers: JSON_HEADERS,
      });
    }
    const raw = init?.body !== undefined ? init.body : request ? await request.text() : undefined;
    let call;
    try {
      call = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw));
    } catch {
      call = undefined;
    }
    count(`${method} ${url} ${call?.method ?? '(no JSON-RPC body)'}`);
    const hit = method === route.method && url === routeHref && call?.jsonrpc === '2.0';
    return new Response(hit ? JSON.stringify({ ...route.body, id: call.id ?? null }) : notFound, {
      status: hit ? 200 : 404,
      headers: JSON_HEADERS,
    });
  }

  return {
    fetch: cannedFetch,
    /** What was asked so far, as `[key, count]` pairs. */
    requests: () => [...requests],
  };
}

/**
 * Checks a client's requests: exactly `calls` of them, all the expected one. Returns a problem
 * as a sentence, or undefined when the log is right.
 *
 * @param {[string, number][]} requests
 * @param {string} expected the key (`METHOD url` or `METHOD url rpc-method`)
 * @param {number} calls
 */
export function requestProblem(requests, expected, calls) {
  const others = requests.filter(([key]) => key !== expected);
  if (others.length > 0)
    return `unexpected request ${others.map(([k, n]) => `${k} (×${n})`).join(', ')}; expected ${expected}`;
  const made = requests.find(([key]) => key === expected)?.[1] ?? 0;
  if (made !== calls) return `${made} requests for ${calls} calls; expected one request per call`;
  return undefined;
}
