// Every serialized-bytes example of the node spec (and of the node recordings) is a real
// AvalancheGo `hex` encoding: 0x + payload + the last 4 bytes of sha256(payload), and the
// payload starts with codec version 0. Clients such as avalanchejs reject anything else.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadRecordings } from '../recordings/recordings.js';

const root = new URL('../../../../specs/', import.meta.url);
const doc = JSON.parse(readFileSync(new URL('dist/node-rpc.json', root), 'utf8')) as {
  methods: { name: string; examples?: { name: string; result?: { value?: unknown } }[] }[];
};
const recordings = (await loadRecordings(new URL('recordings/', root).pathname)).filter((r) =>
  r.file.startsWith('node-rpc/'),
);

/** Why a `hex`/`hexc` string is not a valid checksummed encoding, or undefined when it is. */
function checksumProblem(value: string): string | undefined {
  if (!/^0x([0-9a-fA-F]{2})+$/.test(value)) return 'is not 0x-prefixed whole bytes';
  const bytes = Buffer.from(value.slice(2), 'hex');
  if (bytes.length < 6) return 'is too short for a codec version and a checksum';
  const payload = bytes.subarray(0, -4);
  const want = createHash('sha256').update(payload).digest().subarray(-4);
  if (!want.equals(bytes.subarray(-4)))
    return `ends in ${bytes.subarray(-4).toString('hex')}, not the checksum ${want.toString('hex')}`;
  if (payload.readUInt16BE(0) !== 0) return 'does not start with codec version 0';
  return undefined;
}

/** The byte strings of one result: tx, block, container bytes and UTXOs in a hex form with checksum. */
function encodedBytes(result: unknown, at: string): [string, string][] {
  if (typeof result !== 'object' || result === null) return [];
  const r = result as Record<string, unknown>;
  const out: [string, string][] = [];
  if (Array.isArray(r.containers))
    r.containers.forEach((c, i) => {
      out.push(...encodedBytes(c, `${at}/containers/${i}`));
    });
  if (r.encoding !== 'hex' && r.encoding !== 'hexc') return out;
  for (const key of ['tx', 'block', 'bytes'])
    if (typeof r[key] === 'string') out.push([`${at}/${key}`, r[key] as string]);
  if (Array.isArray(r.utxos))
    r.utxos.forEach((u, i) => {
      out.push([`${at}/utxos/${i}`, String(u)]);
    });
  return out;
}

const fromExamples = doc.methods.flatMap((m) =>
  (m.examples ?? []).flatMap((e) => encodedBytes(e.result?.value, `${m.name} ${e.name}`)),
);
const fromRecordings = recordings.flatMap((r) =>
  encodedBytes((r.response.body as { result?: unknown } | undefined)?.result, r.file),
);

describe('serialized bytes carry a valid checksum', () => {
  test('the spec examples hold every kind of byte string', () => {
    const kinds = new Set(
      fromExamples.map(([at]) => at.split('/').at(-1)?.replace(/^\d+$/, 'utxo')),
    );
    expect(kinds).toEqual(new Set(['tx', 'block', 'bytes', 'utxo']));
    expect(fromExamples.length).toBeGreaterThanOrEqual(14);
    expect(fromRecordings.length).toBeGreaterThanOrEqual(13);
  });

  test.each([...fromExamples, ...fromRecordings])('%s', (_at, value) => {
    expect(checksumProblem(value)).toBeUndefined();
  });

  test.each([
    [
      'a flipped payload byte',
      (h: string) => `${h.slice(0, 10)}${h[10] === 'f' ? '0' : 'f'}${h.slice(11)}`,
    ],
    ['a truncated string', (h: string) => h.slice(0, -8)],
    ['a checksum of zeros', (h: string) => `${h.slice(0, -8)}00000000`],
  ])('the check catches %s', (_name, mutate) => {
    const [, sample] = fromExamples[0] as [string, string];
    expect(checksumProblem(sample)).toBeUndefined();
    expect(checksumProblem(mutate(sample))).toMatch(/checksum|bytes|short/);
  });
});
