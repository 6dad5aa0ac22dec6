import { describe, expect, it } from 'vitest';
import { createJournalStore } from '../../src/journal/journal-store';
import { openDb } from '../../src/db/open-db';

const url = process.env.TEST_DATABASE_URL;

/** Runs only against a real server: `TEST_DATABASE_URL=postgres://… pnpm --filter @console/bff test`. */
describe.skipIf(!url)('the database layer on PostgreSQL', () => {
  it('migrates, journals and pages like PGlite', async () => {
    const db = await openDb({ databaseUrl: url! });
    try {
      const journal = createJournalStore(db);
      const ref = `pg-test-${Date.now()}`;
      const created = await journal.create({
        operation: 'createOrder',
        operator: 'pg',
        operator_name: 'PG',
        ref_id: ref,
        method: 'POST',
        request_path: '/v2/profiles/p/orders',
        request_body: '{"base_amount":"0.000000000000000001"}',
        request_id: 'r',
      });
      const done = await journal.recordOutcome(created.id, {
        state: 'SUCCEEDED',
        attempts: 1,
        response_status: 200,
        error: null,
        response: { id: 'o', status: 'OPEN', side: 'BUY' },
      });
      expect(done).toMatchObject({ state: 'SUCCEEDED', attempts: 1, response_status: 200 });
      const page = await journal.list({ ref_id: ref });
      expect(page.items.map((e) => e.id)).toEqual([created.id]);
      expect(page.items[0]!.request_body).toBe('{"base_amount":"0.000000000000000001"}');
      await db.query('delete from journal_entries where ref_id = $1', [ref]);
    } finally {
      await db.close();
    }
  });
});
