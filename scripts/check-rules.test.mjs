// The rule audit (specs/rules.yaml) against the seeds and the bundled specs, and the lint's
// answer to audits mutated the ways an audit goes stale.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { promisesByName, ruleProblems, seedSentences } from './check-rules.mjs';

const specs = join(dirname(fileURLToPath(import.meta.url)), '../specs');
const audit = parse(readFileSync(join(specs, 'rules.yaml'), 'utf8'));
const seeds = Object.fromEntries(
  readdirSync(join(specs, 'seeds')).map((f) => [f, readFileSync(join(specs, 'seeds', f), 'utf8')]),
);
const docs = Object.fromEntries(
  ['data-api', 'metrics-api', 'node-health', 'node-rpc'].map((n) => [
    n,
    JSON.parse(readFileSync(join(specs, 'dist', `${n}.json`), 'utf8')),
  ]),
);
const copy = () => structuredClone(audit);
const lint = (a, more = {}) => ruleProblems({ audit: a, seeds, docs, ...more });
const firstChecked = (a) => a.rules.find((r) => r.checkedBy);

describe('seedSentences', () => {
  it.each([
    [
      'a table keeps its data rows, not its header and rule',
      '| a | b |\n|---|---|\n| x | 1 |\n',
      ['| x | 1 |'],
    ],
    ['headings and blank lines carry nothing', '# Title\n\n## Part\n', []],
    [
      'a line is cut after a full stop and a capital',
      'One rule. Two rules.',
      ['One rule.', 'Two rules.'],
    ],
    ['"e.g." cuts nothing', 'A type (e.g. ERC-721) here.', ['A type (e.g. ERC-721) here.']],
    ['list markers are dropped', '- Item one.\n2. Item two.', ['Item one.', 'Item two.']],
  ])('%s', (_, given, want) => {
    expect(seedSentences(given)).toEqual(want);
  });
});

describe('the rule audit', () => {
  it('holds: every seed sentence is in it, every quote in its seed, every pointer resolves', () => {
    expect(lint(audit)).toEqual([]);
  });

  it('covers each seed file the seeds folder holds', () => {
    expect(Object.values(audit.seeds).sort()).toEqual(Object.keys(seeds).sort());
  });

  it('names a seed sentence left out of the audit', () => {
    const a = copy();
    const rule = a.rules.find((r) => typeof r.sentence === 'string');
    const dropped = rule.sentence;
    a.rules = a.rules.filter((r) => r !== rule);
    expect(lint(a)).toContainEqual(
      expect.stringContaining(
        `sentence not in the audit (map it to a rule or ignore it with a reason): ${dropped}`,
      ),
    );
  });

  it('names a sentence the seed gained', () => {
    const [file, text] = Object.entries(seeds)[0];
    const problems = lint(audit, {
      seeds: { ...seeds, [file]: `${text}\nA new promise about answers.\n` },
    });
    expect(problems).toEqual([
      expect.stringContaining(
        'not in the audit (map it to a rule or ignore it with a reason): A new promise about answers.',
      ),
    ]);
  });

  it('names a quote the seed no longer holds', () => {
    const a = copy();
    const rule = a.rules.find((r) => typeof r.sentence === 'string');
    rule.sentence = `${rule.sentence} (edited)`;
    const problems = lint(a);
    expect(problems).toContainEqual(
      expect.stringContaining(`rule ${rule.id}: sentence not in seed ${rule.seed}`),
    );
  });

  it('names an ignored sentence that is not in its seed', () => {
    const a = copy();
    const [seed, reasons] = Object.entries(a.ignored)[0];
    const [reason, list] = Object.entries(reasons)[0];
    list.push('A sentence nobody wrote.');
    expect(lint(a)).toEqual([
      `ignored (${reason}): sentence not in seed ${seed} (${a.seeds[seed]}): A sentence nobody wrote.`,
    ]);
  });

  it('names a pointer that no longer resolves, and an operation the spec lacks', () => {
    const a = copy();
    const rule = firstChecked(a);
    const target = rule.checkedBy[0];
    target.pointer = '/nothingHere';
    const name = target.operation ?? target.method;
    expect(lint(a)).toEqual([
      `rule ${rule.id}: ${target.spec} ${name} x-promises has nothing at /nothingHere`,
    ]);
    target.pointer = '/contentType';
    if (target.operation) target.operation = 'noSuchOperation';
    else target.method = 'noSuchOperation';
    expect(lint(a)).toEqual([expect.stringContaining(`rule ${rule.id}: ${target.spec} has no`)]);
  });

  it('fails a rule neither mapped nor explained, and an ignored reason outside the list', () => {
    const a = copy();
    const rule = firstChecked(a);
    delete rule.checkedBy;
    delete rule.unexpressed;
    expect(lint(a).join('\n')).toMatch(
      /rules\.yaml at \/rules\/\d+: must match exactly one schema in oneOf/,
    );
    const b = copy();
    const seed = Object.keys(b.ignored)[0];
    b.ignored[seed].because = [];
    expect(lint(b).join('\n')).toContain('must be equal to one of the allowed values');
  });

  it('fails an id used twice', () => {
    const a = copy();
    a.rules[1].id = a.rules[0].id;
    expect(lint(a)).toContain(`rule ${a.rules[0].id}: id used twice`);
  });
});

describe('the reference rules', () => {
  // A reference of one operation the data spec holds with a page promise: the rules it states.
  const ops = promisesByName(docs['data-api']);
  const [listed, promises] = [...ops].find(
    ([, p]) => p.page?.max !== undefined && p.page.default !== undefined,
  );
  const reference = (pageSize, extra = []) => ({
    paths: {
      '/x': {
        get: {
          operationId: listed,
          parameters: [{ name: 'pageSize', in: 'query', schema: pageSize }, ...extra],
        },
      },
    },
  });
  const own = { max: promises.page.max, default: promises.page.default };
  const withRefs = (a, ref) => lint(a, { references: { 'data-api': ref } });

  it('holds for the operation as the audit maps it', () => {
    expect(withRefs(audit, reference({ maximum: own.max, default: own.default }))).toEqual([]);
  });

  it('names a page size that drifted from the reference', () => {
    expect(withRefs(audit, reference({ maximum: own.max + 1, default: own.default }))).toEqual([
      `reference data-api: ${listed} page promise has max ${own.max} (reference ${own.max + 1}); fix it or say why under \`differs\``,
    ]);
  });

  it('names an operation whose stated rule the audit does not map', () => {
    const a = copy();
    const rule = a.references.find((r) => r.kind === 'page-size');
    rule.operations = rule.operations.filter((e) => e.operation !== listed);
    expect(withRefs(a, reference({ maximum: own.max, default: own.default }))).toEqual([
      `reference data-api: ${listed} states a page-size rule the audit does not map (add it under the page-size reference rule, checked or not)`,
    ]);
  });

  it('finds defaults and orders the reference states', () => {
    const ref = reference({ maximum: own.max, default: own.default }, [
      { name: 'sortOrder', in: 'query', schema: { type: 'string' } },
      { name: 'someFlag', in: 'query', schema: { type: 'boolean', default: true } },
    ]);
    const problems = withRefs(audit, ref).join('\n');
    expect(problems).toContain(
      `reference data-api: ${listed} someFlag states a default rule the audit does not map`,
    );
    if (!promises.order) expect(problems).toContain(`${listed} states a order rule`);
  });
});
