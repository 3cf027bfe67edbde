import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Type tests (*.test-d.ts) run through tsc as part of `vitest run`.
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    // The first `pnpm test` after install runs beside turbo's builds on 2 cores: size
    // timeouts for that machine, not for a warm laptop.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 30_000 } },
  },
});
