import { defineConfig } from 'vitest/config';

// Beside turbo's builds on 2 busy cores a Chromium start takes seconds: timeouts for that.
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 300_000 } });
