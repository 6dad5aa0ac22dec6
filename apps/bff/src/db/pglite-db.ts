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

/** The query layer over a PGlite instance. */
export function pgliteDb(pg: PGlite): Db {
  const self = wrap(pg);
  return {
    kind: 'pglite',
    ...self,
    writeConcurrency: 1,
    relaxed: self,
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

/**
 * PGlite in `dataDir` (created when missing) or in memory for `memory://`. A new cluster starts
 * from `seed` when given (an archive of `dumpDataDir`: the tests' migrated cluster), else from
 * the build's initialised one beside the bundle, else from initdb.
 */
export async function openPglite(dataDir: string, seed?: Blob): Promise<Db> {
  let loadDataDir = seed;
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (existsSync(join(dataDir, 'PG_VERSION'))) loadDataDir = undefined;
    else loadDataDir ??= seedArchive();
  }
  return pgliteDb(await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {}));
}
