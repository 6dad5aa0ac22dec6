import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import type { Db } from '../db/db';
import { createJournalStore, type NewJournalEntry } from '../journal/journal-store';

beforeAll(() => sharedDb());

const newEntry = (): NewJournalEntry => ({
  operation: 'createInternalTransfer',
  operator: 'finance',
  operator_name: 'Test finance',
  ref_id: randomUUID(),
  method: 'POST',
  request_path: '/v2/transfer/internal',
  request_body: '{"amount":"1"}',
  request_id: randomUUID(),
});

const unknown = {
  state: 'UNKNOWN',
  attempts: 1,
  response_status: null,
  response: null,
  error: 'timed out',
} as const;

/**
 * The triggers of migration 013: every happening someone must hear of is an event written in the
 * transaction that records it, whichever code path writes it.
 */
describe.each(testDatabases)('notification events written by the database ($name)', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  afterEach(() => close());
  const events = async (journalId: string) =>
    (
      await db.query<{ kind: string; state: string | null }>(
        'select kind, state from notification_events where journal_id = $1 order by id',
        [journalId],
      )
    ).map((e) => `${e.kind}:${e.state ?? ''}`);
  const open = async () => {
    ({ db, close } = await database.open());
    await db.exec('delete from notification_events;');
    return createJournalStore(db);
  };

  it('writes one event for the outcomes that need someone, through the batched writes too, and none for a success', async () => {
    const journal = await open();
    // Concurrent sends share one statement (journal-writes.ts): each row still has its event.
    const entries = await Promise.all([1, 2, 3].map(() => journal.create(newEntry())));
    await Promise.all([
      journal.recordOutcome(entries[0]!.id, unknown),
      journal.recordOutcome(entries[1]!.id, {
        state: 'REJECTED',
        attempts: 1,
        response_status: 422,
        response: { title: 'no' },
        error: null,
      }),
      journal.recordOutcome(entries[2]!.id, {
        state: 'SUCCEEDED',
        attempts: 1,
        response_status: 200,
        response: {},
        error: null,
      }),
    ]);
    expect(await events(entries[0]!.id)).toEqual(['unknown:UNKNOWN']);
    expect(await events(entries[1]!.id)).toEqual(['refused:REJECTED']);
    expect(await events(entries[2]!.id)).toEqual([]);
  });

  it('sends the notice only when it wrote an event: not for a success, once for UNKNOWN', async () => {
    const journal = await open();
    let notices = 0;
    const stop = await db.listen(
      'console_notification_event',
      () => (notices += 1),
      () => {},
    );
    try {
      const succeeded = await journal.create(newEntry());
      await journal.recordOutcome(succeeded.id, {
        state: 'SUCCEEDED',
        attempts: 1,
        response_status: 200,
        response: {},
        error: null,
      });
      const failed = await journal.create(newEntry());
      await journal.recordOutcome(failed.id, unknown);
      // Notices come in the order their transactions committed: the success's would come first.
      await expect.poll(() => notices, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(notices).toBe(1);
    } finally {
      await stop();
    }
  });

  it('says UNKNOWN once however often it is looked at, and unsettled to admins after the third look', async () => {
    const journal = await open();
    const entry = await journal.create(newEntry());
    await journal.recordOutcome(entry.id, unknown);
    const backoff = { baseMs: 0, maxMs: 0 };
    for (let look = 1; look <= 3; look += 1) {
      const claimed = await journal.leases.claimForResolve(entry.id, randomUUID(), backoff);
      expect(claimed?.entry.state).toBe('SENDING');
      await journal.recordOutcome(entry.id, unknown);
      const expected = look < 3 ? ['unknown:UNKNOWN'] : ['unknown:UNKNOWN', 'unsettled:UNKNOWN'];
      expect(await events(entry.id)).toEqual(expected);
    }
  });

  it('writes a held event with the hold, which a failed transaction takes back with it', async () => {
    const journal = await open();
    const held = await db.transaction((tx) => journal.create(newEntry(), 'AWAITING_APPROVAL', tx));
    expect(await events(held.id)).toEqual(['held:AWAITING_APPROVAL']);
    const gone = new Error('rolled back');
    let id = '';
    await expect(
      db.transaction(async (tx) => {
        id = (await journal.create(newEntry(), 'AWAITING_APPROVAL', tx)).id;
        throw gone;
      }),
    ).rejects.toBe(gone);
    expect(await events(id)).toEqual([]);
  });
});
