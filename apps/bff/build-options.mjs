// How the BFF is bundled, shared by build.mjs and the bundle test.

/**
 * Replaces the embedded sandbox with a module that refuses to start: a build for the real
 * service carries no sandbox code at all.
 */
const withoutSandbox = {
  name: 'without-sandbox',
  setup(build) {
    build.onResolve({ filter: /\/sandbox-mode$/ }, (args) => ({
      path: args.path,
      namespace: 'without-sandbox',
    }));
    build.onLoad({ filter: /.*/, namespace: 'without-sandbox' }, () => ({
      contents:
        "export async function startEmbeddedSandbox() { throw new Error('This build serves the real service only: set SVC_BASE_URL and SVC_AUTH_URL.'); }",
      loader: 'js',
    }));
  },
};

/**
 * Test files are never part of a build. The sandbox finds an operation's handler by file name
 * (`import(\`./${name}.ts\`)` in handlers/handler-of.ts), which esbuild bundles as every `.ts`
 * file of that folder, the tests beside the handlers included: they are built empty instead.
 */
const withoutTests = {
  name: 'without-tests',
  setup(build) {
    build.onLoad({ filter: /\.test\.tsx?$/ }, () => ({ contents: '', loader: 'js' }));
  },
};

/**
 * esbuild options for the BFF. `withSandbox` (the default build, for `pnpm start`, the demo and
 * the e2e suite) puts the sandbox in its own chunk, loaded only when SVC_BASE_URL is unset; the
 * service build (`pnpm --filter @console/bff build:service`) leaves it out.
 *
 * @param {{ outdir: string, withSandbox: boolean }} options
 * @returns {import('esbuild').BuildOptions}
 */
export function bffBuildOptions({ outdir, withSandbox }) {
  return {
    // The batch checker's worker thread is an entry of its own: `batch-checker.ts` starts
    // `dist/batch-check-worker.js` from beside its own chunk.
    entryPoints: {
      main: 'src/main.ts',
      cli: 'src/cli.ts',
      'batch-check-worker': 'src/batches/batch-check-worker.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    external: ['@electric-sql/pglite', 'pino', 'postgres'],
    plugins: withSandbox ? [withoutTests] : [withoutSandbox, withoutTests],
    // Bundled CommonJS modules may call require(); ESM output has none of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  };
}
