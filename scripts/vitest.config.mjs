import { defineConfig } from 'vitest/config';

// These tests spawn Node and bundle specs; on a loaded 2-core CI machine that takes seconds.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 60_000 } });
