/**
 * Test support: the BFF's lives in the integration tests start from a bundle built once per run
 * by the global setup, as production starts `dist/main.js`, not from the sources through tsx,
 * which compiled them again at every start (20 s against 62 s to health at a load of 17, 6 s
 * against 13 s at 11: ADR 031). The bundle is built beside `dist/`, one folder under `apps/bff`
 * like it, so that PGlite resolves from the BFF's `node_modules` and the SPA two folders up; it is
 * never `dist/` itself, which the browser suite's build writes beside this suite.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
// @ts-expect-error -- a plain ES module beside build.mjs, without type declarations
import { bffBuildOptions } from '../build-options.mjs';

const bffDir = fileURLToPath(new URL('..', import.meta.url));

/** The variable the global setup hands the bundle's folder down by, to every test process. */
export const BUNDLE_VARIABLE = 'BFF_TEST_BUNDLE';

/** Builds the bundle (with the embedded sandbox, as the demo's) and says how to remove it. */
export async function buildTestBundle(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(bffDir, '.test-build-'));
  await build({ ...bffBuildOptions({ outdir: dir, withSandbox: true }), absWorkingDir: bffDir });
  cpSync(join(bffDir, 'src/db/migrations'), join(dir, 'migrations'), { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The arguments to `node` that start the BFF's `main` or its `cli`: the run's bundle when the
 * global setup built one, else the sources through tsx (a test file run by a harness of its own).
 */
export function bffEntry(entry: 'main' | 'cli'): string[] {
  const dir = process.env[BUNDLE_VARIABLE];
  return dir ? [join(dir, `${entry}.js`)] : ['--import', 'tsx', `src/${entry}.ts`];
}
