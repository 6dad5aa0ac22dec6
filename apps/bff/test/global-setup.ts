/**
 * Test support, run once before the BFF's test files: a migrated PGlite cluster as an archive,
 * which every test file's in-memory database starts from (`sharedDb`). initdb and the migrations
 * cost seconds per file, many times over under mutation testing; loading the archive costs a
 * fraction of that. And the BFF bundled once, for the tests that start it as a process
 * (bff-bundle.ts). Used by tests only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { applyMigrations } from '../src/db/migrate';
import { pgliteDb } from '../src/db/pglite-db';
import { BUNDLE_VARIABLE, buildTestBundle } from './bff-bundle';

export default async function setup(project: TestProject): Promise<() => void> {
  const pg = await PGlite.create('memory://');
  await applyMigrations(pgliteDb(pg));
  const archive = await pg.dumpDataDir('none');
  await pg.close();
  const dir = mkdtempSync(join(tmpdir(), 'console-bff-seed-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  project.provide('pgliteSeed', file);
  // Set before Vitest starts its test processes, which inherit it (bff-bundle.ts).
  const bundle = await buildTestBundle();
  process.env[BUNDLE_VARIABLE] = bundle.dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    bundle.remove();
  };
}
