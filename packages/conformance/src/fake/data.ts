// The documents and recordings the fake answers from. This source reads them from the package's
// own folders (Node, and the tests); the build replaces its output, dist/fake/data.js, with the
// same values written into the module (write-data.ts), so the published fake opens no file and
// runs in a browser, Bun or Deno as it is.
import { readFile } from 'node:fs/promises';
import type { BrowserDocument } from '../browser.js';
import { defaultSpecDir, restDocuments, rpcDocuments } from '../model/specs.js';
import { defaultRecordingsDir, loadRecordings, type Recording } from '../recordings/recordings.js';

async function document(name: string, kind: 'rest' | 'rpc'): Promise<BrowserDocument> {
  const text = await readFile(`${defaultSpecDir.replace(/\/$/, '')}/${name}.json`, 'utf8');
  return { name, kind, doc: JSON.parse(text) };
}

/** The bundled spec documents, as `pnpm specs:bundle` names them. */
export const documents: BrowserDocument[] = await Promise.all([
  ...restDocuments.map((n) => document(n, 'rest')),
  ...rpcDocuments.map((n) => document(n, 'rpc')),
]);

/** The recordings corpus, with its era marks. */
export const recordings: Recording[] = await loadRecordings(defaultRecordingsDir);
