import { checkPrepared, planOperation } from './checkParameters.js';
import type { Transport } from './createFetch.js';
import { type ErrorBody, httpErrorClass, ParseError } from './errors.js';
import { retryAfterMs } from './retryAfterMs.js';
import type { OperationPlan, OperationSpec } from './spec.js';
import type { OperationMethods, OperationShape } from './types.js';

/** Per-call options of every operation method. */
export type CallOptions = {
  /** Ends the call; the promise rejects with the signal's reason (an `AbortError` by default). */
  signal?: AbortSignal | undefined;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number | undefined;
  /**
   * Added to this call's request, over the client's `headers`. A credential-named one is sent
   * to the client's origin only and scrubbed from errors, as the client's own are.
   */
  headers?: Record<string, string> | undefined;
};

/** Checks a parsed success body; throws or reports what does not match. See a client's `./validate` entry point. */
export type ResponseValidator = (response: {
  operationId: string;
  url: string;
  body: unknown;
}) => void;

/**
 * Where a core keeps its request function; a symbol, so a client's own keys stay its operations.
 * No description: every bundle would carry it, and only a debugger shows it.
 */
export const CORE: unique symbol = Symbol() as never;

/** Sends one call of an operation and resolves to its parsed success body. */
export type CoreRequest = (
  plan: OperationPlan,
  params: Record<string, unknown> | undefined,
  options: CallOptions | undefined,
) => Promise<unknown>;

/**
 * What the one-call functions (`listValidators(core, params)`) run on: the transport, base URL,
 * validator and package name of one client. `Api` tells one client's core from another's.
 */
export interface RestCore<Api extends string = string> {
  readonly [CORE]: CoreRequest & { readonly api?: Api };
}

/**
 * The untyped form of a one-call function; a client's generated code gives each its own
 * parameter and result types.
 */
export type OperationFunction = (
  core: RestCore,
  params?: object,
  options?: CallOptions,
) => Promise<never>;

/**
 * A core over `send`: check the parameters, send, parse, and turn failures into the shared error
 * classes, each carrying `client` (the package name of the client).
 */
export function createCore<Api extends string>(
  send: Transport,
  baseUrl: string,
  validate: ResponseValidator | 'off' | undefined,
  client: string,
): RestCore<Api> {
  const base = baseUrl.replace(/\/+$/, '');
  const request: CoreRequest = async (plan, params = {}, options = {}) => {
    const { id, m: method = 'GET', p: path, n: names, q: query, b: bodyAt = names.length } = plan;
    const values = checkPrepared(plan, params, client);
    // encodeURIComponent keeps `/`, `?`, `#` and `../` inside the one segment they belong to; the
    // checks have refused a lone UTF-16 surrogate, the one thing it cannot encode.
    let url = base;
    for (const part of path)
      url += typeof part === 'number' ? encodeURIComponent(values[part] as string) : part;
    // Query in the spec's order; arrays use the spec's default style (form, exploded): name=a&name=b.
    let separator = '?';
    // A value is never null here (the checks leave null out), and an array's items are scalars.
    for (let at = query; at < bodyAt; at++)
      for (const item of [values[at] ?? []].flat()) {
        url += `${separator}${names[at]}=${encodeURIComponent(item as string)}`;
        separator = '&';
      }
    // An operation with a body sends one even when no field is set.
    const body = plan.j?.(values, plan);
    const response = await send(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body && { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: body && JSON.stringify(body),
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });

    const { status, statusText, text } = response;
    const ok = status > 199 && status < 300;
    let data: unknown;
    let parsed = true;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = false;
    }
    // A success the spec answers without a body (`e`) resolves to undefined; any other needs one.
    if (ok && parsed && (data !== undefined || plan.e)) {
      if (typeof validate === 'function' && !plan.e) validate({ operationId: id, url, body: data });
      return data;
    }
    const details = `${method} ${url} answered ${status}`;
    const name = statusText || `HTTP ${status}`;
    const parseError =
      (!parsed || ok) &&
      new ParseError(`the ${status} answer's body ${parsed ? 'is empty' : 'is not JSON'}`, {
        client,
        details,
        status,
        error: name,
        body: text.slice(0, 1000),
        url,
      });
    // A failure status stays its own class (a gateway's HTML 502 is a ServerError); the body that
    // could not be read is its cause.
    if (parseError && ok) throw parseError;
    // The body is { statusCode, error, message } where message is a string or a list of strings.
    const reported = (parsed && (data as { message?: unknown; error?: unknown })) || {};
    const message = [reported.message]
      .flat()
      .filter((m) => typeof m === 'string')
      .join('; ');
    // 5XX share one class but 501; a status without a class of its own is a plain HttpError.
    throw new (httpErrorClass(status))(message || name, {
      client,
      details,
      status,
      error: typeof reported.error === 'string' ? reported.error : name,
      body: parsed ? (data as ErrorBody) : text.slice(0, 1000),
      url,
      cause: parseError || undefined,
      // Only a RateLimitError has the field.
      ...(status === 429 && { retryAfterMs: retryAfterMs(response.headers.get('retry-after')) }),
    });
  };
  return { [CORE]: request };
}

/** One operation as a function of a core: `listValidators(core, params, options)`. */
export function operation(plan: OperationPlan): OperationFunction {
  return (core, params, options) =>
    core[CORE](plan, params as Record<string, unknown> | undefined, options) as Promise<never>;
}

/**
 * The client form of a core: one method per function of `functions` (made by {@link operation}),
 * named by its operationId, and the core itself.
 */
export function bindOperations<Methods, Core extends RestCore>(
  core: Core,
  functions: readonly ((core: Core, params: never, options?: CallOptions) => unknown)[],
): Methods & Core {
  const client: Record<string | symbol, unknown> = { [CORE]: core[CORE] };
  // A function hands its plan to its core's request: a stand-in core that returns the plan's id
  // tells its name, so the generated list needs no keys and operation() no property (issue 31).
  const named = { [CORE]: (plan: OperationPlan) => plan.id } as unknown as Core;
  for (const call of functions) {
    client[call(named, undefined as never) as string] = (params: never, options?: CallOptions) =>
      call(core, params, options);
  }
  return client as Methods & Core;
}

/**
 * Builds one method per operationId of `table` over a core made from `send`. `Operations` is
 * openapi-typescript's `operations` of the same spec, which types the methods.
 */
export function createOperations<Operations extends { [K in keyof Operations]: OperationShape }>(
  table: Readonly<Record<keyof Operations, OperationSpec>>,
  send: Transport,
  baseUrl: string,
  validate: ResponseValidator | 'off' | undefined,
  client: string,
): OperationMethods<Operations> & RestCore {
  return bindOperations<OperationMethods<Operations>, RestCore>(
    createCore(send, baseUrl, validate, client),
    Object.entries<OperationSpec>(table).map(([id, spec]) => operation(planOperation(id, spec))),
  );
}
