/**
 * Migration 027 on both databases: a batch stored before the console kept only what it needs
 * (batch-kept.ts) loses its unmapped columns and the content of its excluded rows, and nothing
 * else.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { privatePostgres } from '../../test/databases';
import type { Db } from '../db/db';
import { applyMigrations } from '../db/migrate';
import { openPglite } from '../db/pglite-db';
import { openPostgres } from '../db/postgres-db';

const MIGRATIONS = new URL('../db/migrations/', import.meta.url).pathname;

/** A folder with the migrations before 027: the schema an older console left. */
const before = mkdtempSync(join(tmpdir(), 'migrations-026-'));
for (const file of readdirSync(MIGRATIONS).filter((f) => /^0(0\d|1\d|2[0-6])-.*\.sql$/.test(f))) {
  copyFileSync(join(MIGRATIONS, file), join(before, file));
}
afterAll(() => rmSync(before, { recursive: true, force: true }));

const url = process.env.TEST_DATABASE_URL;
const engines: { name: string; open: () => Promise<{ db: Db; close: () => Promise<void> }> }[] = [
  {
    name: 'PGlite',
    async open() {
      const db = await openPglite('memory://');
      return { db, close: () => db.close() };
    },
  },
  ...(url
    ? [
        {
          name: 'PostgreSQL',
          async open() {
            const schema = await privatePostgres(url);
            const db = openPostgres(schema.url);
            return {
              db,
              async close() {
                await db.close();
                await schema.drop();
              },
            };
          },
        },
      ]
    : []),
];

describe.each(engines)('migration 027 on $name', (engine) => {
  it('keeps of an earlier batch its mapped columns, and of its excluded rows their number and why', async () => {
    const { db, close } = await engine.open();
    try {
      expect(await applyMigrations(db, before)).not.toContain('027-batch-rows-kept');
      const id = '6f1c1e0e-4d1f-4b7a-9a43-0c2d5e6f7a81';
      await db.query(
        `insert into batches (id, operation, file_name, state, created_by, created_by_name,
           columns, mapping, rows_hash, row_count, approvals_required, approver_roles)
         values ($1::uuid, 'createInternalTransfer', 'old.csv', 'done', 'finance', 'Finance',
           $2::text::jsonb, $3::text::jsonb, $4, 2, 1, '["admin"]'::jsonb)`,
        [
          id,
          JSON.stringify(['From', 'Beneficiary name', 'Amount']),
          JSON.stringify({ From: 'from_profile_id', 'Beneficiary name': '', Amount: 'amount' }),
          'a'.repeat(64),
        ],
      );
      const body = JSON.stringify({ from_profile_id: 'p', amount: '12.50' });
      await db.query(
        `insert into batch_rows (batch_id, row_no, cells, body, excluded, error) values
           ($1::uuid, 1, $2::text::jsonb, $3::text::jsonb, false, null),
           ($1::uuid, 2, $4::text::jsonb, $3::text::jsonb, true, null)`,
        [
          id,
          JSON.stringify({
            From: 'Treasury',
            'Beneficiary name': 'Grace Hopperton',
            Amount: '12.50',
          }),
          body,
          JSON.stringify({ From: 'Treasury', 'Beneficiary name': 'Ada Lovelace', Amount: '1.00' }),
        ],
      );

      // 027 first; later migrations follow it.
      expect((await applyMigrations(db))[0]).toBe('027-batch-rows-kept');

      const [batch] = await db.query<{ columns: string[] }>(
        'select columns from batches where id = $1::uuid',
        [id],
      );
      expect(batch!.columns).toEqual(['From', 'Amount']);
      const rows = await db.query<{
        row_no: number;
        cells: unknown;
        body: unknown;
        error: unknown;
      }>(
        'select row_no, cells, body, error from batch_rows where batch_id = $1::uuid order by row_no',
        [id],
      );
      expect(rows).toEqual([
        {
          row_no: 1,
          cells: { From: 'Treasury', Amount: '12.50' },
          body: JSON.parse(body),
          error: null,
        },
        { row_no: 2, cells: {}, body: null, error: 'Excluded at upload.' },
      ]);
    } finally {
      await close();
    }
  });
});
