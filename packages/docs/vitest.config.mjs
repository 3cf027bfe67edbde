import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.mjs'],
    globalSetup: ['src/chromium.setup.mjs'],
    // Starting Chromium beside a full `pnpm test` on 2 busy cores has taken over a minute:
    // the hooks that launch it get playwright's own launch limit (180 s), so a browser that
    // truly fails to start reports playwright's reason, not a hook timeout.
    // A test's own limit only ends a hung test (it asserts nothing about speed): with the
    // conformance package's tests two at a time beside these, opening a console has taken a
    // minute.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll waits for an event, not for time: the default 1 s is too short on busy cores.
    expect: { poll: { timeout: 30_000 } },
  },
});
