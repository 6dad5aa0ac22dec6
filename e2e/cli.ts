/**
 * The BFF's command line, run as an operator runs it in production: the built `dist/cli.js`
 * (`pnpm --filter @console/bff build`, which the suite needs for `dist/main.js` anyway), under
 * plain node. Not through tsx: compiling the sources on each call took about 2 s of a 2.5 s call
 * on two cores, and the suite makes about twenty (ADR 031).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bff = fileURLToPath(new URL('../apps/bff', import.meta.url));

/** Runs `pnpm cli <args>` with `input` on its standard input; throws with its stderr on failure. */
export function cli(args: string[], input?: string): string {
  const done = spawnSync(process.execPath, [join(bff, 'dist/cli.js'), ...args], {
    cwd: bff,
    input,
    encoding: 'utf8',
  });
  if (done.status !== 0) {
    throw new Error(
      `cli ${args[0]} failed (${done.status}): ${done.stderr || done.error?.message}`,
    );
  }
  return done.stdout;
}
