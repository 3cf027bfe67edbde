import { defineConfig } from 'vitest/config';

// The first `pnpm test` after install runs these beside turbo's builds on 2 cores, where a
// call that takes 0.7 s alone has taken over 5 s: size timeouts for that, not for a warm laptop
// (a timeout here only ends a hung test; it asserts nothing about speed).
// Two files at a time: vitest's default on 2 cores is one, and this package's files spend much of
// their time waiting on servers, timeouts and pacing; one file at a time left a core idle for the
// last half of CI.
export default defineConfig({
  test: {
    testTimeout: 180_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 30_000 } },
    maxWorkers: 2,
  },
});
