import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { countingStatements, testDatabases } from '../../test/databases';
import { createJournalStore, type JournalOutcome, type NewJournalEntry } from './journal-store';

const entry = (n: number, over: Partial<NewJournalEntry> = {}): NewJournalEntry => ({
  operation: 'createInternalTransfer',
  operator: 'finance',
  operator_name: 'Fin',
  ref_id: `ref-${n}`,
  method: 'POST',
  request_path: '/v2/transfer/internal',
  request_body: `{"amount":"${n}.50","ref_id":"ref-${n}"}`,
  request_id: `req-${n}`,
  ...over,
});

const success = (n: number): JournalOutcome => ({
  state: 'SUCCEEDED',
  attempts: 1,
  response_status: 200,
  error: null,
  response: { id: `t-${n}`, amount: `${n}.5` },
});

/** The service refused the send (403): final, never sent again. */
const refusal = (response: unknown = null): JournalOutcome => ({
  state: 'REJECTED',
  attempts: 1,
  response_status: 403,
  error: null,
  response,
});

describe.each(testDatabases)('the writes of concurrent sends on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await opened.db.exec('delete from journal_outcome_conflicts; delete from journal_entries');
  });

  /** A store over the database, its statements counted. */
  function storeOn(db: Db, owner = 'process-a') {
    const { db: counted, seen } = countingStatements(db);
    return { journal: createJournalStore(counted, () => new Date(), { owner }), seen };
  }

  it('journals twenty sends at once in one statement, each entry held by this process', async () => {
    const { journal, seen } = storeOn(opened.db);
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, n) => journal.create(entry(n))),
    );
    expect(seen.statements).toBe(1);
    expect(new Set(created.map((e) => e.id)).size).toBe(20);
    expect(created.map((e) => e.ref_id)).toEqual(Array.from({ length: 20 }, (_, n) => `ref-${n}`));
    expect(created.every((e) => e.state === 'SENDING')).toBe(true);
    const rows = await opened.db.query<{ ref_id: string; owner: string; request_body: string }>(
      `select ref_id, owner, request_body from journal_entries
       where lease_until > now() order by ref_id`,
    );
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.owner === 'process-a')).toBe(true);
    expect(rows.find((r) => r.ref_id === 'ref-7')!.request_body).toBe(
      '{"amount":"7.50","ref_id":"ref-7"}',
    );
  });

  it('records twenty outcomes at once, each answered with its own entry, leases released', async () => {
    const { journal, seen } = storeOn(opened.db);
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, n) => journal.create(entry(n))),
    );
    seen.statements = 0;
    const recorded = await Promise.all(
      created.map((e, n) => journal.recordOutcome(e.id, success(n))),
    );
    expect(seen.statements).toBe(1);
    recorded.forEach((e, n) => {
      expect(e).toMatchObject({ id: created[n]!.id, state: 'SUCCEEDED', attempts: 1 });
      expect(e!.response).toEqual({ id: `t-${n}`, amount: `${n}.5` });
    });
    const held = await opened.db.query('select id from journal_entries where owner is not null');
    expect(held).toHaveLength(0);
  });

  it('offers the rows of a batch of outcomes in id order, the order a lease renewal locks them in', async () => {
    // Two statements that lock the same rows in opposite orders can deadlock each other; in id
    // order, one waits for the other instead.
    const { journal, seen } = storeOn(opened.db);
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, n) => journal.create(entry(n))),
    );
    const asked = created.map((e) => e.id).reverse();
    const inIdOrder = [...asked].sort((a, b) => a.localeCompare(b));
    expect(asked).not.toEqual(inIdOrder);
    seen.statements = 0;
    await Promise.all(asked.map((id, n) => journal.recordOutcome(id, success(n))));
    expect(seen.statements).toBe(1);
    expect(seen.lastParams![0]).toEqual(inIdOrder);
  });

  it('stores every column of each outcome of a batch: status, answer, its text and the error', async () => {
    const { journal, seen } = storeOn(opened.db);
    const [ok, refused, lost] = await Promise.all([1, 2, 3].map((n) => journal.create(entry(n))));
    const problem = { type: 'about:blank', status: 403, title: 'Forbidden' };
    seen.statements = 0;
    await Promise.all([
      journal.recordOutcome(ok!.id, success(1)),
      journal.recordOutcome(refused!.id, { ...refusal(problem), attempts: 2 }),
      journal.recordOutcome(lost!.id, {
        state: 'UNKNOWN',
        attempts: 4,
        response_status: null,
        error: 'no answer within 15000 ms',
        response: null,
      }),
    ]);
    expect(seen.statements).toBe(1);
    const rows = await opened.db.query<Record<string, unknown>>(
      `select id, state, attempts, response_status, response, response_text, error, owner
         from journal_entries order by request_id`,
    );
    expect(rows).toEqual([
      {
        id: ok!.id,
        state: 'SUCCEEDED',
        attempts: 1,
        response_status: 200,
        response: { id: 't-1', amount: '1.5' },
        response_text: '{"id":"t-1","amount":"1.5"}',
        error: null,
        owner: null,
      },
      {
        id: refused!.id,
        state: 'REJECTED',
        attempts: 2,
        response_status: 403,
        response: problem,
        response_text: JSON.stringify(problem),
        error: null,
        owner: null,
      },
      {
        id: lost!.id,
        state: 'UNKNOWN',
        attempts: 4,
        response_status: null,
        response: null,
        response_text: null,
        error: 'no answer within 15000 ms',
        owner: null,
      },
    ]);
  });

  it('holds a lease only on the entries of a batch written in SENDING, not on one held for approval', async () => {
    const { journal } = storeOn(opened.db);
    const [sending, waiting] = await Promise.all([
      journal.create(entry(1)),
      journal.create(entry(2), 'AWAITING_APPROVAL'),
    ]);
    const rows = await opened.db.query<{ id: string; owner: string | null; leased: boolean }>(
      `select id, owner, lease_until is not null as leased from journal_entries order by request_id`,
    );
    expect(rows).toEqual([
      { id: sending!.id, owner: 'process-a', leased: true },
      { id: waiting!.id, owner: null, leased: false },
    ]);
  });

  it('makes the second success of one intent in a batch a DUPLICATE, the others still SUCCEEDED', async () => {
    const { journal } = storeOn(opened.db);
    const [a, b, c] = await Promise.all([
      journal.create(entry(1)),
      journal.create(entry(1, { request_id: 'again' })),
      journal.create(entry(2)),
    ]);
    // The three share a statement, which meets the index: each is then written on its own.
    const [ra, rb, rc] = await Promise.all([
      journal.recordOutcome(a!.id, success(1)),
      journal.recordOutcome(b!.id, success(1)),
      journal.recordOutcome(c!.id, success(2)),
    ]);
    expect([ra!.state, rb!.state, rc!.state]).toEqual(['SUCCEEDED', 'DUPLICATE', 'SUCCEEDED']);
    expect(rb!.duplicate_of).toBe(a!.id);
  });

  it('lands one outcome of an entry given two at once; the second finds it settled', async () => {
    const { journal } = storeOn(opened.db);
    const [first, other] = await Promise.all([journal.create(entry(1)), journal.create(entry(2))]);
    const refused = refusal({ type: 'about:blank', status: 403 });
    const [x, y, z] = await Promise.all([
      journal.recordOutcome(other!.id, success(2)),
      journal.recordOutcome(first!.id, refused),
      journal.recordOutcome(first!.id, success(1)),
    ]);
    expect(x!.state).toBe('SUCCEEDED');
    expect(y!.state).toBe('REJECTED');
    // Written after it, one by one: the entry is no longer SENDING.
    expect(z).toBeUndefined();
    expect((await journal.get(first!.id))!.state).toBe('REJECTED');
  });

  it("lands a refusal only for the entry's holder, and a success whoever holds it", async () => {
    const mine = storeOn(opened.db, 'process-a').journal;
    const theirs = storeOn(await opened.second(), 'process-b').journal;
    const [held, also] = await Promise.all([mine.create(entry(1)), mine.create(entry(2))]);
    const refused = refusal();
    const [r1, r2] = await Promise.all([
      theirs.recordOutcome(held!.id, refused),
      theirs.recordOutcome(also!.id, success(2)),
    ]);
    expect(r1).toBeUndefined();
    expect(r2!.state).toBe('SUCCEEDED');
  });

  it('writes the second outcome of one entry in a batch after the first, so a success lands where a refusal could not', async () => {
    const mine = storeOn(opened.db, 'process-a').journal;
    const theirs = storeOn(await opened.second(), 'process-b').journal;
    const [held, other] = await Promise.all([mine.create(entry(1)), mine.create(entry(2))]);
    const refused = refusal();
    // Not the holder: the refusal does not land; the success after it does.
    const [r1, r2, r3] = await Promise.all([
      theirs.recordOutcome(held!.id, refused),
      theirs.recordOutcome(held!.id, success(1)),
      theirs.recordOutcome(other!.id, success(2)),
    ]);
    expect(r1).toBeUndefined();
    expect(r2).toMatchObject({ id: held!.id, state: 'SUCCEEDED' });
    expect(r3).toMatchObject({ id: other!.id, state: 'SUCCEEDED' });
  });
});
