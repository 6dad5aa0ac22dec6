import postgres from 'postgres';
import type { Db, Queryable, SqlParam } from './db';

type Sql = postgres.Sql | postgres.TransactionSql;

function wrap(sql: Sql): Queryable {
  return {
    async query<T>(text: string, params: readonly SqlParam[] = []) {
      // Prepared once per connection and statement text, then only bound and run: the BFF's
      // statements are fixed texts with parameters, and parsing and planning each of them anew
      // (and describing its parameters, a round trip) was most of the server's work per send.
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], {
        prepare: true,
      });
      return [...rows] as T[];
    },
    async exec(text: string) {
      // Without parameters, postgres uses the simple protocol, which runs several statements.
      await sql.unsafe(text);
    },
  };
}

/**
 * A pool to a PostgreSQL server. Its notices are not logged: they can echo statement text.
 * int8 comes back as text here and as a number from PGlite, so queries cast what they read.
 */
export function openPostgres(url: string): Db {
  const sql = postgres(url, {
    max: 10,
    onnotice: () => {},
  });
  // Two connections of its own for the counters, whose commits need no WAL flush (`relaxed`).
  const relaxed = postgres(url, {
    max: 2,
    onnotice: () => {},
    connection: { synchronous_commit: 'off' },
  });
  return {
    kind: 'postgres',
    ...wrap(sql),
    writeConcurrency: 4,
    relaxed: wrap(relaxed),
    transaction: (fn) => sql.begin((tx) => fn(wrap(tx))) as never,
    async listen(channel, onNotice, onListening) {
      // postgres keeps a connection of its own for it and calls onlisten after each reconnect.
      const request = await sql.listen(channel, onNotice, onListening);
      return () => request.unlisten();
    },
    close: async () => {
      await Promise.all([sql.end({ timeout: 5 }), relaxed.end({ timeout: 5 })]);
    },
  };
}
