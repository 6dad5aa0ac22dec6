import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

/**
 * Where the `.sql` files are: beside this module in the sources, and copied beside the bundle
 * (`dist/migrations`) by the build.
 */
function migrationsDir(): string {
  for (const candidate of ['./migrations/', '../src/db/migrations/']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error('The database migrations were not found beside the BFF');
}

/** The migrations in order: files named `NNN-name.sql`. */
export function listMigrations(dir = migrationsDir()): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      name: file.replace(/\.sql$/, ''),
      sql: readFileSync(`${dir}/${file}`, 'utf8'),
    }));
}

/**
 * Applies the migrations not applied yet, all in one transaction: a start either gets the whole
 * schema or none of it. The advisory lock keeps two BFFs starting together on one PostgreSQL
 * from applying the same migration twice.
 */
export async function applyMigrations(db: Db, dir?: string): Promise<string[]> {
  const migrations = listMigrations(dir);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(4242001)');
    await tx.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [migration.name]);
      applied.push(migration.name);
    }
    return applied;
  });
}
