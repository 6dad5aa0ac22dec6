import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      // One jsdom and one module graph per worker, not per file: setting up jsdom and importing
      // Mantine and the contract again for each of 90 files was two thirds of the suite's time
      // (ADR 031). Each file leaves the document as it found it (setup.ts cleans up after every
      // test, and files that stub globals unstub them).
      isolate: false,
      // Form tests type into jsdom key by key; on a loaded 2-core machine 5 s is not enough.
      testTimeout: 30_000,
    },
  }),
);
