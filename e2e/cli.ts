/**
 * The BFF's command line (`pnpm cli`), run as an operator runs it, straight through its tsx
 * entry: the same program without a pnpm process around each call.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bff = fileURLToPath(new URL('../apps/bff', import.meta.url));

/** Runs `pnpm cli <args>` with `input` on its standard input; throws with its stderr on failure. */
export function cli(args: string[], input?: string): string {
  const done = spawnSync(join(bff, 'node_modules/.bin/tsx'), ['src/cli.ts', ...args], {
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
