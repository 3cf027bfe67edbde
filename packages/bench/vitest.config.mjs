import { defineConfig } from 'vitest/config';

// The apps test imports every peer SDK (avacloud alone is ~2 MB of JavaScript); on 2 shared cores
// beside turbo's builds that can take many seconds.
export default defineConfig({
  test: {
    include: ['src/**/*.test.mjs'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 30_000 } },
  },
});
