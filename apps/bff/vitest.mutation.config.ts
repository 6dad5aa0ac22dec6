import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The suite Stryker runs against each mutant: every test that runs the BFF's code in the test
// process. The tests that run the BFF in a child process (a crash and restart, the built SPA, the
// service bundle) cannot see a mutant, which lives in the test process only; they only cost time.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      setupFiles: ['test/mutation-setup.ts'],
      // A file or `describe` that a mutant breaks outside any test must count as a failed test;
      // Stryker reads the results from Vitest's state, so no other reporter is needed.
      reporters: ['./test/mutation-reporter.ts'],
      exclude: [
        'test/integration/crash-restart.test.ts',
        'test/integration/spa-secrets.test.ts',
        'test/bundle.test.ts',
        '**/node_modules/**',
      ],
    },
  }),
);
