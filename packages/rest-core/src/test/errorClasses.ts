// Checks the error classes a client package exports: they are declared once per package on top of
// this package's functions, and users match on their names, instanceof and fields.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';

type ErrorClass = new (...args: never[]) => Error & Record<string, unknown>;

const apiArgs = [404, 'Not Found', 'no block', { message: 'no block' }, 'https://host/x'] as const;

/** Each class a client exports, built with sample arguments, and the fields it then has. */
const samples: Record<string, { args: unknown[]; fields: Record<string, unknown> }> = {
  BadRequestError: { args: [...apiArgs], fields: {} },
  UnauthorizedError: { args: [...apiArgs], fields: {} },
  ForbiddenError: { args: [...apiArgs], fields: {} },
  NotFoundError: { args: [...apiArgs], fields: {} },
  ServerError: { args: [...apiArgs], fields: {} },
  ParseError: { args: [...apiArgs], fields: {} },
  RateLimitError: {
    args: [429, 'Too Many Requests', 'slow down', {}, 'https://host/x', { retryAfterMs: 5 }],
    fields: { retryAfterMs: 5 },
  },
  TimeoutError: {
    args: [50, 'https://host/x'],
    fields: { message: 'no answer within 50 ms', timeoutMs: 50, url: 'https://host/x' },
  },
  ConnectionError: {
    args: ['connection failed', 'https://host/x', { cause: new Error('reset') }],
    fields: { url: 'https://host/x', cause: new Error('reset') },
  },
  ParameterError: {
    args: ['getBlock', 'blockId', '.', 'pathSegment', 'blockId: "." is bad', 'why'],
    fields: {
      operation: 'getBlock',
      parameter: 'blockId',
      value: '.',
      rule: 'pathSegment',
      details: 'why',
    },
  },
  RedirectError: {
    args: [301, 'https://other/x', 'https://host/x'],
    fields: {
      status: 301,
      location: 'https://other/x',
      url: 'https://host/x',
      message:
        'https://host/x answered 301 to https://other/x; not followed while an api key is attached',
    },
  },
  ResponseTooLargeError: {
    args: [10, 'https://host/x'],
    fields: {
      maxResponseBytes: 10,
      url: 'https://host/x',
      message: 'the answer of https://host/x is larger than maxResponseBytes (10)',
    },
  },
  PaginationError: {
    args: ['t', 3],
    fields: { pageToken: 't', page: 3, message: 'page 3 repeats an earlier page token' },
  },
  ResponseValidationError: {
    args: ['getBlock', 'https://host/x', ['body.a: missing']],
    fields: {
      operationId: 'getBlock',
      url: 'https://host/x',
      issues: ['body.a: missing'],
      message: 'the getBlock answer does not match the spec: body.a: missing',
    },
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
    [`HttpError`, { args: [...apiArgs], fields: {} }],
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
      const isApi = args.length >= 5 && typeof args[0] === 'number';
      expect(error instanceof Api).toBe(isApi || name === `HttpError`);
      expect(error.docsUrl).toBe(docsUrl);
      expect(error).toMatchObject(fields);
      if (isApi) {
        expect(error).toMatchObject({
          status: args[0],
          error: args[1],
          body: args[3],
          url: args[4],
        });
      }
      expect(inspect(error).startsWith(`${name}: ${error.message}\n`)).toBe(true);
      // The own fields, in the order they always had.
      expect(Object.keys(error).slice(0, 3)).toEqual(['name', 'docsUrl', 'details']);
    });

    it('the base class takes a message, details and a cause', () => {
      const cause = new Error('reset');
      const error = new Client('it failed', { details: 'more', cause });
      expect(error).toMatchObject({ message: 'it failed', details: 'more', cause });
      expect(new Client('no cause')).not.toHaveProperty('cause');
    });

    it('exports no other error class', () => {
      const names = Object.keys(exports).filter((key) => /Error$/.test(key));
      expect(names.sort()).toEqual(all.map(([name]) => name).sort());
    });
  });
}
