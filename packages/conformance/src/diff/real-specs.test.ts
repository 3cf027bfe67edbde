// The differ on the project's own bundled specs: each edit a maintainer could make to the
// Data, Metrics or node specs, classified as the rules table says; and, derived from the specs,
// every operation and method removed is found.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { defaultSpecDir } from '../model/specs.js';
import { diffDocuments, type Level, parseSpec, type RuleId, rules } from './index.js';

// biome-ignore lint/suspicious/noExplicitAny: the edits reach into documents freely.
type Doc = Record<string, any>;
const names = ['data-api', 'metrics-api', 'node-rpc', 'node-health'] as const;
type Name = (typeof names)[number];
const texts = Object.fromEntries(
  names.map((n) => [n, readFileSync(join(defaultSpecDir, `${n}.json`), 'utf8')]),
) as Record<Name, string>;
const load = (name: Name): Doc => JSON.parse(texts[name]);
const spec = (name: Name, doc: Doc) => parseSpec(JSON.stringify(doc), `${name}.json`);

/** Each spec as the differ reads it, parsed once: every edit is compared with the same one. */
const before = new Map<Name, ReturnType<typeof spec>>();
function diff(name: Name, edit: (d: Doc) => void) {
  const after = load(name);
  edit(after);
  if (!before.has(name)) before.set(name, spec(name, load(name)));
  return diffDocuments(before.get(name) as ReturnType<typeof spec>, spec(name, after));
}

/** The operation object with this operationId. */
function op(d: Doc, id: string): Doc {
  for (const item of Object.values(d.paths) as Doc[])
    for (const o of Object.values(item) as Doc[]) if (o?.operationId === id) return o;
  throw new Error(`no operation ${id}`);
}
/**
 * The parameter `name` of operation `id`, found by name wherever the spec lists it; a shared
 * (`$ref`'d) parameter is copied into the operation first, so an edit changes this operation only.
 */
function param(d: Doc, id: string, name: string): Doc {
  const list: Doc[] = op(d, id).parameters;
  const resolve = (p: Doc): Doc =>
    p.$ref
      ? p.$ref
          .slice(2)
          .split('/')
          .reduce((n: Doc, t: string) => n[t], d)
      : p;
  const i = list.findIndex((p) => resolve(p).name === name);
  if (i < 0) throw new Error(`${id} has no parameter ${name}`);
  list[i] = structuredClone(resolve(list[i] as Doc));
  return list[i] as Doc;
}
const pathOf = (d: Doc, id: string) =>
  Object.keys(d.paths).find((p) => Object.values(d.paths[p]).includes(op(d, id))) as string;
const method = (d: Doc, name: string): Doc => d.methods.find((m: Doc) => m.name === name);
const schemas = (d: Doc) => d.components.schemas;
const drop = (list: string[], x: string) => list.splice(list.indexOf(x), 1);

type Edit = [title: string, spec: Name, edit: (d: Doc) => void, rule: RuleId, client: Level];

