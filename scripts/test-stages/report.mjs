/**
 * What `pnpm test` says when it ends: the stages' table with each one's wall time against its
 * budget, and the slowest tests of each suite, read from the JSON reports the runners wrote.
 * Pure functions over plain data, so the verdicts are tested without running a suite
 * (report.test.mjs).
 */

/**
 * @typedef {{ title: string, file: string, ms: number }} TestTime
 * @typedef {{ passed: number, failed: number, skipped: number, tests: TestTime[] }} SuiteResult
 */

/**
 * The tests of a Vitest JSON report (`--reporter=json`).
 *
 * @param {any} report
 * @param {string} root  paths are shown relative to it
 * @returns {SuiteResult}
 */
export function fromVitest(report, root) {
  const tests = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'passed') passed += 1;
      else if (t.status === 'failed') failed += 1;
      else skipped += 1;
      tests.push({
        title: t.fullName ?? t.title,
        file: relativeTo(file.name, root),
        ms: t.duration ?? 0,
      });
    }
    // A file that failed to load has no tests but fails the suite.
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') failed += 1;
  }
  return { passed, failed, skipped, tests };
}

/**
 * The tests of a Playwright JSON report (`--reporter=json`): one per test, its time the sum of
 * its attempts. A flaky test (failed, then passed on a retry) counts as failed: a retry may show
 * why it failed, never forgive it.
 *
 * @param {any} report
 * @returns {SuiteResult}
 */
export function fromPlaywright(report) {
  const tests = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'expected') passed += 1;
        else if (t.status === 'skipped') skipped += 1;
        else failed += 1;
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        tests.push({
          title: [...titles, spec.title].join(' › '),
          file: spec.file ?? suite.file,
          ms,
        });
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, child.title ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // Errors outside every test (a global setup that threw) fail the run.
  if ((report.errors ?? []).length > 0) failed += report.errors.length;
  return { passed, failed, skipped, tests };
}

/**
 * The counts of a `node --test` run, from its closing lines (`# pass N`, `# fail N`).
 *
 * @param {string} output
 * @returns {SuiteResult}
 */
export function fromNodeTest(output) {
  const count = (word) => Number(new RegExp(`^# ${word} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
  return { passed: count('pass'), failed: count('fail'), skipped: count('skipped'), tests: [] };
}

function relativeTo(path, root) {
  return path.startsWith(root) ? path.slice(root.length).replace(/^\//, '') : path;
}

/**
 * The `n` slowest tests, slowest first.
 *
 * @param {TestTime[]} tests
 * @param {number} n
 */
export function slowest(tests, n) {
  return [...tests].sort((a, b) => b.ms - a.ms).slice(0, n);
}

/**
 * Whether a stage kept to its budget. The budget is in seconds of the reference machine (a
 * quiet 2-core one, as the README says); `factor` stretches it on a slower one, as the
 * calibration measured.
 *
 * @param {{ seconds: number, budget: number | undefined, factor: number }} input
 * @returns {{ over: boolean, allowed: number | undefined }}
 */
export function budgetVerdict({ seconds, budget, factor }) {
  if (budget === undefined) return { over: false, allowed: undefined };
  const allowed = budget * factor;
  return { over: seconds > allowed, allowed };
}

/**
 * How much slower this machine is than the reference one: the calibration's time over the
 * reference's, never below 1 (a faster machine does not tighten the budget).
 *
 * @param {number} measuredMs
 * @param {number} referenceMs
 */
export function machineFactor(measuredMs, referenceMs) {
  return Math.max(1, measuredMs / referenceMs);
}

/**
 * The CPU time of a command's processes from POSIX `times` run after it in the same shell: its
 * second line holds the children's user and system time (`0m12.34s 0m1.20s`, or with six
 * decimals in dash).
 *
 * @param {string} text
 * @returns {number | undefined}  seconds, or undefined when the shell said nothing readable
 */
export function cpuOfTimes(text) {
  const parts = [...text.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return parts.length >= 4 ? parts[2] + parts[3] : undefined;
}

/** `83.4` → `1:23`. */
export function clock(seconds) {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A plain text table: a header row, a rule, the rows; columns padded to their widest cell,
 * numbers right-aligned.
 *
 * @param {string[]} header
 * @param {string[][]} rows
 * @param {boolean[]} [right]  which columns are right-aligned
 */
export function table(header, rows, right = []) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells) =>
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
