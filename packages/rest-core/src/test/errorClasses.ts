// Checks the error classes a client package exports: they are declared once per package on top of
// this package's functions, and users match on their names, instanceof and fields.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';

type ErrorClass = new (...args: never[]) => Error & Record<string, unknown>;

const apiFields = {
  status: 404,
  error: 'Not Found',
  body: { message: 'no block' },
  url: 'https://host/x',
};
const apiArgs = ['no block', apiFields] as const;

/**
 * Each class a client exports, built as the runtime builds it (message, fields), and the fields
 * and own keys (in order) it then has.
 */
const samples: Record<string, { args: unknown[]; fields: Record<string, unknown> }> = {
  BadRequestError: { args: [...apiArgs], fields: apiFields },
  UnauthorizedError: { args: [...apiArgs], fields: apiFields },
  ForbiddenError: { args: [...apiArgs], fields: apiFields },
  NotFoundError: { args: [...apiArgs], fields: apiFields },
  ServerError: { args: [...apiArgs], fields: apiFields },
  ParseError: { args: [...apiArgs], fields: apiFields },
  RateLimitError: {
    args: ['slow down', { ...apiFields, status: 429, retryAfterMs: 5 }],
    fields: { ...apiFields, status: 429, retryAfterMs: 5 },
  },
  TimeoutError: {
    args: [
      'no answer within 50 ms',
      { details: 'https://host/x', timeoutMs: 50, url: 'https://host/x' },
    ],
    fields: { details: 'https://host/x', timeoutMs: 50, url: 'https://host/x' },
  },
  ConnectionError: {
    args: [
      'connection failed',
      { cause: new Error('reset'), url: 'https://host/x', code: undefined },
    ],
    fields: { url: 'https://host/x', code: undefined, cause: new Error('reset') },
  },
  ParameterError: {
    args: [
      'blockId: "." is bad',
      {
        details: 'why',
        operation: 'getBlock',
        parameter: 'blockId',
        value: '.',
        rule: 'pathSegment',
      },
    ],
    fields: {
      operation: 'getBlock',
      parameter: 'blockId',
      value: '.',
      rule: 'pathSegment',
      details: 'why',
    },
  },
  RedirectError: {
    args: ['moved', { status: 301, location: 'https://other/x', url: 'https://host/x' }],
    fields: { status: 301, location: 'https://other/x', url: 'https://host/x' },
  },
  ResponseTooLargeError: {
    args: ['too large', { maxResponseBytes: 10, url: 'https://host/x' }],
    fields: { maxResponseBytes: 10, url: 'https://host/x' },
  },
  PaginationError: {
    args: ['page 3 repeats', { details: 'nextPageToken t', pageToken: 't', page: 3 }],
    fields: { pageToken: 't', page: 3, details: 'nextPageToken t' },
  },
  ResponseValidationError: {
    args: [
      'no match',
      {
        details: 'body.a: missing',
        operationId: 'getBlock',
        url: 'https://host/x',
        issues: ['body.a: missing'],
      },
    ],
    fields: { operationId: 'getBlock', url: 'https://host/x', issues: ['body.a: missing'] },
  },
};

/**
 * Registers the tests of a client's error exports: `prefix` is `Data` for DataClientError and
 * the HttpError base of its status classes, `docsUrl` where its README explains them.
 */
export function testErrorClasses(
  exports: Record<string, unknown>,
  prefix: string,
  docsUrl: string,
): void {
  const Client = exports[`${prefix}ClientError`] as new (
    message: string,
    options?: { details?: string; cause?: unknown },
  ) => Error;
  const Api = exports.HttpError as ErrorClass;
  const all: [string, { args: unknown[]; fields: Record<string, unknown> }][] = [
    [`${prefix}ClientError`, { args: ['it failed', { details: 'more' }], fields: {} }],
    [`HttpError`, { args: [...apiArgs], fields: apiFields }],
    ...Object.entries(samples),
  ];

  describe('error classes', () => {
    it.each(all)('%s: name, class name, base classes, fields', (name, { args, fields }) => {
      const Class = exports[name] as ErrorClass;
      expect(typeof Class).toBe('function');
      // Node's inspect and stack traces show the class name next to `name` when they differ.
      expect(Class.name).toBe(name);
      const error = new Class(...(args as never[]));
      expect(error.name).toBe(name);
      expect(error).toBeInstanceOf(Error);
      expect(error).toBeInstanceOf(Client);
      const isApi =
        typeof (args[1] as { status?: unknown }).status === 'number' &&
        'error' in (args[1] as object);
      expect(error instanceof Api).toBe(isApi || name === `HttpError`);
      expect(error.docsUrl).toBe(docsUrl);
      expect(error).toMatchObject(fields);
      expect(error.message).toBe(args[0]);
      expect(inspect(error).startsWith(`${name}: ${error.message}\n`)).toBe(true);
      // The own fields, in the order they always had: the base's, then the class's own; a cause is
      // not enumerable, and a class has no field of another (no retryAfterMs on a NotFoundError).
      const own = Object.keys((args[1] ?? {}) as object).filter(
        (k) => k !== 'cause' && k !== 'details',
      );
      expect(Object.keys(error)).toEqual(['name', 'docsUrl', 'details', ...own]);
      expect(Object.getOwnPropertyDescriptor(error, 'cause')?.enumerable ?? false).toBe(false);
    });

    it('the base class takes a message, details and a cause', () => {
      const cause = new Error('reset');
      const error = new Client('it failed', { details: 'more', cause });
      expect(error).toMatchObject({ message: 'it failed', details: 'more', cause });
      expect(new Client('no cause')).not.toHaveProperty('cause');
      expect(new Client('undefined cause', { cause: undefined })).not.toHaveProperty('cause');
      expect(new Client('no details')).toHaveProperty('details', undefined);
    });

    it('exports no other error class', () => {
      const names = Object.keys(exports).filter((key) => /Error$/.test(key));
      expect(names.sort()).toEqual(all.map(([name]) => name).sort());
    });
  });
}
