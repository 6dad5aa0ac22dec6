#!/usr/bin/env node
// @ts-check
/**
 * `pnpm test:mutation:changed`: the pre-submit step of a change to code that decides money
 * (issue 69). Runs Stryker again for each group whose kept result judged other code or tests
 * than the tree holds now, incrementally (only the mutants of changed code, or covered by changed
 * tests, run again), then prints every module's score from the kept results and fails under the
 * goal. Commit what it writes under `mutation/`: `pnpm test` refuses a result older than its code.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { readResults, ROOT } from './mutation-results.mjs';

/** @param {string} command @param {string[]} args @param {string} cwd */
function run(command, args, cwd) {
  const done = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (done.status !== 0) process.exit(done.status ?? 1);
}

const groups = [...new Set(readResults().stale.map((s) => s.group))];
if (groups.length === 0) console.log('Every mutation result judged the code as it is.');
const bff = groups.filter((g) => g !== 'schemas');
if (bff.length > 0) {
  run(
    'node',
    ['--disable-warning=ExperimentalWarning', 'scripts/mutation.mjs', ...bff],
    join(ROOT, 'apps/bff'),
  );
}
if (groups.includes('schemas')) {
  run(
    join(ROOT, 'packages/schemas/node_modules/.bin/stryker'),
    ['run'],
    join(ROOT, 'packages/schemas'),
  );
}
run('node', ['scripts/mutation-scores.mjs'], ROOT);
