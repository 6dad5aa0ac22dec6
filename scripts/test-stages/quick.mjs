/**
 * The stages of `pnpm test:quick`, the inner loop: what a change can break, found in minutes.
 * Every package is typechecked (a change to the shared schemas breaks its users); lint and the
 * format check read only the changed files; each package that holds or depends on a changed file
 * runs the tests that reach a changed file (Vitest's `--changed`, by its module graph). The
 * builds and the browser suite are left to `pnpm test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { stages as allStages } from './stages.mjs';

/** The workspace's packages, by folder. */
const PACKAGES = [
  'apps/bff',
  'apps/sandbox',
  'apps/web',
  'packages/schemas',
  'e2e',
  'tools/architecture',
  'tools/test-idp',
  'bench',
];

const LINTED = /\.(ts|tsx|js|mjs|cjs)$/;

/**
 * The files changed since `since` (a git revision), committed or not, and the new files git does
 * not ignore. Without `since`: the uncommitted changes, or the last commit's when there are none.
 *
 * @param {string} root
 * @param {string | undefined} since
 */
export function changedFiles(root, since) {
  const git = (...args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const untracked = git('ls-files', '--others', '--exclude-standard');
  let base = since ?? 'HEAD';
  let changed = [...git('diff', '--name-only', base), ...untracked];
  if (!since && changed.length === 0) {
    base = 'HEAD~1';
    changed = git('diff', '--name-only', base);
  }
  return { base, files: [...new Set(changed)].filter((f) => existsSync(join(root, f))) };
}

/**
 * The packages a change reaches: those that hold a changed file, and those that depend on them,
 * through the workspace's own dependencies.
 *
 * @param {string} root
 * @param {string[]} files
 */
export function reachedPackages(root, files) {
  const byName = new Map();
  const deps = new Map();
  for (const dir of PACKAGES) {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    byName.set(pkg.name, dir);
    deps.set(dir, Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }));
  }
  const reached = new Set(PACKAGES.filter((dir) => files.some((f) => f.startsWith(`${dir}/`))));
  let grew = true;
  while (grew) {
    grew = false;
    for (const [dir, names] of deps) {
      if (reached.has(dir)) continue;
      if (names.some((n) => byName.has(n) && reached.has(byName.get(n)))) {
        reached.add(dir);
        grew = true;
      }
    }
  }
  return reached;
}

/**
 * @param {{ root: string, since?: string }} options
 * @returns {import('./stages.mjs').Stage[]}
 */
export function quickStages({ root, since }) {
  const { base, files } = changedFiles(root, since);
  const reached = reachedPackages(root, files);
  const full = allStages({ reports: join(root, 'reports/test') });
  const linted = files.filter((f) => LINTED.test(f));
  const quick = [];
  for (const stage of full) {
    // Nothing long runs beside the inner loop's stages: none waits in the background.
    if (stage.name.startsWith('typecheck ')) quick.push({ ...stage, needs: [], background: false });
    else if (stage.suite === 'vitest' && reached.has(stage.pkg)) {
      quick.push({
        ...stage,
        needs: [],
        after: [],
        background: false,
        command: [...stage.command, '--changed', base, '--passWithNoTests'],
      });
    } else if (stage.name === 'test runner' && files.some((f) => f.startsWith('scripts/test'))) {
      quick.push({ ...stage, needs: [], background: false });
    }
  }
  if (linted.length > 0) {
    quick.push({
      name: 'lint',
      command: ['node_modules/.bin/eslint', '--max-warnings=0', '--no-warn-ignored', ...linted],
      budget: 120,
    });
  }
  if (files.length > 0) {
    quick.push({
      name: 'format',
      command: [
        'node_modules/.bin/prettier',
        '--check',
        '--ignore-unknown',
        '--log-level',
        'warn',
        ...files,
      ],
      budget: 40,
    });
  }
  return quick;
}
