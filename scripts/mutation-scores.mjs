#!/usr/bin/env node
/**
 * Prints the mutation score of every module `pnpm test:mutation` mutated, from the JSON reports
 * Stryker wrote (mutation-testing-report-schema), and fails when one is under the goal: a score
 * for the whole run would let a well-tested module hide a poorly tested one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['apps/bff', 'packages/schemas'];
const GOAL = 90;

/** Stryker's own definition: detected over valid mutants (killed and timed out are detected). */
function scoreOf(mutants) {
  const count = (...states) => mutants.filter((m) => states.includes(m.status)).length;
  const detected = count('Killed', 'Timeout');
  const undetected = count('Survived', 'NoCoverage');
  const valid = detected + undetected;
  return {
    detected,
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    // Static mutants left out by `ignoreStatic`: shown, so that a score never hides them.
    ignored: count('Ignored'),
    total: valid,
    score: valid === 0 ? 100 : (detected / valid) * 100,
  };
}

const rows = [];
for (const pkg of PACKAGES) {
  const report = join(ROOT, pkg, 'reports/mutation/mutation.json');
  if (!existsSync(report)) {
    console.error(`No report at ${relative(ROOT, report)}: did Stryker run there?`);
    process.exit(1);
  }
  const { files } = JSON.parse(readFileSync(report, 'utf8'));
  for (const [file, { mutants }] of Object.entries(files)) {
    rows.push({ module: join(pkg, file), ...scoreOf(mutants) });
  }
}

const width = Math.max(...rows.map((r) => r.module.length));
console.log(`${'module'.padEnd(width)}  score   killed  survived  no coverage  ignored (static)`);
for (const r of rows) {
  const mark = r.score >= GOAL ? '' : `  under ${GOAL} %`;
  console.log(
    `${r.module.padEnd(width)}  ${r.score.toFixed(1).padStart(5)} %  ${String(r.detected).padStart(6)}  ${String(r.survived).padStart(8)}  ${String(r.noCoverage).padStart(11)}  ${String(r.ignored).padStart(16)}${mark}`,
  );
}
const under = rows.filter((r) => r.score < GOAL);
if (under.length > 0) {
  console.error(`\n${under.length} of ${rows.length} modules are under ${GOAL} %.`);
  process.exit(1);
}
console.log(
  `\nEvery module at ${GOAL} % or more. HTML reports: apps/bff/reports/mutation/mutation.html, packages/schemas/reports/mutation/mutation.html`,
);
