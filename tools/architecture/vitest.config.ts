import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Linting the repository with every rule takes a while on a shared machine.
    testTimeout: 120_000,
    // The registry walk drives the BFF's test app, whose database starts from this archive.
    globalSetup: ['../../apps/bff/test/global-setup.ts'],
  },
});
