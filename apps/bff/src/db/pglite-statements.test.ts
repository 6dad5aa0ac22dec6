import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preparedStatements } from './pglite-statements';
import { jsonb } from './db';

let pg: PGlite;
beforeEach(async () => {
  pg = await PGlite.create('memory://');
  await pg.exec(`create table t (id int primary key, note text, doc jsonb, at timestamptz,
    big bigint, amount numeric, tags text[])`);
});
afterEach(() => pg.close());

const prepared = async () =>
  (await pg.query<{ name: string }>('select name from pg_prepared_statements')).rows.length;

describe('named prepared statements on PGlite', () => {
  it('gives and answers what PGlite.query gives and answers, for each kind of value', async () => {
    const statements = preparedStatements(pg);
    const insert = `insert into t (id, note, doc, at, big, amount, tags)
      values ($1, $2, $3::text::jsonb, $4, $5, $6, $7) returning *`;
    const values = (id: number) => [
      id,
      'naïve "quoted" \\ text',
      jsonb({ nested: { amount: '10.50' }, list: [1, 'two'] }),
      new Date('2026-11-27T10:00:00.123Z'),
      '9007199254740993',
      '12345678901234567890.123456789',
      ['a', 'b,c'],
    ];
    const ours = await statements.query(insert, values(1), false);
    const theirs = (await pg.query(insert, values(2))).rows;
    expect(ours).toEqual([{ ...(theirs[0] as object), id: 1 }]);
    expect(ours[0]).toMatchObject({
      doc: { nested: { amount: '10.50' } },
      amount: '12345678901234567890.123456789',
      tags: ['a', 'b,c'],
    });
    const nulls = await statements.query(
      'insert into t (id, note) values ($1, $2) returning note, doc',
      [3, null],
      false,
    );
    expect(nulls).toEqual([{ note: null, doc: null }]);
    // No rows and no result columns: an empty list, as `query` answers.
    expect(
      await statements.query('update t set note = $1 where id = $2', ['x', 99], false),
    ).toEqual([]);
  });

  it('prepares a text once and runs it again by name', async () => {
    const statements = preparedStatements(pg);
    for (let id = 1; id <= 5; id += 1) {
      await statements.query('insert into t (id) values ($1)', [id], false);
    }
    expect(statements.size).toBe(1);
    expect(await prepared()).toBe(1);
    expect(await statements.query('select count(*)::int as n from t', [], false)).toEqual([
      { n: 5 },
    ]);
  });

  it('keeps at most `max` statements prepared, closing the least recently used', async () => {
    const statements = preparedStatements(pg, { max: 3 });
    for (let n = 1; n <= 6; n += 1) {
      await statements.query(`select ${n}::int as n`, [], false);
    }
    // The sixth's Close went with it: the cache and the session hold three.
    await statements.query('select 1::int as n', [], false);
    expect(statements.size).toBe(3);
    expect(await prepared()).toBeLessThanOrEqual(4);
    expect(await statements.query('select 6::int as n', [], false)).toEqual([{ n: 6 }]);
  });

  it('throws the database error with its SQLSTATE, and goes on working after it', async () => {
    const statements = preparedStatements(pg);
    await statements.query('insert into t (id) values ($1)', [1], false);
    await expect(
      statements.query('insert into t (id) values ($1)', [1], false),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(statements.query('select * from missing', [], false)).rejects.toMatchObject({
      code: '42P01',
    });
    expect(await statements.query('select count(*)::int as n from t', [], false)).toEqual([
      { n: 1 },
    ]);
  });

  it('runs inside a transaction of PGlite, and a rollback takes its writes back', async () => {
    const statements = preparedStatements(pg);
    await expect(
      pg.transaction(async () => {
        await statements.query('insert into t (id) values ($1)', [1], true);
        expect(await statements.query('select count(*)::int as n from t', [], true)).toEqual([
          { n: 1 },
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await statements.query('select count(*)::int as n from t', [], false)).toEqual([
      { n: 0 },
    ]);
  });

  it('waits for a transaction under way instead of running inside it', async () => {
    const statements = preparedStatements(pg);
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = pg.transaction(async (tx) => {
      await tx.query('insert into t (id) values (1)');
      inside();
      await held;
      await tx.rollback();
    });
    await begun;
    let done = false;
    const outside = statements
      .query('insert into t (id) values ($1) returning id', [2], false)
      .finally(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    release();
    await transaction;
    expect(await outside).toEqual([{ id: 2 }]);
    // Run inside, it would have been rolled back with the transaction's row.
    expect(await statements.query('select id from t order by id', [], false)).toEqual([{ id: 2 }]);
  });

  it('prepares a statement again when a change of its table changes the columns it answers', async () => {
    const statements = preparedStatements(pg);
    await statements.query('insert into t (id) values ($1)', [1], false);
    expect(await statements.query('select * from t', [], false)).toHaveLength(1);
    await pg.exec('alter table t add column extra text default $$x$$');
    expect(await statements.query('select * from t', [], false)).toEqual([
      expect.objectContaining({ id: 1, extra: 'x' }),
    ]);
  });
});
