import { DEMO_IDS, UUID_PATTERN } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import type { Db } from '../db/db';
import { echoSuccess, logCollector, scriptedClient, sharedDb } from '../../test/harness';
import { createJournalStore } from '../journal/journal-store';
import { createServicePacer } from '../upstream/service-pace';
import { batchRefId } from './batch-row-queue';
import { createBatchSender } from './batch-sender';
import { createBatchStore } from './batch-store';

beforeAll(() => sharedDb());

const { treasury, payouts } = DEMO_IDS.profiles;

describe('batchRefId', () => {
  it('is a UUID derived from the batch and the row: the same for the same row, another for another', () => {
    const batch = '0b7c5a3e-1d2f-4e6a-9b8c-7d6e5f4a3b2c';
    const ref = batchRefId(batch, 7);
    expect(ref).toMatch(UUID_PATTERN);
    expect(ref).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(batchRefId(batch, 7)).toBe(ref);
    expect(batchRefId(batch, 8)).not.toBe(ref);
    expect(batchRefId('1b7c5a3e-1d2f-4e6a-9b8c-7d6e5f4a3b2c', 7)).not.toBe(ref);
  });
});

describe.each(testDatabases)('two senders on one database ($name)', (database) => {
  let db: Db;
  let second: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await database.open();
    ({ db, close } = opened);
    second = await opened.second();
  });
  afterAll(() => close());

  it('journal and send each row once, whichever of them takes the batch', async () => {
    await db.exec("delete from batches; delete from job_leases where kind like 'batch-sender:%'");
    const { client, requests } = scriptedClient(echoSuccess);
    const { logger } = logCollector();
    const store = createBatchStore(db);
    const batch = await store.create({
      operation: 'createInternalTransfer',
      file_name: 'twice.csv',
      created_by: 'finance',
      created_by_name: 'Test finance',
      columns: ['amount'],
      mapping: { amount: 'amount' },
      rows_hash: '1'.repeat(64),
      rows: Array.from({ length: 12 }, (_, i) => ({
        row: i + 1,
        cells: { amount: `${i + 1}.00` },
        body: {
          from_profile_id: treasury,
          to_profile_id: payouts,
          asset: 'USD',
          amount: `${i + 1}.00`,
        },
        excluded: false,
        reason: null,
      })),
      totals: [],
      by_destination: [],
      largest: [],
      approvals_required: 1,
      approver_roles: ['admin'],
      requirements: [
        { approvals_required: 1, approver_roles: ['admin'], escalation: null, asked_by: 'rows' },
      ],
      policy_version: null,
    });
    await store.approve(
      batch.id,
      { username: 'admin', display_name: 'A', role: 'admin' },
      '1'.repeat(64),
    );
    // Each on its own connections, as two processes are.
    const senderOf = (owner: string, on: Db) =>
      createBatchSender({
        db: on,
        dispatch: {
          journal: createJournalStore(on, undefined, { owner }),
          client,
          timeoutMs: 5_000,
        },
        pacer: createServicePacer(on),
        owner,
        logger,
      });
    await Promise.all([senderOf('process-a', db).wake(), senderOf('process-b', second).wake()]);
    const refs = requests.map((r) => (JSON.parse(r.body) as { ref_id: string }).ref_id);
    expect(refs.sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => batchRefId(batch.id, i + 1)).sort(),
    );
    const journaled = await db.query<{ n: number | string }>(
      'select count(*) as n from journal_entries where ref_id = any($1::text[])',
      [refs],
    );
    expect(Number(journaled[0]!.n)).toBe(12);
    expect((await store.get(batch.id))?.state).toBe('done');
  });
});
