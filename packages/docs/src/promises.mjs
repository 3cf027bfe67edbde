// The `x-promises` of an operation or method in words: one Markdown sentence per promise, listed
// under each operation, method and health endpoint of the references. The vocabulary is described
// in specs/x-promises.schema.json and packages/conformance/README.md.

const list = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
/** A JSON Pointer as a member path: `/asset/amount` → `asset.amount`. */
const member = (pointer) =>
  pointer === '' ? 'the answer' : `\`${pointer.replace(/^\//, '').split('/').join('.')}\``;
const members = (pointers) => list(pointers).map(member).join(' or ');
const code = (v) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;
const input = (name) => `\`${name}\``;

const HOW = {
  equal: 'equals',
  oneOf: 'is one of',
  contains: 'contains one of',
  intersects: 'shares a value with',
  atLeast: 'is at least',
  atMost: 'is at most',
};
const NORMALIZE = {
  lower: ' (hex compared without regard to case)',
  address: ' (a `P-` or `X-` chain prefix ignored)',
  number: ' (as numbers)',
};

/** " when `a` is `x` or `y` and `b` is absent" for a `when`; empty without one. */
function whenText(when) {
  if (!when) return '';
  const parts = Object.entries(when).map(([name, values]) => {
    const named = values
      .filter((v) => v !== null)
      .map((v) => (typeof v === 'object' ? `a value matching ${code(v.pattern)}` : code(v)));
    const absent = values.includes(null);
    if (named.length === 0) return `${input(name)} is not sent`;
    return `${input(name)} is ${named.join(' or ')}${absent ? ' or not sent' : ''}`;
  });
  return ` when ${parts.join(' and ')}`;
}

function pageText(page) {
  const fallback =
    page.default === undefined
      ? page.max === undefined
        ? ''
        : ` (when it is 1 to ${page.max})`
      : ` (${page.default} when it is not sent${page.max === undefined ? '' : ` or not 1 to ${page.max}`})`;
  return `At most ${input(page.input)} items${fallback}.`;
}

function cursorText(cursor) {
  const distinct = cursor.distinct
    ? `, and no item (by ${members(cursor.distinct)}) shows up on two pages`
    : ', and no item shows up on two pages';
  const more = cursor.more
    ? ` ${member(cursor.next)} is sent only when more items follow: the page it leads to is not empty.`
    : '';
  return `Send ${member(cursor.next)} back as ${input(cursor.input)} for the next page; no value of ${member(cursor.next)} repeats within one listing${distinct}.${more}`;
}

function orderText(order) {
  const by = members(order.key);
  const direction = (d) => (d === 'desc' ? 'descending' : 'ascending');
  const how = order.direction
    ? `${order.direction === 'desc' ? 'Descending' : 'Ascending'} by ${by}`
    : `Sorted by ${by} in the direction ${input(order.input)} names (${order.default ? `${direction(order.default)} when it is not sent` : 'no order is promised when it is not sent'})`;
  return `${how}${whenText(order.when)}.`;
}

function filterText(f) {
  const absent = f.absent === 'pass' ? '; items without it are kept' : '';
  const byDefault =
    f.default === undefined
      ? ''
      : ` (${code(f.default)} when it is not sent, then items without it are kept)`;
  return `Every item's ${members(f.member)} ${HOW[f.match]} ${input(f.input)}${byDefault}${NORMALIZE[f.normalize] ?? ''}${absent}${whenText(f.when)}.`;
}

/** "The answer's x" or "Every item's x": where a rule about members reads. */
const whose = (each, pointers) => `${each ? "Every item's" : "The answer's"} ${members(pointers)}`;

function scopeText(sc) {
  const byDefault = sc.default === undefined ? '' : ` (${code(sc.default)} when it is not sent)`;
  const same = (sc.same ?? []).map((g) => g.map(code).join(' and ')).join('; ');
  return `${whose(sc.each, sc.member)} restates ${input(sc.input)}${byDefault}${same ? `, ${same} naming the same` : ''}${NORMALIZE[sc.normalize] ?? ''}${whenText(sc.when)}.`;
}

const UNIT = {
  'unix-seconds': 'Unix time in seconds (a time in milliseconds breaks it)',
  fraction: 'a fraction from 0 to 1',
  percent: 'a percentage from 0 to 100',
};

const unitsText = (u) => `${whose(u.each, u.member)} is ${UNIT[u.unit]}.`;

const IS = { atLeast: 'is at least', atMost: 'is at most', equal: 'equals' };

function relationText(r) {
  const of = r.of ?? 'answer';
  const other = r.than === undefined ? code(r.value) : member(r.than);
  const cond = r.if ? ` where its ${member(r.if.member)} is ${code(r.if.equals)}` : '';
  if (of === 'items') return `The answer's ${member(r.member)} ${IS[r.is]} every item's ${other}.`;
  const its = r.than === undefined ? other : `its ${other}`;
  if (of === 'item') return `Every item's ${member(r.member)} ${IS[r.is]} ${its}${cond}.`;
  return `The answer's ${member(r.member)} ${IS[r.is]} ${other}${cond}.`;
}

