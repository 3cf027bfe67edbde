// Checks the error classes a client package exports: the shared classes of @avalanche-api/rest-core
// (the same objects, so instanceof holds across clients), and the package's own brand class, which
// matches only the errors that package threw. Users match on names, instanceof and fields.
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';

/** Where an error of `pkg` named `name` points: its README, at the heading `### <name>`. */
const errorDocsUrl = (pkg: string, name: string) =>
  `https://github.com/avalanche-api/avalanche-api/tree/main/packages/${pkg.replace('@avalanche-api/', '')}#${name.toLowerCase()}`;

type ErrorClass = new (...args: never[]) => Error & Record<string, unknown>;

const apiFields = {
  status: 404,
  error: 'Not Found',
  body: { message: 'no block', statusCode: 404, error: 'Not Found' },
  url: 'https://host/x',
};
const apiArgs = ['no block', apiFields] as const;
const rpcFields = { method: 'avm.getTx', code: -32000, data: undefined, url: 'https://host/x' };

/**
 * Each shared class, built as the runtime builds it (message, fields), and the fields it then has;
 * `rpc` marks the JSON-RPC ones, which only node-rpc exports.
 */
export const samples: Record<
  string,
  { args: unknown[]; fields: Record<string, unknown>; rpc?: true }
> = {
  HttpError: { args: [...apiArgs], fields: apiFields },
  BadRequestError: { args: [...apiArgs], fields: apiFields },
  UnauthorizedError: { args: [...apiArgs], fields: apiFields },
  ForbiddenError: { args: [...apiArgs], fields: apiFields },
  NotFoundError: { args: [...apiArgs], fields: apiFields },
  ServerError: { args: [...apiArgs], fields: apiFields },
  UnsupportedError: { args: [...apiArgs], fields: apiFields },
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
        details: 'https://host/x',
        operationId: 'getBlock',
        url: 'https://host/x',
        issues: ['body.a: missing'],
      },
    ],
    fields: { operationId: 'getBlock', url: 'https://host/x', issues: ['body.a: missing'] },
  },
  RpcError: { args: ['no such tx', rpcFields], fields: rpcFields, rpc: true },
  IdMismatchError: {
    args: ['ids differ', { expected: 1, received: 2, url: 'https://host/x' }],
    fields: { expected: 1, received: 2, url: 'https://host/x' },
    rpc: true,
  },
};

/**
 * Registers the tests of a client's error exports: `core` is @avalanche-api/rest-core as the client
 * imports it (its classes must be the very same objects), `prefix` is `Data` for DataClientError,
 * `pkg` the package name its errors carry, `rpc` whether it exports the JSON-RPC classes, `readme`
 * whether it has a README (the stand-in client of rest-core's tests has none).
 */
