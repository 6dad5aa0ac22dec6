// @ts-check
import { fileURLToPath } from 'node:url';
import { MUTATION_GROUPS } from './mutation-groups.mjs';

// `scripts/mutation.mjs` runs Stryker once per group of mutation-groups.mjs, naming it here.
// Without a group: every module against the whole suite (hours; what the groups are a floor of).
const group = MUTATION_GROUPS.find((g) => g.name === process.env.MUTATION_GROUP);
// A misspelt group would otherwise mutate everything against the whole suite: hours.
if (process.env.MUTATION_GROUP && !group) {
  throw new Error(`No mutation group "${process.env.MUTATION_GROUP}" in mutation-groups.mjs`);
}
const reports = group ? `reports/mutation/${group.name}` : 'reports/mutation';

/**
 * Mutation testing of the modules that decide whether money moves, who may approve, whether a
 * sign-in is allowed and which token is used (`pnpm test:mutation` at the root). Slow, so not part
 * of `pnpm test`; every surviving mutant is either killed by a test or explained in
 * docs/mutation-testing.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // pnpm keeps packages apart, so Stryker cannot find the runner by its name: give it the path.
  plugins: [fileURLToPath(import.meta.resolve('@stryker-mutator/vitest-runner'))],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants: SQL column lists, production settings, tables) run
  // too: each runs its group's whole test set in a fresh module graph. Stryker 9.6 activates them
  // too late when a test filter is set (stryker-js#6144), so test/mutation-setup.ts activates
  // every mutant before the test file imports anything.
  ignoreStatic: false,
  mutate: group?.mutate ?? MUTATION_GROUPS.flatMap((g) => g.mutate),
  ...(group ? { testFiles: group.testFiles } : {}),
  // The BFF's tests start PGlite and real HTTP servers: two at a time fit a 2-core machine.
  concurrency: 2,
  timeoutMS: 60_000,
  // The first, unmutated run: the group's tests, or without a group the whole suite (many minutes).
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${reports}/mutation.html` },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  // A group's last result, kept in the repository (mutation/<group>.json): the next run retests
  // only the mutants of changed code or changed tests, and scripts/mutation-scores.mjs reads the
  // scores from it and refuses a result older than the code it judged (issue 69, ADR 010).
  ...(group ? { incremental: true, incrementalFile: `mutation/${group.name}.json` } : {}),
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
