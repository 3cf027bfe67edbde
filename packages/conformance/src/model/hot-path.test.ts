// What the per-exchange path remembers (response schemas by operation and status, parameter
// lists, parameter names, the URL origins) gives the same verdicts the second time as the first.
import { describe, expect, test } from 'vitest';
import { loadRecordings, type Recording } from '../recordings/recordings.js';
import { isObject } from './json-pointer.js';
import { type Exclusions, exclusionFor, type PromiseSubject, Specs } from './specs.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);

/** A recording with its answer's first member (or item) dropped: one that fails somewhere. */
function broken(r: Recording): Recording {
  const body = r.response.body;
  const cut = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.slice(1)
      : isObject(v)
        ? Object.fromEntries(Object.entries(v).slice(1))
        : null;
  const next =
    isObject(body) && 'result' in body ? { ...body, result: cut(body.result) } : cut(body);
  return { ...r, response: { ...r.response, body: next } };
}

describe('the remembered per-exchange path', () => {
  test('every corpus exchange, kept and broken, gets the same result twice in both modes', () => {
    let failing = 0;
    for (const strict of [true, false]) {
      // The first reading of each fills what the second reuses.
      for (const r of recordings) {
        for (const exchange of [r, broken(r)]) {
          const first = specs.checkExchange(exchange, { strict });
          const again = specs.checkExchange(exchange, { strict });
          expect(again).toEqual(first);
          if (!first.ok) failing++;
        }
      }
    }
    // The broken copies must have broken something, or the test proves nothing.
    expect(failing).toBeGreaterThan(recordings.length / 2);
  });

  test('the answers checkExchange hands out are promiseSubjects of cursor and calls operations', () => {
    let handed = 0;
    for (const r of recordings) {
      for (const exchange of [r, broken(r)]) {
        const cursors: PromiseSubject[] = [];
        const result = specs.checkExchange(exchange, { strict: false, cursors });
        expect(result).toEqual(specs.checkExchange(exchange, { strict: false }));
        // Cursor listings, and the answers a relation between calls reads.
        const calls = specs.callsTracker();
        const wanted = specs
          .promiseSubjects(exchange)
          .filter((s) => s.promises.cursor || calls.follows(s.operation, s.promises));
        expect(cursors).toEqual(wanted);
        handed += cursors.length;
      }
    }
    // The corpus holds pages of cursor listings, REST and JSON-RPC, or this proves nothing.
    expect(handed).toBeGreaterThan(4);
    const operations = new Set(
      recordings.flatMap((r) => {
        const cursors: PromiseSubject[] = [];
        specs.checkExchange(r, { strict: false, cursors });
        return cursors.map((c) => c.answer.protocol);
      }),
    );
    expect([...operations].sort()).toEqual(['rest', 'rpc']);
  });

  test("an exchange with an invalid URL throws URL's TypeError, JSON-RPC or REST", () => {
    const rpcCall = recordings.find((r) => isObject(r.request.body) && 'jsonrpc' in r.request.body);
    const restCall = recordings.find((r) => r.request.method === 'GET');
    expect(rpcCall && restCall).toBeTruthy();
    for (const r of [rpcCall, restCall] as Recording[]) {
      for (const url of ['https://api.avax.network:99999/ext/info', 'not a url']) {
        const bad = { ...r, request: { ...r.request, url } };
        expect(() => specs.checkExchange(bad, { strict: true })).toThrow(TypeError);
        expect(() => specs.promiseSubjects(bad)).toThrow(TypeError);
      }
    }
  });

  test('a response status is judged the same first and remembered, declared or not', () => {
    for (const service of specs.rest) {
      for (const op of service.operations) {
        const declared = isObject(op.node.responses)
          ? Object.keys(op.node.responses)
              .filter((k) => /^\d{3}$/.test(k))
              .map(Number)
          : [];
        // Undeclared codes, and values no capture holds (never remembered).
        for (const status of [...declared, 299, 418, 599, 99, 600, 200.5]) {
          const fresh = service.responseSchema(op, status);
          const first = service.validateResponse(op, status, {}, { strict: true });
          const again = service.validateResponse(op, status, {}, { strict: true });
          expect(again).toEqual(first);
          if (!fresh) expect(first.map((v) => v.kind)).toEqual(['undeclared-status']);
          else expect(first.some((v) => v.kind === 'undeclared-status')).toBe(false);
        }
      }
    }
  });

  test('an exclusion is found by the whole path or its tail, first listed first, every time', () => {
    const exclusions: Exclusions = {
      'node/info.json': { reason: 'a' },
      'info.json': { reason: 'b' },
      'rest/data/list.json': { reason: 'c' },
      'dir/': { reason: 'd' },
      '': { reason: 'e' },
    };
    // What the list means, read naively: the first key the file is, or ends with after a `/`.
    const naive = (file: string) =>
      Object.entries(exclusions).find(([k]) => file === k || file.endsWith(`/${k}`))?.[1].reason;
    const files = [
      'node/info.json',
      'corpus/node/info.json',
      'info.json',
      'x/info.json',
      'xinfo.json',
      'rest/data/list.json',
      'a/rest/data/list.json',
      'data/list.json',
      'dir/',
      'a/dir/',
      'a/',
      '',
      'capture.jsonl:12',
      'capture.har#3',
    ];
    for (let round = 0; round < 2; round++)
      for (const file of files)
        expect([file, exclusionFor(exclusions, file)]).toEqual([file, naive(file)]);
    expect(files.map((f) => exclusionFor(exclusions, f)).filter(Boolean).length).toBeGreaterThan(6);
  });

  test('every x-avalanche-rules rule is broken by a request without its fields, kept with them', () => {
    let rules = 0;
    for (const service of specs.rest) {
      for (const op of service.operations) {
        for (const rule of op.rules) {
          rules++;
          // A request holding the given fields of this rule (each valued `value`), in its place.
          const request = (fields: string[], value: number) => {
            const given = Object.fromEntries(fields.map((f) => [f, value]));
            return rule.in === 'body'
              ? { pathParams: {}, query: {}, body: given }
              : {
                  pathParams: {},
                  query: Object.fromEntries(fields.map((f) => [f, [String(value)]])),
                };
          };
          const ruleMessages = (fields: string[], value = 1) =>
            service
              .validateRequest(op, request(fields, value), { strict: false })
              .filter((v) => v.kind === 'rule' && v.where === `request.${rule.in}`)
              .map((v) => v.message);
          const names = rule.fields.join(', ');
          if (rule.rule === 'exactlyOne') {
            const none = `exactly one of ${names} must be given (got 0)`;
            expect(ruleMessages([])).toContain(none);
            expect(ruleMessages(rule.fields.slice(0, 1))).not.toContain(none);
            if (rule.fields.length > 1)
              expect(ruleMessages(rule.fields.slice(0, 2))).toContain(
                `exactly one of ${names} must be given (got 2)`,
              );
          } else if (rule.rule === 'atLeastOne') {
            const none = `at least one of ${names} must be given`;
            expect(ruleMessages([])).toContain(none);
            expect(ruleMessages(rule.fields.slice(0, 1))).not.toContain(none);
          } else if (rule.max !== undefined) {
            const over = rule.max + 1;
            const sum = over * rule.fields.length;
            expect(ruleMessages(rule.fields, over)).toContain(
              `${rule.fields.join(' + ')} must be at most ${rule.max} (is ${sum})`,
            );
            expect(
              ruleMessages(rule.fields, 0).some((m) => m.startsWith(rule.fields.join(' + '))),
            ).toBe(false);
          }
        }
      }
    }
    expect(rules).toBeGreaterThan(0);
  });
});
