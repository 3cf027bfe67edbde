// `vitest` as app.test.ts sees it inside Chromium: Vitest's own `expect` (@vitest/expect on chai,
// the same matchers) and `describe`/`test` that only collect, for app.browser.test.ts to run.
// Vitest's browser mode would do this, but its providers drive a browser they download
// themselves; this repository's Chromium comes from npm (@sparticuz/chromium), with no download.
import { chai, JestAsymmetricMatchers, JestChaiExpect, JestExtend } from '@vitest/expect';

chai.use(JestExtend);
chai.use(JestChaiExpect);
chai.use(JestAsymmetricMatchers);

export const expect = chai.expect as unknown as typeof import('vitest').expect;

const collected: { name: string; fn: () => unknown }[] = [];
let prefix = '';

export function describe(name: string, fn: () => void) {
  const outer = prefix;
  prefix = `${outer}${name} > `;
  fn();
  prefix = outer;
}

export function test(name: string, fn: () => unknown) {
  collected.push({ name: `${prefix}${name}`, fn });
}

/** Runs what was collected, in order: each test's name and its failure, if any. */
export async function runCollected(): Promise<{ name: string; error?: string }[]> {
  const out: { name: string; error?: string }[] = [];
  for (const { name, fn } of collected) {
    try {
      await fn();
      out.push({ name });
    } catch (error) {
      out.push({ name, error: String((error as Error)?.message ?? error) });
    }
  }
  return out;
}
