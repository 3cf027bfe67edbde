// The console's verdicts, derived from the specs: every prefilled example passes the request
// rules (the console never refuses its own example); every parameter with a pattern refuses a
// value that breaks it, naming the parameter, the value and the rule; a JSON-RPC error is
// judged against the errors each method declares; request and answer are judged apart.
import { describe, expect, it } from 'vitest';
import { nodeChecker, parameterSchema, undeclaredCode } from './fixtures.mjs';
import { buildRequest, describeAll } from './operations.mjs';
import {
  declaredErrors,
  errorKinds,
  judgeRpcError,
  refusals,
  requestViolations,
  splitViolations,
  verdictOf,
} from './verdict.mjs';

const checker = nodeChecker();
const all = describeAll(checker);
const TARGET = 'http://127.0.0.1:9';

/** The request the console builds for these values, as its submit hands it on. */
function requestFor(op, values) {
  const r = buildRequest(op, values, TARGET);
  return { ...r, path: r.url.slice(TARGET.length), values, target: TARGET };
}

const schemaOf = (op, name) => parameterSchema(checker, op, name);

/** A string the pattern refuses: the `latest` a newcomer types for a block, else `!`. */
const breaking = (pattern) => ['latest', '!'].find((v) => !new RegExp(pattern, 'u').test(v));

/** Every (operation, parameter) whose own schema is a string with a pattern. */
const patterned = all.flatMap(({ op, values }) =>
  op.params
    .map((p) => ({ p, schema: schemaOf(op, p.name) }))
    .filter(({ p, schema }) => typeof schema?.pattern === 'string' && !p.isArray)
    .map(({ p, schema }) => [`${op.service} ${op.id} ${p.name}`, { op, values, p, schema }]),
);

it('finds patterned parameters in REST and JSON-RPC specs', () => {
  expect(patterned.some(([, c]) => c.op.kind === 'rest')).toBe(true);
  expect(patterned.some(([, c]) => c.op.kind === 'rpc')).toBe(true);
});

describe.each(all.map(({ op, values }) => [`${op.service} ${op.id}`, op, values]))(
  '%s',
  (_name, op, values) => {
    it('its prefilled example is not refused', () => {
      expect(requestViolations(checker, op, requestFor(op, values))).toEqual([]);
    });
  },
);

describe.each(patterned)('%s', (_name, { op, values, p, schema }) => {
  it('a value breaking its pattern is refused, naming parameter, value and rule', () => {
    const value = breaking(schema.pattern);
    const given = { ...values, [p.name]: value };
    const problems = refusals(op, given, requestViolations(checker, op, requestFor(op, given)));
    const mine = problems.find((q) => q.name === p.name);
    expect(mine?.value).toBe(value);
    expect(mine?.rules.join(' ')).toContain(schema.pattern);
  });
});

describe('JSON-RPC errors', () => {
  const methods = all.filter(({ op }) => op.kind === 'rpc' && declaredErrors(checker, op).length);
  it('the node spec declares errors for its methods', () => {
    expect(methods.length).toBeGreaterThan(0);
  });

  it.each(methods.map(({ op }) => [op.id, op]))(
    '%s: each declared code is declared, a code outside them is not',
    (_id, op) => {
      const declared = declaredErrors(checker, op);
      for (const d of declared) {
        expect(typeof d.code).toBe('number');
        const judged = judgeRpcError(declared, { code: d.code, message: String(d.message) });
        expect(judged.declared).toBe(true);
        expect(judged.names).toContain(d.name);
      }
      const judged = judgeRpcError(declared, { code: undeclaredCode(declared), message: 'x' });
      expect(judged).toMatchObject({ declared: false, names: [] });
      expect(new Set(judged.codes)).toEqual(new Set(declared.map((d) => d.code)));
    },
  );

  it('gives the kind of the first x-error-kinds entry of the code whose pattern matches', () => {
    const declared = [{ name: 'NodeError', code: -32000 }];
    const kinds = [
      { kind: 'notFound', code: -32000, pattern: 'not found$' },
      { kind: 'badRequest', code: -32000, pattern: "^couldn't unmarshal" },
      { kind: 'unsupported', code: -32601 },
    ];
    const judge = (code, message) => judgeRpcError(declared, { code, message }, kinds);
    expect(judge(-32000, "couldn't get block at height 1: not found")).toMatchObject({
      declared: true,
      kind: 'notFound',
    });
    expect(judge(-32000, "couldn't unmarshal an argument").kind).toBe('badRequest');
    expect(judge(-32000, 'something else')).toMatchObject({ declared: true, kind: undefined });
    // An entry without a pattern takes any message of its code, and declares that code.
    expect(judge(-32601, 'the method x does not exist')).toMatchObject({
      declared: true,
      names: [],
      kind: 'unsupported',
    });
    expect(judge(-32001, 'not found').declared).toBe(false);
  });

  // Each entry's example is the node's own text: judged as the entry's kind (or as an earlier
  // entry's of the same code, the order the spec says they are tried in).
  it.each(methods.map(({ op }) => [op.id, op]))(
    '%s: every x-error-kinds example the spec gives is judged declared, with a kind',
    (_id, op) => {
      const kinds = errorKinds(checker, op);
      const declared = declaredErrors(checker, op);
      for (const entry of kinds) {
        const judged = judgeRpcError(declared, { code: entry.code, message: entry.example }, kinds);
        expect(judged.declared).toBe(true);
        expect(kinds.map((k) => k.kind)).toContain(judged.kind);
      }
    },
  );
});

describe('verdictOf', () => {
  const req = [{ name: 'blockId', value: 'latest', rules: ['must match'] }];
  const drift = [{ kind: 'invalid', where: 'response.body', path: '/x', message: 'm' }];
  const declared = { declared: true, names: ['NodeError'], codes: [-32000] };
  const undeclared = { declared: false, names: [], codes: [-32000] };
  const error = { code: -32000, message: 'not found' };
  it.each([
    ['refused', { sent: false, requestProblems: req }, 'refused'],
    ['sent anyway, answer fine', { sent: true, requestProblems: req }, 'conforms'],
    ['drift', { sent: true, requestProblems: [], responseViolations: drift }, 'drift'],
    [
      'declared error',
      { sent: true, requestProblems: [], rpcError: error, rpcJudged: declared },
      'rpc-error',
    ],
    [
      'declared error, drifting shape',
      {
        sent: true,
        requestProblems: [],
        responseViolations: drift,
        rpcError: error,
        rpcJudged: declared,
      },
      'drift',
    ],
    [
      'undeclared error',
      { sent: true, requestProblems: [], rpcError: error, rpcJudged: undeclared },
      'rpc-error-undeclared',
    ],
    ['conforms', { sent: true, requestProblems: [] }, 'conforms'],
  ])('%s', (_name, given, want) => {
    expect(verdictOf(given).case).toBe(want);
  });

  it('splits request violations from the answer’s', () => {
    const both = [
      { where: 'request.path', path: '/a' },
      { where: 'response.body', path: '/b' },
      { where: 'request.params', path: '/c' },
      { where: 'response.status', path: '' },
    ];
    const { request, response } = splitViolations(both);
    expect(request.map((v) => v.path)).toEqual(['/a', '/c']);
    expect(response.map((v) => v.path)).toEqual(['/b', '']);
  });
});
