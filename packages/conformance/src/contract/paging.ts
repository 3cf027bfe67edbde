import { getPointer } from '../model/json-pointer.js';
import { ListingTracker } from '../model/promises/check.js';
import { type Violation, violation } from '../model/schema-set.js';
import type { Specs } from '../model/specs.js';
import { answerOf, type CaseTarget, inputsOf, targetOf, withInputs } from './case-inputs.js';
import type { ContractCase, ContractResult } from './contract-case.js';

/*
 * Page chains read off the `x-promises` annotations: a `cursor` (the answer's `next` sent back
 * as `input`: REST nextPageToken → pageToken, JSON-RPC endIndex → startIndex) or a `range`
 * (the next start one past the last item's index). The first page asks for one item (the
 * `page` input, or the range's count, set to 1), so few items make many pages.
 */

/** A chain of page requests: the first page, and how each answer leads to the next. */
export interface CaseChain {
  service: string;
  operation: string;
  first: ContractCase;
  /** The next request, or `end`, or the paging violations to report as drift on that answer. */
  next(result: ContractResult, sent: ContractCase, index: number): ContractCase | 'end' | Fault;
}

/** What a page broke: `paging` violations to report on that answer, the chain ending there. */
export interface Fault {
  violations: Violation[];
}

function pageCase(from: ContractCase, n: number): ContractCase {
  const c: ContractCase = {
    ...from,
    source: `page ${n}: ${from.source.replace(/^page \d+: /, '')}`,
    class: 'page',
  };
  delete c.values;
  return c;
}

const itemsOf = (target: CaseTarget, answer: unknown): unknown[] | undefined => {
  const items = target.promises.items;
  const list = items === undefined ? undefined : getPointer(answer, items);
  return Array.isArray(list) ? list : undefined;
};

/** An answer of a page as the promises see it: its inputs and answer, read as `check` does. */
function subjectOf(specs: Specs, r: ContractResult) {
  if (!r.exchange) return undefined;
  const exchange = {
    ...r.exchange,
    request: { ...r.exchange.request, url: new URL(r.path, r.url).href },
  };
  return specs.promiseSubjects(exchange)[0];
}

function cursorChain(specs: Specs, target: CaseTarget, seed: ContractCase): CaseChain {
  const { cursor, page } = target.promises;
  if (!cursor) throw new Error('cursorChain: no cursor');
  const start: Record<string, unknown> = { [cursor.input]: undefined };
  if (page) start[page.input] = target.kind === 'rest' ? '1' : 1;
  const first = pageCase(withInputs(target, seed, start), 1);
  // The cursor rule read as `check` reads it across a HAR's pages: a cursor handed out twice,
  // an item (by `distinct`) on two pages.
  const listing = new ListingTracker();
  return {
    service: seed.service,
    operation: seed.operation,
    first,
    next(result, sent, index) {
      const subject = subjectOf(specs, result);
      const broken = subject
        ? listing.observe(subject.operation, subject.promises, subject.inputs, subject.answer)
        : [];
      if (broken.length > 0) return { violations: broken };
      const answer = answerOf(target, result);
      const token = getPointer(answer, cursor.next);
      if (token === undefined || token === null || token === '') return 'end';
      // A list that came back empty ends the listing whatever cursor it hands out.
      const list = itemsOf(target, answer);
      if (list !== undefined && list.length === 0) return 'end';
      return pageCase(withInputs(target, sent, { [cursor.input]: token }), index + 2);
    },
  };
}

function rangeChain(target: CaseTarget, seed: ContractCase): CaseChain {
  const { range } = target.promises;
  if (!range) throw new Error('rangeChain: no range');
  const first = pageCase(withInputs(target, seed, { [range.count]: 1 }), 1);
  // Past the last container the service answers its range error: the listing's end.
  const codes = target.kind === 'rpc' ? target.method.errorCodes : [];
  const ending = codes.find((c) => c > -32600 || c < -32700);
  return {
    service: seed.service,
    operation: seed.operation,
    first,
    next(result, sent, index) {
      const list = itemsOf(target, answerOf(target, result)) ?? [];
      const last = list.at(-1);
      if (list.length < 1 || last === undefined) return 'end';
      const from = Number(inputsOf(target, sent)[range.start]);
      const start = Number(getPointer(last, range.index)) + 1;
      if (!(start > from))
        return {
          violations: [
            violation(
              'paging',
              'response.result',
              target.promises.items ?? '',
              `paging: the page from ${range.start} ${from} ended at ${range.index.slice(1)} ${start - 1}, expected the next page to start past ${from}`,
            ),
          ],
        };
      const c = pageCase(withInputs(target, sent, { [range.start]: start }), index + 2);
      c.expect = {
        ...c.expect,
        or: [
          {
            status: 200,
            reply: 'error',
            ...(ending === undefined ? {} : { errorCode: ending }),
          },
        ],
      };
      return c;
    },
  };
}

/** One page chain per operation and method that promises a cursor or a range. */
export function pagingChains(specs: Specs, seeds: ContractCase[]): CaseChain[] {
  const out: CaseChain[] = [];
  for (const { service, id } of specs.all) {
    const target = targetOf(specs, { service, operation: id });
    if (!target || !(target.promises.cursor || target.promises.range)) continue;
    // An unmarked seed first: a recording marked trimmed or older may hold fewer items.
    const mine = seeds.filter((c) => c.service === service && c.operation === id);
    const seed = mine.find((c) => !c.lenient) ?? mine[0];
    if (!seed) continue;
    out.push(target.promises.cursor ? cursorChain(specs, target, seed) : rangeChain(target, seed));
  }
  return out;
}
