import { existsSync, mkdirSync, openAsBlob } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import * as tar from 'tar';
import type { Db, Queryable, SqlParam } from './db';
import { preparedStatements } from './pglite-statements';

type Statements = ReturnType<typeof preparedStatements>;

function wrap(
  target: PGlite | Transaction,
  statements: Statements,
  inTransaction: boolean,
): Queryable {
  return {
    query: <T>(sql: string, params?: readonly SqlParam[]) =>
      statements.query<T>(sql, params, inTransaction),
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * An empty, initialised cluster that the build writes beside the bundle: unpacking it takes
 * about a second where initdb takes eight or more, so a first start is ready quickly. From the
 * sources there is none, and PGlite runs initdb. The Blob reads the file as it is streamed, not
 * into memory first.
 */
async function seedArchive(): Promise<Blob | undefined> {
  const file = fileURLToPath(new URL('./pglite-seed.tar.gz', import.meta.url));
  return existsSync(file) ? openAsBlob(file) : undefined;
}

/** The query layer over a PGlite instance. */
export function pgliteDb(pg: PGlite): Db {
  const statements = preparedStatements(pg);
  const self = wrap(pg, statements, false);
  return {
    kind: 'pglite',
    ...self,
    writeConcurrency: 1,
    relaxed: self,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx, statements, true))),
    async listen(channel, onNotice, onListening) {
      // One process owns an embedded database: its connection never drops.
      const stop = await pg.listen(channel, onNotice);
      onListening();
      return () => stop();
    },
    close: () => pg.close(),
  };
}

/** How the cluster is opened: PGlite's heap, PostgreSQL's settings (`name=value`), the compiler. */
export interface PgliteSettings {
  initialMemory: number;
  postgresqlconf: string[];
  /** V8's baseline compiler only for the WebAssembly (see `compileWithBaselineOnly`). */
  baselineCompilerOnly: boolean;
}

/**
 * Settings that keep the embedded cluster small (issue 42, ADR 020): the WebAssembly heap starts
 * at the module's minimum and grows only as needed, and PostgreSQL's own caches are sized for one
 * console, not a server. The kernel's page cache still holds the files, outside the process.
 */
export const FRUGAL: PgliteSettings = {
  initialMemory: 128 * 1024 * 1024,
  postgresqlconf: [
    'shared_buffers=16MB',
    'work_mem=1MB',
    'maintenance_work_mem=8MB',
    'wal_buffers=1MB',
  ],
  baselineCompilerOnly: true,
};

/**
 * PGlite's WebAssembly (9 MB) compiled by V8's baseline compiler only (issue 42, ADR 026). By
 * default V8 recompiles the hot functions with its optimising compiler in background threads,
 * whose scratch memory stays in the process: about 60 MiB of the BFF's resident size after
 * 100 000 sends (298 → 238 MiB), for 2–7 % less CPU on the send path's two journal statements
 * (0.56–0.57 ms against 0.58–0.60 ms a send, `bench/src/pglite-memory.ts`). V8 reads the flag
 * when it compiles a module (PGlite compiles its module once per process), so it is set before
 * the first cluster opens; it changes which code runs, never what it computes.
 */
let compilerChosen = false;
function compileWithBaselineOnly(baselineOnly: boolean): void {
  if (compilerChosen) return;
  if (baselineOnly) setFlagsFromString('--liftoff-only');
  compilerChosen = true;
}

/** What PGlite itself takes of the settings. */
function pgliteOptions({ initialMemory, postgresqlconf }: PgliteSettings) {
  return { initialMemory, postgresqlconf };
}

/**
 * Unpacks an archive of `dumpDataDir` (gzip or not) into `dataDir`. Done here rather than by
 * PGlite's `loadDataDir`, which keeps about 100 MiB of the unpacking in the process for its life.
 * The archive is streamed in the Blob's chunks: given whole (4.5 MB that inflate to about 40 MB
 * at once), the unpacking left about 40 MiB of malloc's heap resident for the process's life,
 * against about 17 MiB streamed (issue 42). `PG_VERSION` comes last: its presence says the
 * cluster is whole, so a start interrupted while unpacking unpacks again instead of opening half
 * a cluster.
 */
async function unpack(archive: Blob, dataDir: string): Promise<void> {
  const isVersion = (path: string) => path.replace(/^\/+/, '') === 'PG_VERSION';
  for (const filter of [(path: string) => !isVersion(path), isVersion]) {
    // The DOM's and Node's ReadableStream types differ in name only: a Blob's stream is Node's own.
    const chunks = Readable.fromWeb(archive.stream() as unknown as WebReadableStream);
    await pipeline(chunks, tar.x({ cwd: dataDir, filter }));
  }
}

/**
 * PGlite in `dataDir` (created when missing) or in memory for `memory://`. A new cluster starts
 * from `seed` when given (an archive of `dumpDataDir`: the tests' migrated cluster), else from
 * the build's initialised one beside the bundle, else from initdb.
 */
export async function openPglite(
  dataDir: string,
  seed?: Blob,
  settings: PgliteSettings = FRUGAL,
): Promise<Db> {
  compileWithBaselineOnly(settings.baselineCompilerOnly);
  if (dataDir.startsWith('memory://')) {
    return pgliteDb(
      await PGlite.create(
        dataDir,
        seed ? { ...pgliteOptions(settings), loadDataDir: seed } : pgliteOptions(settings),
      ),
    );
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const archive = seed ?? (await seedArchive());
    if (archive) await unpack(archive, dataDir);
  }
  return pgliteDb(await PGlite.create(dataDir, pgliteOptions(settings)));
}
