import { defineConfig } from 'vitest/config';

// Each case starts a runtime (Deno and Bun are ~100 MB binaries) in a project packed in
// beforeAll; on 2 busy cores that is seconds per case and a minute for the packing.
export default defineConfig({
  test: {
    include: ['src/**/*.test.mjs'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 30_000 } },
  },
});
