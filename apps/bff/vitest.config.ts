import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// PGlite takes a few seconds to start in each test file, more on a busy machine: every file's
// starts from the migrated cluster the global setup archives once.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // A worker per core, not Vitest's one fewer: these files wait on PostgreSQL, child processes
    // and timers much of their time, and one worker left a core half idle (ADR 031).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
