import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import type { Db } from '../db/db';
import { createJournalStore } from '../journal/journal-store';
import { createChangeReader, recordOne } from './change-store';
import type { Audience } from './classify';
import { createInboxReads } from './inbox-reads';

describe.each(testDatabases)('the inbox’s reads on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let db: Db;
  let reads: ReturnType<typeof createInboxReads>;

  /** A change of the log for `audience`, about `ref` and `profile`; its id. */
  async function logged(audience: Audience | null, ref: string | null = null, profile?: string) {
    const id = randomUUID();
    await recordOne(db, {
      source: 'event',
      changeKey: `event:${id}`,
      recordType: 'transfer',
      recordId: id,
      kind: 'transfer.crypto_deposit.completed',
      profileId: profile ?? null,
      refId: ref,
      payload: { id, amount: '12.345678901234567890' },
      audience,
    });
    return createChangeReader(db).lastId();
  }
  const idsOf = async (username: string, limit = 50) =>
    (await reads.recent(username, limit)).map((c) => c.id);

  beforeAll(async () => {
    opened = await database.open();
    db = opened.db;
    reads = createInboxReads(db);
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await db.exec(
      'delete from inbox_reads; delete from live_changes; delete from journal_entries;',
    );
  });

  it('lists the week’s changes that concern the operator, newest first, up to the limit', async () => {
    // Ada sent r-ada from profile p-a; bob sent nothing.
    await createJournalStore(db).create({
      operation: 'createInternalTransfer',
      operator: 'ada',
      operator_name: 'Ada',
      ref_id: 'r-ada',
      method: 'POST',
      request_path: '/v2/transfer/internal',
      request_body: '{"from_profile_id":"p-a","amount":"1.50"}',
      request_id: randomUUID(),
    });
    const old = await logged('role');
    await db.query(`update live_changes set at = now() - interval '8 days' where id = $1`, [old]);
    const everyone = await logged('role');
    const adasSend = await logged('sender', 'r-ada');
    await logged(null, 'r-ada');
    const adasProfile = await logged('profile', 'r-other', 'p-a');
    await logged('profile', 'r-other', 'p-b');

    expect(await idsOf('ada')).toEqual([adasProfile, adasSend, everyone]);
    expect(await idsOf('bob')).toEqual([everyone]);
    expect(await idsOf('ada', 2)).toEqual([adasProfile, adasSend]);
    const [newest] = await reads.recent('ada', 1);
    expect(newest).toMatchObject({
      id: adasProfile,
      profile_id: 'p-a',
      audience: 'profile',
      read: false,
      payload: { amount: '12.345678901234567890' },
    });
  });

  it('keeps read marks per operator, once each, and only of the changes named', async () => {
    const [a, b, c] = [await logged('role'), await logged('role'), await logged('role')];
    await reads.markRead('ada', [a, c]);
    await reads.markRead('ada', []);
    const readOf = async (username: string) =>
      Object.fromEntries((await reads.recent(username, 50)).map((row) => [row.id, row.read]));
    expect(await readOf('ada')).toEqual({ [a]: true, [b]: false, [c]: true });
    // Another operator has read none of them; their marks are their own.
    expect(await readOf('bob')).toEqual({ [a]: false, [b]: false, [c]: false });

    const markedAt = () =>
      db.query<{ change_id: string; read_at: string }>(
        `select change_id::text as change_id, read_at::text as read_at from inbox_reads
         where username = 'ada' order by inbox_reads.change_id`,
      );
    const before = await markedAt();
    // Marked again (another browser, all at once), and by a second process: one mark each,
    // as first made.
    await createInboxReads(await opened.second()).markRead('ada', [a, b, c, a]);
    const after = await markedAt();
    expect(after.map((row) => row.change_id)).toEqual([a, b, c]);
    expect(after.filter((row) => row.change_id !== b)).toEqual(before);
    expect(await readOf('ada')).toEqual({ [a]: true, [b]: true, [c]: true });
  });
});
