import { defineConfig } from 'vitest/config';

// PGlite takes a few seconds to start in each test file, more on a busy machine.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
