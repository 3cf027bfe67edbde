import { defineConfig } from 'vitest/config';

// Each case starts a runtime (Deno and Bun are ~100 MB binaries) in the project the global setup
// packs and installs once per run; on 2 busy cores that is seconds per case.
export default defineConfig({
  test: {
    include: ['src/**/*.test.mjs'],
    globalSetup: ['src/packed.setup.mjs'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 30_000 } },
  },
});
