/**
 * The stages of `pnpm test`, in the order they are offered the cores (scripts/test.mjs), each
 * with its budget: seconds of wall time on the reference machine, a quiet 2-core one like CI's.
 * Each is what the stage took there in a whole run, beside the stage that shared the cores with it
 * (ADR 031), with a margin of about a quarter; a stage past its budget fails the run, so a change that makes the suite slower says so where
 * it lands instead of eating the margin of the next one. Raise a budget only with the figures
 * that justify it, in the same commit.
 */

/** The workspace's packages with a TypeScript program of their own. */
const TYPECHECKED = [
  'packages/schemas',
  'apps/bff',
  'apps/web',
  'apps/sandbox',
  'e2e',
  'bench',
  'tools/architecture',
  'tools/test-idp',
];

/**
 * The budget of the whole run, from the install to the last stage (the README's): what the run
 * takes today (37:52) with a margin. The goal is 20 minutes (issue 70); it comes down as the
 * stages do.
 */
export const TOTAL_BUDGET_SECONDS = 45 * 60;

/**
 * @typedef {object} Stage
 * @property {string} name
 * @property {string[]} command  run from `cwd` (the workspace root when absent)
 * @property {string} [cwd]
 * @property {string[]} [needs]  stages that must pass first
 * @property {string[]} [after]  stages that must have ended first, passed or failed
 * @property {number} [slots]  cores it keeps busy (1 when absent)
 * @property {boolean} [background]  runs at the lowest priority, in the CPU time the others leave
 *   idle, and may run beside a stage that holds every slot (schedule.mjs); its budget is then
 *   in CPU seconds. Only for a stage that nothing times: a suite's tests could run out of time.
 * @property {number} budget  seconds on the reference machine
 * @property {'vitest' | 'playwright' | 'node'} [suite]  the runner whose report it writes
 * @property {string} [pkg]  the package whose tests it runs (for `--quick`)
 */

/**
 * @param {{ reports: string }} paths  where the suites write their JSON reports
 * @returns {Stage[]}
 */
export function stages({ reports }) {
  const vitest = (pkg, name, budget, slots = 1) => ({
    name,
    cwd: pkg,
    command: [
      'node_modules/.bin/vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/${name}.json`,
    ],
    needs: ['install'],
    slots,
    budget,
    suite: 'vitest',
    pkg,
  });
  /**
   * A suite in the background lane, in the CPU time the browser suite leaves idle (ADR 031,
   * "the small suites in the lane"): only one whose tests bound no time from above, with room
   * for a test to wait for the CPU at the lowest priority. Its budget is CPU seconds.
   */
  const backgroundVitest = (pkg, name, budget) => {
    const stage = vitest(pkg, name, budget);
    return {
      ...stage,
      command: [...stage.command, '--testTimeout=120000', '--hookTimeout=120000'],
      background: true,
    };
  };
  return [
    { name: 'install', command: ['pnpm', 'install', '--frozen-lockfile'], slots: 2, budget: 180 },
    // The browser suite is the longest chain: its builds and its run go first.
    {
      name: 'build web',
      cwd: 'apps/web',
      command: ['node_modules/.bin/vite', 'build', '--logLevel', 'warn'],
      needs: ['install'],
      budget: 90,
    },
    {
      name: 'build bff',
      cwd: 'apps/bff',
      command: ['node', 'build.mjs'],
      needs: ['install'],
      budget: 60,
    },
    {
      name: 'e2e',
      cwd: 'e2e',
      command: ['node_modules/.bin/playwright', 'test', '--reporter=list,json'],
      needs: ['build web', 'build bff'],
      slots: 2,
      // 1371 s for 114 tests (ADR 031).
      budget: 1650,
      suite: 'playwright',
      pkg: 'e2e',
    },
    // 514 s for 2420 tests, on PGlite and PostgreSQL; 538 s for 2730 on CI; 659 s for 2786 (the
    // trail's proofs and its scheduled verification added) on a quiet machine, the background
    // lane's checks beside it; 400 s for 2998 on CI. Two workers, one slot: its files wait on
    // child processes, PostgreSQL and paced reads, and kept two cores about 65 % busy, so the
    // SPA's suite runs beside it in the other (ADR 031, "the small suites in the lane").
    { ...vitest('apps/bff', 'bff', 720), after: ['e2e'] },
    // 355 s beside the typechecks and lint with a jsdom per file; 112 s with one per worker on a
    // busy machine, against 604 s per file there (ADR 031).
    { ...vitest('apps/web', 'web', 240), after: ['e2e'] },
    // In the lane beside the browser suite: 35 s, 15 s and 18 s of wall time after it before.
    backgroundVitest('apps/sandbox', 'sandbox', 75),
    backgroundVitest('packages/schemas', 'schemas', 40),
    backgroundVitest('tools/architecture', 'architecture', 90),
    {
      name: 'test runner',
      command: ['node', '--test', 'scripts/test-stages/'],
      needs: ['install'],
      background: true,
      budget: 30,
      suite: 'node',
      pkg: 'scripts',
    },
    ...TYPECHECKED.map((pkg) => ({
      name: `typecheck ${pkg}`,
      command: ['node_modules/.bin/tsc', '-p', pkg],
      needs: ['install'],
      background: true,
      budget: pkg === 'apps/bff' || pkg === 'apps/web' ? 60 : 40,
      pkg,
    })),
    {
      name: 'lint',
      command: ['node_modules/.bin/eslint', '--max-warnings=0', '.'],
      needs: ['install'],
      background: true,
      // CPU time: 1:31 alone on the reference machine before it ran in the lane; 2:32 in the lane
      // beside the e2e suite (shared cores and caches cost a niced process CPU time too).
      budget: 180,
    },
    {
      name: 'format',
      command: ['node_modules/.bin/prettier', '--check', '.', '--log-level', 'warn'],
      needs: ['install'],
      background: true,
      // CPU time: 0:40 and 0:44 in the lane beside the e2e suite.
      budget: 60,
    },
  ];
}
