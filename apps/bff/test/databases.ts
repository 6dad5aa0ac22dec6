/**
 * The databases a test runs on: embedded PGlite always, and a PostgreSQL server when
 * `TEST_DATABASE_URL` names one (CI sets it). Used by tests only.
 */
import { randomUUID } from 'node:crypto';
import type { Db, SqlParam } from '../src/db/db';
import { openDb } from '../src/db/open-db';
import { openPostgres } from '../src/db/postgres-db';
import { sharedDb } from './harness';

/** What `countingStatements` saw. */
export interface SeenStatements {
  statements: number;
  lastParams: readonly SqlParam[] | undefined;
}

/**
 * `db` with every statement it is asked counted, and the parameters of the last one kept: how a
 * request's or a batch's cost, and what a statement was given, are seen.
 */
export function countingStatements(db: Db): { db: Db; seen: SeenStatements } {
  const seen: SeenStatements = { statements: 0, lastParams: undefined };
  const counted: Db = {
    ...db,
    query: (sql, params) => {
      seen.statements += 1;
      seen.lastParams = params;
      return db.query(sql, params);
    },
  };
  return { db: counted, seen };
}

/** The database URL of a private, migrated schema on `url`'s server. */
function inSchema(url: string, schema: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}search_path=${schema}`;
}

/**
 * A migrated schema of its own on the PostgreSQL server of `url`, dropped when the last of its
 * connections closes; `connect()` opens another pool on it, as a second BFF process would.
 */
export async function privatePostgres(url: string) {
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = openPostgres(url);
  await admin.exec(`create schema ${schema}`);
  const open: Db[] = [];
  const connect = async () => {
    const db = await openDb({ databaseUrl: inSchema(url, schema) });
    open.push(db);
    return db;
  };
  return {
    /** The schema's URL, for a BFF process of its own (`DATABASE_URL`). */
    url: inSchema(url, schema),
    connect,
    async drop() {
      await Promise.all(open.map((db) => db.close()));
      await admin.exec(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
}

/** A database, and another connection to it as a second process would have (PGlite: itself). */
export interface TestDatabase {
  name: string;
  open(): Promise<{ db: Db; second(): Promise<Db>; close(): Promise<void> }>;
}

const url = process.env.TEST_DATABASE_URL;

export const testDatabases: TestDatabase[] = [
  {
    name: 'PGlite',
    async open() {
      const db = await sharedDb();
      return { db, second: async () => db, close: async () => {} };
    },
  },
  ...(url
    ? [
        {
          name: 'PostgreSQL',
          async open() {
            const server = await privatePostgres(url);
            const db = await server.connect();
            return { db, second: server.connect, close: server.drop };
          },
        },
      ]
    : []),
];
