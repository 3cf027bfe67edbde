// The README tables: generated from one source, the same as what the READMEs hold, listing
// exactly the error classes each built client exports, and no README repeating a table row.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLIENTS,
  ERRORS,
  errorsTable,
  fill,
  main,
  operationsSentence,
  optionsTable,
  table,
} from './generate-readme-tables.mjs';

const root = new URL('../', import.meta.url).pathname;
const read = (file) => readFileSync(join(root, file), 'utf8');
/** Every README a user reads: the root's and each package's. */
const READMES = [
  'README.md',
  ...readdirSync(join(root, 'packages'))
    .map((p) => `packages/${p}/README.md`)
    .filter((f) => {
      try {
        return Boolean(read(f));
      } catch {
        return false;
      }
    }),
];

/** The Markdown tables of a text outside code fences, each as its header and rows (cells trimmed). */
function tablesOf(text) {
  const tables = [];
  let current;
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (!fenced && line.startsWith('|')) {
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim());
      if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
      if (!current) {
        current = { header: cells, rows: [] };
        tables.push(current);
      } else current.rows.push(cells);
    } else current = undefined;
  }
  return tables;
}

/** Rows a README lists twice: the same first cell under the same header, in one table or two. */
function repeatedRows(text) {
  const seen = new Set();
  const repeated = [];
  for (const { header, rows } of tablesOf(text)) {
    for (const row of rows) {
      const key = `${header.join('|')} :: ${row[0]}`;
      if (seen.has(key)) repeated.push(row[0]);
      seen.add(key);
    }
  }
  return repeated;
}

