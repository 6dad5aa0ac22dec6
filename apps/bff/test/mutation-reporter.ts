/**
 * Mutation testing only (vitest.mutation.config.ts): a test file or `describe` that fails outside
 * any test counts as a failed test. Stryker 9.6's Vitest runner judges a mutant by the tests it
 * finds in Vitest's state, and a file that throws while it is collected has none (a `describe`
 * that throws has none of its own, and the bail on the first failure leaves the file's other
 * tests without a result): a mutant that breaks every policy a test file builds as it loads was
 * reported survived. This adds to each failed suite a test holding the suite's error, which the
 * runner reads as failed, so the mutant counts as killed. An unmutated run never fails a suite,
 * or the run stops before any mutant, as it must.
 */
import type { RunnerTask as Task, RunnerTestCase as Test, RunnerTestSuite as Suite } from 'vitest';
import type { Reporter, Vitest } from 'vitest/node';

function failedSuites(suite: Suite): Suite[] {
  const below = suite.tasks.filter((t: Task): t is Suite => t.type === 'suite');
  const own = suite.result?.state === 'fail' && suite.result.errors?.length ? [suite] : [];
  return [...own, ...below.flatMap(failedSuites)];
}

export default class SuiteFailuresAsTests implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd() {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      for (const suite of failedSuites(file)) {
        const failure = {
          type: 'test',
          name: '(failed outside a test)',
          id: `${suite.id}_failed`,
          mode: 'run',
          file,
          suite: suite === file ? undefined : suite,
          result: { state: 'fail', errors: suite.result?.errors },
          meta: {},
          annotations: [],
          artifacts: [],
        } as unknown as Test;
        suite.tasks.push(failure);
      }
    }
  }
}
