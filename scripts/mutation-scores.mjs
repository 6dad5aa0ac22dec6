#!/usr/bin/env node
/**
 * Prints the mutation score of every module `pnpm test:mutation` mutated, from the JSON reports
 * Stryker wrote (mutation-testing-report-schema), and fails when one is under the goal: a score
 * for the whole run would let a well-tested module hide a poorly tested one.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { MUTATION_GROUPS } from '../apps/bff/mutation-groups.mjs';
import schemasStryker from '../packages/schemas/stryker.config.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * Where each Stryker run of `pnpm test:mutation` writes its JSON report, with the package it
 * mutated and the modules it must hold.
 */
const REPORTS = [
  ...MUTATION_GROUPS.map((g) => ({
    pkg: 'apps/bff',
    report: `reports/mutation/${g.name}/mutation.json`,
    modules: g.mutate,
  })),
  {
    pkg: 'packages/schemas',
    report: 'reports/mutation/mutation.json',
    modules: schemasStryker.mutate,
  },
];
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
for (const { pkg, report: path, modules } of REPORTS) {
  const report = join(ROOT, pkg, path);
  if (!existsSync(report)) {
    console.error(`No report at ${relative(ROOT, report)}: did Stryker run there?`);
    process.exit(1);
  }
  const { files } = JSON.parse(readFileSync(report, 'utf8'));
  // A module the report lacks (renamed, or a pattern that no longer matches) would drop out of
  // the goal unseen; one it has beyond the list is another run's report.
  const held = Object.keys(files).sort();
  if (held.join() !== [...modules].sort().join()) {
    console.error(
      `${relative(ROOT, report)} holds ${held.join(', ') || 'nothing'}, not ${modules.join(', ')}: run pnpm test:mutation again`,
    );
    process.exit(1);
  }
  // A group re-run alone sits beside the older reports of the others: say when each is from.
  console.log(`${relative(ROOT, report)}  written ${statSync(report).mtime.toISOString()}`);
  for (const [file, { mutants }] of Object.entries(files)) {
    rows.push({ module: join(pkg, file), mutants, ...scoreOf(mutants) });
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
// Every mutant the tests did not notice, where it is and what it changed: each is killed by a test
// or explained in docs/mutation-testing.md.
for (const r of rows) {
  for (const m of r.mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')) {
    const at = `${r.module}:${m.location.start.line}:${m.location.start.column}`;
    console.log(
      `${m.status.padEnd(10)}  ${at}  ${m.mutatorName}: ${JSON.stringify(m.replacement ?? '')}`,
    );
  }
}
const under = rows.filter((r) => r.score < GOAL);
if (under.length > 0) {
  console.error(`\n${under.length} of ${rows.length} modules are under ${GOAL} %.`);
  process.exit(1);
}
console.log(
  `\nEvery module at ${GOAL} % or more. HTML reports: apps/bff/reports/mutation/<group>/mutation.html, packages/schemas/reports/mutation/mutation.html`,
);
