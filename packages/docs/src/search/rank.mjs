// How results are ranked and grouped; no DOM here, so the build's tests run it in Node too.
import { KIND_BOOST } from './options.mjs';

const MAX_RESULTS = 24;

/** Ranked hits: AND of the words first, OR when that finds nothing; an exact name first. */
export function rank(search, query) {
  const q = query.trim();
  if (!q) return [];
  const boostDocument = (_id, _term, stored) => KIND_BOOST[stored?.kind] ?? 1;
  let hits = search.search(q, { boostDocument });
  if (hits.length === 0) hits = search.search(q, { boostDocument, combineWith: 'OR' });
  const exact = q.toLowerCase();
  for (const h of hits) {
    const title = String(h.title).toLowerCase();
    if (title === exact || title.endsWith(`.${exact}`)) h.score *= 4;
    // The name as typed, case and all, before names that differ only in case (`chainID` the
    // field before the many `chainId` parameters).
    if (String(h.title) === q) h.score *= 2;
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, MAX_RESULTS);
}

/**
 * The hits grouped by service, groups in the order of their best hit, at most `perGroup` each:
 * so the two best hits are always among the first five shown, whatever their services.
 */
export function group(hits, perGroup = 4) {
  const groups = new Map();
  for (const h of hits) {
    if (!groups.has(h.service)) groups.set(h.service, []);
    const list = groups.get(h.service);
    if (list.length < perGroup) list.push(h);
  }
  return [...groups.entries()];
}
