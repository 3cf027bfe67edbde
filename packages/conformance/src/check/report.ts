import { formatViolation, type Violation } from '../model/schema-set.js';
import type { ExchangeResult, Specs } from '../model/specs.js';

/** One result of `check`: a validated exchange, or an input entry that could not be. */
export interface CheckedItem extends ExchangeResult {
  /** Why the entry was not validated: it is over the size cap. */
  notChecked?: string;
  /** What is wrong with the input here (a broken line or entry); counts as a failure. */
  malformed?: string;
}

export interface OperationCounts {
  passed: number;
  failed: number;
}

export interface Summary {
  /** Exchanges validated: passed + failed. */
  exchanges: number;
  passed: number;
  failed: number;
  excluded: number;
  /** Entries skipped because they are over the size cap. */
  notChecked: number;
  /** Broken lines or entries of the input. */
  malformed: number;
  /** Everything read: exchanges, excluded, not checked and malformed. */
  total: number;
  /** Keyed by `service operation` (`(unmatched)` for what matches none). */
  operations: Record<string, OperationCounts>;
  coverage: { covered: number; total: number; missing: string[] };
}

/**
 * The running result of a check: counts per operation and the first `maxListed` items that
 * need a look (failed, malformed, not checked, excluded), so that memory stays flat however
 * many exchanges pass through.
 */
export class CheckTally {
  readonly listed: CheckedItem[] = [];
  /** Items that needed a look but were over `maxListed`. */
  omitted = 0;
  #passed = 0;
  #failed = 0;
  #excluded = 0;
  #notChecked = 0;
  #malformed = 0;
  readonly #operations = new Map<string, OperationCounts>();
  /**
   * The counts a result's service and operation field add to, found once: `add` runs per
   * exchange, and splitting and joining names each time showed in profiles. Bounded, since a
   * JSON-RPC batch's field names any mix of methods.
   */
  readonly #counts = new Map<string, Map<string, OperationCounts[]>>();

