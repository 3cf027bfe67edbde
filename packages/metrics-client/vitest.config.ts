import { defineConfig } from 'vitest/config';

// The first `pnpm test` after install runs these beside turbo's builds on 2 cores, where a
// call that takes 0.7 s alone has taken over 5 s: size timeouts for that, not for a warm laptop.
export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 60_000, expect: { poll: { timeout: 30_000 } } },
});
