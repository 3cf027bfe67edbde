// The runtime shared with @avalanche-api/data-client is copied, not depended on (see
// src/internal/README.md); this fails when a copy drifts. Only runs inside the monorepo.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const here = new URL('./', import.meta.url);
const sibling = new URL('../../data-client/src/', import.meta.url);

const shared = [
  ...readdirSync(new URL('internal/', here))
    .filter((file) => !file.endsWith('.test.ts'))
    .map((file) => `internal/${file}`),
  'paginate.ts',
  'types.ts',
  'validate.ts',
];

it.runIf(existsSync(sibling))('shares its runtime byte for byte with data-client', () => {
  expect(shared.length).toBeGreaterThan(6);
  for (const file of shared) {
    const ours = readFileSync(new URL(file, here), 'utf8');
    expect(ours, file).toBe(readFileSync(new URL(file, sibling), 'utf8'));
  }
});
