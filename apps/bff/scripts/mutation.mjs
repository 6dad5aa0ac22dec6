#!/usr/bin/env node
/**
 * `pnpm test:mutation` in the BFF: one Stryker run per group of mutation-groups.mjs, each with its
 * own report in reports/mutation/<group>/ and its result kept in mutation/<group>.json, from which
 * the next run starts (incremental). `node scripts/mutation.mjs journal` runs one group.
 * Scores are printed per module by the root's scripts/mutation-scores.mjs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUTATION_GROUPS } from '../mutation-groups.mjs';

const HERE = fileURLToPath(new URL('..', import.meta.url));

/** Refuses the run: Stryker itself only warns, and would then judge a group by fewer tests. */
function refuse(message) {
  console.error(message);
  process.exit(1);
}

const modules = MUTATION_GROUPS.flatMap((g) => g.mutate);
const twice = modules.filter((m, i) => modules.indexOf(m) !== i);
if (twice.length > 0) refuse(`In more than one mutation group: ${twice.join(', ')}`);
const missing = modules.filter((m) => !existsSync(`${HERE}${m}`));
if (missing.length > 0)
  refuse(`Mutation groups name modules that do not exist: ${missing.join(', ')}`);
// A test file pattern that matches nothing would leave its tests out of the group's judgement,
// and a group whose patterns all match nothing would be run against the whole suite (hours).
const files = ['src', 'test'].flatMap((dir) =>
  readdirSync(`${HERE}${dir}`, { recursive: true }).map((f) => `${dir}/${f}`),
);
const idle = MUTATION_GROUPS.flatMap((g) => g.testFiles).filter(
  (pattern) => !files.some((file) => matchesGlob(file, pattern)),
);
if (idle.length > 0) refuse(`Mutation test file patterns that match no file: ${idle.join(', ')}`);

// `--force`: every mutant runs again, the kept results (mutation/<group>.json) ignored: a full
// measurement, as after a change to Stryker or to code the mutated modules call.
const force = process.argv.includes('--force');
const asked = process.argv.slice(2).filter((a) => a !== '--force');
const unknown = asked.filter((name) => !MUTATION_GROUPS.some((g) => g.name === name));
if (unknown.length > 0) {
  console.error(
    `No mutation group ${unknown.join(', ')}; the groups: ${MUTATION_GROUPS.map((g) => g.name).join(', ')}`,
  );
  process.exit(2);
}
const groups =
  asked.length > 0 ? MUTATION_GROUPS.filter((g) => asked.includes(g.name)) : MUTATION_GROUPS;
// A whole run starts from no reports, so that the scores never mix in an older run's.
if (asked.length === 0) rmSync(`${HERE}reports/mutation`, { recursive: true, force: true });

for (const group of groups) {
  console.log(`\nMutation group "${group.name}": ${group.mutate.join(', ')}`);
  const run = spawnSync(
    `${HERE}node_modules/.bin/stryker`,
    ['run', ...(force ? ['--force'] : [])],
    {
      cwd: HERE,
      stdio: 'inherit',
      env: { ...process.env, MUTATION_GROUP: group.name },
    },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
