// One case per rule of the table, on small before/after documents of each spec kind the rule
// applies to: the diff must find exactly the rule's change (plus any listed `also`).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { diffDocuments, parseSpec, type SpecKind, summarize } from './index.js';
import { type RuleId, rules } from './rules.js';
import type { Side } from './walk.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests edit documents freely.
type Doc = Record<string, any>;

function restBase(
  request: unknown = { type: 'object' },
  response: unknown = { type: 'object' },
): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/things/{id}': {
        post: {
          operationId: 'makeThing',
          summary: 'Make a thing.',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'pageSize', in: 'query', schema: { type: 'integer', maximum: 100 } },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: request } },
          },
          responses: {
            '200': {
              description: 'The thing.',
              content: { 'application/json': { schema: response } },
            },
            '404': { description: 'No such thing.' },
          },
        },
      },
    },
    components: { schemas: {} },
  };
}

function rpcBase(
  request: unknown = { type: 'object' },
  response: unknown = { type: 'object' },
): Doc {
  return {
    openrpc: '1.3.2',
    info: {
      title: 'Node',
      version: '1.0.0',
      'x-supported-releases': { from: 'v1.10.0', to: 'v1.14.2' },
    },
    servers: [{ name: 'node', url: 'http://127.0.0.1:9650/ext/info' }],
    methods: [
      {
        name: 'thing.make',
        summary: 'Make a thing.',
        paramStructure: 'by-name',
        params: [
          { name: 'p', required: true, schema: request },
          { name: 'q', required: false, schema: { type: 'integer' } },
        ],
        result: { name: 'r', schema: response },
        errors: [{ code: -32000, message: 'no such thing' }],
      },
      {
        name: 'thing_list',
        paramStructure: 'by-position',
        params: [
          { name: 'a', required: true, schema: { type: 'string' } },
          { name: 'b', required: false, schema: { type: 'string' } },
        ],
        result: { name: 'r', schema: { type: 'array', items: { type: 'string' } } },
      },
    ],
    components: { schemas: {} },
  };
}

const base = (kind: SpecKind, request?: unknown, response?: unknown) =>
  kind === 'openapi' ? restBase(request, response) : rpcBase(request, response);

/** The operation a document edit is made on, per kind. */
const rest = (d: Doc) => d.paths['/things/{id}'].post;
const rpc = (d: Doc) => d.methods[0];

function diff(kind: SpecKind, before: Doc, after: Doc) {
  const file = kind === 'openapi' ? 'things.json' : 'node.json';
  return diffDocuments(
    parseSpec(JSON.stringify(before), file),
    parseSpec(JSON.stringify(after), file),
  );
}

interface SchemaCase {
  side: Side;
  before: unknown;
  after: unknown;
  also?: RuleId[];
}
interface EditCase {
  kind: SpecKind;
  /** What both documents get first, when the rule needs a starting point the base lacks. */
  before?: (d: Doc) => void;
  edit: (d: Doc) => void;
  also?: RuleId[];
}
type Case = SchemaCase | EditCase;

const obj = (props: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  required,
  properties: props,
});
const str = { type: 'string' };
const int = { type: 'integer' };
const alts = (...titles: string[]) => ({
  oneOf: titles.map((title) => ({ title, type: 'object' })),
});

