// Builds the search index at docs build time: one document per operation, method, health GET,
// parameter, field, error, promise and guide section, written as a script that hands the
// index to search.js (a script, not JSON fetched, so it loads from file:// too).
import MiniSearch from 'minisearch';
import { INDEX_OPTIONS } from './options.mjs';

/** The global search.js defines and the index script calls. */
export const INDEX_CALLBACK = '__docsSearchLoaded';

/** Short plain text of a description: no Markdown marks, at most `max` characters. */
function plain(text, max = 240) {
  const s = String(text ?? '')
    .replace(/[`*_]|\[([^\]]*)\]\([^)]*\)/g, (_m, label) => label ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/**
 * `entries` are `{service, kind, page, anchor, title, context?, text?}`; returns the script
 * text and the number of documents.
 */
export function buildSearchIndex(entries) {
  const search = new MiniSearch(INDEX_OPTIONS);
  const docs = entries.map((e, id) => ({
    id,
    title: e.title,
    kind: e.kind,
    service: e.service,
    context: plain(e.context, 120),
    text: plain(e.text),
    href: `${e.page}#${encodeURI(e.anchor)}`,
  }));
  search.addAll(docs);
  const script = `${INDEX_CALLBACK}(${JSON.stringify(search.toJSON())});\n`;
  return { script, count: docs.length };
}
