import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/db';
import { testDatabases } from '../../test/databases';
import { createJobLease } from '../jobs/job-lease';
import { createOutboxStore, NOTIFICATIONS_JOB, type NewMessage } from './outbox-store';

const LEASE_MS = 60_000;

/** A journal entry created SENDING and moved to `state`, as a send does (the triggers run). */
async function journalEntry(db: Queryable, state: string): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
       request_path, request_body, body_sha256, request_id, created_at, updated_at)
     values ($1, 'createInternalTransfer', 'finance', 'Finance', $1, 'SENDING', 'POST',
       '/v2/transfer/internal', '{"amount":"10.50"}', 'sha', 'req', now(), now())`,
    [id],
  );
  await db.query('update journal_entries set state = $2, updated_at = now() where id = $1', [
    id,
    state,
  ]);
  return id;
}

/** A request held for approval since `createdAt`, expiring at `expiresAt`. */
async function heldRequest(
  db: Queryable,
  createdAt: Date,
  expiresAt: Date,
  state = 'AWAITING_APPROVAL',
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
       request_path, request_body, body_sha256, request_id, created_at, updated_at)
     values ($1, 'createInternalTransfer', 'finance', 'Finance', $1, $2, 'POST',
       '/v2/transfer/internal', '{"amount":"10.50"}', 'sha', 'req', $3::timestamptz,
       $3::timestamptz)`,
    [id, state, createdAt.toISOString()],
  );
  await db.query(
    `insert into approval_requests (journal_id, approvers_needed, eligible_roles, body_sha256,
       request_sha256, expires_at)
     values ($1, 1, array['admin'], 'sha', 'sha', $2::timestamptz)`,
    [id, expiresAt.toISOString()],
  );
  return id;
}

/** An event about nothing in particular, written as the triggers would. */
async function bareEvent(db: Queryable): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    "insert into notification_events (kind, state) values ('unknown', 'UNKNOWN') returning id::text as id",
  );
  return row!.id;
}

const message = (over: Partial<NewMessage> = {}): NewMessage => ({
  id: randomUUID(),
  kind: 'unknown',
  journal_id: null,
  batch_id: null,
  channel: 'email',
  recipients: ['finance'],
  address: 'finance@example.test',
  subject: 'A send has no known outcome',
  body: 'Amount 10.50 EUR',
  ...over,
});

