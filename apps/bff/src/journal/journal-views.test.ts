import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { entryForRole } from '../access/personal-data';
import { createJournalStore, type NewJournalEntry } from './journal-store';

const T0 = Date.parse('2026-03-01T00:00:00Z');

/** A change to a fiat account: its body names the account's owner and number, personal data. */
const fiatUpdate = (n: number): NewJournalEntry => ({
  operation: 'updateFiatAccount',
  operator: 'support',
  operator_name: 'Sue',
  ref_id: null,
  method: 'PATCH',
  request_path: `/v2/fiat-accounts/fa-${n}`,
  request_body: JSON.stringify({
    first_name: 'Jane',
    last_name: 'Doe',
    account_number: `DE8937040044053201300${n}`,
  }),
  request_id: `req-${n}`,
});

describe.each(testDatabases)('the journal on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await opened.db.exec('delete from journal_entries');
  });
  const store = () => createJournalStore(opened.db, () => new Date(T0));

  describe('as a role reads it', () => {
    it('a viewer reads an entry with its personal data masked, as every page shows it; an admin whole', async () => {
      const journal = store();
      const created = await journal.create(fiatUpdate(1), 'AWAITING_APPROVAL');
      const whole = (await journal.get(created.id))!;
      const seen = (await journal.seenBy('viewer').get(created.id))!;
      expect(seen).toEqual(entryForRole('viewer', whole));
      expect(seen.request_body).not.toContain('Doe');
      expect(seen).toMatchObject({ id: created.id, body_masked: true });
      expect(await journal.seenBy('admin').get(created.id)).toEqual(whole);
      expect(await journal.seenBy('viewer').get('7e57e57e-0000-4000-8000-000000000000')).toBe(
        undefined,
      );
    });

    it('a viewer’s page is masked entry by entry and continues where the whole page does', async () => {
      const journal = store();
      for (const n of [1, 2, 3]) await journal.create(fiatUpdate(n), 'AWAITING_APPROVAL');
      const whole = await journal.list({}, 2);
      const seen = await journal.seenBy('viewer').list({}, 2);
      expect(seen.next_cursor).toBe(whole.next_cursor);
      expect(seen.next_cursor).not.toBeNull();
      expect(seen.items).toEqual(whole.items.map((e) => entryForRole('viewer', e)));
      expect(seen.items.map((e) => e.request_body).join()).not.toContain('Doe');
    });
  });

  describe('the policy version an entry was decided under', () => {
    it('is kept for a send held in an approval’s transaction and for one sent on its own', async () => {
      const journal = store();
      const held = await opened.db.transaction((tx) =>
        journal.create({ ...fiatUpdate(1), policy_version: 7 }, 'AWAITING_APPROVAL', tx),
      );
      const sent = await journal.create({ ...fiatUpdate(2), policy_version: 8 });
      const unversioned = await journal.create(fiatUpdate(3), 'AWAITING_APPROVAL');
      expect((await journal.get(held.id))?.policy_version).toBe(7);
      expect((await journal.get(sent.id))?.policy_version).toBe(8);
      expect((await journal.get(unversioned.id))?.policy_version).toBeNull();
    });
  });

  describe('a console action settled in the BFF', () => {
    it('ends SUCCEEDED with the record it made, once: a second settling finds nothing to settle', async () => {
      const journal = store();
      const created = await journal.create(
        { ...fiatUpdate(1), operation: 'addAllowedDestination', request_path: '/api/destinations' },
        'AWAITING_APPROVAL',
      );
      await journal.move(created.id, ['AWAITING_APPROVAL'], 'APPROVED', null);
      const outcome = { state: 'SUCCEEDED' as const, response: { id: 'd-1', state: 'ACTIVE' } };
      const settled = await journal.settleLocally(created.id, ['APPROVED'], outcome, opened.db);
      expect(settled).toMatchObject({
        id: created.id,
        state: 'SUCCEEDED',
        response: { id: 'd-1', state: 'ACTIVE' },
        response_status: null,
      });
      expect(await journal.settleLocally(created.id, ['APPROVED'], outcome, opened.db)).toBe(
        undefined,
      );
      expect((await journal.get(created.id))?.state).toBe('SUCCEEDED');
    });
  });
});
