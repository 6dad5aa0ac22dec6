#!/usr/bin/env node
/**
 * Prints the mutation score of every module `pnpm test:mutation` mutated, from each group's last
 * result kept in the repository (Stryker's incremental file, a mutation-testing-report-schema
 * report with the sources it judged), and fails when one is under the goal, or when a result is
 * older than the code or the tests it judged: a change to a module that decides money lands only
 * with its group measured again (`pnpm test:mutation:changed`). `pnpm test` runs this check.
 * A score for the whole run would let a well-tested module hide a poorly tested one.
 *
 * `--doc` writes the table of every module into docs/mutation-testing.md (between its `scores`
 * markers), so that the document shows what the kept results say, not what someone copied.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { readResults, ROOT } from './mutation-results.mjs';

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

const { modules, stale } = readResults();
const rows = modules.map((m) => ({ ...m, ...scoreOf(m.mutants) }));

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
if (process.argv.includes('--doc')) {
  const doc = join(ROOT, 'docs/mutation-testing.md');
  const table = [
    '| group | module | score | killed | survived | no coverage | static, ignored |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| \`${r.group}\` | \`${r.module}\` | ${r.score.toFixed(1)} % | ${r.detected} | ${r.survived} | ${r.noCoverage} | ${r.ignored} |`,
    ),
  ].join('\n');
  const text = readFileSync(doc, 'utf8').replace(
    /(<!-- scores:start -->)[\s\S]*?(<!-- scores:end -->)/,
    `$1\n\n${table}\n\n$2`,
  );
  writeFileSync(doc, text);
  spawnSync(join(ROOT, 'node_modules/.bin/prettier'), ['--write', doc], { stdio: 'inherit' });
}

const under = rows.filter((r) => r.score < GOAL);
for (const { why } of stale) console.error(why);
if (stale.length > 0) {
  console.error(
    `\n${stale.length} mutation result(s) out of date: run pnpm test:mutation:changed (only the changed code's mutants run) and commit what it writes under mutation/.`,
  );
}
if (under.length > 0)
  console.error(`\n${under.length} of ${rows.length} modules are under ${GOAL} %.`);
if (stale.length > 0 || under.length > 0) process.exit(1);
console.log(`\nEvery module at ${GOAL} % or more, each judged on the code as it is.`);
