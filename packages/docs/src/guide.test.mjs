// The guides: one Markdown source per page, links between sources become links between pages,
// and every README of the repository links the testing guide's source.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GUIDES, renderGuide, TESTING_PAGE, TESTING_SOURCE } from './guide.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** The repository's address on GitHub, as the published READMEs link into it. */
const GITHUB_BLOB = 'https://github.com/avalanche-api/avalanche-api/blob/main/';
const testingFile = fileURLToPath(TESTING_SOURCE);

/** The root README and every package's README. */
const READMES = [
  'README.md',
  ...readdirSync(join(root, 'packages'))
    .map((name) => `packages/${name}/README.md`)
    .filter((file) => existsSync(join(root, file))),
];

/** The file a README's link points at (a path relative to the README, or a GitHub blob URL). */
function linkTarget(readme, href) {
  const path = href.split('#')[0];
  if (path.startsWith(GITHUB_BLOB)) return join(root, path.slice(GITHUB_BLOB.length));
  if (/^[a-z]+:/.test(path)) return undefined;
  return resolve(dirname(join(root, readme)), path);
}

describe('the testing guide', () => {
  it.each(READMES)('%s links it, and the link resolves to its source', (readme) => {
    const text = readFileSync(join(root, readme), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => linkTarget(readme, m[1]));
    const hits = targets.filter((t) => t === testingFile);
    expect(hits.length, `${readme} links ${relative(root, testingFile)}`).toBeGreaterThan(0);
    expect(existsSync(hits[0])).toBe(true);
  });

  it('is one of the guides the site renders, from that same file', () => {
    expect(GUIDES.find((g) => g.page === TESTING_PAGE)?.source.href).toBe(TESTING_SOURCE.href);
    const page = renderGuide(readFileSync(testingFile, 'utf8'), { file: TESTING_PAGE });
    expect(page).toMatch(/<h1 id="[^"]+">Testing your app against the replay server<\/h1>/);
  });
});

describe('renderGuide', () => {
  it("turns a link to another guide's source into a link to its page", () => {
    const page = renderGuide(
      '# T\n\nSee [testing](testing.md#failure-answers) and [clients](./clients.md).',
    );
    expect(page).toContain('href="testing.html#failure-answers"');
    expect(page).toContain('href="clients.html"');
  });

  it('leaves other links alone', () => {
    const page = renderGuide('# T\n\n[spec](https://example.org/x.md) [readme](../README.md)');
    expect(page).toContain('href="https://example.org/x.md"');
    expect(page).toContain('href="../README.md"');
  });
});