describe('the README tables', () => {
  it('every README holds what the generator writes (run `pnpm generate` after changing a row)', async () => {
    expect(await main({ check: true })).toEqual([]);
  });

  it.each(READMES)('%s repeats no table row', (file) => {
    expect(repeatedRows(read(file))).toEqual([]);
  });

  it('the repeat check can fail: an errors table listed twice, a row listed twice', () => {
    const one = errorsTable('data');
    expect(repeatedRows(`${one}\n\ntext\n\n${one}`)).toContain('`ParameterError`');
    const [head, rule, ...rows] = one.split('\n');
    expect(repeatedRows([head, rule, ...rows, rows[1]].join('\n'))).toEqual([
      rows[1]?.split('|')[1]?.trim(),
    ]);
  });

  it.each(Object.entries(CLIENTS))(
    "%s: the errors table lists exactly the package's exported error classes",
    async (_, client) => {
      const api = await import(
        join(root, 'packages', client.readme.split('/')[1], 'dist/index.js')
      );
      const exported = Object.entries(api)
        .filter(([, v]) => typeof v === 'function' && v.prototype instanceof Error)
        .map(([name]) => name)
        .sort();
      // What the client's README shows, read back from the README itself.
      const block = /<!-- errors:begin[^>]*-->\n([\s\S]*?)\n<!-- errors:end -->/.exec(
        read(client.readme),
      )?.[1];
      const listed = tablesOf(block ?? '')[0]?.rows.map((r) => r[0].replaceAll('`', '')) ?? [];
      expect(listed.sort()).toEqual(exported);
    },
  );

  it('the REST READMEs list no node-only error and no node-only option, and node lists no apiKey', () => {
    // The node-only rows, from the generator's own table (the brand classes are per client).
    const nodeOnly = ERRORS.filter(
      ([, clients]) => clients.length === 1 && clients[0] === 'node',
    ).map(([name]) => name);
    expect(nodeOnly).toEqual(expect.arrayContaining(['`RpcError`', '`IdMismatchError`']));
    for (const name of ['data', 'metrics']) {
      const text = read(CLIENTS[name].readme);
      for (const row of [...nodeOnly, '`NodeClientError`']) expect(text).not.toContain(row);
    }
    expect(optionsTable('node')).not.toContain('`apiKey`');
  });

  it("each client's default baseUrl is the one its package exports", async () => {
    const data = await import(join(root, 'packages/data-client/dist/index.js'));
    const metrics = await import(join(root, 'packages/metrics-client/dist/index.js'));
    const node = await import(join(root, 'packages/node-rpc/dist/index.js'));
    expect([CLIENTS.data.url, CLIENTS.metrics.url, CLIENTS.node.url]).toEqual([
      data.DATA_API_URL,
      metrics.METRICS_API_URL,
      node.MAINNET_NODE_URL,
    ]);
  });

  it.each(['data', 'metrics'])(
    "the %s README's operation table is the bundled spec's",
    (client) => {
      const spec = JSON.parse(read(CLIENTS[client].spec));
      const ids = Object.values(spec.paths).flatMap((item) =>
        Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])),
      );
      const sentence = operationsSentence(spec);
      expect(sentence).toContain(`The spec's ${ids.length} operations`);
      const readme = read(CLIENTS[client].readme);
      expect(readme).toContain(sentence);
      const rows = tablesOf(readme).find((x) => x.header[0] === 'Tag')?.rows;
      expect(rows.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(ids.length);
      for (const id of ids) expect(readme).toContain(`\`${id}\``);
    },
  );

  it("the root README's coverage table holds every operation and method of the specs", () => {
    const specs = ['data-api', 'metrics-api', 'node-rpc', 'node-health'].map((f) =>
      JSON.parse(read(`specs/dist/${f}.json`)),
    );
    const names = [
      ...[specs[0], specs[1], specs[3]].flatMap((spec) =>
        Object.values(spec.paths).flatMap((item) =>
          Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])),
        ),
      ),
      ...specs[2].methods.map((m) => m.name),
    ];
    const rows = tablesOf(read('README.md')).find((x) => x.header[0] === 'Service · group')?.rows;
    expect(rows.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(names.length);
    const cells = rows.map((r) => r[2]).join(', ');
    for (const name of names)
      expect(cells).toMatch(new RegExp(`\`${name.replace(/[.$]/g, '\\$&')}\`†?(, |$)`));
  });

  it("the node README's namespace table lists every method of the spec, marks included", () => {
    const spec = JSON.parse(read('specs/dist/node-rpc.json'));
    const rows = tablesOf(read(CLIENTS.node.readme)).find((x) => x.header[0] === 'Namespace')?.rows;
    expect(rows).toBeDefined();
    const namespaceOf = (method) => (method.startsWith('eth_') ? 'evm' : method.split('.')[0]);
    const byNamespace = new Map();
    for (const m of spec.methods) {
      const ns = namespaceOf(m.name);
      byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), m]);
    }
    for (const [ns, methods] of byNamespace) {
      const row = rows?.find((r) => r[0].startsWith(`\`client.${ns}`));
      expect(row, ns).toBeDefined();
      const [, endpoint, cell] = row ?? [];
      // The method names listed, before the extras ("and the iterator `utxos`", "and `batch`").
      const listed = (cell ?? '')
        .replace(/\([^)]*\)/g, '')
        .split(/,\s*|\s+and\s+/)
        .map((w) => w.trim())
        .filter((w) => /^[a-zA-Z][a-zA-Z0-9]*[†‡]*$/.test(w));
      expect(listed.map((w) => w.replace(/[†‡]/g, '')).sort(), ns).toEqual(
        methods.map((m) => m.name.replace(/^[a-z]+[._]/, '')).sort(),
      );
      for (const m of methods) {
        const word = listed.find(
          (w) => w.replace(/[†‡]/g, '') === m.name.replace(/^[a-z]+[._]/, ''),
        );
        expect(word?.includes('†'), `${m.name} deprecated`).toBe(m.deprecated === true);
        expect(word?.includes('‡') || endpoint?.includes('‡'), `${m.name} node-specific`).toBe(
          m['x-node-specific'] === true,
        );
      }
    }
  });

  it.each(['rest-core', 'data-client', 'metrics-client', 'node-rpc'])(
    '%s: the README names the Node versions `engines` admits',
    (name) => {
      const { engines } = JSON.parse(read(`packages/${name}/package.json`));
      expect(read(`packages/${name}/README.md`).replace(/\s+/g, ' ')).toContain(
        `Node \`${engines.node}\` (its \`engines\``,
      );
    },
  );

  it('fill replaces between markers and refuses a README without them', () => {
    const text = 'a\n<!-- options:begin -->\nold\n<!-- options:end -->\nb';
    expect(fill(text, 'x.md', { options: 'new' })).toBe(
      'a\n<!-- options:begin: generated by scripts/generate-readme-tables.mjs; run pnpm generate -->\nnew\n<!-- options:end -->\nb',
    );
    expect(() => fill('no markers', 'x.md', { options: 'new' })).toThrow(/x\.md: no <!-- options/);
  });

  it('table pads its columns', () => {
    expect(table(['a', 'bb'], [['ccc', 'd']])).toBe('| a   | bb |\n| --- | -- |\n| ccc | d  |');
  });
});
