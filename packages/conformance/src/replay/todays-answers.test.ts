// The replay serves today's shapes only: every recording the corpus marks as older is answered
// in today's shape (valid against today's spec, strictly, with the recorded thing's identity) or
// not at all, and `olderAnswers` brings the recorded answer back as a drift scenario.
import { describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import { loadRecordings } from '../recordings/recordings.js';
import { startReplayServer } from './replay.js';
import { isOlderAnswer, todaysAnswers } from './todays-answers.js';

const root = new URL('../../../../specs/', import.meta.url);
const specs = await Specs.load(new URL('dist/', root).pathname);
const recordings = await loadRecordings(new URL('recordings/', root).pathname);
const older = recordings.filter(isOlderAnswer);
const today = todaysAnswers(specs, recordings);

describe('older recordings in today’s shape', () => {
  test('the corpus has older recordings, and today’s answers keep every other one as it is', () => {
    expect(older.length).toBeGreaterThan(0);
    for (const r of recordings.filter((x) => !isOlderAnswer(x))) expect(today).toContain(r);
  });

  test.each(older.map((r) => [r.file, r] as const))(
    '%s is answered in today’s shape, or left out',
    (file, r) => {
      const now = today.find((x) => x.file === file);
      if (!now) return;
      expect(now.request).toEqual(r.request);
      const result = specs.checkExchange(now, { strict: true });
      expect(result.errors).toEqual([]);
    },
  );

  test('most of them are kept (a change that drops them all fails here)', () => {
    const kept = older.filter((r) => today.some((x) => x.file === r.file));
    expect(kept.length).toBeGreaterThanOrEqual(Math.ceil(older.length / 2));
  });
});

describe('serve', () => {
  const gets = older.filter((r) => r.response.status === 200 && r.request.method === 'GET');
  const answers = async (olderAnswers: boolean) => {
    const server = await startReplayServer({ specs, recordings, olderAnswers });
    try {
      return await Promise.all(
        gets.map(async (r) => {
          const url = new URL(r.request.url);
          const res = await fetch(`${server.url}${url.pathname}${url.search}`);
          const body = await res.json();
          const plain = { ...r, lenient: undefined, era: undefined };
          const errors = specs.checkExchange(
            { ...plain, response: { status: res.status, body } },
            { strict: true },
          ).errors;
          return { file: r.file, status: res.status, errors };
        }),
      );
    } finally {
      await server.close();
    }
  };

  test('answers recorded older requests in today’s shape by default, as recorded when asked', async () => {
    expect(gets.length).toBeGreaterThan(0);
    const now = await answers(false);
    const then = await answers(true);
    for (const a of now) expect(a, a.file).toMatchObject({ status: 200, errors: [] });
    expect(then.filter((a) => a.errors.length > 0).length).toBeGreaterThan(0);
  });
});

describe('startReplayServer with no arguments', () => {
  test('serves the package’s own specs and recordings, as `serve` does', async () => {
    const server = await startReplayServer();
    try {
      const res = await fetch(`${server.url}/ext/info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'info.getNodeVersion' }),
      });
      const body = (await res.json()) as { result: { version: string } };
      expect(body.result.version).toMatch(/^avalanchego\//);
    } finally {
      await server.close();
    }
  });
});
