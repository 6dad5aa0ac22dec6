import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { pid } from 'node:process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countingStatements, testDatabases } from '../../test/databases';
import type { Db } from '../db/db';
import { createJournalStore, newOwnerId, type NewJournalEntry } from './journal-store';
import type { JournalOutcome } from './journal-row';

const entry = (ref = randomUUID()): NewJournalEntry => ({
  operation: 'createInternalTransfer',
  operator: 'finance',
  operator_name: 'Fin',
  ref_id: ref,
  method: 'POST',
  request_path: '/v2/transfer/internal',
  request_body: `{"amount":"1.50","ref_id":"${ref}"}`,
  request_id: 'req-1',
});
const success: JournalOutcome = {
  state: 'SUCCEEDED',
  attempts: 1,
  response_status: 200,
  response: { id: 't-1' },
  error: null,
};
const unknown: JournalOutcome = {
  state: 'UNKNOWN',
  attempts: 1,
  response_status: null,
  response: null,
  error: 'timeout',
};
const refused: JournalOutcome = {
  state: 'REJECTED',
  attempts: 1,
  response_status: 403,
  response: { type: 'about:blank' },
  error: null,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NO_BACKOFF = { baseMs: 0, maxMs: 0 };

describe.each(testDatabases)('leases on journal entries, on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let db: Db;
  /** The store of one process: its own owner id and lease length. */
  const process = (name: string, leaseMs = 60_000) =>
    createJournalStore(db, undefined, { owner: `${name}/${randomUUID()}`, leaseMs });
  const row = async (id: string) =>
    (
      await db.query<{ owner: string | null; held: boolean; attempts: number }>(
        `select owner, lease_until > now() as held, resolve_attempts as attempts
         from journal_entries where id = $1`,
        [id],
      )
    )[0]!;

  beforeAll(async () => {
    opened = await database.open();
    db = opened.db;
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await db.exec('delete from journal_entries');
  });

  it('a new SENDING entry is held by its process; an entry in another state by nobody', async () => {
    const a = process('a');
    const sending = await a.create(entry());
    expect(await row(sending.id)).toMatchObject({ owner: a.owner, held: true });
    expect(a.leases.heldIds()).toEqual([sending.id]);
    const waiting = await a.create(entry(), 'AWAITING_APPROVAL');
    expect(await row(waiting.id)).toMatchObject({ owner: null, held: null });
    expect(a.leases.heldIds()).toEqual([sending.id]);
  });

  it('a store given no owner holds its entries as this process: host, pid and a random part', async () => {
    const store = createJournalStore(db);
    const [host, processId, random] = store.owner.split('/');
    expect([host, processId]).toEqual([hostname(), String(pid)]);
    expect(random).toMatch(/^[0-9a-f]{8}$/);
    const sent = await store.create(entry());
    expect(await row(sent.id)).toMatchObject({ owner: store.owner, held: true });
    // A pid is reused after a restart: the random part tells two lives of one pid apart.
    expect(newOwnerId()).not.toBe(newOwnerId());
  });

  // What a process holds is what it renews: an entry it sends but does not hold loses its lease
  // mid-send to another process's resolver; one it holds but does not send is renewed forever.
  it('in a transaction too, holds what it writes in SENDING and nothing it writes to wait', async () => {
    const a = process('a');
    const [sending, waiting] = await db.transaction(async (tx) => [
      await a.create(entry(), 'SENDING', tx),
      await a.create(entry(), 'AWAITING_APPROVAL', tx),
    ]);
    expect(a.leases.heldIds()).toEqual([sending!.id]);
    expect(await row(waiting!.id)).toMatchObject({ owner: null, held: null });
  });

  it('holds what it moves to APPROVED until it moves it on; a move that did not happen changes nothing', async () => {
    const a = process('a');
    const waiting = await a.create(entry(), 'AWAITING_APPROVAL');
    const sending = await a.create(entry());
    expect(await a.move(waiting.id, ['AWAITING_APPROVAL'], 'APPROVED', null)).toBeDefined();
    expect(a.leases.heldIds()).toEqual([sending.id, waiting.id]);
    expect(await row(waiting.id)).toMatchObject({ owner: a.owner, held: true });
    // The entry in SENDING is not in AWAITING_APPROVAL: not moved, still held.
    expect(await a.move(sending.id, ['AWAITING_APPROVAL'], 'EXPIRED', 'late')).toBeUndefined();
    expect(a.leases.heldIds()).toEqual([sending.id, waiting.id]);
    expect(await a.move(waiting.id, ['APPROVED'], 'REJECTED', 'no longer valid')).toBeDefined();
    expect(a.leases.heldIds()).toEqual([sending.id]);
    expect(await a.leases.renew()).toEqual({ renewed: 1, lost: [] });
  });

  it('drops one entry it could not settle: free for any process at once, the others still held', async () => {
    const a = process('a');
    const b = process('b');
    const [dropped, kept] = [await a.create(entry()), await a.create(entry())];
    await a.leases.drop(dropped.id);
    expect(a.leases.heldIds()).toEqual([kept.id]);
    expect(await b.leases.due(10)).toEqual([{ id: dropped.id, state: 'SENDING' }]);
    expect(await row(kept.id)).toMatchObject({ owner: a.owner, held: true });
  });

  it('a process holding nothing renews nothing without asking the database', async () => {
    const { db: counted, seen } = countingStatements(db);
    const idle = createJournalStore(counted, undefined, { owner: 'idle', leaseMs: 60_000 });
    expect(await idle.leases.renew()).toEqual({ renewed: 0, lost: [] });
    expect(seen.statements).toBe(0);
  });

  it('no resolver takes an entry whose lease is live; once it runs out, one takes it over', async () => {
    const a = process('a', 300);
    const b = process('b');
    const sent = await a.create(entry());
    expect(await b.leases.due(10)).toEqual([]);
    expect(await b.leases.claimForResolve(sent.id, 'r-b', NO_BACKOFF)).toBeUndefined();
    await sleep(400);
    expect(await b.leases.due(10)).toEqual([{ id: sent.id, state: 'SENDING' }]);
    const taken = await b.leases.claimForResolve(sent.id, 'r-b', NO_BACKOFF);
    expect(taken).toMatchObject({ previousState: 'SENDING', previousOwner: a.owner });
    expect(taken!.entry).toMatchObject({ id: sent.id, state: 'SENDING', request_id: 'r-b' });
    expect(await row(sent.id)).toMatchObject({ owner: b.owner, held: true });
    // The stalled owner's renewal finds it gone and lets go of it.
    expect(await a.leases.renew()).toEqual({ renewed: 0, lost: [sent.id] });
    expect(a.leases.heldIds()).toEqual([]);
  });

  it('many processes claiming one free entry at once: exactly one gets it', async () => {
    const a = process('a', 1);
    const sent = await a.create(entry());
    await sleep(20);
    const racers = Array.from({ length: 12 }, (_, i) => process(`r${i}`));
    const claims = await Promise.all(
      racers.map((r) => r.leases.claimForResolve(sent.id, 'r', NO_BACKOFF)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const winner = racers[claims.findIndex(Boolean)]!;
    expect((await row(sent.id)).owner).toBe(winner.owner);
  });

  it('a claim from UNKNOWN or APPROVED waits for a live lease of another process', async () => {
    const a = process('a');
    const b = process('b');
    const approved = await a.create(entry(), 'AWAITING_APPROVAL');
    await a.move(approved.id, ['AWAITING_APPROVAL'], 'APPROVED', null);
    expect(await row(approved.id)).toMatchObject({ owner: a.owner, held: true });
    expect(await b.claim(approved.id, ['APPROVED'], 'r-b')).toBeUndefined();
    expect(await b.leases.claimForResolve(approved.id, 'r-b', NO_BACKOFF)).toBeUndefined();
    expect((await a.claim(approved.id, ['APPROVED'], 'r-a'))?.state).toBe('SENDING');
    expect(await row(approved.id)).toMatchObject({ owner: a.owner, held: true });
  });

  it('an APPROVED entry nobody holds is taken and stays APPROVED for its send to claim', async () => {
    const a = process('a');
    const approved = await a.create(entry(), 'APPROVED');
    const taken = await a.leases.claimForResolve(approved.id, 'r', NO_BACKOFF);
    expect(taken).toMatchObject({ previousState: 'APPROVED', previousOwner: null });
    expect(taken!.entry.state).toBe('APPROVED');
    expect((await a.claim(approved.id, ['APPROVED'], 'r'))?.state).toBe('SENDING');
  });

  it('an UNKNOWN entry is looked at again only after a backoff that doubles, up to its bound', async () => {
    const a = process('a');
    const b = process('b');
    const sent = await a.create(entry());
    await a.recordOutcome(sent.id, unknown);
    expect(await b.leases.due(10)).toEqual([{ id: sent.id, state: 'UNKNOWN' }]);
    // Long enough that "not due at once" holds on a loaded machine, short enough to wait out.
    const backoff = { baseMs: 400, maxMs: 800 };
    const delays: number[] = [];
    for (let look = 0; look < 4; look += 1) {
      const started = Date.now();
      const taken = await b.leases.claimForResolve(sent.id, `r${look}`, backoff);
      expect(taken?.previousState).toBe('UNKNOWN');
      await b.recordOutcome(sent.id, unknown);
      // Not due again at once, for this process or any other.
      expect(await a.leases.due(10)).toEqual([]);
      expect(await a.leases.claimForResolve(sent.id, 'x', backoff)).toBeUndefined();
      while ((await a.leases.due(10)).length === 0) await sleep(20);
      delays.push(Date.now() - started);
    }
    expect((await row(sent.id)).attempts).toBe(4);
    // 400, then 800 three times (the bound): each at least its delay, and never far past it.
    expect(delays[0]).toBeGreaterThanOrEqual(390);
    expect(delays[0]).toBeLessThan(790);
    expect(delays[1]).toBeGreaterThanOrEqual(790);
    expect(delays[2]).toBeGreaterThanOrEqual(790);
    expect(delays[3]).toBeGreaterThanOrEqual(790);
    expect(delays[3]).toBeLessThan(2_000);
  });

  it('renewal extends what this process holds; release makes it free at once', async () => {
    const a = process('a', 400);
    const b = process('b');
    const sent = await a.create(entry());
    await sleep(250);
    expect(await a.leases.renew()).toEqual({ renewed: 1, lost: [] });
    await sleep(250);
    // Past the first lease, within the renewed one: still a's.
    expect(await b.leases.due(10)).toEqual([]);
    expect(await a.leases.release()).toBe(1);
    expect(await b.leases.due(10)).toEqual([{ id: sent.id, state: 'SENDING' }]);
  });

  it('on a database only one process can open, the leases of stopped processes end at start', async () => {
    const gone = process('gone');
    const sent = await gone.create(entry());
    const next = process('next');
    expect(await next.leases.due(10)).toEqual([]);
    expect(await next.leases.expireOthers()).toBe(1);
    expect(await next.leases.due(10)).toEqual([{ id: sent.id, state: 'SENDING' }]);
  });

  it('an outcome releases the lease; a process that lost the entry lands only a success', async () => {
    const a = process('a', 1);
    const b = process('b');
    const sent = await a.create(entry());
    await sleep(20);
    await b.leases.claimForResolve(sent.id, 'r-b', NO_BACKOFF);
    // a's timeout says nothing of b's attempt, nor does its refusal.
    expect(await a.recordOutcome(sent.id, unknown)).toBeUndefined();
    expect(await a.recordOutcome(sent.id, refused)).toBeUndefined();
    expect(await row(sent.id)).toMatchObject({ owner: b.owner, held: true });
    // A success does: the service holds the intent, whoever asked.
    expect(await a.recordOutcome(sent.id, success)).toMatchObject({ state: 'SUCCEEDED' });
    expect(await row(sent.id)).toMatchObject({ owner: null, held: null });
    expect(b.leases.heldIds()).toEqual([sent.id]);
    // b's own outcome comes second: the same one is nothing new.
    const again = await b.recordLateOutcome(sent.id, success);
    expect(await a.openOutcome(sent.id)).toEqual({ nextLookAt: expect.any(String), conflicts: [] });
    // An id the journal does not hold has nothing open, and is no error.
    expect(await a.openOutcome(randomUUID())).toEqual({ nextLookAt: null, conflicts: [] });
    expect(again).toMatchObject({ state: 'SUCCEEDED', attempts: 1 });
    expect(again!.outcome_conflicts).toBeUndefined();
    expect(b.leases.heldIds()).toEqual([]);
  });

  it('a second outcome at odds with the entry is kept beside it and counted, never thrown', async () => {
    const a = process('a');
    const sent = await a.create(entry());
    await a.recordOutcome(sent.id, refused);
    const late = await a.recordLateOutcome(sent.id, success);
    expect(late).toMatchObject({ state: 'REJECTED', response_status: 403, outcome_conflicts: 1 });
    const kept = await db.query<Record<string, unknown>>(
      `select state, response_status, error, reported_by from journal_outcome_conflicts
       where journal_id = $1`,
      [sent.id],
    );
    expect(kept).toEqual([
      { state: 'SUCCEEDED', response_status: 200, error: null, reported_by: a.owner },
    ]);
    const open = await a.openOutcome(sent.id);
    expect(open.conflicts).toEqual([
      { at: expect.any(String), state: 'SUCCEEDED', response_status: 200, error: null },
    ]);
    expect(Date.parse(open.conflicts[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    // No answer, or the entry's own outcome again, adds nothing.
    expect((await a.recordLateOutcome(sent.id, unknown))?.outcome_conflicts).toBe(1);
    expect((await a.recordLateOutcome(sent.id, refused))?.outcome_conflicts).toBe(1);
  });

  it('a late success settles an UNKNOWN entry; a late refusal leaves it open, no conflict', async () => {
    const a = process('a');
    const one = await a.create(entry());
    await a.recordOutcome(one.id, unknown);
    const open = await a.recordLateOutcome(one.id, refused);
    expect(open?.state).toBe('UNKNOWN');
    expect(open?.outcome_conflicts).toBeUndefined();
    expect(await a.recordLateOutcome(one.id, success)).toMatchObject({
      state: 'SUCCEEDED',
      attempts: 2,
    });
  });

  it('a late refusal for an entry another process is still sending waits for that one', async () => {
    const a = process('a', 1);
    const b = process('b');
    const sent = await a.create(entry());
    await sleep(20);
    await b.leases.claimForResolve(sent.id, 'r-b', NO_BACKOFF);
    const late = await a.recordLateOutcome(sent.id, refused);
    expect(late).toMatchObject({ state: 'SENDING' });
    expect(late?.outcome_conflicts).toBeUndefined();
  });

  it('a late success for a DUPLICATE entry is nothing new: the intent succeeded once', async () => {
    const a = process('a');
    const ref = randomUUID();
    await a.recordOutcome((await a.create(entry(ref))).id, success);
    const second = await a.create(entry(ref));
    expect((await a.recordOutcome(second.id, success))?.state).toBe('DUPLICATE');
    const late = await a.recordLateOutcome(second.id, success);
    expect(late?.state).toBe('DUPLICATE');
    expect(late?.outcome_conflicts).toBeUndefined();
    // A refusal of it is at odds, though: kept, with no status when the service gave none.
    const refusal = { ...refused, response_status: null, error: 'refused' };
    expect((await a.recordLateOutcome(second.id, refusal))?.outcome_conflicts).toBe(1);
    expect((await a.openOutcome(second.id)).conflicts).toEqual([
      { at: expect.any(String), state: 'REJECTED', response_status: null, error: 'refused' },
    ]);
  });

  it('a late success of an intent another entry already holds settles it as a DUPLICATE', async () => {
    const a = process('a');
    const ref = randomUUID();
    const first = await a.create(entry(ref));
    await a.recordOutcome(first.id, success);
    const second = await a.create(entry(ref));
    await a.recordOutcome(second.id, unknown);
    expect(await a.recordLateOutcome(second.id, success)).toMatchObject({
      state: 'DUPLICATE',
      duplicate_of: first.id,
    });
  });

  it('counts the backlog: SENDING past its lease, UNKNOWN, awaiting approval', async () => {
    const a = process('a', 1);
    const live = process('live');
    await a.create(entry());
    await live.create(entry());
    const u = await live.create(entry());
    await live.recordOutcome(u.id, unknown);
    await live.create(entry(), 'AWAITING_APPROVAL');
    await sleep(20);
    expect(await live.leases.backlog()).toEqual({
      sendingPastLease: 1,
      unknown: 1,
      awaitingApproval: 1,
    });
  });
});
