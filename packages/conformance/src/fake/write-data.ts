// Build step: writes dist/fake/data.js with the documents and recordings in it (see data.ts), so
// the fake's published module reads no file. Run after tsc: `node dist/fake/write-data.js`.
import { writeFile } from 'node:fs/promises';
import { documents, recordings } from './data.js';

const target = new URL('./data.js', import.meta.url);
// JSON.parse of one string literal: engines parse it faster than the same object as code.
const literal = (value: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
await writeFile(
  target,
  [
    '// Written by write-data.ts at build: the bundled spec documents and the recordings corpus.',
    `export const documents = /* @__PURE__ */ ${literal(documents)};`,
    `export const recordings = /* @__PURE__ */ ${literal(recordings)};`,
    '',
  ].join('\n'),
);
console.log(`fake data: ${documents.length} documents, ${recordings.length} recordings`);
