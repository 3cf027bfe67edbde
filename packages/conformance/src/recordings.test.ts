import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadRecordings, RecordingFormatError } from './recordings.js';

const corpus = new URL('../../../specs/recordings/', import.meta.url).pathname;

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
