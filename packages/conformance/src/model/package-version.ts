import { readFileSync } from 'node:fs';

/** This package's version, read from its package.json (the same from src/ and dist/). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return String(pkg.version);
}
