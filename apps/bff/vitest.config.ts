import { defineConfig } from 'vitest/config';

// PGlite takes a few seconds to start in each test file, more on a busy machine: every file's
// starts from the migrated cluster the global setup archives once.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
