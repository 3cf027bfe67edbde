import { defineConfig } from 'vitest/config';

// The first `pnpm test` after install runs these beside turbo's builds on 2 cores, where a
// call that takes 0.7 s alone has taken over 5 s: size timeouts for that, not for a warm laptop.
// Two files at a time: vitest's default on 2 cores is one, and this package's files spend much of
// their time waiting on servers, timeouts and pacing; one file at a time left a core idle for the
// last half of CI.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 30_000 } },
    maxWorkers: 2,
  },
});
