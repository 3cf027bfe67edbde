// Every operation and method, prefilled from its examples, as the console sends it: the replay
// server's answer conforms under check --strict's rules, and the snippets say the same request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeChecker, startReplay } from './fixtures.mjs';
import { buildRequest, describeAll, describeOperation, SERVICES } from './operations.mjs';
import { snippets } from './snippets.mjs';

const checker = nodeChecker();
const all = describeAll(checker);
let replay;

beforeAll(async () => {
  replay = await startReplay();
});
afterAll(() => replay?.close());

describe('descriptors', () => {
  it('covers every operation and method of the four documents', () => {
    const expected =
      checker.rest.reduce((n, s) => n + s.operations.length, 0) +
      checker.rpc.reduce((n, s) => n + s.methods.length, 0);
    expect(all.length).toBe(expected);
    for (const name of Object.keys(SERVICES))
      expect(all.some(({ op }) => op.service === name)).toBe(true);
  });

  it('names an unknown service or operation', () => {
    expect(() => describeOperation(checker, 'nope', 'x')).toThrow(/unknown console service "nope"/);
    expect(() => describeOperation(checker, 'data', 'nope')).toThrow(
      /data-api has no operation "nope"/,
    );
  });
});

describe.each(all.map(({ op, values }) => [`${op.service} ${op.id}`, op, values]))(
  '%s',
  (_name, op, values) => {
    it('prefilled from the examples, the replay server answers and it conforms', async () => {
      const request = buildRequest(op, values, replay.url);
      const res = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      const text = await res.text();
      const result = checker.checkExchange(
        {
          file: 'console',
          request: {
            method: request.method,
            url: `http://console.invalid${request.url.slice(replay.url.length)}`,
            body: request.body,
          },
          response: {
            status: res.status,
            headers: { 'content-type': res.headers.get('content-type') },
            body: text === '' ? undefined : JSON.parse(text),
          },
        },
        { strict: true },
      );
      expect(res.status).toBeLessThan(300);
      expect(result.errors).toEqual([]);
    });

    it('snippets: curl, fetch and the client, the key only as a placeholder', () => {
      const key = 'sk-never-shown';
      const list = snippets(op, values, { target: replay.url, withKey: true });
      expect(list.map((s) => s.id)).toEqual(['curl', 'fetch', 'client']);
      const curl = list[0].code;
      expect(curl).toContain(buildRequest(op, values, replay.url).url);
      if (op.apiKeyHeader) {
        expect(curl).toContain(`-H "${op.apiKeyHeader}: $GLACIER_API_KEY"`);
        expect(list[2].code).toContain('apiKey: process.env.GLACIER_API_KEY');
      }
      for (const s of list) expect(s.code).not.toContain(key);
      expect(list[2].code).toMatch(
        /^import \{ .+ \} from '@avalanche-api\/(data-client|metrics-client|node-rpc)';/,
      );
    });
  },
);

describe('snippets', () => {
  // The first operation with a key header and a parameter to change.
  const { op, values } = all.find(({ op }) => op.apiKeyHeader && op.params.length > 0);

  it('leave the key header out unless asked, and name a non-default target', () => {
    const plain = snippets(op, values);
    expect(plain.map((s) => s.code).join('\n')).not.toContain(op.apiKeyHeader);
    expect(plain[2].code).not.toContain('baseUrl');
    expect(snippets(op, values, { target: 'http://127.0.0.1:9660' })[2].code).toContain(
      "baseUrl: 'http://127.0.0.1:9660'",
    );
  });

  it('follow the form: a changed value changes every snippet', () => {
    const name = op.params.find((p) => p.in === 'query')?.name ?? op.params[0].name;
    const changed = snippets(op, { ...values, [name]: 'zz-changed' });
    for (const s of changed) expect(s.code).toContain('zz-changed');
  });
});
