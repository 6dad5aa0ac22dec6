/**
 * One query layer over embedded PGlite or a PostgreSQL server. The rest of the BFF writes plain
 * SQL with `$1` parameters against this interface and never learns which one is underneath.
 */

/** Something that runs parameterised SQL: the database itself or a transaction. */
export interface Queryable {
  /** Runs one statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The database. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is given, else PGlite with its data in
 * `dataDir` (or in memory when `dataDir` is `memory://`), and applies the migrations.
 *
 * @example
 * const db = await openDb({ dataDir: 'memory://' });
 */
export async function openDb(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  const { applyMigrations } = await import('./migrate');
  // Loaded on demand so that a PostgreSQL deployment never pays for the WASM build, and back.
  const db = options.databaseUrl
    ? (await import('./postgres-db')).openPostgres(options.databaseUrl)
    : await (await import('./pglite-db')).openPglite(options.dataDir ?? 'memory://');
  try {
    await applyMigrations(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
