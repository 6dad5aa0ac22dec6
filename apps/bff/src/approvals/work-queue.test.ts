import { randomUUID } from 'node:crypto';
import { exampleInput, type Role, type WorkQueue } from '@console/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { testDatabases } from '../../test/databases';
import { echoSuccess, scriptedClient } from '../../test/harness';
import type { ApprovalDeps } from './approval-deps';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';
import { createWorkQueue } from './work-queue';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const transfer = (amount: string) => ({ ...exampleInput('createInternalTransfer'), amount });
const ids = (items: { journal: { id: string } }[]) => items.map((i) => i.journal.id);
const reasons = (queue: WorkQueue) => queue.needs_attention.map((i) => [i.journal.id, i.reason]);

describe.each(testDatabases)('the work queue on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let h: Awaited<ReturnType<typeof approvalApp>>;

  beforeAll(async () => {
    opened = await database.open();
    // The journal on the app's clock: the queue's windows are of the journal's timestamps.
    h = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      db: opened.db,
      policy: unsignedDefaultPolicy(),
      journalOnClock: true,
    });
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await opened.db.exec('delete from journal_entries');
  });

  /** The queue of `username` (of `role`) at `at`, read as the route reads it. */
  const read = (username: string, role: Role, at: number, longestWaitMs = 0) =>
    createWorkQueue(h.deps as ApprovalDeps, longestWaitMs).read({ username, role }, new Date(at));

  /** An entry journaled at `at` and settled in `state`, as a send that needed no approval. */
  async function journaled(state: string, operator: string, at: number, body: object) {
    const id = randomUUID();
    await opened.db.query(
      `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
         request_path, request_body, body_sha256, attempts, request_id, created_at, updated_at)
       values ($1, 'createInternalTransfer', $2, $2, $3, $4, 'POST', '/v1/transfers/internal',
         $5, 'sha', 1, $6, $7::timestamptz, $7::timestamptz)`,
      [
        id,
        operator,
        randomUUID(),
        state,
        JSON.stringify(body),
        randomUUID(),
        new Date(at).toISOString(),
      ],
    );
    return id;
  }

  /** A transfer finance submits now, held for one approver from finance or admin. */
  async function held(amount = '10.00') {
    const res = await h.submit('createInternalTransfer', transfer(amount));
    expect(res.status).toBe(202);
    return res.journal.id;
  }

  it('holds a maker’s own requests, newest first: waiting ones whatever their age, finished ones of the last day', async () => {
    const t0 = h.now();
    await journaled('SUCCEEDED', 'finance', t0 - 2 * DAY, transfer('1.00'));
    const others = await journaled('SUCCEEDED', 'support', t0 - HOUR, transfer('2.00'));
    const waiting = await held();
    h.advance(HOUR);
    const done = await journaled('SUCCEEDED', 'finance', t0 + HOUR, transfer('3.00'));

    const now = await read('finance', 'finance', t0 + 2 * HOUR);
    expect(ids(now.my_requests)).toEqual([done, waiting]);
    expect(now.my_requests[0]!.approval).toBeNull();
    expect(now.my_requests[1]!.approval).toMatchObject({
      approvers_needed: 1,
      eligible_roles: ['finance', 'admin'],
      approvals_given: 0,
      expires_at: new Date(t0 + DAY).toISOString(),
      prospect: { still_needed: 1, stalled: null },
    });
    expect(now.needs_attention).toEqual([]);
    expect(now.checked_at).toBe(new Date(t0 + 2 * HOUR).toISOString());
    expect(ids((await read('support', 'support', t0 + 2 * HOUR)).my_requests)).toEqual([others]);

    // A day on, the finished one has left the window; the waiting one stays.
    const dayOn = t0 + DAY + 2 * HOUR;
    expect(ids((await read('finance', 'finance', dayOn)).my_requests)).toEqual([waiting]);
    // Unless requests may wait longer: "mine" reaches back as far again.
    expect(ids((await read('finance', 'finance', dayOn, DAY)).my_requests)).toEqual([
      done,
      waiting,
    ]);
  });

  it('holds at most 30 of a maker’s requests, the newest', async () => {
    const t0 = h.now();
    await opened.db.query(
      `insert into journal_entries (id, operation, operator, operator_name, state, method,
         request_path, request_body, body_sha256, request_id, created_at, updated_at)
       select gen_random_uuid()::text, 'createInternalTransfer', 'finance', 'Finance', 'SUCCEEDED',
         'POST', '/v1/transfers/internal', $1, 'sha', 'req',
         $2::timestamptz + g * interval '1 minute', $2::timestamptz + g * interval '1 minute'
       from generate_series(1, 35) g`,
      [JSON.stringify(transfer('1.00')), new Date(t0 - 2 * HOUR).toISOString()],
    );
    const { my_requests } = await read('finance', 'finance', t0);
    expect(my_requests).toHaveLength(30);
    expect(my_requests.map((i) => i.journal.created_at)).toEqual(
      Array.from({ length: 30 }, (_, i) =>
        new Date(t0 - 2 * HOUR + (35 - i) * 60_000).toISOString(),
      ),
    );
  });

  it('asks every operator’s attention for what is unknown, rejected in the last day or expiring within the hour', async () => {
    const t0 = h.now();
    const unknown = await journaled('UNKNOWN', 'support', t0 - 3 * DAY, {
      ...transfer('4.00'),
      memo: 'Rent for Alice Moreau',
    });
    await journaled('REJECTED', 'support', t0 - 2 * DAY, transfer('5.00'));
    const rejected = await journaled('REJECTED', 'finance', t0 - HOUR, transfer('6.00'));
    await journaled('SUCCEEDED', 'finance', t0 - HOUR, transfer('7.00'));
    const waiting = await held();

    const soon = await read('viewer', 'viewer', t0 + HOUR);
    expect(soon.my_requests).toEqual([]);
    expect(reasons(soon)).toEqual([
      [rejected, 'rejected'],
      [unknown, 'unknown'],
    ]);
    // Each as the reader's role may see it: a viewer never sees personal data whole.
    expect(soon.needs_attention[1]!.journal.request_body).not.toContain('Alice');
    expect(
      (await read('admin', 'admin', t0 + HOUR)).needs_attention[1]!.journal.request_body,
    ).toContain('Rent for Alice Moreau');

    // Within the hour before it expires, the waiting request too; the rejection is a day old.
    const late = await read('finance2', 'finance', t0 + 23.5 * HOUR);
    expect(reasons(late)).toEqual([
      [waiting, 'expiring'],
      [unknown, 'unknown'],
    ]);
    expect(late.needs_attention[0]!.approval).toMatchObject({ approvers_needed: 1 });
  });

  it('asks a waiting request’s maker and the admins, no one else, when nobody left can approve it', async () => {
    // Two approvers from finance or admin: finance2 and admin.
    const id = await held('250000.00');
    const other = await h.submit('createInternalTransfer', transfer('10.00'), 'admin');
    expect(other.status).toBe(202);
    expect((await h.approve(id, 'admin')).status).toBe(202);
    const at = h.now() + HOUR;
    const before = await read('finance', 'finance', at);
    expect(before.needs_attention).toEqual([]);
    expect(before.my_requests[0]!.approval).toMatchObject({
      approvals_given: 1,
      prospect: { still_needed: 1, candidates: 1, stalled: null },
    });

    h.setRole('finance2', 'viewer');
    try {
      const stalled =
        'Needs 1 more approval from finance or admin, and no other operator holds one of those roles: add an approver or change the policy.';
      for (const [username, role] of [
        ['finance', 'finance'],
        ['admin', 'admin'],
      ] as const) {
        const queue = await read(username, role, at);
        expect(
          queue.needs_attention.map((i) => [i.journal.id, i.reason, i.approval?.prospect?.stalled]),
        ).toEqual([[id, 'stalled', stalled]]);
      }
      // The admin's own request can still be approved by finance: it is no one's concern.
      expect(ids((await read('admin', 'admin', at)).my_requests)).toEqual([other.journal.id]);
      expect((await read('support', 'support', at)).needs_attention).toEqual([]);
      expect((await read('finance2', 'viewer', at)).needs_attention).toEqual([]);
    } finally {
      h.setRole('finance2', 'finance');
    }
  });
});
