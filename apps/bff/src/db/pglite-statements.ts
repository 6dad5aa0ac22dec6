/**
 * Named prepared statements on PGlite (issue 42, ADR 029). `PGlite.query` sends every statement
 * as the unnamed one: PostgreSQL parses, analyses and plans it again on each call, and PGlite
 * makes six calls into its WebAssembly to do so. The console sends the same few dozen statements
 * over and over (the journal's insert and outcome, the allowances), so here each text is parsed
 * and described once, under a name, and each later call is one Bind, Describe, Execute and Sync
 * in a single call to PGlite's protocol: about a third of the CPU of the same statement through
 * `query` (0.19 against 0.56 ms for the send allowance's upsert). Parameters are serialized and
 * rows parsed by PGlite's own serializers and parsers, as `query` does, so what a statement is
 * given and answers is the same.
 *
 * PostgreSQL keeps each prepared statement's plan for the session and plans it again by itself
 * when a table it reads changes; the one change it refuses (a result of other columns after an
 * `alter table`) drops the statement here and, outside a transaction, runs it once more.
 */
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import type { SqlParam } from './db';

interface Prepared {
  name: string;
  /** The parameters' type OIDs, as PostgreSQL inferred them. */
  types: number[];
}

/** PostgreSQL's answer when a prepared statement's result columns would change. */
function resultTypeChanged(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '0A000' && typeof message === 'string' && /cached plan must not change/.test(message)
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The statements of one PGlite instance, the `max` most recently used kept prepared (an
 * evicted one is closed, freeing its plan in PGlite's heap).
 *
 * @example
 * const statements = preparedStatements(pg);
 * const rows = await statements.query('select * from journal_entries where id = $1', [id], false);
 */
export function preparedStatements(pg: PGlite, options: { max?: number } = {}) {
  const max = options.max ?? 128;
  // A Map keeps insertion order: re-inserting on use makes its first key the least recent.
  const cache = new Map<string, Prepared>();
  let closing: Uint8Array[] = [];
  let counter = 0;
  const { serialize } = protocol;

  /** Runs `message` in one call, with the statements evicted since the last call closed first. */
  async function exchange(message: Uint8Array[], inTransaction: boolean) {
    const parts = [...closing, ...message];
    closing = [];
    return pg.execProtocolStream(concat(parts), { syncToFs: !inTransaction });
  }

  async function prepare(sql: string, inTransaction: boolean): Promise<Prepared> {
    const cached = cache.get(sql);
    if (cached) {
      cache.delete(sql);
      cache.set(sql, cached);
      return cached;
    }
    const name = `console_${(counter += 1)}`;
    const messages = await exchange(
      [
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ],
      inTransaction,
    );
    const prepared = { name, types: parse.parseDescribeStatementResults(messages) };
    cache.set(sql, prepared);
    if (cache.size > max) {
      const [oldest, evicted] = cache.entries().next().value as [string, Prepared];
      cache.delete(oldest);
      closing.push(serialize.close({ type: 'S', name: evicted.name }));
    }
    return prepared;
  }

  async function run<T>(
    sql: string,
    params: readonly SqlParam[],
    inTransaction: boolean,
  ): Promise<T[]> {
    const { name, types } = await prepare(sql, inTransaction);
    // As `PGlite.query` serializes: by the parameter's type, else its text.
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[types[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await exchange(
      [
        serialize.bind({ statement: name, values: values as string[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ],
      inTransaction,
    );
    return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[];
  }

  return {
    /**
     * Runs one statement: inside a transaction of `pg.transaction` (whose lock this caller
     * holds) or on its own, after any transaction under way, as `PGlite.query` waits for it.
     */
    async query<T>(
      sql: string,
      params: readonly SqlParam[] = [],
      inTransaction: boolean,
    ): Promise<T[]> {
      const once = () =>
        inTransaction
          ? pg.runExclusive(() => run<T>(sql, params, true))
          : pg._runExclusiveTransaction(() => pg.runExclusive(() => run<T>(sql, params, false)));
      try {
        return await once();
      } catch (error) {
        if (!resultTypeChanged(error)) throw error;
        const stale = cache.get(sql);
        cache.delete(sql);
        if (stale) closing.push(serialize.close({ type: 'S', name: stale.name }));
        if (inTransaction) throw error;
        return once();
      }
    },
    /** Statements prepared now. */
    get size() {
      return cache.size;
    },
  };
}