const edits: Edit[] = [
  // Data API.
  [
    'EvmBlock.txCount integer → string',
    'data-api',
    (d) => (schemas(d).EvmBlock.properties.txCount = { type: 'string' }),
    'type-changed',
    'breaking',
  ],
  [
    'EvmBlock.gasCost removed',
    'data-api',
    (d) => {
      delete schemas(d).EvmBlock.properties.gasCost;
      drop(schemas(d).EvmBlock.required, 'gasCost');
    },
    'response-property-removed',
    'breaking',
  ],
  [
    'EvmBlock.baseFee made optional',
    'data-api',
    (d) => drop(schemas(d).EvmBlock.required, 'baseFee'),
    'response-property-made-optional',
    'breaking',
  ],
  [
    'EvmBlock gains optional blobGasUsed',
    'data-api',
    (d) => (schemas(d).EvmBlock.properties.blobGasUsed = { type: 'string' }),
    'response-property-added-optional',
    'non-breaking',
  ],
  [
    'EvmBlock gains required blobGasUsed',
    'data-api',
    (d) => {
      schemas(d).EvmBlock.properties.blobGasUsed = { type: 'string' };
      schemas(d).EvmBlock.required.push('blobGasUsed');
    },
    'response-property-added-required',
    'non-breaking',
  ],
  [
    'EvmBlock.txCount minimum dropped',
    'data-api',
    (d) => delete schemas(d).EvmBlock.properties.txCount.minimum,
    'response-range-widened',
    'warning',
  ],
  [
    'pageSize maximum 100 → 50',
    'data-api',
    (d) => (d.components.parameters.pageSize.schema.maximum = 50),
    'request-range-narrowed',
    'breaking',
  ],
  [
    'pageSize maximum 100 → 200',
    'data-api',
    (d) => (d.components.parameters.pageSize.schema.maximum = 200),
    'request-range-widened',
    'non-breaking',
  ],
  [
    'pageSize default 10 → 25',
    'data-api',
    (d) => (d.components.parameters.pageSize.schema.default = 25),
    'default-changed',
    'warning',
  ],
  [
    'SortOrder loses asc',
    'data-api',
    (d) => (schemas(d).SortOrder.enum = ['desc']),
    'request-enum-narrowed',
    'breaking',
  ],
  [
    'ValidationStatus gains "paused" (a query filter whose values the items carry)',
    'data-api',
    (d) => schemas(d).ValidationStatus.enum.push('paused'),
    'response-enum-widened',
    'breaking',
  ],
  [
    'NftIndexStatus gains "stale" (a response enum)',
    'data-api',
    (d) => schemas(d).NftIndexStatus.enum.push('stale'),
    'response-enum-widened',
    'breaking',
  ],
  [
    'Network gains "devnet"',
    'data-api',
    (d) => schemas(d).Network.enum.push('devnet'),
    'request-enum-widened',
    'non-breaking',
  ],
  [
    'blockId gains a pattern',
    'data-api',
    (d) => (d.components.parameters.blockId.schema.pattern = '^[0-9]+$'),
    'request-pattern-narrowed',
    'breaking',
  ],
  [
    'getBlock renamed getEvmBlock',
    'data-api',
    (d) => (op(d, 'getBlock').operationId = 'getEvmBlock'),
    'operation-id-changed',
    'breaking',
  ],
  [
    'listValidators removed',
    'data-api',
    (d) => delete d.paths[pathOf(d, 'listValidators')],
    'operation-removed',
    'breaking',
  ],
  [
    'getBlock moved under /v2',
    'data-api',
    (d) => {
      const p = pathOf(d, 'getBlock');
      d.paths[`/v2${p}`] = d.paths[p];
      delete d.paths[p];
    },
    'path-changed',
    'breaking',
  ],
  [
    'getLatestBlocks gains a required query parameter',
    'data-api',
    (d) =>
      op(d, 'getLatestBlocks').parameters.push({
        name: 'since',
        in: 'query',
        required: true,
        schema: { type: 'integer' },
      }),
    'parameter-added-required',
    'breaking',
  ],
  [
    'getLatestBlocks gains an optional query parameter',
    'data-api',
    (d) =>
      op(d, 'getLatestBlocks').parameters.push({
        name: 'since',
        in: 'query',
        schema: { type: 'integer' },
      }),
    'parameter-added-optional',
    'non-breaking',
  ],
  [
    'pageToken made required',
    'data-api',
    (d) => (d.components.parameters.pageToken.required = true),
    'parameter-made-required',
    'breaking',
  ],
  [
    'getTransaction loses its 404',
    'data-api',
    (d) => delete op(d, 'getTransaction').responses['404'],
    'error-status-removed',
    'non-breaking',
  ],
  [
    'getLatestBlocks gains a 409',
    'data-api',
    (d) => (op(d, 'getLatestBlocks').responses['409'] = { description: 'Conflict.' }),
    'error-status-added',
    'warning',
  ],
  [
    'aggregateSignatures answers 200 instead of 201',
    'data-api',
    (d) => {
      const r = op(d, 'aggregateSignatures').responses;
      r['200'] = r['201'];
      delete r['201'];
    },
    'success-status-changed',
    'breaking',
  ],
  [
    'AggregateSignaturesRequest gains a required member',
    'data-api',
    (d) => {
      const s = schemas(d).AggregateSignaturesRequest;
      s.properties.deadline = { type: 'integer' };
      s.required = [...(s.required ?? []), 'deadline'];
    },
    'request-property-added-required',
    'breaking',
  ],
  [
    'AggregateSignaturesRequest loses message',
    'data-api',
    (d) => delete schemas(d).AggregateSignaturesRequest.properties.message,
    'request-property-removed',
    'breaking',
  ],
  [
    'ApiError loses error',
    'data-api',
    (d) => {
      delete schemas(d).ApiError.properties.error;
      drop(schemas(d).ApiError.required, 'error');
    },
    'response-property-removed',
    'breaking',
  ],
  [
    'Validator gains a fifth shape',
    'data-api',
    (d) => schemas(d).Validator.oneOf.push({ title: 'JailedValidator', type: 'object' }),
    'response-union-widened',
    'breaking',
  ],
  [
    'getVertexByHeight deprecated',
    'data-api',
    (d) => (op(d, 'getVertexByHeight').deprecated = true),
    'deprecated-changed',
    'warning',
  ],
  [
    'getBlock description reworded',
    'data-api',
    (d) => (op(d, 'getBlock').description = 'One block of an EVM chain.'),
    'description-changed',
    'docs',
  ],
  [
    'listValidators gains x-promises',
    'data-api',
    (d) => (op(d, 'listValidators')['x-promises'] = { order: 'by start time' }),
    'extension-changed',
    'docs',
  ],
  [
    'servers moved',
    'data-api',
    (d) => (d.servers = [{ url: 'https://data.example.com' }]),
    'servers-changed',
    'warning',
  ],
  // Metrics API.
  [
    'chainId loses its pattern',
    'metrics-api',
    (d) => delete param(d, 'getAvgTps', 'chainId').schema.pattern,
    'request-pattern-widened',
    'non-breaking',
  ],
  [
    'MetricPoint.value number → string',
    'metrics-api',
    (d) => (schemas(d).MetricPoint.properties.value.type = 'string'),
    'type-changed',
    'breaking',
  ],
  [
    'AvgTpsResponse loses nextPageToken',
    'metrics-api',
    (d) => delete schemas(d).AvgTpsResponse.properties.nextPageToken,
    'response-property-removed',
    'breaking',
  ],
  [
    'MetricsError.error gains a value',
    'metrics-api',
    (d) => schemas(d).MetricsError.properties.error.enum.push('Conflict'),
    'response-enum-widened',
    'breaking',
  ],
  [
    'getAvgTps loses pageToken',
    'metrics-api',
    (d) => {
      const list: Doc[] = op(d, 'getAvgTps').parameters;
      list.splice(list.indexOf(param(d, 'getAvgTps', 'pageToken')), 1);
    },
    'parameter-removed',
    'breaking',
  ],
  [
    'AvgTpsResponse.lastRun made optional',
    'metrics-api',
    (d) => drop(schemas(d).AvgTpsResponse.required, 'lastRun'),
    'response-property-made-optional',
    'breaking',
  ],
  [
    'MetricPoint.timestamp gains a maximum',
    'metrics-api',
    (d) => (schemas(d).MetricPoint.properties.timestamp.maximum = 4102444800),
    'response-range-narrowed',
    'non-breaking',
  ],
  // Node JSON-RPC.
  [
    'info.getNodeVersion removed',
    'node-rpc',
    (d) => d.methods.splice(d.methods.indexOf(method(d, 'info.getNodeVersion')), 1),
    'method-removed',
    'breaking',
  ],
  [
    'info.getNodeUptime added',
    'node-rpc',
    (d) =>
      d.methods.push({
        name: 'info.getNodeUptime',
        params: [],
        result: { name: 'uptime', schema: { type: 'integer' } },
      }),
    'method-added',
    'non-breaking',
  ],
  [
    'avm.getBlock encoding made required',
    'node-rpc',
    (d) => (method(d, 'avm.getBlock').params[1].required = true),
    'parameter-made-required',
    'breaking',
  ],
  [
    'avm.getBlock gains a required param',
    'node-rpc',
    (d) =>
      method(d, 'avm.getBlock').params.push({
        name: 'chain',
        required: true,
        schema: { type: 'string' },
      }),
    'parameter-added-required',
    'breaking',
  ],
  [
    'avm.getBlock served elsewhere',
    'node-rpc',
    (d) => (method(d, 'avm.getBlock').servers[0].url = 'https://{host}/ext/avm/{blockchainId}'),
    'endpoint-changed',
    'breaking',
  ],
  [
    'avm.getBlock by position',
    'node-rpc',
    (d) => (method(d, 'avm.getBlock').paramStructure = 'by-position'),
    'param-structure-changed',
    'breaking',
  ],
  [
    'eth_feeConfig gains a positional param in front',
    'node-rpc',
    (d) =>
      method(d, 'eth_feeConfig').params.unshift({
        name: 'chain',
        required: false,
        schema: { type: 'string' },
      }),
    'param-order-changed',
    'breaking',
  ],
  [
    'eth_feeConfig gains a positional param at the end',
    'node-rpc',
    (d) =>
      method(d, 'eth_feeConfig').params.push({
        name: 'chain',
        required: false,
        schema: { type: 'string' },
      }),
    'parameter-added-optional',
    'non-breaking',
  ],
  [
    'avm.getBlock documents a new error code',
    'node-rpc',
    (d) =>
      method(d, 'avm.getBlock').errors.push({ code: -32004, message: 'chain is not linearized' }),
    'error-code-added',
    'warning',
  ],
  [
    'supported releases start later',
    'node-rpc',
    (d) => (d.info['x-supported-releases'].from = 'v1.11.0'),
    'node-releases-changed',
    'warning',
  ],
  [
    'InfoGetNodeVersionResult.gitCommit only since v1.14.0',
    'node-rpc',
    (d) => (schemas(d).InfoGetNodeVersionResult.properties.gitCommit['x-since'] = 'v1.14.0'),
    'since-on-required-member',
    'breaking',
  ],
  [
    'Peer.benched until v1.14.1',
    'node-rpc',
    (d) => (schemas(d).Peer.properties.benched['x-until'] = 'v1.14.1'),
    'until-added',
    'breaking',
  ],
  [
    'Peer.upgradeTime loses its x-since',
    'node-rpc',
    (d) => delete schemas(d).Peer.properties.upgradeTime['x-since'],
    'since-changed',
    'non-breaking',
  ],
  [
    'Peer.observedSubnetUptimes kept after v1.11.11',
    'node-rpc',
    (d) => delete schemas(d).Peer.properties.observedSubnetUptimes['x-until'],
    'until-removed',
    'non-breaking',
  ],
  [
    'InfoGetNodeVersionResult loses databaseVersion',
    'node-rpc',
    (d) => {
      delete schemas(d).InfoGetNodeVersionResult.properties.databaseVersion;
      drop(schemas(d).InfoGetNodeVersionResult.required, 'databaseVersion');
    },
    'response-property-removed',
    'breaking',
  ],
  [
    'BytesOrJsonEncoding gains "base64" (param and echoed reply)',
    'node-rpc',
    (d) => schemas(d).BytesOrJsonEncoding.enum.push('base64'),
    'request-enum-widened',
    'non-breaking',
  ],
  [
    'info.peers description reworded',
    'node-rpc',
    (d) => (method(d, 'info.peers').description = 'The peers.'),
    'description-changed',
    'docs',
  ],
  [
    'info.getNodeVersion result becomes a notification',
    'node-rpc',
    (d) => delete method(d, 'info.getNodeVersion').result,
    'result-changed',
    'breaking',
  ],
  // Node health (OpenAPI).
  [
    'GET /ext/health/liveness removed',
    'node-health',
    (d) => delete d.paths['/ext/health/liveness'],
    'operation-removed',
    'breaking',
  ],
  [
    'health gains x-promises',
    'node-health',
    (d) => (d.paths['/ext/health'].get['x-promises'] = { status: 'tied to body' }),
    'extension-changed',
    'docs',
  ],
];

