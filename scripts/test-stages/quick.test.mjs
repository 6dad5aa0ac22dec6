import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { reachedPackages } from './quick.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('a change to the shared schemas reaches every package that uses them', () => {
  const reached = reachedPackages(ROOT, ['packages/schemas/src/index.ts']);
  for (const dir of ['packages/schemas', 'apps/bff', 'apps/web', 'apps/sandbox', 'e2e', 'bench']) {
    assert.ok(reached.has(dir), dir);
  }
  assert.ok(!reached.has('tools/test-idp'));
});

test('a change inside the SPA reaches the SPA alone', () => {
  assert.deepEqual([...reachedPackages(ROOT, ['apps/web/src/main.tsx'])], ['apps/web']);
});

test('a change to the sandbox reaches the BFF that embeds it and the bench', () => {
  const reached = reachedPackages(ROOT, ['apps/sandbox/src/main.ts']);
  assert.deepEqual([...reached].sort(), ['apps/bff', 'apps/sandbox', 'bench']);
});

test('a change outside every package reaches none', () => {
  assert.equal(
    reachedPackages(ROOT, ['README.md', 'docs/decisions/001-workspace-and-tooling.md']).size,
    0,
  );
});
