import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSpecsDir } from './build.mjs';
import { healthEndpoints, renderNodeReference } from './node-reference.mjs';
import { operationsOf } from './operations.mjs';
import { methodPromises, plainText, promiseSentences } from './promises.mjs';
import { renderRestReference } from './rest-reference.mjs';

const load = (file) => JSON.parse(readFileSync(join(defaultSpecsDir, file), 'utf8'));

describe('promiseSentences', () => {
  it.each([
    [
      'a filter with a default',
      {
        filters: [
          {
            input: 'minUptimePerformance',
            member: '/uptimePerformance',
            match: 'atLeast',
            default: 90,
          },
        ],
      },
      [
        "Every item's `uptimePerformance` is at least `minUptimePerformance` (`90` when it is not sent, then items without it are kept).",
      ],
    ],
    [
      'scope with a same group, and with a default',
      {
        scope: [
          { input: 'network', member: '/chainInfo/network', same: [['fuji', 'testnet']] },
          { input: 'encoding', member: '/encoding', default: 'hex' },
        ],
      },
      [
        "The answer's `chainInfo.network` restates `network`, `fuji` and `testnet` naming the same.",
        "The answer's `encoding` restates `encoding` (`hex` when it is not sent).",
      ],
    ],
    [
      'units, per item and of the answer',
      {
        units: [
          { member: '/timestamp', each: true, unit: 'unix-seconds' },
          { member: ['/a', '/b'], unit: 'percent' },
        ],
      },
      [
        "Every item's `timestamp` is Unix time in seconds (a time in milliseconds breaks it).",
        "The answer's `a` or `b` is a percentage from 0 to 100.",
      ],
    ],
    [
      'relations across items and within an item',
      {
        relations: [
          { member: '/lastRun', is: 'atLeast', than: '/timestamp', of: 'items' },
          {
            member: '/isActive',
            is: 'equal',
            value: true,
            of: 'item',
            if: { member: '/isL1Validator', equals: false },
          },
        ],
      },
      [
        "The answer's `lastRun` is at least every item's `timestamp`.",
        "Every item's `isActive` equals `true` where its `isL1Validator` is `false`.",
      ],
    ],
    [
      'calls: a map, and keys with linked inputs',
      {
        calls: [
          {
            with: 'info.getNetworkName',
            member: '/networkID',
            other: '/networkName',
            map: { 1: 'mainnet' },
          },
          {
            with: 'eth_getActiveRulesAt',
            member: '',
            other: '/precompiles',
            compare: 'keys',
            inputs: { blockTimestamp: 'blockTimestamp' },
          },
        ],
      },
      [
        "The answer's `networkID` goes with `networkName` as `1` with `mainnet` of `info.getNetworkName` on the same target.",
        'The answer holds the same keys as `precompiles` of `eth_getActiveRulesAt` on the same target asked with the same `blockTimestamp`.',
      ],
    ],
    [
      'page with default and max',
      { items: '/blocks', page: { input: 'pageSize', default: 10, max: 100 } },
      [
        'The items are `blocks`.',
        'At most `pageSize` items (10 when it is not sent or not 1 to 100).',
      ],
    ],
    [
      'page without default',
      { page: { input: 'pageSize', max: 100 } },
      ['At most `pageSize` items (when it is 1 to 100).'],
    ],
    [
      'cursor with distinct',
      { cursor: { input: 'pageToken', next: '/nextPageToken', distinct: '/txHash' } },
      [
        'Send `nextPageToken` back as `pageToken` for the next page; no value of `nextPageToken` repeats within one listing, and no item (by `txHash`) shows up on two pages.',
      ],
    ],
    [
      'cursor without distinct, promising more',
      { cursor: { input: 'pageToken', next: '/nextPageToken', more: true } },
      [
        'Send `nextPageToken` back as `pageToken` for the next page; no value of `nextPageToken` repeats within one listing, and no item shows up on two pages. `nextPageToken` is sent only when more items follow: the page it leads to is not empty.',
      ],
    ],
    [
      'a filter under a pattern',
      {
        filters: [
          {
            input: 'chainId',
            member: '/chainId',
            match: 'equal',
            when: { chainId: [{ pattern: '^[0-9]+$' }] },
          },
        ],
      },
      ["Every item's `chainId` equals `chainId` when `chainId` is a value matching `^[0-9]+$`."],
    ],
    [
      'fixed order',
      { order: [{ key: '/blockNumber', direction: 'desc' }] },
      ['Descending by `blockNumber`.'],
    ],
    [
      'order set by an input, under a condition',
      {
        order: [
          {
            key: ['/amount', '/asset/amount'],
            input: 'sortOrder',
            when: { sortBy: ['amount'] },
          },
        ],
      },
      [
        'Sorted by `amount` or `asset.amount` in the direction `sortOrder` names (no order is promised when it is not sent) when `sortBy` is `amount`.',
      ],
    ],
    [
      'filters of every match kind',
      {
        filters: [
          { input: 'validationStatus', member: '/validationStatus', match: 'equal' },
          { input: 'nodeIds', member: '/nodeId', match: 'contains' },
          {
            input: 'addresses',
            member: '/addresses',
            match: 'intersects',
            normalize: 'address',
            when: { nodeIds: [null] },
          },
          {
            input: 'minUptimePerformance',
            member: '/uptimePerformance',
            match: 'atLeast',
            absent: 'pass',
          },
        ],
      },
      [
        "Every item's `validationStatus` equals `validationStatus`.",
        "Every item's `nodeId` contains one of `nodeIds`.",
        "Every item's `addresses` shares a value with `addresses` (a `P-` or `X-` chain prefix ignored) when `nodeIds` is not sent.",
        "Every item's `uptimePerformance` is at least `minUptimePerformance`; items without it are kept.",
      ],
    ],
    [
      'identity with and without a member',
      {
        identity: [
          { input: 'blockId', member: ['/blockNumber', '/blockHash'], normalize: 'lower' },
          { input: 'chainId' },
        ],
      },
      [
        "The answer's `blockNumber` or `blockHash` equals `blockId` (hex compared without regard to case).",
        '`chainId` selects the answer (the answer does not echo it).',
      ],
    ],
    [
      'count, status, all, content type',
      {
        counts: [{ count: '/numPeers', of: '/peers' }],
        status: { member: '/healthy', true: 200, false: 503 },
        all: { flag: '/healthy', each: '/checks', failing: '/error' },
        contentType: 'application/json',
      },
      [
        '`numPeers` equals the number of entries of `peers`.',
        'Status 200 when `healthy` is true, 503 when false.',
        '`healthy` is true exactly when no entry of `checks` has `error`.',
        'Sent as `application/json`.',
      ],
    ],
    [
      'not found as a status and as an error',
      { notFound: { error: { code: -32000, message: 'no container at index {index}' } } },
      ['When nothing matches, the answer is error -32000 `no container at index {index}`.'],
    ],
  ])('%s', (_name, promises, want) => {
    expect(promiseSentences(promises)).toEqual(want);
  });

  it('says nothing for an operation without promises', () => {
    expect(promiseSentences(undefined)).toEqual([]);
    expect(promiseSentences({})).toEqual([]);
  });

  it("a method's own promises win over the document's defaults", () => {
    const doc = { 'x-promises': { contentType: 'application/json' } };
    expect(methodPromises(doc, { 'x-promises': { contentType: 'text/plain' } })).toEqual({
      contentType: 'text/plain',
    });
    expect(methodPromises(doc, {})).toEqual({ contentType: 'application/json' });
  });
});

