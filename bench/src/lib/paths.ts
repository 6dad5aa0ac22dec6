import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root, from bench/src/lib. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BENCH_DIR = join(ROOT, 'bench');
export const BFF_DIR = join(ROOT, 'apps/bff');
export const BFF_MAIN = join(BFF_DIR, 'dist/main.js');
export const BFF_CLI = join(BFF_DIR, 'dist/cli.js');
export const WEB_DIR = join(ROOT, 'apps/web');
export const SANDBOX_MAIN = join(ROOT, 'apps/sandbox/src/main.ts');
export const RESULTS_FILE = join(BENCH_DIR, 'results.json');
