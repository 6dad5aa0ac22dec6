import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      return (await target.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * An empty, initialised cluster that the build writes beside the bundle: unpacking it takes
 * about a second where initdb takes eight or more, so a first start is ready quickly. From the
 * sources there is none, and PGlite runs initdb.
 */
function seedArchive(): Blob | undefined {
  const file = fileURLToPath(new URL('./pglite-seed.tar.gz', import.meta.url));
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** PGlite in `dataDir` (created when missing) or in memory for `memory://`. */
export async function openPglite(dataDir: string): Promise<Db> {
  let loadDataDir: Blob | undefined;
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (!existsSync(join(dataDir, 'PG_VERSION'))) loadDataDir = seedArchive();
  }
  const pg = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onNotice, onListening) {
      // One process owns an embedded database: its connection never drops.
      const stop = await pg.listen(channel, onNotice);
      onListening();
      return () => stop();
    },
    close: () => pg.close(),
  };
}
