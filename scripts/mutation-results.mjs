// @ts-check
/**
 * The kept result of each Stryker run of `pnpm test:mutation` (Stryker's incremental file, a
 * mutation-testing-report-schema report with the sources it judged, in the repository under the
 * package's `mutation/`), and whether each is still a result of the code as it is (issue 69).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { MUTATION_GROUPS } from '../apps/bff/mutation-groups.mjs';
import schemasStryker from '../packages/schemas/stryker.config.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each run: its group, the package it mutated, its kept result and the modules it must hold. */
export const RESULTS = [
  ...MUTATION_GROUPS.map((g) => ({
    group: g.name,
    pkg: 'apps/bff',
    result: `mutation/${g.name}.json`,
    modules: g.mutate,
  })),
  {
    group: 'schemas',
    pkg: 'packages/schemas',
    result: String(schemasStryker.incrementalFile),
    modules: /** @type {string[]} */ (schemasStryker.mutate),
  },
];

/** @param {string} path */
const text = (path) =>
  existsSync(path) ? readFileSync(path, 'utf8').replace(/\r\n/g, '\n') : null;

/**
 * The files a kept result judged that read differently now, or are gone: a mutated module, or a
 * test file that covered its mutants. A test file added since is not counted: it can only kill
 * more.
 * @param {{ files: Record<string, { source: string }>, testFiles?: Record<string, { source?: string }> }} report
 * @param {string} pkgDir
 */
export function changedSince(report, pkgDir) {
  return [...Object.entries(report.files), ...Object.entries(report.testFiles ?? {})]
    .filter(([file]) => file !== '')
    .filter(([file, { source }]) => text(join(pkgDir, file)) !== source?.replace(/\r\n/g, '\n'))
    .map(([file]) => file);
}

/**
 * Every kept result read: the modules' mutants, and why a result cannot stand (missing, for
 * other modules, or judging older code or tests).
 */
export function readResults() {
  /** @type {{ group: string, module: string, mutants: { status: string, location: { start: { line: number, column: number } }, mutatorName: string, replacement?: string }[] }[]} */
  const modules = [];
  /** @type {{ group: string, why: string }[]} */
  const stale = [];
  for (const { group, pkg, result, modules: expected } of RESULTS) {
    const path = join(ROOT, pkg, result);
    const shown = relative(ROOT, path);
    if (!existsSync(path)) {
      stale.push({ group, why: `${shown} is missing` });
      continue;
    }
    const report = JSON.parse(readFileSync(path, 'utf8'));
    // A module the result lacks (renamed, or a pattern that no longer matches) would drop out of
    // the goal unseen; one it has beyond the list was moved to another group.
    const held = Object.keys(report.files).sort();
    if (held.join() !== [...expected].sort().join()) {
      stale.push({
        group,
        why: `${shown} holds ${held.join(', ') || 'nothing'}, not ${expected.join(', ')}`,
      });
      continue;
    }
    const changed = changedSince(report, join(ROOT, pkg));
    if (changed.length > 0)
      stale.push({ group, why: `${shown} judged an older ${changed.join(', ')}` });
    for (const [file, { mutants }] of Object.entries(report.files)) {
      modules.push({ group, module: join(pkg, file), mutants });
    }
  }
  return { modules, stale };
}
