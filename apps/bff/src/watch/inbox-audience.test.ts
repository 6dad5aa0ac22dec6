import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import type { Db } from '../db/db';
import { createJournalStore } from '../journal/journal-store';
import { createChangeReader, recordOne } from './change-store';
import type { Audience } from './classify';
import { createInboxAudience, profilesOfSends } from './inbox-audience';

describe('profilesOfSends', () => {
  it.each([
    [
      'the two profiles of a transfer',
      [
        {
          request_path: '/v2/transfer/internal',
          request_body: '{"from_profile_id":"p-a","to_profile_id":"p-b","amount":"1"}',
        },
      ],
      ['p-a', 'p-b'],
    ],
    [
      'the profile in the path of an order and of its cancel',
      [
        { request_path: '/v2/profiles/p-c/orders', request_body: '{"market":"BTCUSD"}' },
        { request_path: '/v2/profiles/p%2Fd/orders/o-1', request_body: '' },
      ],
      ['p-c', 'p/d'],
    ],
    [
      'profiles nested in an orchestration, once each',
      [
        {
          request_path: '/v2/orchestration/orchestrations',
          request_body:
            '{"profile_id":"p-e","source":{"profile":{"profile_id":"p-e"}},"destination":{"profile":{"profile_id":"p-f"}}}',
        },
      ],
      ['p-e', 'p-f'],
    ],
    [
      'nothing from a body that names no profile or is not JSON',
      [
        { request_path: '/v2/fiat-accounts/f-1', request_body: '{"nickname":"x","profile_id":""}' },
        { request_path: '/v2/fiat-accounts/f-2', request_body: '{not json' },
      ],
      [],
    ],
  ])('finds %s', (_, sends, profiles) => {
    expect(profilesOfSends(sends)).toEqual(profiles);
  });
});

/** A send of `operator` in the journal, with `ref` and a body naming `profiles`. */
async function send(db: Db, operator: string, ref: string, path: string, body = '{}') {
  await createJournalStore(db).create({
    operation: 'createInternalTransfer',
    operator,
    operator_name: operator,
    ref_id: ref,
    method: 'POST',
    request_path: path,
    request_body: body,
    request_id: randomUUID(),
  });
}

/** A change of the log with `audience`, about `ref` and `profile`; its id. */
async function logged(
  db: Db,
  audience: Audience | null,
  ref: string | null = null,
  profile: string | null = null,
): Promise<string> {
  const id = randomUUID();
  await recordOne(db, {
    source: 'event',
    changeKey: `event:${id}`,
    recordType: 'transfer',
    recordId: id,
    kind: 'transfer.internal_transfer_debit.failed',
    profileId: profile,
    refId: ref,
    payload: { id },
    audience,
  });
  return createChangeReader(db).lastId();
}

describe.each(testDatabases)('whom a change concerns, on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let db: Db;

  beforeAll(async () => {
    opened = await database.open();
    db = opened.db;
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await db.exec(
      'delete from inbox_reads; delete from live_changes; delete from journal_entries;',
    );
  });

  it('knows the profiles an operator works with from their sends alone', async () => {
    await send(
      db,
      'ada',
      'r-1',
      '/v2/transfer/internal',
      '{"from_profile_id":"p-a","amount":"1.5"}',
    );
    await send(db, 'ada', 'r-2', '/v2/profiles/p-b/orders', '{"market":"BTCUSD"}');
    await send(db, 'bob', 'r-3', '/v2/profiles/p-c/orders', '{}');
    const audience = createInboxAudience(db);
    expect(await audience.profilesOf('ada')).toEqual(['p-a', 'p-b']);
    expect(await audience.profilesOf('bob')).toEqual(['p-c']);
    expect(await audience.profilesOf('carol')).toEqual([]);
  });

  it('brings each change to those it concerns, and no other', async () => {
    // Ada sent r-ada (from profile p-a); nobody in the console sent r-other.
    await send(db, 'ada', 'r-ada', '/v2/transfer/internal', '{"from_profile_id":"p-a"}');
    const everyone = await logged(db, 'role');
    const adasSend = await logged(db, 'sender', 'r-ada');
    const nobodysSend = await logged(db, 'sender', 'r-other');
    const adasFailure = await logged(db, 'sender-or-role', 'r-ada');
    const outsideFailure = await logged(db, 'sender-or-role', 'r-other');
    const adasProfile = await logged(db, 'profile', 'r-other', 'p-a');
    // Money her own send moved is her send's news, not her profile's.
    const ownSendsProfile = await logged(db, 'profile', 'r-ada', 'p-a');
    const elsewhere = await logged(db, 'profile', 'r-other', 'p-z');
    const noInbox = await logged(db, null, 'r-ada', 'p-a');
    const ids = [
      everyone,
      adasSend,
      nobodysSend,
      adasFailure,
      outsideFailure,
      adasProfile,
      ownSendsProfile,
      elsewhere,
      noInbox,
    ];
    const changes = (await createChangeReader(db).after('0', 100)).filter((c) =>
      ids.includes(c.id),
    );
    expect(changes).toHaveLength(ids.length);

    const audience = createInboxAudience(await opened.second());
    const of = async (username: string) =>
      [...(await audience.concerning(username, changes))].sort();
    const sorted = (list: string[]) => [...list].sort();
    expect(await of('ada')).toEqual(
      sorted([everyone, adasSend, adasFailure, outsideFailure, adasProfile]),
    );
    expect(await of('bob')).toEqual(sorted([everyone, outsideFailure]));
    // Only the changes asked about are answered.
    expect([...(await audience.concerning('ada', changes.slice(1, 2)))]).toEqual([adasSend]);
    expect(await audience.concerning('ada', [])).toEqual(new Set());
  });
});
