import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `text` to `file` through a temporary file beside it and a rename, so a reader at the
 * same moment (other packages' tests read specs/dist while it is rebuilt) sees the old bytes or
 * the new, never a part.
 */
export async function writeAtomically(file, text) {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}
