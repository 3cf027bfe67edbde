import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, INDEX_CALLBACK } from './build-index.mjs';
import { INDEX_OPTIONS, tokenizeIndex } from './options.mjs';
import { group, rank } from './rank.mjs';

/** The index as the browser gets it: the script's argument, loaded back. */
function load(entries) {
  const { script } = buildSearchIndex(entries);
  const json = JSON.parse(script.slice(INDEX_CALLBACK.length + 1, script.lastIndexOf(')')));
  return MiniSearch.loadJS(json, INDEX_OPTIONS);
}

const entry = (service, kind, title, context = '') => ({
  service,
  kind,
  title,
  context,
  page: `${service}.html`,
  anchor: title,
});

describe('search ranking', () => {
  it('splits camelCase names and keeps them whole', () => {
    expect(tokenizeIndex('avm.getUTXOs x-glacier-api-key')).toEqual(
      expect.arrayContaining(['avm', 'getUTXOs', 'get', 'UTXOs', 'x', 'glacier', 'api', 'key']),
    );
  });

  it('finds by prefix and with a typo, a call above a field of the same name', () => {
    const index = load([
      entry('data', 'field', 'validators', 'listValidators › response 200'),
      entry('data', 'operation', 'listValidators'),
      entry('node', 'method', 'avm.getUTXOs'),
    ]);
    expect(rank(index, 'getUtxo').map((h) => h.title)).toEqual(['avm.getUTXOs']);
    expect(rank(index, 'valdators')[0].title).toBe('listValidators');
  });

  it('falls back to any word when no item has all of them', () => {
    const index = load([
      entry('data', 'parameter', 'pageToken'),
      entry('data', 'parameter', 'pageSize'),
    ]);
    expect(rank(index, 'pageToken nonsenseword').map((h) => h.title)).toEqual(['pageToken']);
  });

  it('groups by service in the order of the best hit, at most four each', () => {
    const hits = [
      ...Array.from({ length: 6 }, (_, i) => ({ service: 'node', title: `n${i}` })),
      { service: 'data', title: 'd0' },
    ];
    const groups = group(hits);
    expect(groups.map(([s, items]) => [s, items.length])).toEqual([
      ['node', 4],
      ['data', 1],
    ]);
    // The second-best hit overall is shown within the first five, whatever its service.
    const shown = groups.flatMap(([, items]) => items);
    expect(shown.indexOf(hits[6])).toBeLessThan(5);
  });
});

describe('rank, exact case', () => {
  it('puts the name as typed before names that differ only in case', () => {
    const search = new MiniSearch(INDEX_OPTIONS);
    const docs = [
      ...Array.from({ length: 6 }, (_, i) => ({
        id: `p${i}`,
        kind: 'parameter',
        title: 'chainId',
        context: `op${i}`,
        text: 'The chain.',
      })),
      {
        id: 'f',
        kind: 'field',
        title: 'chainID',
        context: 'getChain › response 200',
        text: 'The chain id.',
      },
    ];
    search.addAll(docs);
    const hits = rank(search, 'chainID');
    expect(hits[0].id).toBe('f');
    expect(rank(search, 'chainId')[0].kind).toBe('parameter');
  });
});
