// Builds captures of any size from the corpus's own recordings, streamed to disk, for tests
// of `check` at scale. The corpus's era-marked and excluded recordings are left out, so that
// every exchange of a capture passes.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { recordingsToHar } from '../recordings/har.js';
import { loadRecordings, type Recording } from '../recordings/recordings.js';

export const corpus = new URL('../../../../specs/recordings/', import.meta.url).pathname;

export async function passingRecordings(): Promise<Recording[]> {
  const marked = async (name: string) =>
    Object.keys(JSON.parse(await readFile(new URL(`../${name}`, `file://${corpus}`), 'utf8')));
  const skip = [
    ...(await marked('recordings-eras.json')),
    ...(await marked('recordings-exclusions.json')),
  ];
  return (await loadRecordings(corpus)).filter(
    (r) => !skip.some((k) => r.file === k || r.file.endsWith(`/${k}`)) && !r.lenient,
  );
}

async function writeLines(
  path: string,
  head: string,
  lines: string[],
  n: number,
  sep: string,
  tail: string,
) {
  const out = createWriteStream(path);
  out.write(head);
  for (let i = 0; i < n; i++)
    if (!out.write(`${i > 0 ? sep : ''}${lines[i % lines.length]}`)) await once(out, 'drain');
  out.end(tail);
  await once(out, 'finish');
}

/** A HAR 1.2 log of `n` entries, the recordings over and over, one entry per line. */
export async function writeHar(path: string, n: number, recordings: Recording[]) {
  const { log } = recordingsToHar(recordings) as { log: { entries: object[] } };
  const lines = log.entries.map((e) => JSON.stringify(e));
  await writeLines(
    path,
    '{"log":{"version":"1.2","creator":{"name":"test","version":"0"},"entries":[\n',
    lines,
    n,
    ',\n',
    '\n]}}\n',
  );
}

/** `n` recordings as JSON Lines. */
export async function writeJsonLines(path: string, n: number, recordings: Recording[]) {
  const lines = recordings.map(({ file: _file, ...r }) => JSON.stringify(r));
  await writeLines(path, '', lines, n, '\n', '\n');
}
