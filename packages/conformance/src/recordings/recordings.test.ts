import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Specs } from '../model/specs.js';
import {
  isExcused,
  loadRecordings,
  type Recording,
  RecordingFormatError,
  withoutLenientMembers,
} from './recordings.js';

const corpus = new URL('../../../../specs/recordings/', import.meta.url).pathname;

describe('loadRecordings', () => {
  test('reads the whole corpus, one exchange per file', async () => {
    const recordings = await loadRecordings(corpus);
    const services = new Set(recordings.map((r) => r.file.split('/')[0]));
    expect(services).toEqual(new Set(['data-api', 'metrics-api', 'node-rpc']));
    for (const r of recordings) expect(r.file).toMatch(/^[a-z-]+\/[A-Za-z_.-]+\.[0-9]+\.json$/);
    expect(recordings.length).toBeGreaterThan(50);
  });

  test.each([
    ['not JSON', '{', /not valid JSON/],
    ['no request', '{"response":{"status":200}}', /`request` must be an object/],
    [
      'bad method',
      '{"request":{"method":"PUT","url":"http://x/"},"response":{"status":200}}',
      /GET or POST/,
    ],
    [
      'relative url',
      '{"request":{"method":"GET","url":"/v1"},"response":{"status":200}}',
      /absolute URL/,
    ],
    [
      'bad status',
      '{"request":{"method":"GET","url":"http://x/"},"response":{"status":42}}',
      /HTTP status/,
    ],
  ])('rejects %s with the file and the rule', async (_name, text, message) => {
    const dir = await mkdtemp(join(tmpdir(), 'recordings-'));
    await writeFile(join(dir, 'bad.1.json'), text);
    const error = await loadRecordings(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecordingFormatError);
    expect((error as Error).message).toMatch(/^bad\.1\.json: /);
    expect((error as Error).message).toMatch(message);
  });
});

describe('era marks (recordings-eras.json beside the corpus)', () => {
  test('loadRecordings sets era, reason, trimmed, nodeVersion and lenient from the marks', async () => {
    const recordings = await loadRecordings(corpus);
    const old = recordings.find((r) => r.file === 'node-rpc/info.upgrades.2.json');
    expect(old?.nodeVersion).toBe('v1.13.1');
    expect(old?.reason).toMatch(/graniteEpochDuration/);
    const trimmed = recordings.find((r) => r.file === 'node-rpc/eth_getActiveRulesAt.1.json');
    expect(trimmed?.trimmed).toBe(true);
    const unmarked = recordings.find((r) => r.file === 'node-rpc/info.getNetworkID.1.json');
    expect(unmarked?.era ?? unmarked?.lenient).toBeUndefined();
  });

  test('a mark without a reason is refused, naming the file and the rule', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eras-'));
    await mkdir(join(dir, 'corpus'));
    await writeFile(join(dir, 'recordings-eras.json'), '{"x.1.json": {"era": "2024"}}');
    const error = await loadRecordings(join(dir, 'corpus')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecordingFormatError);
    expect((error as Error).message).toMatch(/x\.1\.json: each mark needs a `reason` string/);
  });

  test('isExcused matches `where` + pointer, with * for one segment', () => {
    const r = { lenient: ['response.body/blocks/*/chainId', 'request.params/encoding'] };
    expect(isExcused(r, 'response.body', '/blocks/3/chainId')).toBe(true);
    expect(isExcused(r, 'request.params', '/encoding')).toBe(true);
    expect(isExcused(r, 'response.body', '/blocks/3/hash')).toBe(false);
    expect(isExcused(r, 'response.body', '/blocks/chainId')).toBe(false);
    expect(isExcused({}, 'request.params', '/encoding')).toBe(false);
  });

  test('only the listed members are excused: anything else still fails', async () => {
    const specs = await Specs.load(new URL('../../../../specs/dist/', import.meta.url).pathname);
    const recordings = await loadRecordings(corpus);
    const marked = recordings.find(
      (r) => r.file === 'node-rpc/eth_getChainConfig.1.json',
    ) as Recording;
    expect(specs.checkExchange(marked, { strict: true }).ok).toBe(true);
    expect(specs.checkExchange(marked, { strict: true }).excused).toBeGreaterThan(0);
    const unmarked = { ...marked, lenient: undefined };
    expect(specs.checkExchange(unmarked, { strict: true }).ok).toBe(false);
    const broken = withoutLenientMembers(marked);
    (broken.response.body as { result: Record<string, unknown> }).result.osakaTime = 1;
    const errors = specs.checkExchange(
      { ...broken, lenient: marked.lenient },
      { strict: true },
    ).errors;
    expect(errors.map((e) => e.path)).toContain('/osakaTime');
  });
});
