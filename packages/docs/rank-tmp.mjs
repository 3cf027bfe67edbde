import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
const { INDEX_OPTIONS } = await import(process.cwd() + '/src/search/options.mjs');
const { buildSearchIndex, INDEX_CALLBACK } = await import(process.cwd() + '/src/search/build-index.mjs');
const { rank } = await import(process.cwd() + '/src/search/rank.mjs');
const text = readFileSync('dist/search-index.js', 'utf8');
const json = JSON.parse(text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')));
const idx = MiniSearch.loadJS(json, INDEX_OPTIONS);
for (const q of process.argv.slice(2)) console.log(q, rank(idx, q).slice(0, 6).map((h) => `${h.title} [${h.kind}] ${h.href}`));
