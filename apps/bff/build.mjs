// Bundles the BFF into dist/ with esbuild: main.js to start, so start-up does not pay for a
// TypeScript loader. PGlite stays external (it loads its WASM and data files beside itself).
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';
import { bffBuildOptions } from './build-options.mjs';

rmSync('dist', { recursive: true, force: true });
// `--service`: the build for the real service, without the embedded sandbox.
await build(bffBuildOptions({ outdir: 'dist', withSandbox: !process.argv.includes('--service') }));
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });

// An empty initialised cluster, so that a first start unpacks it instead of running initdb.
const seed = await PGlite.create('memory://');
const archive = await seed.dumpDataDir('gzip');
writeFileSync('dist/pglite-seed.tar.gz', Buffer.from(await archive.arrayBuffer()));
await seed.close();
