// `pnpm start`: build what is missing or older than its sources, then run the BFF (which starts the
// embedded sandbox when SVC_BASE_URL is unset and serves the built SPA).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Newest modification time of the given files and folders (skipping dependencies and outputs). */
function newest(dirs) {
  let latest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else latest = Math.max(latest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) {
    const path = join(root, dir);
    if (!existsSync(path)) continue;
    if (statSync(path).isDirectory()) walk(path);
    else latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

function ensureBuilt(output, sources, pkg) {
  const target = join(root, output);
  if (existsSync(target) && statSync(target).mtimeMs >= newest(sources)) return;
  console.log(`Building ${pkg}…`);
  const result = spawnSync('pnpm', ['--filter', pkg, 'run', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * V8's heap held to what the BFF uses (ADR 026): about 249 MiB resident after 100 000 sends on
 * the embedded default instead of 437 and more, for the 512 MiB container issue 42 asks the
 * console to fit. The requests that build the largest heaps (the signed audit export, the journal
 * CSV, the policy dry run over 100 000 entries) run within it (`pnpm bench memory` makes them).
 * `BFF_NODE_FLAGS` replaces them (empty: none), for a machine that gives the console more.
 */
const HEAP_FLAGS = ['--max-old-space-size=96', '--max-semi-space-size=2'];

function nodeFlags(value) {
  if (value === undefined) return HEAP_FLAGS;
  const flags = value.split(/\s+/).filter(Boolean);
  const bad = flags.filter((flag) => !/^--[a-z][a-z0-9-]*(=[\w.-]+)?$/.test(flag));
  if (bad.length > 0) {
    console.error(
      `BFF_NODE_FLAGS: ${bad.join(' ')} is not a node flag (--name or --name=value); unset it for ${HEAP_FLAGS.join(' ')}`,
    );
    process.exit(1);
  }
  return flags;
}

// Checked before anything is built: a bad value is refused at once.
const flags = nodeFlags(process.env.BFF_NODE_FLAGS);

ensureBuilt(
  'apps/web/dist/index.html',
  ['apps/web/src', 'apps/web/index.html', 'packages/schemas/src'],
  '@console/web',
);
ensureBuilt(
  'apps/bff/dist/main.js',
  ['apps/bff/src', 'apps/sandbox/src', 'packages/schemas/src'],
  '@console/bff',
);

const bff = spawn(process.execPath, [...flags, join(root, 'apps/bff/dist/main.js')], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => bff.kill(signal));
bff.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
