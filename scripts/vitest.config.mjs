import { defineConfig } from 'vitest/config';

// These tests spawn Node, bundle specs and pack packages; on a loaded 2-core machine beside
// turbo's builds that takes seconds.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000 } });
