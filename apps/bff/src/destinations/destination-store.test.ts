import { randomUUID } from 'node:crypto';
import type { AddAllowedDestination, DestinationTarget, JournalState } from '@console/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { createJournalStore } from '../journal/journal-store';
import { createDestinationStore, isTaken, type DestinationRow } from './destination-store';

const PROPOSED = '2026-11-02T09:15:00.000Z';

const ownProfile = (): DestinationTarget => ({
  kind: 'own-profile',
  profile_id: `p-${randomUUID()}`,
});

describe.each(testDatabases)('the book of allowed destinations on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  // Each test reads the whole book or the whole list of proposals.
  beforeEach(async () => {
    await opened.db.exec('delete from allowed_destinations; delete from journal_entries;');
  });

  /** A proposal's journal entry, as the propose route writes it; its body is `body` verbatim. */
  const propose = async (body: string, state: JournalState = 'AWAITING_APPROVAL', at = PROPOSED) =>
    createJournalStore(opened.db, () => new Date(at)).create(
      {
        operation: 'addAllowedDestination',
        operator: 'fiona',
        operator_name: 'Fiona Finance',
        ref_id: null,
        method: 'POST',
        request_path: '/api/destinations',
        request_body: body,
        request_id: randomUUID(),
      },
      state,
    );

  const proposal = (target: DestinationTarget = ownProfile()): AddAllowedDestination => ({
    id: randomUUID(),
    target,
    name: 'Payroll wallet',
    reason: 'Monthly payroll goes there.',
  });

  /** An approved row of `target`, its proposal journaled first (the row refers to it). */
  const approved = async (
    target: DestinationTarget,
    over: Partial<DestinationRow> = {},
  ): Promise<DestinationRow> => {
    const made = proposal(target);
    const entry = await propose(JSON.stringify(made), 'SUCCEEDED');
    return {
      id: made.id,
      target,
      name: made.name,
      reason: made.reason,
      added_by: 'fiona',
      added_by_name: 'Fiona Finance',
      proposed_at: PROPOSED,
      proposal_id: entry.id,
      approved_at: '2026-11-02T10:00:00.000Z',
      usable_from: '2026-11-03T10:00:00.000Z',
      revoked: null,
      ...over,
    };
  };

  const revocation = (at: string, reason = 'The account was closed.') => ({
    at,
    by: 'alice',
    by_name: 'Alice Admin',
    reason,
  });

  it('writes a row and reads it back whole, by id, by destination and in the book', async () => {
    const store = createDestinationStore(opened.db);
    // Quotes and a backslash: the destination is kept as JSON text and must come back as sent.
    const target: DestinationTarget = {
      kind: 'crypto-address',
      network: 'ETHEREUM',
      address: '0xAbC"\\def',
    };
    const row = await approved(target);
    expect(await store.insert(opened.db, row)).toEqual(row);
    expect(await store.get(row.id)).toEqual(row);
    expect(await store.byTarget({ ...target })).toEqual(row);
    expect(await store.list()).toEqual([row]);
    // Another address on the same network, or the same address on another network, is not it.
    expect(await store.byTarget({ ...target, address: '0xabc"\\def' })).toBeUndefined();
    expect(await store.byTarget({ ...target, network: 'BASE' })).toBeUndefined();
    expect(await store.get(randomUUID())).toBeUndefined();
  });

  it('keeps one live row per destination, and the id once', async () => {
    const store = createDestinationStore(opened.db);
    const target = ownProfile();
    const first = await store.insert(opened.db, await approved(target));
    const second = await approved(target);
    await expect(store.insert(opened.db, second)).rejects.toSatisfy(isTaken);
    await expect(
      store.insert(opened.db, { ...(await approved(ownProfile())), id: first.id }),
    ).rejects.toSatisfy(isTaken);
    // Revoked, the destination may be put in the book again: the new row is the live one.
    await store.revoke(opened.db, first.id, revocation('2026-11-04T08:00:00.000Z'));
    await store.insert(opened.db, second);
    expect((await store.byTarget(target))?.id).toBe(second.id);
    expect(await store.list()).toHaveLength(2);
  });

  it('lets one of two processes putting the same destination in the book at once win', async () => {
    const store = createDestinationStore(opened.db);
    const other = createDestinationStore(await opened.second());
    const target = ownProfile();
    const [a, b] = [await approved(target), await approved(target)];
    const outcomes = await Promise.allSettled([
      store.db.transaction((tx) => store.insert(tx, a)),
      other.db.transaction((tx) => other.insert(tx, b)),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(isTaken(refused?.reason)).toBe(true);
    expect(await store.list()).toHaveLength(1);
  });

  it('revokes a live row once, with who and why, and names the last revoked row of a destination', async () => {
    const store = createDestinationStore(opened.db);
    const target = ownProfile();
    const older = await store.insert(opened.db, await approved(target));
    const revoked = await store.revoke(opened.db, older.id, revocation('2026-11-04T08:00:00.000Z'));
    expect(revoked).toEqual({ ...older, revoked: revocation('2026-11-04T08:00:00.000Z') });
    expect(
      await store.revoke(opened.db, older.id, revocation('2026-11-05T08:00:00.000Z', 'Again.')),
    ).toBeUndefined();
    expect(await store.get(older.id)).toEqual(revoked);
    expect(await store.revoke(opened.db, randomUUID(), revocation(PROPOSED))).toBeUndefined();

    const newer = await store.insert(opened.db, await approved(target));
    await store.revoke(opened.db, newer.id, revocation('2026-11-06T08:00:00.000Z'));
    // No live row: the one revoked last stands for the destination.
    expect((await store.byTarget(target))?.id).toBe(newer.id);
    const live = await store.insert(opened.db, await approved(target));
    expect((await store.byTarget(target))?.id).toBe(live.id);
  });

  it('writes a proposal revoked before its approval, never usable', async () => {
    const store = createDestinationStore(opened.db);
    const row = await approved(ownProfile(), {
      approved_at: null,
      usable_from: null,
      revoked: revocation('2026-11-02T11:00:00.000Z', 'Proposed by mistake.'),
    });
    expect(await store.insert(opened.db, row)).toEqual(row);
    expect(await store.get(row.id)).toEqual(row);
  });

  it("writes a row only with the caller's transaction", async () => {
    const store = createDestinationStore(opened.db);
    const row = await approved(ownProfile());
    await expect(
      opened.db.transaction(async (tx) => {
        await store.insert(tx, row);
        expect(await store.get(row.id, tx)).toEqual(row);
        throw new Error('the approval was not recorded');
      }),
    ).rejects.toThrow('the approval was not recorded');
    expect(await store.get(row.id)).toBeUndefined();
  });

  it('lists the book newest first', async () => {
    const store = createDestinationStore(opened.db);
    const days = ['2026-11-03', '2026-11-01', '2026-11-02'];
    for (const day of days) {
      await store.insert(
        opened.db,
        await approved(ownProfile(), { proposed_at: `${day}T12:00:00.000Z` }),
      );
    }
    expect((await store.list()).map((r) => r.proposed_at.slice(0, 10))).toEqual([
      '2026-11-03',
      '2026-11-02',
      '2026-11-01',
    ]);
  });

  it('lists the proposals that await approval, oldest first, and skips a body it cannot read', async () => {
    const store = createDestinationStore(opened.db);
    const first = proposal();
    const second = proposal({ kind: 'fiat-account', fiat_account_id: 'fa-1' });
    const waiting = await propose(JSON.stringify(first), 'AWAITING_APPROVAL');
    const applying = await propose(JSON.stringify(second), 'APPROVED');
    await propose(JSON.stringify(proposal()), 'CANCELLED');
    await propose(JSON.stringify(proposal()), 'SUCCEEDED');
    await propose('{"target": not json', 'AWAITING_APPROVAL');
    await propose(JSON.stringify({ ...proposal(), id: 'not-a-uuid' }), 'AWAITING_APPROVAL');
    const pending = await store.pending();
    expect(pending.map((p) => [p.entry.id, p.entry.state, p.proposal])).toEqual([
      [waiting.id, 'AWAITING_APPROVAL', first],
      [applying.id, 'APPROVED', second],
    ]);
  });
});
