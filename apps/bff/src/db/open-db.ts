import type { Db } from './db';
import { applyMigrations } from './migrate';

/**
 * Opens the database: PostgreSQL when `databaseUrl` is given, else PGlite with its data in
 * `dataDir` (or in memory when `dataDir` is `memory://`), and applies the migrations.
 *
 * @example
 * const db = await openDb({ dataDir: 'memory://' });
 */
export async function openDb(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: the archive a new cluster starts from instead of initdb (see `openPglite`). */
  seed?: Blob;
}): Promise<Db> {
  // Loaded on demand so that a PostgreSQL deployment never pays for the WASM build, and back.
  const db = options.databaseUrl
    ? (await import('./postgres-db')).openPostgres(options.databaseUrl)
    : await (await import('./pglite-db')).openPglite(options.dataDir ?? 'memory://', options.seed);
  try {
    await applyMigrations(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