function callsText(c) {
  const linked = Object.entries(c.inputs ?? {})
    .map(([a, b]) => (a === b ? input(a) : `${input(a)} as ${input(b)}`))
    .join(' and ');
  const asked = linked ? ` asked with the same ${linked}` : '';
  const how =
    c.compare === 'keys'
      ? `holds the same keys as ${member(c.other)}`
      : c.map
        ? `goes with ${member(c.other)} as ${Object.entries(c.map)
            .map(([k, v]) => `${code(k)} with ${code(v)}`)
            .join(', ')}`
        : `equals ${member(c.other)}`;
  return `${member(c.member) === 'the answer' ? 'The answer' : `The answer's ${member(c.member)}`} ${how} of ${code(c.with)} on the same target${asked}.`;
}

function identityText(i) {
  if (!i.member) return `${input(i.input)} selects the answer (the answer does not echo it).`;
  const absent = i.absent === 'pass' ? '; an answer without it is not judged' : '';
  return `The answer's ${members(i.member)} ${HOW[i.match ?? 'equal']} ${input(i.input)}${NORMALIZE[i.normalize] ?? ''}${absent}${whenText(i.when)}.`;
}

function rangeText(r) {
  const max = r.max === undefined ? '' : ` (at most ${r.max})`;
  return `The items are those at ${input(r.start)}, ${input(r.start)} + 1, …: at most ${input(r.count)}${max}, each ${member(r.index)} one past the previous; ${input(r.count)} 0 or above the maximum, or a start past the last one, is an error.`;
}

function errorBodyText(e) {
  const names = Object.entries(e.names ?? {})
    .map(([status, name]) => `${status} ${name}`)
    .join(', ');
  const named =
    e.name === undefined ? '' : `, and ${member(e.name)} names it${names ? ` (${names})` : ''}`;
  return `An error answer's ${member(e.status)} is the HTTP status it was sent with${named}.`;
}

function notFoundText(nf, rest) {
  if (nf.status !== undefined) return `When nothing matches, the answer is status ${nf.status}.`;
  if (nf.error !== undefined)
    return `When nothing matches, the answer is error ${nf.error.code} ${code(nf.error.message)}.`;
  return `When nothing matches, the ${rest ? 'body' : 'result'} is ${code(nf.result)}.`;
}

/**
 * The promises as sentences (Markdown), in the vocabulary's order. `rest` says whether the
 * answer is an HTTP body (REST) or a JSON-RPC result, which changes only the wording.
 */
export function promiseSentences(promises, { rest = true } = {}) {
  if (!promises || typeof promises !== 'object') return [];
  const out = [];
  if (promises.page) out.push(pageText(promises.page));
  if (promises.cursor) out.push(cursorText(promises.cursor));
  for (const o of promises.order ?? []) out.push(orderText(o));
  for (const f of promises.filters ?? []) out.push(filterText(f));
  for (const i of promises.identity ?? []) out.push(identityText(i));
  for (const c of promises.counts ?? [])
    out.push(
      `${member(c.count)} equals the number of entries of ${member(c.of)}${whenText(c.when)}.`,
    );
  if (promises.range) out.push(rangeText(promises.range));
  for (const sc of promises.scope ?? []) out.push(scopeText(sc));
  for (const u of promises.units ?? []) out.push(unitsText(u));
  for (const r of promises.relations ?? []) out.push(relationText(r));
  for (const c of promises.calls ?? []) out.push(callsText(c));
  if (promises.status)
    out.push(
      `Status ${promises.status.true} when ${member(promises.status.member)} is true, ${promises.status.false} when false.`,
    );
  if (promises.all)
    out.push(
      `${member(promises.all.flag)} is true exactly when no entry of ${member(promises.all.each)} has ${member(promises.all.failing)}.`,
    );
  if (promises.errorBody) out.push(errorBodyText(promises.errorBody));
  if (promises.notFound) out.push(notFoundText(promises.notFound, rest));
  if (promises.contentType) out.push(`Sent as ${code(promises.contentType)}.`);
  const itemRules =
    promises.page ||
    promises.filters ||
    promises.order ||
    promises.range ||
    promises.cursor?.distinct;
  if (promises.items !== undefined && itemRules)
    out.unshift(`The items are ${member(promises.items)}.`);
  return out;
}

/** A method's promises over the OpenRPC document's defaults (a member of the method wins). */
export function methodPromises(openrpc, method) {
  const own = method['x-promises'];
  const defaults = openrpc['x-promises'];
  if (!own && !defaults) return undefined;
  return { ...(defaults ?? {}), ...(own ?? {}) };
}

/** A sentence as the text a browser shows for its Markdown (code spans without backticks). */
export function plainText(sentence) {
  return sentence.replace(/`([^`]*)`/g, '$1');
}
