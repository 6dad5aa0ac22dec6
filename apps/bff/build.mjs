// Bundles the BFF into dist/ with esbuild: one file to start, so start-up does not pay for a
// TypeScript loader. PGlite stays external (it loads its WASM and data files beside itself).
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: ['@electric-sql/pglite', 'pino', 'postgres'],
  // Bundled CommonJS modules may call require(); ESM output has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });

// An empty initialised cluster, so that a first start unpacks it instead of running initdb.
const seed = await PGlite.create('memory://');
const archive = await seed.dumpDataDir('gzip');
writeFileSync('dist/pglite-seed.tar.gz', Buffer.from(await archive.arrayBuffer()));
await seed.close();