/** The sentences one `x-promises` gives, as the words a reader sees. */
const plain = (promises, options) => promiseSentences(promises, options).map(plainText);

/** The promise sentences listed in the section with this id, as text. */
function listedIn(page, id) {
  const start = page.indexOf(`<section class="method" id="${id}">`);
  expect(start, id).toBeGreaterThan(-1);
  const html = page.slice(start, page.indexOf('</section>', start));
  const list = /<ul class="promises">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
    m[1]
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

describe('every annotated operation and method shows its promises', () => {
  for (const [file, service] of [
    ['data-api.json', 'data'],
    ['metrics-api.json', 'metrics'],
  ]) {
    const doc = load(file);
    const page = Object.values(
      renderRestReference({ doc, service, name: file.replace('.json', '') }),
    ).join('\n');
    it.each(operationsOf(doc).map((o) => [o.operation.operationId, o.operation]))(
      `${file} %s: its section lists the promises in words`,
      (id, operation) => {
        const want = plain(operation['x-promises']);
        expect(want.length).toBeGreaterThan(0);
        expect(listedIn(page, id)).toEqual(want);
      },
    );
  }

  const openrpc = load('node-rpc.json');
  const health = load('node-health.json');
  const page = Object.values(renderNodeReference({ openrpc, health })).join('\n');
  const sectionText = (id) => listedIn(page, id);
  it.each(openrpc.methods.map((m) => [m.name, m]))('node-rpc %s', (name, method) => {
    const want = plain(methodPromises(openrpc, method), { rest: false });
    expect(want.length).toBeGreaterThan(0);
    expect(sectionText(name)).toEqual(want);
  });
  it.each(healthEndpoints(health).map((e) => [e.anchor, e]))('node-health %s', (anchor, e) => {
    const want = plain(e.operation['x-promises']);
    expect(want.length).toBeGreaterThan(0);
    expect(sectionText(anchor)).toEqual(want);
  });
});
