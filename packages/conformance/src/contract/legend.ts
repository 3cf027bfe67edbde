// What the words of a contract report mean: every verdict, case class and drift kind, and the
// terms the coverage uses (vacuous, n/m). Keyed by the code's own lists (verdictKinds,
// caseClasses, violationKinds), so a new kind without its entry does not compile and fails
// legend.test.ts. The HTML and text reports print it; the docs' conformance page shows the same
// entries under the same anchors, which every entry links to.
import { type ViolationKind, violationKinds } from '../model/schema-set.js';
import { type CaseClass, caseClasses } from './case-values.js';
import { type Verdict, verdictKinds } from './contract-case.js';

export interface LegendEntry {
  /** The word as the report prints it. */
  term: string;
  /** What it means, in a sentence or two. */
  meaning: string;
  /** Its anchor on the docs' conformance page (and, prefixed `legend-`, in the HTML report). */
  anchor: string;
}

/**
 * Where the docs site is published; the HTML report's legend links to its conformance page.
 * `renderHtml(report, { docsUrl })` and `contract --docs-url` point elsewhere (a site built with
 * `pnpm run docs` and served or opened from disk).
 */
export const docsSite = 'https://avalanche-api.github.io/avalanche-api/';

/** The docs page the entries link to, relative to the site. */
export const legendPage = 'conformance.html';

const entries = <K extends string>(
  prefix: string,
  words: Record<K, [term: string, meaning: string]>,
): Record<K, LegendEntry> =>
  Object.fromEntries(
    Object.entries<[string, string]>(words).map(([key, [term, meaning]]) => [
      key,
      { term, meaning, anchor: `${prefix}-${key}` },
    ]),
  ) as Record<K, LegendEntry>;

export const verdictLegend: Record<Verdict, LegendEntry> = entries('verdict', {
  conforms: [
    'conforms',
    'Every answer matched the spec: its status, its JSON-RPC result or error, its body against the schema (strictly: no member the spec does not declare) and the promises the operation declares (x-promises).',
  ],
  drift: [
    'DRIFT',
    'At least one answer differs from what the spec says; each difference is listed with what the spec says and what came back. The run exits 1.',
  ],
  'not-tested': [
    'not tested',
    'The request was sent but no answer could be judged: the target was unreachable, timed out, reset the connection or kept answering 429. Never counted as drift; the run exits 2 when nothing drifted.',
  ],
  skipped: [
    'skipped',
    'The case was not sent, on purpose, with its reason: a node method the public servers do not serve, a release that does not have it, or a request another case already sends with a different expected answer.',
  ],
});

export const caseClassLegend: Record<CaseClass, LegendEntry> = entries('class', {
  recorded: [
    'recorded',
    'A request taken from a real exchange in the recordings; the recorded status (and JSON-RPC result or error) is expected.',
  ],
  example: [
    'example',
    "A request built from the spec's own example for the operation; the example's status is expected.",
  ],
  generated: [
    'generated',
    'A valid request built from the parameter schemas: every listed value, the bounds, optional inputs absent and present, both forms of 64-bit numbers. A success is expected.',
  ],
  negative: [
    'negative',
    'A request that breaks one rule of one parameter; the error the spec documents (HTTP 400, or the JSON-RPC error) is expected.',
  ],
  page: [
    'page',
    "A request for the next page, following the operation's declared cursor or range one page after another; a repeated cursor or item is paging drift.",
  ],
  linked: [
    'linked',
    "A request built from an earlier answer along the spec's links (an id from a list, then its details).",
  ],
  filter: [
    'filter',
    'A request sending a declared filter or identity with a value read off an earlier answer, so that items can match it.',
  ],
});