describe.each(testDatabases)('the notification outbox on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let db: Db;
  const mine = { kind: NOTIFICATIONS_JOB, owner: 'process-a' };
  const outbox = (on: Queryable = db, lease = mine) => createOutboxStore(on, lease);
  // Another process's connection, opened once for the tests that need one.
  let another: Db | undefined;
  const otherProcess = async () => (another ??= await opened.second());

  beforeAll(async () => {
    opened = await database.open();
    db = opened.db;
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    // The outbox goes with its events (on delete cascade).
    await db.exec('delete from notification_events; delete from job_leases;');
    const taken = await createJobLease(db, { ...mine, leaseMs: LEASE_MS }).acquire();
    expect(taken.held).toBe(true);
  });

  /** Messages put in the outbox through an expanded event; their ids. */
  async function queued(count: number, over: Partial<NewMessage> = {}): Promise<string[]> {
    const messages = Array.from({ length: count }, () => message(over));
    const eventId = await bareEvent(db);
    expect(await db.transaction((tx) => outbox().expand(tx, eventId, messages))).toBe(true);
    return messages.map((m) => m.id);
  }

  const row = async (id: string) =>
    (
      await db.query<{ state: string; attempts: number; last_error: string | null }>(
        'select state, attempts, last_error from notification_outbox where id = $1::uuid',
        [id],
      )
    )[0]!;

  it('lists the events the triggers wrote, oldest first, and expands each once into its messages', async () => {
    const unknown = await journalEntry(db, 'UNKNOWN');
    const batchId = randomUUID();
    await db.query(
      `insert into batches (id, operation, file_name, state, created_by, created_by_name, columns,
         mapping, rows_hash, row_count, approvals_required, approver_roles)
       values ($1::uuid, 'createInternalTransfer', 'march.csv', 'awaiting_approval', 'finance',
         'Finance', '[]'::jsonb, '{}'::jsonb, $2, 1, 1, '["admin"]'::jsonb)`,
      [batchId, randomUUID()],
    );

    const events = await outbox().unexpanded(10);
    expect(events).toEqual([
      expect.objectContaining({ kind: 'unknown', journal_id: unknown, batch_id: null }),
      expect.objectContaining({ kind: 'held', journal_id: null, batch_id: batchId }),
    ]);
    expect(events.every((e) => typeof e.id === 'string')).toBe(true);
    expect(Number(events[0]!.id)).toBeLessThan(Number(events[1]!.id));
    expect(await outbox().unexpanded(1)).toEqual([events[0]]);

    const email = message({ journal_id: unknown });
    const chat = message({
      journal_id: unknown,
      channel: 'chat',
      recipients: ['finance', 'admin'],
      address: null,
    });
    expect(await db.transaction((tx) => outbox().expand(tx, events[0]!.id, [email, chat]))).toBe(
      true,
    );
    const held = message({ kind: 'held', batch_id: batchId, recipients: ['admin'] });
    expect(await db.transaction((tx) => outbox().expand(tx, events[1]!.id, [held]))).toBe(true);
    expect(await outbox().unexpanded(10)).toEqual([]);

    const ofEntry = await outbox().ofEntry(unknown);
    expect(ofEntry.map((d) => [d.id, d.channel, d.recipients])).toEqual(
      [
        [email.id, 'email', ['finance']],
        [chat.id, 'chat', ['finance', 'admin']],
      ].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
    );
    expect(ofEntry[0]).toMatchObject({
      kind: 'unknown',
      journal_id: unknown,
      batch_id: null,
      state: 'pending',
      attempts: 0,
      last_error: null,
      last_attempt_at: null,
    });
    expect(new Date(ofEntry[0]!.created_at).toISOString()).toBe(ofEntry[0]!.created_at);
    expect(await outbox().ofBatch(batchId)).toEqual([
      expect.objectContaining({ id: held.id, kind: 'held', batch_id: batchId, journal_id: null }),
    ]);
    // The address and body are kept for the sender, as made: every retry sends the same bytes.
    const [kept] = await db.query<{ address: string; body: string }>(
      'select address, body from notification_outbox where id = $1::uuid',
      [email.id],
    );
    expect(kept).toEqual({ address: 'finance@example.test', body: 'Amount 10.50 EUR' });
  });

  it('expands an event once when two processes try at once, and not at all without the lease', async () => {
    const eventId = await bareEvent(db);
    const other = await otherProcess();
    const [one, two] = [message(), message()];
    const results = await Promise.all([
      db.transaction((tx) => outbox().expand(tx, eventId, [one])),
      other.transaction((tx) => outbox(other).expand(tx, eventId, [two])),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const written = await db.query<{ id: string }>(
      'select id::text as id from notification_outbox where event_id = $1::bigint',
      [eventId],
    );
    expect(written).toHaveLength(1);

    // A process that never held the lease, or whose lease ran out and was taken over.
    const unheld = await bareEvent(db);
    const stranger = { kind: NOTIFICATIONS_JOB, owner: 'process-b' };
    expect(await db.transaction((tx) => outbox(db, stranger).expand(tx, unheld, [message()]))).toBe(
      false,
    );
    await db.query(
      "update job_leases set lease_until = now() - interval '1 second' where kind = $1",
      [NOTIFICATIONS_JOB],
    );
    expect((await createJobLease(db, { ...stranger, leaseMs: LEASE_MS }).acquire()).held).toBe(
      true,
    );
    expect(await db.transaction((tx) => outbox().expand(tx, unheld, [message()]))).toBe(false);
    expect(await outbox().unexpanded(10)).toEqual([expect.objectContaining({ id: unheld })]);
  });

  it('lists due messages soonest first, pending ones only', async () => {
    const [late, soon, middle, future, done] = await queued(5);
    for (const [id, minutes] of [
      [late, -1],
      [soon, -3],
      [middle, -2],
      [future, 5],
      [done, -10],
    ] as const) {
      await db.query(
        `update notification_outbox set next_attempt_at = now() + $2::int * interval '1 minute'
         where id = $1::uuid`,
        [id!, minutes],
      );
    }
    expect(await outbox().delivered(done!)).toBe(true);
    expect(await outbox().due(10)).toEqual([soon, middle, late]);
    expect(await outbox().due(2)).toEqual([soon, middle]);
  });

  it('claims a due message once, counting the attempt and moving the next one ahead by the backoff', async () => {
    const [id, capped] = await queued(2);
    const gap = async (messageId: string) =>
      (
        await db.query<{ ms: number }>(
          `select round(extract(epoch from next_attempt_at - last_attempt_at) * 1000)::int as ms
           from notification_outbox where id = $1::uuid`,
          [messageId],
        )
      )[0]!.ms;

    const claimed = await outbox().claim(id!, 60_000);
    expect(claimed).toEqual({
      id,
      kind: 'unknown',
      channel: 'email',
      address: 'finance@example.test',
      subject: 'A send has no known outcome',
      body: 'Amount 10.50 EUR',
      recipients: ['finance'],
      attempts: 1,
    });
    expect(await gap(id!)).toBe(60_000);
    // Not due again until the backoff has passed: a second look takes nothing.
    expect(await outbox().claim(id!, 60_000)).toBeUndefined();
    expect(await outbox().due(10)).toEqual([capped]);

    // Due again after a failure: the backoff doubles with each attempt made.
    await db.query('update notification_outbox set next_attempt_at = now() where id = $1::uuid', [
      id!,
    ]);
    expect((await outbox().claim(id!, 60_000))?.attempts).toBe(2);
    expect(await gap(id!)).toBe(120_000);

    // However many attempts, the next is at most an hour away.
    await db.query('update notification_outbox set attempts = 40 where id = $1::uuid', [capped!]);
    expect((await outbox().claim(capped!, 60_000))?.attempts).toBe(41);
    expect(await gap(capped!)).toBe(3_600_000);
  });

  it('gives a message to one of two attempts at once, and to none without the lease', async () => {
    const [id, unheld] = await queued(2);
    const other = await otherProcess();
    const claims = await Promise.all([
      outbox().claim(id!, 60_000),
      outbox(other).claim(id!, 60_000),
      outbox().claim(id!, 60_000),
    ]);
    expect(claims.filter((c) => c !== undefined)).toHaveLength(1);
    expect((await row(id!)).attempts).toBe(1);

    const stranger = outbox(db, { kind: NOTIFICATIONS_JOB, owner: 'process-b' });
    expect(await stranger.claim(unheld!, 60_000)).toBeUndefined();
    expect((await row(unheld!)).attempts).toBe(0);
    expect(await outbox().due(10)).toEqual([unheld]);
  });

  it('marks a message delivered once, and a delivered one is neither claimed nor failed', async () => {
    const [id] = await queued(1);
    await outbox().failed(id!, '451 try again', false);
    expect(await row(id!)).toMatchObject({ state: 'pending', last_error: '451 try again' });

    expect(await outbox().delivered(id!)).toBe(true);
    expect(await outbox().delivered(id!)).toBe(false);
    expect(await row(id!)).toMatchObject({ state: 'delivered', last_error: null });
    expect(await outbox().claim(id!, 50)).toBeUndefined();
    await outbox().failed(id!, 'late failure', true);
    await outbox().dropped(id!, 'late drop');
    expect(await row(id!)).toMatchObject({ state: 'delivered', last_error: null });
    expect(await outbox().due(10)).toEqual([]);
  });

  it('makes the last failure a dead letter, lists dead letters newest first, counted, and puts one back', async () => {
    const [oldest, newest, middle, pending] = await queued(4);
    for (const [id, minutes] of [
      [oldest!, -30],
      [newest!, -10],
      [middle!, -20],
    ] as const) {
      await db.query(
        `update notification_outbox set created_at = now() + $2::int * interval '1 minute'
         where id = $1::uuid`,
        [id, minutes],
      );
      await outbox().claim(id, 50);
      await outbox().failed(id, `550 refused ${minutes}`, true);
    }
    await outbox().failed(pending!, '451 busy', false);

    const dead = await outbox().deadLetters(2);
    expect(dead.count).toBe(3);
    expect(dead.items.map((d) => d.id)).toEqual([newest, middle]);
    expect(dead.items[0]).toMatchObject({
      state: 'dead',
      attempts: 1,
      last_error: '550 refused -10',
    });
    expect(dead.items[0]!.last_attempt_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(await outbox().due(10)).toEqual([pending]);

    const back = await outbox().retry(middle!);
    expect(back).toMatchObject({ id: middle, state: 'pending', attempts: 0 });
    expect(await outbox().due(10)).toEqual(expect.arrayContaining([middle, pending]));
    expect((await outbox().claim(middle!, 50))?.attempts).toBe(1);
    expect(await outbox().retry(middle!)).toBe('not-dead');
    expect(await outbox().retry(randomUUID())).toBeUndefined();
    expect((await outbox().deadLetters(10)).count).toBe(2);
    expect(await outbox().deadLetters(10)).toMatchObject({
      items: [{ id: newest }, { id: oldest }],
    });
  });

  it('counts no dead letters when there are none', async () => {
    await queued(1);
    expect(await outbox().deadLetters(10)).toEqual({ items: [], count: 0 });
  });

  it('drops a message for someone who is no operator any more: never sent, never due', async () => {
    const [id] = await queued(1);
    await outbox().dropped(id!, 'not an operator');
    expect(await row(id!)).toMatchObject({ state: 'dropped', last_error: 'not an operator' });
    expect(await outbox().due(10)).toEqual([]);
    expect(await outbox().claim(id!, 50)).toBeUndefined();
    expect(await outbox().retry(id!)).toBe('not-dead');
  });

  it('reminds of a request once, a lead before its expiry, only if it was held longer than the lead', async () => {
    const now = new Date('2031-03-01T12:00:00Z');
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const lead = 60 * 60_000;
    const due = await heldRequest(db, at(-120), at(30));
    const atLead = await heldRequest(db, at(-120), at(60));
    const later = await heldRequest(db, at(-120), at(61));
    const expired = await heldRequest(db, at(-120), at(-1));
    const justHeld = await heldRequest(db, at(-10), at(30));
    const cancelled = await heldRequest(db, at(-120), at(30), 'CANCELLED');
    const reminded = async () =>
      (
        await db.query<{ journal_id: string }>(
          "select journal_id from notification_events where kind = 'reminder'",
        )
      )
        .map((r) => r.journal_id)
        .sort();

    // A process without the lease writes nothing.
    const stranger = outbox(db, { kind: NOTIFICATIONS_JOB, owner: 'process-b' });
    expect(await stranger.remind(now, lead)).toBe(0);
    expect(await reminded()).toEqual([]);

    expect(await outbox().remind(now, lead)).toBe(2);
    expect(await reminded()).toEqual([due, atLead].sort());
    expect(await outbox().remind(now, lead)).toBe(0);
    expect(await outbox().remind(at(1), lead)).toBe(1);
    expect(await reminded()).toEqual([due, atLead, later].sort());
    const notReminded = await reminded();
    for (const id of [expired, justHeld, cancelled]) expect(notReminded).not.toContain(id);
  });
});
