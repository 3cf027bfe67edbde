// What the search index holds and how it is searched; shared by the build (which indexes) and
// the browser (which loads the index and searches it), so both split words the same way.
//
// MiniSearch (7.2.x) rather than FlexSearch or Fuse.js: it serialises a prebuilt index
// (toJSON/loadJS) so the browser does no indexing, has prefix and fuzzy (edit distance) search
// with per-field boosts, no dependencies, and ~7 kB gzip.

/** Fields searched; `title` is the item's own name, `context` where it sits, `text` its words. */
export const FIELDS = ['title', 'context', 'text'];
/** Fields each result carries for display: title, kind, service, context, href. */
export const STORE_FIELDS = ['title', 'kind', 'service', 'context', 'href'];

/** Words of the text; each camelCase word is kept whole and also split (getUTXOs → get, utxos). */
export function tokenizeIndex(text) {
  const out = [];
  for (const word of String(text ?? '').split(/[^A-Za-z0-9]+/)) {
    if (!word) continue;
    out.push(word);
    const parts = word.match(/[A-Z]+s?(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g) ?? [];
    if (parts.length > 1) out.push(...parts);
  }
  return out;
}

/** The reader's words, whole: `getUtxo` stays one prefix. */
export function tokenizeQuery(text) {
  return String(text ?? '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

export const processTerm = (term) => term.toLowerCase();

/** How much each kind of item counts: a call above its parameters, those above deep fields. */
export const KIND_BOOST = {
  operation: 6,
  method: 6,
  health: 6,
  parameter: 1.8,
  error: 1.5,
  section: 1.5,
  field: 1,
  promise: 0.7,
};

/** The options MiniSearch is created and loaded with. */
export const INDEX_OPTIONS = {
  fields: FIELDS,
  storeFields: STORE_FIELDS,
  tokenize: tokenizeIndex,
  processTerm,
  searchOptions: {
    tokenize: tokenizeQuery,
    processTerm,
    prefix: true,
    // One typo in five letters (valdators → validators); short words must match as typed.
    fuzzy: (term) => (term.length > 3 ? 0.2 : false),
    boost: { title: 6, context: 0.6, text: 1 },
    combineWith: 'AND',
  },
};