export const driftKindLegend: Record<ViolationKind, LegendEntry> = entries('kind', {
  'undeclared-property': [
    'undeclared-property',
    "The answer carries a member the spec's schema does not declare (the tester checks strictly: every object is closed).",
  ],
  'missing-required': [
    'missing-required',
    'A member the spec marks required is absent from the answer.',
  ],
  'wrong-type': [
    'wrong-type',
    'A value has another JSON type than the schema says (a string where a number is declared, null where an object is).',
  ],
  'undeclared-value': [
    'undeclared-value',
    'A value outside the list the spec allows (an enum, a constant, the tag of a union).',
  ],
  invalid: [
    'invalid',
    'A value of the right type that breaks another rule of its schema: a pattern, a format, a minimum or maximum, a length, a choice between shapes.',
  ],
  'undeclared-status': [
    'undeclared-status',
    "An HTTP status the operation's responses do not declare (for JSON-RPC, any status but 200).",
  ],
  rule: [
    'rule',
    'A rule the spec states across several inputs is broken (exactly one of them, at least one of them).',
  ],
  unmatched: [
    'unmatched',
    'No operation or method of the specs matches the request (its path, or its JSON-RPC method name).',
  ],
  protocol: [
    'protocol',
    'The answer breaks HTTP, JSON or JSON-RPC itself: a body that is not JSON, no "jsonrpc": "2.0", an id that is not the request\'s, both or neither of result and error.',
  ],
  'unexpected-status': [
    'unexpected-status',
    'The HTTP status is not the one the case expected (the recorded or example status, the documented 400 for a negative case).',
  ],
  'unexpected-error': [
    'unexpected-error',
    'A JSON-RPC error where the case expected a result, or a result (or another error code) where it expected that error.',
  ],
  paging: [
    'paging',
    'Following the pages broke the declared cursor or range: a cursor handed out twice, an item on two pages, an empty page behind a cursor, a page that does not start past the last.',
  ],
  'page-size': [
    'page-size',
    'A page holds more items than the request asked for (or than the default page size).',
  ],
  order: ['order', 'The items are not sorted by the key and in the direction the spec promises.'],
  filter: ['filter', 'An item does not match a filter the request sent.'],
  identity: [
    'identity',
    'The answer is about something other than what was asked: its id, address or chain does not match the input.',
  ],
  count: ['count', 'A count in the answer disagrees with the number of entries it counts.'],
  range: [
    'range',
    'A range answer holds more items than asked, or its indexes do not start where the request said.',
  ],
  status: [
    'status',
    'The status disagrees with the body that decides it (healthy: false with HTTP 200), or a flag with the entries it sums up.',
  ],
  'content-type': [
    'content-type',
    'The answer is not sent with the content type the spec promises.',
  ],
  scope: [
    'scope',
    "A member that restates the request's scope (the network, the chain, the currency, or the default the spec gives when the request leaves it out) says something else.",
  ],
  units: [
    'units',
    'A value is not in the unit the conventions fix: a timestamp in milliseconds where Unix seconds are promised, a percentage where a fraction is.',
  ],
  relation: [
    'relation',
    'Two members of one answer break the relation the spec states between them (a "last updated" time before the data it describes, a subnet validator not active).',
  ],
  calls: [
    'calls',
    "Two methods disagree about the same target: one method's answer is not consistent with another's, both asked of one node.",
  ],
});

/** The other words of the report: the coverage's and the baseline's. */
export const termLegend = entries('term', {
  checked: [
    'checked',
    'A promise (x-promises) at least one answer put to the test; if an answer broke it, it is listed under drift.',
  ],
  vacuous: [
    'vacuous',
    'A promise no answer could put to the test though answers came: an empty list, a single item for an order, a filter no item matched. Neither kept nor broken: the target needs data that would show a break.',
  ],
  'never-exercised': [
    'never exercised',
    'A promise or status no answer bore on at all: only error answers came, or the input it reads was never sent.',
  ],
  fraction: [
    'n/m',
    'How many of the possible were covered: "pageSize 4/4" is 4 of the 4 values an input lists (enum values, true and false, bounds) sent; "filters 2/3" is 2 of 3 declared filters met by an item; "57/58 operations" were answered.',
  ],
  'undeclared-met': [
    'undeclared met',
    'A status or JSON-RPC error code that came back though the spec does not declare it.',
  ],
  'distinct-drift': [
    'distinct drift',
    'One rule broken at one place of one operation, however many cases show it; its key (service, operation, kind, path) stays the same from run to run.',
  ],
  'known-drift': [
    'known drift',
    'A drift the --baseline file excuses, with its reason: it does not fail the run until its entry expires.',
  ],
});

export type Term = keyof typeof termLegend;

export interface LegendGroup {
  id: string;
  title: string;
  entries: LegendEntry[];
}

/** The whole legend, in the order the code lists each kind. */
export function legendGroups(): LegendGroup[] {
  return [
    { id: 'verdicts', title: 'Verdicts', entries: verdictKinds.map((k) => verdictLegend[k]) },
    { id: 'classes', title: 'Case classes', entries: caseClasses.map((k) => caseClassLegend[k]) },
    {
      id: 'kinds',
      title: 'Drift kinds',
      entries: violationKinds.map((k) => driftKindLegend[k]),
    },
    { id: 'terms', title: 'Coverage and baseline', entries: Object.values(termLegend) },
  ];
}

/** An entry's place on the docs site, `docsUrl` being the site's root (ending in `/`). */
export function docsLink(entry: LegendEntry, docsUrl = docsSite): string {
  const root = docsUrl.endsWith('/') ? docsUrl : `${docsUrl}/`;
  return `${root}${legendPage}#${entry.anchor}`;
}
