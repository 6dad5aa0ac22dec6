// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Mutation testing of the decimal rule every amount and price passes (`npx stryker run` here).
 * Slow, so not part of `pnpm test`; modelled on apps/bff/stryker.config.mjs.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // pnpm keeps packages apart, so Stryker cannot find the runner by its name: give it the path.
  plugins: [fileURLToPath(import.meta.resolve('@stryker-mutator/vitest-runner'))],
  vitest: { configFile: 'vitest.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: ['src/primitives/decimal.ts'],
  concurrency: 1,
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  // The last result, kept in the repository: the next run retests only changed code's mutants,
  // and scripts/mutation-scores.mjs reads the score from it (apps/bff/stryker.config.mjs).
  incremental: true,
  incrementalFile: 'mutation/decimal.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