export function testErrorClasses(
  core: object,
  exports: Record<string, unknown>,
  prefix: string,
  pkg: string,
  { rpc = false, readme = true } = {},
): void {
  const { ClientError } = core as { ClientError: new (m: string, o?: object) => Error };
  const brandName = `${prefix}ClientError`;
  const Brand = exports[brandName] as (new (
    message: string,
    options?: { details?: string; cause?: unknown },
  ) => Error) & { client: string };
  const shared = Object.entries(samples).filter(([, sample]) => rpc || !sample.rpc);

  describe('error classes', () => {
    it.each(shared)(
      '%s: the shared class, its name, fields, client and docsUrl',
      (name, sample) => {
        const { args, fields } = sample;
        const Class = exports[name] as ErrorClass;
        // The very class @avalanche-api/rest-core declares, so instanceof holds across clients.
        expect(Class).toBe((core as Record<string, unknown>)[name]);
        // Node's inspect and stack traces show the class name next to `name` when they differ.
        expect(Class.name).toBe(name);
        const [message, given] = args as [string, Record<string, unknown>];
        const error = new Class(...([message, { ...given, client: pkg }] as never[]));
        expect(error.name).toBe(name);
        expect(error).toBeInstanceOf(Error);
        expect(error).toBeInstanceOf(ClientError);
        expect(error).toBeInstanceOf(Brand);
        expect(error instanceof (exports.HttpError as ErrorClass)).toBe(
          'status' in fields && 'error' in fields,
        );
        expect(error.docsUrl).toBe(errorDocsUrl(pkg, name));
        expect(error).toMatchObject({ ...fields, client: pkg });
        expect(error.message).toBe(message);
        expect(inspect(error).startsWith(`${name}: ${error.message}\n`)).toBe(true);
        // The own fields, in the order they always have: the base's, then the class's own; a cause is
        // not enumerable, and a class has no field of another (no retryAfterMs on a NotFoundError).
        const own = Object.keys(given).filter((k) => k !== 'cause' && k !== 'details');
        expect(Object.keys(error)).toEqual(['name', 'client', 'docsUrl', 'details', ...own]);
        expect(Object.getOwnPropertyDescriptor(error, 'cause')?.enumerable ?? false).toBe(false);
        // Another client's error of the same class is no error of this client.
        const other = new Class(
          ...([message, { ...given, client: '@avalanche-api/other' }] as never[]),
        );
        expect(other).toBeInstanceOf(Class);
        expect(other).not.toBeInstanceOf(Brand);
      },
    );

    it(`${brandName} matches this client's errors only, and takes a message, details and a cause`, () => {
      expect(Brand.name).toBe(brandName);
      expect(Brand.client).toBe(pkg);
      const cause = new Error('reset');
      const error = new Brand('it failed', { details: 'more', cause });
      expect(error).toMatchObject({
        name: brandName,
        message: 'it failed',
        details: 'more',
        cause,
      });
      expect(error).toMatchObject({ client: pkg, docsUrl: errorDocsUrl(pkg, brandName) });
      expect(error).toBeInstanceOf(Brand);
      expect(error).toBeInstanceOf(ClientError);
      expect(new Brand('no cause')).not.toHaveProperty('cause');
      expect(new Brand('undefined cause', { cause: undefined })).not.toHaveProperty('cause');
      expect(new Brand('no details')).toHaveProperty('details', undefined);
      expect(new ClientError('x', { client: `${pkg}-not` })).not.toBeInstanceOf(Brand);
      for (const value of [new Error('plain'), null, undefined, 'text', { client: pkg }])
        expect(value).not.toBeInstanceOf(Brand);
    });

    if (readme)
      it("every class's docsUrl is an anchor of a heading in the package README", () => {
        const dir = pkg.replace('@avalanche-api/', '');
        const readme = readFileSync(new URL(`../../../${dir}/README.md`, import.meta.url), 'utf8');
        const anchors = githubAnchors(readme);
        const classes = [...shared.map(([name]) => name), 'ClientError', brandName];
        for (const name of classes) {
          const Class = exports[name] as ErrorClass;
          const url = new Class(...(['m', { client: pkg }] as never[])).docsUrl as string;
          const [page, anchor] = url.split('#') as [string, string];
          expect(page).toBe(
            `https://github.com/avalanche-api/avalanche-api/tree/main/packages/${dir}`,
          );
          expect(anchors, `### ${name} in ${dir}/README.md`).toContain(anchor);
        }
      });

    it('exports no other error class', () => {
      const names = Object.keys(exports).filter((key) => /^[A-Z]\w*Error$/.test(key));
      expect(names.sort()).toEqual(
        [...shared.map(([name]) => name), 'ClientError', brandName].sort(),
      );
      expect(exports.ClientError).toBe(ClientError);
    });
  });
}

/**
 * The anchors GitHub gives a Markdown file's headings: the text lower-cased, inline code marks and
 * punctuation but `-` and `_` dropped, spaces as `-`, and `-1`, `-2` for repeats. Hand-written: the
 * one published implementation (github-slugger) is not a dependency here, and these are its rules.
 */
export function githubAnchors(markdown: string): string[] {
  const seen = new Map<string, number>();
  const anchors: string[] = [];
  // Headings outside fenced code blocks.
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading] of text.matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const slug = (heading as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.push(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}
