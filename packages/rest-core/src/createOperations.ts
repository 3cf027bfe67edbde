import { checkParameters } from './checkParameters.js';
import type { Transport } from './createFetch.js';
import type { ApiError, ErrorClasses, RateLimitErrorClass } from './errors.js';
import { retryAfterMs } from './retryAfterMs.js';
import type { OperationSpec } from './spec.js';
import type { OperationMethods, OperationShape } from './types.js';

/** Per-call options of every operation method. */
export type CallOptions = {
  /** Ends the call; the promise rejects with the signal's reason (an `AbortError` by default). */
  signal?: AbortSignal | undefined;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number | undefined;
};

/** Checks a parsed success body; throws or reports what does not match. See a client's `./validate` entry point. */
export type ResponseValidator = (response: {
  operationId: string;
  url: string;
  body: unknown;
}) => void;

const JSON_TYPE = 'application/json';

type Method = (params?: Record<string, unknown>, options?: CallOptions) => Promise<unknown>;

/**
 * Builds one method per operationId of `table`: check the parameters, send, parse, and turn
 * failures into the client's `errors`. `Operations` is openapi-typescript's `operations` of the
 * same spec, which types the methods.
 */
export function createOperations<Operations extends { [K in keyof Operations]: OperationShape }>(
  table: Readonly<Record<keyof Operations, OperationSpec>>,
  send: Transport,
  baseUrl: string,
  validate: ResponseValidator | 'off' | undefined,
  errors: ErrorClasses,
): OperationMethods<Operations> {
  const base = baseUrl.replace(/\/+$/, '');
  const methods: Record<string, Method> = {};
  for (const [operationId, operation] of Object.entries<OperationSpec>(table)) {
    methods[operationId] = async (params = {}, options = {}) => {
      checkParameters(operationId, operation, params, errors.ParameterError);
      const { method = 'GET', query = {} } = operation;
      // encodeURIComponent keeps `/`, `?`, `#` and `../` inside the one segment they belong to;
      // it throws a bare URIError for a lone UTF-16 surrogate, which no URL can carry.
      const encode = (name: string, value: unknown) => {
        try {
          return encodeURIComponent(String(value));
        } catch {
          throw new errors.ParameterError(
            operationId,
            name,
            value,
            'wellFormedUnicode',
            `${name}: ${JSON.stringify(value)} holds a lone UTF-16 surrogate, which cannot be sent (${operationId})`,
          );
        }
      };
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encode(name, params[name]),
      );
      // Arrays use the spec's default style (form, exploded): name=a&name=b.
      const search = Object.keys(query)
        .flatMap((name) =>
          [params[name] ?? []].flat().map((item) => `${name}=${encode(name, item)}`),
        )
        .join('&');
      const body =
        operation.body &&
        Object.fromEntries(
          Object.keys(operation.body).flatMap((name) =>
            params[name] == null ? [] : [[name, params[name]]],
          ),
        );
      const url = `${base}${path}${search ? `?${search}` : ''}`;
      const response = await send(url, {
        method,
        headers: { accept: JSON_TYPE, ...(body && { 'content-type': JSON_TYPE }) },
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
      const details = `${method} ${url} answered ${status}`;
      const name = statusText || `HTTP ${status}`;
      const parseError =
        (!parsed || (ok && data === undefined)) &&
        new errors.ParseError(
          status,
          name,
          `the ${status} answer's body ${parsed ? 'is empty' : 'is not JSON'}`,
          text.slice(0, 1000),
          url,
          { details },
        );
      // A failure status stays its own class (a gateway's HTML 502 is a ServerError); the body that
      // could not be read is its cause.
      if (parseError && ok) throw parseError;
      if (ok) {
        if (typeof validate === 'function') validate({ operationId, url, body: data });
        return data;
      }
      // The body is { statusCode, error, message } where message is a string or a list of strings.
      const reported = (parsed && (data as { message?: unknown; error?: unknown })) || {};
      const message = [reported.message]
        .flat()
        .filter((m) => typeof m === 'string')
        .join('; ');
      // 5XX share one class; a status without a class of its own is a plain ApiError.
      const Class: new (...args: ConstructorParameters<RateLimitErrorClass>) => ApiError =
        errors[(status > 499 ? 500 : status) as 400 | 429] ?? errors.ApiError;
      throw new Class(
        status,
        typeof reported.error === 'string' ? reported.error : name,
        message || name,
        parsed ? data : text.slice(0, 1000),
        url,
        {
          details,
          retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
          cause: parseError || undefined,
        },
      );
    };
  }
  return methods as OperationMethods<Operations>;
}
