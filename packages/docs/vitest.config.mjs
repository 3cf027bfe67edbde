import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.mjs'],
    // The browser test launches Chromium and renders Redoc; give it room, but not forever.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