  #countsOf(service: string | undefined, operation: string | undefined): OperationCounts[] {
    const known = this.#counts.get(service ?? '')?.get(operation ?? '');
    if (known) return known;
    const ops = operation ? operation.split(',') : ['(unmatched)'];
    const counts = ops.map((op) => {
      const key = service ? `${service} ${op}` : op;
      let c = this.#operations.get(key);
      if (!c) {
        c = { passed: 0, failed: 0 };
        this.#operations.set(key, c);
      }
      return c;
    });
    let byField = this.#counts.get(service ?? '');
    if (!byField) {
      byField = new Map();
      this.#counts.set(service ?? '', byField);
    }
    if (byField.size < 1024) byField.set(operation ?? '', counts);
    return counts;
  }

  constructor(readonly maxListed = 200) {}

  get seen(): number {
    return this.#passed + this.#failed + this.#excluded + this.#notChecked + this.#malformed;
  }

  get failing(): number {
    return this.#failed + this.#malformed;
  }

  add(item: CheckedItem): void {
    if (item.malformed !== undefined) this.#malformed++;
    else if (item.notChecked !== undefined) this.#notChecked++;
    else if (item.excluded) this.#excluded++;
    else {
      if (item.ok) this.#passed++;
      else this.#failed++;
      for (const counts of this.#countsOf(item.service, item.operation)) {
        if (item.ok) counts.passed++;
        else counts.failed++;
      }
      if (item.ok) return;
    }
    if (this.maxListed === 0 || this.listed.length < this.maxListed) this.listed.push(item);
    else this.omitted++;
  }

  summary(specs: Specs): Summary {
    const all = specs.all.map((o) => `${o.service} ${o.id}`);
    const passing = new Set(
      [...this.#operations].filter(([, c]) => c.passed > 0).map(([key]) => key),
    );
    const operations = Object.fromEntries(
      [...this.#operations].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    return {
      exchanges: this.#passed + this.#failed,
      passed: this.#passed,
      failed: this.#failed,
      excluded: this.#excluded,
      notChecked: this.#notChecked,
      malformed: this.#malformed,
      total: this.seen,
      operations,
      coverage: {
        covered: all.filter((k) => passing.has(k)).length,
        total: all.length,
        missing: all.filter((k) => !passing.has(k)),
      },
    };
  }
}

export function coverageLine(summary: Summary): string {
  const { covered, total } = summary.coverage;
  return `coverage: ${covered}/${total} operations and methods have at least one passing exchange`;
}

function itemLines(r: CheckedItem): string[] {
  if (r.malformed !== undefined) return [`BAD  ${r.file}  ${r.malformed}`];
  if (r.notChecked !== undefined) return [`SKIP ${r.file}  ${r.notChecked}`];
  if (r.excluded) return [`skip ${r.file}  excluded: ${r.excluded}`];
  return [
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.file}  ${r.service ? `${r.service} ` : ''}${r.operation ?? '(unmatched)'}`,
    ...r.errors.map((e) => `       ${formatViolation(e)}`),
  ];
}

/** A result's line(s) as printed when it happens (the proxy's log). */
export function formatItem(r: CheckedItem): string {
  return itemLines(r).join('\n');
}

export function formatText(tally: CheckTally, summary: Summary): string {
  const lines = tally.listed.flatMap(itemLines);
  if (tally.omitted > 0)
    lines.push(`… ${tally.omitted} more not listed (--max-listed, or --format jsonl for all)`);
  const ops = Object.entries(summary.operations);
  if (ops.length > 0) {
    const width = Math.max(...ops.map(([k]) => k.length));
    if (lines.length > 0) lines.push('');
    lines.push('per operation:');
    for (const [key, c] of ops)
      lines.push(`  ${key.padEnd(width)}  ${c.passed} passed, ${c.failed} failed`);
  }
  const extra = [
    summary.excluded ? `${summary.excluded} excluded` : '',
    summary.notChecked ? `${summary.notChecked} not checked (too large)` : '',
    summary.malformed ? `${summary.malformed} malformed input` : '',
  ].filter(Boolean);
  lines.push(
    '',
    `${summary.passed} passed, ${summary.failed} failed${extra.map((e) => `, ${e}`).join('')}`,
    coverageLine(summary),
  );
  return lines.join('\n');
}

/** Version of the JSON report's shape; raised on any change a parser would notice. */
export const reportVersion = 1;

/**
 * Version of `check`'s JSON report: 2 lists only the exchanges that need a look in
 * `results` and counts the rest in `summary` (use `--format jsonl` for every result).
 */
export const checkReportVersion = 2;

/** One result as JSON: the `results` items of the report and the lines of `--format jsonl`. */
export function itemJson(r: CheckedItem): object {
  return {
    file: r.file,
    service: r.service ?? null,
    operation: r.operation ?? null,
    ok: r.ok,
    ...(r.excluded ? { excluded: r.excluded } : {}),
    ...(r.notChecked !== undefined ? { notChecked: r.notChecked } : {}),
    ...(r.malformed !== undefined ? { malformed: r.malformed } : {}),
    errors: r.errors.map((e: Violation) => ({ ...e, text: formatViolation(e) })),
  };
}

export function formatJson(tally: CheckTally, summary: Summary, command = 'check'): string {
  return JSON.stringify(
    {
      reportVersion: checkReportVersion,
      command,
      summary,
      results: tally.listed.map(itemJson),
      omitted: tally.omitted,
    },
    null,
    2,
  );
}

const xml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

/** One JUnit test case: passed, failed (with a one-line message and details) or skipped. */
export interface JunitCase {
  classname: string;
  name: string;
  /** Seconds the case took, when known. */
  time?: number;
  failure?: { message: string; text: string };
  skipped?: string;
}

/** `time`: the whole suite's seconds, when known. */
export function junitDocument(name: string, cases: JunitCase[], time?: number): string {
  const seconds = (t: number | undefined) => (t === undefined ? '' : ` time="${t.toFixed(3)}"`);
  const body = cases.map((c) => {
    const head = `  <testcase classname="${xml(c.classname)}" name="${xml(c.name)}"${seconds(c.time)}`;
    if (c.failure)
      return `${head}>\n    <failure message="${xml(c.failure.message)}">${xml(c.failure.text)}</failure>\n  </testcase>`;
    if (c.skipped !== undefined)
      return `${head}>\n    <skipped message="${xml(c.skipped)}"/>\n  </testcase>`;
    return `${head}/>`;
  });
  const failures = cases.filter((c) => c.failure).length;
  const skipped = cases.filter((c) => !c.failure && c.skipped !== undefined).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}"${seconds(time)}>`,
    ...body,
    '</testsuite>',
  ].join('\n');
}

export function formatJunit(tally: CheckTally, summary: Summary, name = 'conformance'): string {
  const cases: JunitCase[] = tally.listed.map((r) => {
    const c: JunitCase = {
      classname: r.service ?? (r.malformed !== undefined ? 'input' : 'unmatched'),
      name: `${r.operation ?? '(unmatched)'} ${r.file}`,
    };
    if (r.excluded) c.skipped = `excluded: ${r.excluded}`;
    else if (r.notChecked !== undefined) c.skipped = r.notChecked;
    else if (r.malformed !== undefined) c.failure = { message: r.malformed, text: r.malformed };
    else {
      const first = r.errors[0];
      c.failure = {
        message: first ? formatViolation(first) : 'failed',
        text: r.errors.map(formatViolation).join('\n'),
      };
    }
    return c;
  });
  // Passing exchanges are one case per operation, so the document stays small.
  for (const [key, counts] of Object.entries(summary.operations)) {
    if (counts.passed === 0) continue;
    const [service, operation] = key.includes(' ') ? key.split(' ') : ['unmatched', key];
    cases.push({
      classname: service as string,
      name: `${operation} (${counts.passed} exchange${counts.passed === 1 ? '' : 's'} passed)`,
    });
  }
  if (tally.omitted > 0)
    cases.push({
      classname: 'report',
      name: `${tally.omitted} more results not listed`,
      failure: { message: `${tally.omitted} more not listed`, text: 'raise --max-listed' },
    });
  return junitDocument(name, cases);
}