const cases: Partial<Record<RuleId, Case[]>> = {
  'operation-removed': [{ kind: 'openapi', edit: (d) => delete d.paths['/things/{id}'] }],
  'operation-added': [
    {
      kind: 'openapi',
      edit: (d) => {
        d.paths['/others'] = {
          get: { operationId: 'listOthers', responses: { '200': { description: 'ok' } } },
        };
      },
    },
  ],
  'operation-id-changed': [{ kind: 'openapi', edit: (d) => (rest(d).operationId = 'createThing') }],
  'path-changed': [
    {
      kind: 'openapi',
      edit: (d) => {
        d.paths['/v2/things/{id}'] = d.paths['/things/{id}'];
        delete d.paths['/things/{id}'];
      },
    },
  ],
  'method-removed': [{ kind: 'openrpc', edit: (d) => d.methods.splice(1, 1) }],
  'method-added': [
    {
      kind: 'openrpc',
      edit: (d) =>
        d.methods.push({ name: 'thing.count', params: [], result: { name: 'n', schema: int } }),
    },
  ],
  'endpoint-changed': [
    {
      kind: 'openrpc',
      edit: (d) => (rpc(d).servers = [{ name: 'node', url: 'http://127.0.0.1:9650/ext/things' }]),
    },
  ],
  'param-structure-changed': [
    { kind: 'openrpc', edit: (d) => (rpc(d).paramStructure = 'by-position') },
  ],
  'param-order-changed': [{ kind: 'openrpc', edit: (d) => d.methods[1].params.reverse() }],
  'result-changed': [{ kind: 'openrpc', edit: (d) => delete rpc(d).result }],
  'parameter-removed': [
    { kind: 'openapi', edit: (d) => rest(d).parameters.pop() },
    { kind: 'openrpc', edit: (d) => rpc(d).params.pop() },
  ],
  'parameter-added-required': [
    {
      kind: 'openapi',
      edit: (d) =>
        rest(d).parameters.push({ name: 'owner', in: 'query', required: true, schema: str }),
    },
    {
      kind: 'openrpc',
      edit: (d) => rpc(d).params.push({ name: 'owner', required: true, schema: str }),
    },
  ],
  'parameter-added-optional': [
    {
      kind: 'openapi',
      edit: (d) => rest(d).parameters.push({ name: 'owner', in: 'query', schema: str }),
    },
    { kind: 'openrpc', edit: (d) => rpc(d).params.push({ name: 'owner', schema: str }) },
  ],
  'parameter-made-required': [
    { kind: 'openapi', edit: (d) => (rest(d).parameters[1].required = true) },
    { kind: 'openrpc', edit: (d) => (rpc(d).params[1].required = true) },
  ],
  'parameter-made-optional': [
    { kind: 'openapi', edit: (d) => (rest(d).requestBody.required = false) },
    { kind: 'openrpc', edit: (d) => (rpc(d).params[0].required = false) },
  ],
  'parameter-location-changed': [
    { kind: 'openapi', edit: (d) => (rest(d).parameters[1].in = 'header') },
  ],
  'media-type-changed': [
    {
      kind: 'openapi',
      edit: (d) => {
        const content = rest(d).responses['200'].content;
        content['application/x-ndjson'] = content['application/json'];
        delete content['application/json'];
      },
    },
  ],
  'success-status-changed': [
    {
      kind: 'openapi',
      edit: (d) => {
        rest(d).responses['201'] = rest(d).responses['200'];
        delete rest(d).responses['200'];
      },
    },
  ],
  'error-status-added': [
    { kind: 'openapi', edit: (d) => (rest(d).responses['429'] = { description: 'Slow down.' }) },
  ],
  'error-status-removed': [{ kind: 'openapi', edit: (d) => delete rest(d).responses['404'] }],
  'error-code-added': [
    {
      kind: 'openrpc',
      edit: (d) => rpc(d).errors.push({ code: -32602, message: 'invalid params' }),
    },
  ],
  'error-code-removed': [{ kind: 'openrpc', edit: (d) => (rpc(d).errors = []) }],
  'request-type-narrowed': [
    { side: 'request', before: { type: ['string', 'integer'] }, after: str },
  ],
  'request-type-widened': [
    { side: 'request', before: str, after: { type: ['string', 'integer'] } },
  ],
  'request-enum-narrowed': [
    { side: 'request', before: { enum: ['asc', 'desc'] }, after: { enum: ['asc'] } },
  ],
  'request-enum-widened': [
    { side: 'request', before: { enum: ['asc'] }, after: { enum: ['asc', 'desc'] } },
  ],
  'request-range-narrowed': [
    {
      side: 'request',
      before: { type: 'integer', maximum: 100 },
      after: { type: 'integer', maximum: 50 },
    },
  ],
  'request-range-widened': [
    {
      side: 'request',
      before: { type: 'integer', minimum: 1 },
      after: { type: 'integer', minimum: 0 },
    },
  ],
  'request-pattern-narrowed': [
    { side: 'request', before: str, after: { type: 'string', pattern: '^0x[0-9a-f]+$' } },
  ],
  'request-pattern-widened': [
    { side: 'request', before: { type: 'string', format: 'uuid' }, after: str },
  ],
  'request-property-removed': [
    { side: 'request', before: obj({ a: str, b: str }), after: obj({ a: str }) },
  ],
  'request-property-added-required': [
    { side: 'request', before: obj({ a: str }), after: obj({ a: str, b: str }, ['b']) },
  ],
  'request-property-added-optional': [
    { side: 'request', before: obj({ a: str }), after: obj({ a: str, b: str }) },
  ],
  'request-property-made-required': [
    { side: 'request', before: obj({ a: str }), after: obj({ a: str }, ['a']) },
  ],
  'request-property-made-optional': [
    { side: 'request', before: obj({ a: str }, ['a']), after: obj({ a: str }) },
  ],
  'request-union-narrowed': [{ side: 'request', before: alts('A', 'B'), after: alts('A') }],
  'request-union-widened': [{ side: 'request', before: alts('A'), after: alts('A', 'B') }],
  'response-type-widened': [
    { side: 'response', before: int, after: { type: ['integer', 'null'] } },
  ],
  'response-type-narrowed': [
    { side: 'response', before: { type: ['integer', 'null'] }, after: int },
  ],
  'response-enum-widened': [
    {
      side: 'response',
      before: { enum: ['active', 'removed'] },
      after: { enum: ['active', 'removed', 'pending'] },
    },
  ],
  'response-enum-narrowed': [
    { side: 'response', before: { enum: ['active', 'removed'] }, after: { enum: ['active'] } },
  ],
  'response-range-widened': [
    { side: 'response', before: { type: 'integer', maximum: 100 }, after: int },
  ],
  'response-range-narrowed': [
    { side: 'response', before: int, after: { type: 'integer', minimum: 0 } },
  ],
  'response-pattern-widened': [
    { side: 'response', before: { type: 'string', pattern: '^[0-9]+$' }, after: str },
  ],
  'response-pattern-narrowed': [
    { side: 'response', before: str, after: { type: 'string', format: 'date-time' } },
  ],
  'response-property-removed': [
    {
      side: 'response',
      before: obj({ a: str, b: str }, ['a', 'b']),
      after: obj({ a: str }, ['a']),
    },
  ],
  'response-property-added-optional': [
    { side: 'response', before: obj({ a: str }), after: obj({ a: str, b: str }) },
  ],
  'response-property-added-required': [
    { side: 'response', before: obj({ a: str }), after: obj({ a: str, b: str }, ['b']) },
  ],
  'response-property-made-optional': [
    { side: 'response', before: obj({ a: str }, ['a']), after: obj({ a: str }) },
  ],
  'response-property-made-required': [
    { side: 'response', before: obj({ a: str }), after: obj({ a: str }, ['a']) },
  ],
  'response-union-widened': [
    { side: 'response', before: alts('A'), after: alts('A', 'B') },
    // An object split into shapes: one change, not each member reported removed.
    {
      side: 'response',
      before: obj({ chainId: int, feeConfig: obj({}) }, ['chainId']),
      after: {
        oneOf: [
          obj({ chainId: int }, ['chainId']),
          obj({ chainId: int, feeConfig: obj({}) }, ['chainId']),
        ],
      },
    },
  ],
  'response-union-narrowed': [{ side: 'response', before: alts('A', 'B'), after: alts('B') }],
  'type-changed': [
    {
      side: 'response',
      before: obj({ txCount: int }, ['txCount']),
      after: obj({ txCount: str }, ['txCount']),
    },
    { side: 'request', before: { type: 'boolean' }, after: str },
  ],
  'default-changed': [
    {
      side: 'request',
      before: { type: 'integer', default: 10 },
      after: { type: 'integer', default: 25 },
    },
  ],
  'deprecated-changed': [
    {
      side: 'response',
      before: obj({ a: str }),
      after: obj({ a: { type: 'string', deprecated: true } }),
    },
  ],
  'schema-keyword-changed': [
    {
      side: 'request',
      before: { type: 'array', items: str },
      after: { type: 'array', items: str, uniqueItems: true },
    },
    {
      side: 'response',
      before: alts('A', 'B'),
      after: { ...alts('A', 'B'), discriminator: { propertyName: 'kind' } },
    },
  ],
  'extension-changed': [
    { kind: 'openapi', edit: (d) => (rest(d)['x-promises'] = { order: 'newest first' }) },
    { kind: 'openrpc', edit: (d) => (rpc(d)['x-promises'] = { order: 'newest first' }) },
  ],
  'description-changed': [
    {
      side: 'response',
      before: { type: 'string', description: 'An id.' },
      after: { type: 'string', description: 'The id of the thing.' },
    },
    { kind: 'openapi', edit: (d) => (rest(d).summary = 'Create a thing.') },
    { kind: 'openrpc', edit: (d) => (rpc(d).summary = 'Create a thing.') },
    { kind: 'openapi', edit: (d) => (d.tags = [{ name: 'Things', description: 'All things.' }]) },
  ],
  'example-changed': [
    {
      side: 'request',
      before: { type: 'string', examples: ['a'] },
      after: { type: 'string', examples: ['b'] },
    },
  ],
  'servers-changed': [
    { kind: 'openapi', edit: (d) => (d.servers = [{ url: 'https://api2.example.com' }]) },
    {
      kind: 'openrpc',
      edit: (d) => (d.servers = [{ name: 'node', url: 'http://127.0.0.1:9651/ext/info' }]),
      also: ['endpoint-changed'],
    },
  ],
  'security-changed': [
    {
      kind: 'openapi',
      before: (d) => (d.security = [{ apiKey: [] }]),
      edit: (d) => (d.security = [{ bearer: [] }]),
    },
  ],
  // The Data API's key is optional ([{}, {apiKey: []}]); an operation that starts to require it
  // breaks the callers that send none.
  'security-required': [
    { kind: 'openapi', edit: (d) => (d.security = [{ apiKey: [] }]) },
    {
      kind: 'openapi',
      before: (d) => (d.security = [{}, { apiKey: [] }]),
      edit: (d) => (rest(d).security = [{ apiKey: [] }]),
    },
  ],
  'security-relaxed': [
    {
      kind: 'openapi',
      before: (d) => (rest(d).security = [{ apiKey: [] }]),
      edit: (d) => (rest(d).security = [{}, { apiKey: [] }]),
    },
  ],
  'since-changed': [
    {
      side: 'response',
      before: obj({ a: str }),
      after: obj({ a: { type: 'string', 'x-since': 'v1.14.0' } }),
    },
    // On a union's alternative (a transaction kind that came with a release), not only on members.
    {
      side: 'response',
      before: alts('A', 'B'),
      after: {
        oneOf: [
          { title: 'A', type: 'object' },
          { title: 'B', type: 'object', 'x-since': 'v1.14.0' },
        ],
      },
    },
  ],
  'since-on-required-member': [
    {
      side: 'response',
      before: obj({ a: str }, ['a']),
      after: obj({ a: { type: 'string', 'x-since': 'v1.14.0' } }, ['a']),
    },
  ],
  'until-added': [
    {
      side: 'response',
      before: obj({ a: str }),
      after: obj({ a: { type: 'string', 'x-until': 'v1.13.2' } }),
    },
  ],
  'until-removed': [
    {
      side: 'request',
      before: obj({ a: { type: 'string', 'x-until': 'v1.13.2' } }),
      after: obj({ a: str }),
    },
  ],
  'required-since-changed': [
    {
      side: 'response',
      before: obj({ a: str }),
      after: obj({ a: { type: 'string', 'x-required-since': 'v1.13.0' } }),
    },
  ],
  'node-releases-changed': [
    {
      kind: 'openrpc',
      edit: (d) => (d.info['x-supported-releases'] = { from: 'v1.11.0', to: 'v1.14.2' }),
    },
  ],
};