describe('edits to the real specs', () => {
  test('at least 40 distinct edits, across every spec', () => {
    expect(new Set(edits.map(([title]) => title)).size).toBe(edits.length);
    expect(edits.length).toBeGreaterThanOrEqual(40);
    expect(new Set(edits.map(([, name]) => name))).toEqual(new Set(names));
  });

  const rows = edits.map(([title, name, edit, rule, client]) => ({
    title,
    name,
    edit,
    rule,
    client,
  }));
  test.each(rows)('$name: $title → $rule, $client for clients', ({ name, edit, rule, client }) => {
    const changes = diff(name, edit);
    const found = changes.filter((c) => c.rule === rule);
    expect(found.length, `rules found: ${changes.map((c) => c.rule).join(', ')}`).toBeGreaterThan(
      0,
    );
    expect(rules[rule].client).toBe(client);
    for (const c of found) {
      expect(c.spec).toBe(name);
      expect(c.client).toBe(client);
      expect(c.location).toMatch(/^\/(paths|components|methods|info|servers)/);
    }
  });
});

describe('derived from the specs', () => {
  test.each(names)('%s compared with itself has no changes', (name) => {
    expect(diff(name, () => {})).toEqual([]);
  });

  const restOps = (['data-api', 'metrics-api', 'node-health'] as const).flatMap((name) =>
    Object.entries(load(name).paths).flatMap(([path, item]) =>
      Object.keys(item as Doc).map((m) => ({ name, path, m })),
    ),
  );
  test.each(restOps)(
    '$name: $m $path removed is operation-removed, breaking for clients',
    ({ name, path, m }) => {
      const changes = diff(name, (d) => delete d.paths[path][m]);
      expect(changes.map((c) => [c.rule, c.client])).toEqual([['operation-removed', 'breaking']]);
    },
  );

  const rpcMethods: string[] = load('node-rpc').methods.map((m: Doc) => String(m.name));
  test.each(rpcMethods)(
    'node-rpc: %s removed is method-removed, breaking for clients',
    (name: string) => {
      const changes = diff('node-rpc', (d) =>
        d.methods.splice(d.methods.indexOf(method(d, name)), 1),
      );
      expect(changes.map((c) => [c.rule, c.client, c.operation])).toEqual([
        ['method-removed', 'breaking', name],
      ]);
    },
  );
});
