import postgres from 'postgres';
import type { Db, Queryable } from './db';

type Sql = postgres.Sql | postgres.TransactionSql;

function wrap(sql: Sql): Queryable {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
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
  return {
    kind: 'postgres',
    ...wrap(sql),
    transaction: (fn) => sql.begin((tx) => fn(wrap(tx))) as never,
    async listen(channel, onNotice, onListening) {
      // postgres keeps a connection of its own for it and calls onlisten after each reconnect.
      const request = await sql.listen(channel, onNotice, onListening);
      return () => request.unlisten();
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
