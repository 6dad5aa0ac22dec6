import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { createChangeReader, hasChange, recordOne } from './change-store';
import type { Change } from './classify';

const change = (over: Partial<Change> = {}): Change => {
  const id = randomUUID();
  return {
    source: 'event',
    changeKey: `event:${id}`,
    recordType: 'transfer',
    recordId: `t-${id}`,
    kind: 'transfer.crypto_deposit.completed',
    profileId: 'p-1',
    refId: `ref-${id}`,
    payload: { id, amount: '0.500000000000000001', object: { memo: 'é "quoted"' } },
    audience: 'profile',
    ...over,
  };
};

describe.each(testDatabases)('the change log written outside the watcher, on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let reader: ReturnType<typeof createChangeReader>;

  beforeAll(async () => {
    opened = await database.open();
    reader = createChangeReader(opened.db);
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await opened.db.exec('delete from inbox_reads; delete from live_changes;');
  });

  it('writes a change once, as given, and knows it by its key from then on', async () => {
    const c = change();
    expect(await hasChange(opened.db, c.changeKey)).toBe(false);
    expect(await recordOne(opened.db, c)).toBe(true);
    expect(await hasChange(opened.db, c.changeKey)).toBe(true);
    // Learned again (a replay, or the poll after the webhook): nothing more is written.
    expect(await recordOne(opened.db, { ...c, kind: 'transfer.other' })).toBe(false);

    const rows = await reader.after('0', 10);
    expect(rows).toEqual([
      {
        id: await reader.lastId(),
        source: 'event',
        record_type: 'transfer',
        record_id: c.recordId,
        kind: 'transfer.crypto_deposit.completed',
        profile_id: 'p-1',
        ref_id: c.refId,
        // An object, not a JSON string; the amount's digits as they came.
        payload: c.payload,
        audience: 'profile',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
    const stored = await opened.db.query<{ amount: string }>(
      `select payload ->> 'amount' as amount from live_changes where change_key = $1`,
      [c.changeKey],
    );
    expect(stored).toEqual([{ amount: '0.500000000000000001' }]);
  });

  it('keeps a change without an audience or a ref, which streams but is in no inbox', async () => {
    const c = change({ audience: null, refId: null, profileId: null });
    expect(await recordOne(opened.db, c)).toBe(true);
    expect(await reader.after('0', 10)).toMatchObject([
      { audience: null, ref_id: null, profile_id: null },
    ]);
  });

  it('writes a change learned by two processes at once one time, and every other change once', async () => {
    const second = await opened.second();
    const same = change();
    const answers = await Promise.all([recordOne(opened.db, same), recordOne(second, same)]);
    expect(answers.filter(Boolean)).toHaveLength(1);

    const others = Array.from({ length: 6 }, () => change());
    await Promise.all(others.map((c, i) => recordOne(i % 2 ? second : opened.db, c)));
    const rows = await reader.after('0', 100);
    expect(rows.map((row) => row.record_id).sort()).toEqual(
      [same, ...others].map((c) => c.recordId).sort(),
    );
    expect(await reader.lastId()).toBe(rows.at(-1)!.id);
    // A reader that has seen the first is given the rest, and only those.
    expect((await reader.after(rows[0]!.id, 100)).map((row) => row.id)).toEqual(
      rows.slice(1).map((row) => row.id),
    );
  });

  it('says the log is empty with the id 0', async () => {
    expect(await reader.lastId()).toBe('0');
    expect(await reader.after('0', 10)).toEqual([]);
  });
});