function run(kind: SpecKind, c: Case) {
  if ('edit' in c) {
    const [before, after] = [base(kind), base(kind)];
    c.before?.(before);
    c.before?.(after);
    c.edit(after);
    return diff(kind, before, after);
  }
  const [b, a] =
    c.side === 'request'
      ? [
          [c.before, undefined],
          [c.after, undefined],
        ]
      : [
          [undefined, c.before],
          [undefined, c.after],
        ];
  return diff(kind, base(kind, ...b), base(kind, ...a));
}

describe('each rule, on a small document of each kind it applies to', () => {
  const rows = Object.entries(cases).flatMap(([rule, list]) =>
    (list ?? []).flatMap((c, i) =>
      ('kind' in c ? [c.kind] : rules[rule as RuleId].kinds).map((kind) => ({
        name: `${rule} (${kind}${list && list.length > 1 ? ` #${i + 1}` : ''})`,
        rule: rule as RuleId,
        kind,
        c,
      })),
    ),
  );
  test.each(rows)('$name', ({ rule, kind, c }) => {
    const changes = run(kind, c);
    const found = changes.map((x) => x.rule).sort();
    const want = [rule, ...(c.also ?? [])].sort();
    expect(new Set(found)).toEqual(new Set(want));
    const mine = changes.find((x) => x.rule === rule);
    expect(mine).toMatchObject({ client: rules[rule].client, server: rules[rule].server });
    expect(mine?.location).toMatch(/^\//);
    expect(mine?.operation).toMatch(
      kind === 'openapi' ? /makeThing|createThing|listOthers|\*/ : /thing|\*/,
    );
  });

  test.each(Object.keys(rules) as RuleId[])(
    '%s has a case for every spec kind it applies to',
    (rule) => {
      const covered = new Set(
        (cases[rule] ?? []).flatMap((c) => ('kind' in c ? [c.kind] : rules[rule].kinds)),
      );
      expect([...covered].sort()).toEqual([...rules[rule].kinds].sort());
    },
  );
});

describe('judged per use', () => {
  test('a schema used as a query enum and as a response member is judged on each side', () => {
    const doc = (values: string[]) => {
      const d = restBase(
        { type: 'object' },
        obj({ status: { $ref: '#/components/schemas/Status' } }, ['status']),
      );
      d.components.schemas.Status = { type: 'string', enum: values };
      rest(d).parameters.push({
        name: 'status',
        in: 'query',
        schema: { $ref: '#/components/schemas/Status' },
      });
      return d;
    };
    const changes = diff(
      'openapi',
      doc(['active', 'removed']),
      doc(['active', 'removed', 'pending']),
    );
    expect(changes.map((c) => [c.rule, c.client, c.server]).sort()).toEqual([
      ['request-enum-widened', 'non-breaking', 'breaking'],
      ['response-enum-widened', 'breaking', 'non-breaking'],
    ]);
    expect(changes.every((c) => c.location === '/components/schemas/Status/enum')).toBe(true);
  });

  const rowsOf = (changes: ReturnType<typeof diff>) =>
    changes.map((c) => [c.rule, c.client, c.server, c.message]).sort();

  /** A list whose items carry a tag a query filter matches `equal`, as `x-promises` declare. */
  const filtered = (values: string[], promises: Doc = {}) => {
    const item = obj({ status: { type: 'string', const: 'active' } }, ['status']);
    const d = restBase({ type: 'object' }, obj({ things: { type: 'array', items: item } }));
    d.components.schemas.Status = { type: 'string', enum: values };
    rest(d).parameters.push({
      name: 'status',
      in: 'query',
      schema: { $ref: '#/components/schemas/Status' },
    });
    rest(d)['x-promises'] = {
      items: '/things',
      filters: [{ input: 'status', member: '/status', match: 'equal' }],
      ...promises,
    };
    return d;
  };

  test('a query filter the items echo: a value it gains is a value the answer carries', () => {
    const changes = diff('openapi', filtered(['active']), filtered(['active', 'jailed']));
    expect(rowsOf(changes)).toEqual([
      ['request-enum-widened', 'non-breaking', 'breaking', 'query.status: value "jailed" added'],
      [
        'response-enum-widened',
        'breaking',
        'non-breaking',
        'body.things[].status: value "jailed" added',
      ],
    ]);
    expect(summarize(changes)).toEqual({ client: 'breaking', server: 'breaking' });
  });

  test('a filter matched after folding, or declared on one side only, is no echo', () => {
    const folded = {
      filters: [{ input: 'status', member: '/status', match: 'equal', normalize: 'lower' }],
    };
    expect(
      rowsOf(diff('openapi', filtered(['active'], folded), filtered(['active', 'jailed'], folded))),
    ).toEqual([
      ['request-enum-widened', 'non-breaking', 'breaking', 'query.status: value "jailed" added'],
    ]);
    const before = filtered(['active']);
    delete rest(before)['x-promises'];
    expect(
      diff('openapi', before, filtered(['active', 'jailed']))
        .map((c) => c.rule)
        .sort(),
    ).toEqual(['extension-changed', 'request-enum-widened']);
  });

  test('a by-name list param a result filter matches `oneOf`: each value it gains is echoed', () => {
    const doc = (values: string[]) => {
      const d = rpcBase(
        { type: 'array', items: { $ref: '#/components/schemas/Kind' } },
        obj({ peers: { type: 'array', items: obj({ kind: str }) } }),
      );
      d.components.schemas.Kind = { type: 'string', enum: values };
      rpc(d)['x-promises'] = {
        items: '/peers',
        filters: [{ input: 'p', member: ['/kind'], match: 'oneOf' }],
      };
      return d;
    };
    expect(rowsOf(diff('openrpc', doc(['a']), doc(['a', 'b'])))).toEqual([
      ['request-enum-widened', 'non-breaking', 'breaking', 'params.p[]: value "b" added'],
      ['response-enum-widened', 'breaking', 'non-breaking', 'result.peers[].kind: value "b" added'],
    ]);
  });

  test.each(['openapi', 'openrpc'] as const)(
    '%s: a schema shared by the request body and the answer is judged on each side',
    (kind) => {
      const doc = (values: string[]) => {
        const thing = { $ref: '#/components/schemas/Thing' };
        const d = base(kind, thing, obj({ made: thing }, ['made']));
        d.components.schemas.Thing = obj({ colour: { type: 'string', enum: values } }, ['colour']);
        return d;
      };
      const changes = diff(kind, doc(['red']), doc(['red', 'blue']));
      const [request, answer] =
        kind === 'openapi' ? ['body', 'body.made'] : ['params.p', 'result.made'];
      expect(rowsOf(changes)).toEqual([
        [
          'request-enum-widened',
          'non-breaking',
          'breaking',
          `${request}.colour: value "blue" added`,
        ],
        [
          'response-enum-widened',
          'breaking',
          'non-breaking',
          `${answer}.colour: value "blue" added`,
        ],
      ]);
      expect(summarize(changes)).toEqual({ client: 'breaking', server: 'breaking' });
    },
  );

  test.each(['openapi', 'openrpc'] as const)(
    '%s: a schema used at several members is told once per member, through allOf, oneOf and $refs',
    (kind) => {
      const doc = (values: string[]) => {
        const at = { $ref: '#/components/schemas/At' };
        const d = base(
          kind,
          undefined,
          obj({
            first: at,
            nested: { allOf: [obj({ deeper: at })] },
            either: {
              oneOf: [
                obj({ tag: { const: 'a' }, at }, ['tag']),
                obj({ tag: { const: 'b' }, at }, ['tag']),
              ],
            },
          }),
        );
        d.components.schemas.At = { type: 'string', enum: values };
        return d;
      };
      const prefix = kind === 'openapi' ? 'body' : 'result';
      expect(
        diff(kind, doc(['x']), doc(['x', 'y']))
          .map((c) => c.message)
          .sort(),
      ).toEqual(
        // The two alternatives put `at` at one member: one use.
        [`${prefix}.either.at`, `${prefix}.first`, `${prefix}.nested.deeper`].map(
          (m) => `${m}: value "y" added`,
        ),
      );
    },
  );

  test('a recursive schema is compared once per member and ends', () => {
    const doc = (values: string[]) => {
      const d = restBase(undefined, { $ref: '#/components/schemas/Node' });
      d.components.schemas.Node = obj({
        kind: { type: 'string', enum: values },
        children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
      });
      return d;
    };
    expect(diff('openapi', doc(['leaf']), doc(['leaf', 'branch'])).map((c) => c.message)).toEqual([
      'body.kind: value "branch" added',
    ]);
  });

  test('a response member made required breaks servers, not clients', () => {
    const changes = diff(
      'openrpc',
      rpcBase(undefined, obj({ a: str })),
      rpcBase(undefined, obj({ a: str }, ['a'])),
    );
    expect(changes).toEqual([
      expect.objectContaining({
        rule: 'response-property-made-required',
        client: 'non-breaking',
        server: 'breaking',
        operation: 'thing.make',
      }),
    ]);
  });

  test('a by-name method may reorder its params without a change but its text', () => {
    const after = rpcBase();
    rpc(after).params.reverse();
    expect(diff('openrpc', rpcBase(), after)).toEqual([]);
  });
});

describe('bad input', () => {
  test.each([
    ['not an object', '[]', 'x.json', 'the document is not an object'],
    [
      'OpenAPI 3.0',
      '{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{}}',
      'x.json',
      '/openapi is "3.0.3"',
    ],
    ['no kind', '{"swagger":"2.0"}', 'x.json', 'neither an OpenAPI 3.1 document'],
    [
      'methods missing',
      '{"openrpc":"1.3.2","info":{"title":"t","version":"1"}}',
      'x.json',
      '/methods must be an array',
    ],
    ['bad YAML', 'openapi: [', 'x.yaml', 'not valid YAML'],
    [
      'dangling $ref',
      JSON.stringify({ ...restBase({ $ref: '#/components/schemas/Gone' }) }),
      'x.json',
      '$ref #/components/schemas/Gone does not resolve',
    ],
    [
      'remote $ref',
      JSON.stringify({ ...restBase({ $ref: 'other.yaml#/Thing' }) }),
      'x.json',
      'is not local',
    ],
  ])('%s is refused naming the file and the problem', (_name, text, file, problem) => {
    expect(() => parseSpec(text, file)).toThrow(`${file}: `);
    expect(() => parseSpec(text, file)).toThrow(problem);
  });

  test('two documents of different kinds are refused', () => {
    const a = parseSpec(JSON.stringify(restBase()), 'a.json');
    const b = parseSpec(JSON.stringify(rpcBase()), 'b.json');
    expect(() => diffDocuments(a, b)).toThrow(
      'b.json: is an OpenRPC document but a.json is OpenAPI',
    );
  });
});

describe('the README', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  test.each(Object.keys(rules) as RuleId[])('documents %s with its levels', (rule) => {
    const { client, server, why } = rules[rule];
    expect(readme).toMatch(
      new RegExp(
        `\\| \`${rule}\` +\\| ${client} +\\| ${server} +\\|[^\\n]*${why.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
  });
});
