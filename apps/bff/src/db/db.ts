/**
 * One query layer over embedded PGlite or a PostgreSQL server. The rest of the BFF writes plain
 * SQL with `$1` parameters against this interface and never learns which one is underneath.
 */

declare const jsonbText: unique symbol;

/** JSON text made by `jsonb()`, for a parameter the statement casts with `$n::text::jsonb`. */
export type JsonbText = string & { readonly [jsonbText]: true };

/**
 * A JSON value as a statement's parameter: its text, which the statement casts on the server
 * (`$n::text::jsonb`). The one way to pass JSON to SQL: postgres.js sends a string given for a
 * `jsonb` parameter as a JSON string, and encodes an object its own way, while PGlite parses
 * both; text cast by the server reads the same on both (issue 68).
 */
export function jsonb(value: unknown): JsonbText {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('jsonb() needs a JSON value');
  return text as JsonbText;
}

/** A scalar parameter. */
type SqlScalar = string | number | bigint | boolean | Date | null;

/**
 * What a statement's parameters may be: scalars, arrays of them, and JSON through `jsonb()`.
 * Never an object: each driver would encode it its own way.
 */
export type SqlParam = SqlScalar | JsonbText | readonly SqlScalar[];

/** Something that runs parameterised SQL: the database itself or a transaction. */
export interface Queryable {
  /** Runs one statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The database. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Batches written at once by the send path's batched writes (`batcher.ts`): PGlite runs one
   * statement at a time; on PostgreSQL several commits wait for one WAL flush together.
   */
  readonly writeConcurrency: number;
  /**
   * The same database for writes whose loss in a crash of the database server costs nothing
   * (the rate and sign-in counters): on PostgreSQL its commits do not wait for the WAL flush
   * (`synchronous_commit = off`), which took a flush from every send's path; they are still
   * atomic and seen by every process at once. PGlite: the database itself.
   */
  readonly relaxed: Queryable;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotice` with the payload of every `NOTIFY` on `channel`, from any process on the
   * database. `onListening` runs each time listening (re)starts: notices sent while the
   * connection was down are lost, so what they would have said must be assumed.
   * Resolves once listening, with a function that stops.
   */
  listen(
    channel: string,
    onNotice: (payload: string) => void,
    onListening: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A `timestamptz` column as the text the browser's contract carries (RFC 3339 in UTC, to the
 * millisecond), written by the database the same way on PGlite and PostgreSQL.
 */
export const utcText = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
