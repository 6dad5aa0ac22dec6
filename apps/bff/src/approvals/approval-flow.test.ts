import { exampleInput, type Operator } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { echoSuccess, scriptedClient, sharedDb } from '../../test/harness';
import type { Db } from '../db/db';
import { openDb } from '../db/open-db';
import { ProblemError } from '../errors';
import type { ApprovalDeps } from './approval-deps';
import { approve, cancel, loadRequest, reject, sweepExpired } from './approval-flow';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const FINANCE2: Operator = {
  username: 'finance2',
  display_name: 'Second Finance',
  role: 'finance',
};
const FINANCE: Operator = { username: 'finance', display_name: 'Test finance', role: 'finance' };

const transfer = (amount = '125.50') => ({ ...exampleInput('createInternalTransfer'), amount });

async function app(db?: Db) {
  const scripted = scriptedClient(echoSuccess);
  const h = await approvalApp({
    client: scripted.client,
    policy: unsignedDefaultPolicy(),
    start: START,
    ...(db ? { db } : {}),
  });
  const deps = () => h.deps as unknown as ApprovalDeps;
  const events = async (id: string) =>
    (await h.deps.approvals.events(id)).map(({ kind, actor, actor_name, detail }) => ({
      kind,
      actor,
      actor_name,
      detail,
    }));
  return { ...h, requests: scripted.requests, deps, events };
}

/** The problem a call was refused with. */
async function problemOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemError);
  return (error as ProblemError).init;
}

describe('the audit trail of a request for approval', () => {
  beforeAll(() => sharedDb());

  it('a submission records who submitted it, and waits the policy’s limit', async () => {
    const h = await app();
    const held = await h.submit('createInternalTransfer', transfer());
    expect(held.approval).toEqual({
      required: true,
      approvers_needed: 1,
      eligible_roles: ['finance', 'admin'],
      expires_at: new Date(START + 24 * HOUR).toISOString(),
      escalation: null,
      // The built-in policy without its passkeys (test/unsigned-policy.ts).
      passkey_required: false,
      // The rule that decided it, in words, as the review and the approval page name it.
      deciding_rule: expect.objectContaining({
        words: expect.stringMatching(
          /^Internal transfers of USD, .* need 1 approver from finance or admin$/,
        ),
        estimate: null,
      }),
    });
    expect((await h.deps().approvals.request(held.journal.id))?.expires_at).toBe(
      new Date(START + 24 * HOUR).toISOString(),
    );
    expect(await h.events(held.journal.id)).toEqual([
      { kind: 'submitted', actor: 'finance', actor_name: 'Test finance', detail: null },
    ]);
  });

  it('a rejection records the approver and their reason, in the journal and the history', async () => {
    const h = await app();
    const held = await h.submit('createInternalTransfer', transfer());
    const rejected = await reject(h.deps(), held.journal.id, FINANCE2, 'wrong profile');
    expect(rejected).toMatchObject({
      state: 'REJECTED',
      error: 'Rejected by Second Finance: wrong profile',
    });
    expect((await h.events(held.journal.id)).at(-1)).toEqual({
      kind: 'rejected',
      actor: 'finance2',
      actor_name: 'Second Finance',
      detail: 'wrong profile',
    });
    expect(h.requests).toHaveLength(0);
  });

  it('a rejection by someone who may not decide is refused, and changes nothing', async () => {
    const h = await app();
    const held = await h.submit('createInternalTransfer', transfer());
    expect(await problemOf(reject(h.deps(), held.journal.id, FINANCE, 'mine'))).toMatchObject({
      status: 403,
      detail: 'You made this request: another operator must approve it.',
    });
    const support: Operator = {
      username: 'support',
      display_name: 'Test support',
      role: 'support',
    };
    expect(await problemOf(reject(h.deps(), held.journal.id, support, 'no'))).toMatchObject({
      status: 403,
    });
    expect((await h.deps().journal.get(held.journal.id))?.state).toBe('AWAITING_APPROVAL');
    expect((await h.events(held.journal.id)).map((e) => e.kind)).toEqual(['submitted']);
  });

  it('a cancel records the maker, and only the maker may cancel', async () => {
    const h = await app();
    const held = await h.submit('createInternalTransfer', transfer());
    expect(await problemOf(cancel(h.deps(), held.journal.id, FINANCE2))).toMatchObject({
      status: 403,
      detail: 'Only the operator who made the request can cancel it.',
    });
    const cancelled = await cancel(h.deps(), held.journal.id, FINANCE);
    expect(cancelled).toMatchObject({ state: 'CANCELLED', error: 'Cancelled by Test finance.' });
    expect((await h.events(held.journal.id)).at(-1)).toEqual({
      kind: 'cancelled',
      actor: 'finance',
      actor_name: 'Test finance',
      detail: null,
    });
    expect(await problemOf(cancel(h.deps(), held.journal.id, FINANCE))).toMatchObject({
      status: 409,
      detail: 'The request is CANCELLED; it no longer waits for approval.',
    });
    expect((await h.events(held.journal.id)).map((e) => e.kind)).toEqual([
      'submitted',
      'cancelled',
    ]);
  });

  it('an expiry records that nobody approved it in time, at the limit and not before', async () => {
    const h = await app();
    const first = await h.submit('createInternalTransfer', transfer());
    const second = await h.submit('createInternalTransfer', transfer('7.00'));
    h.advance(24 * HOUR - 1);
    expect(await sweepExpired(h.deps())).toBe(0);
    h.advance(1);
    expect(await sweepExpired(h.deps())).toBe(2);
    expect(await sweepExpired(h.deps())).toBe(0);
    for (const id of [first.journal.id, second.journal.id]) {
      expect(await h.deps().journal.get(id)).toMatchObject({
        state: 'EXPIRED',
        error: 'Not sent: nobody approved it within the waiting limit.',
      });
      expect(await h.events(id)).toEqual([
        { kind: 'submitted', actor: 'finance', actor_name: 'Test finance', detail: null },
        { kind: 'expired', actor: null, actor_name: null, detail: null },
      ]);
    }
    expect(h.requests).toHaveLength(0);
  });

  it('an expiry that another sweep made first is counted and recorded once', async () => {
    const h = await app();
    const held = await h.submit('createInternalTransfer', transfer());
    h.advance(24 * HOUR);
    // A second process read the same due list before the first sweep moved the request.
    const late = h.deps();
    const lateDeps = {
      ...late,
      approvals: { ...late.approvals, dueIds: async () => [held.journal.id] },
    };
    expect(await sweepExpired(h.deps())).toBe(1);
    expect(await sweepExpired(lateDeps)).toBe(0);
    expect((await h.events(held.journal.id)).map((e) => e.kind)).toEqual(['submitted', 'expired']);
  });

  it('an approval records the approver; short of the count it keeps waiting', async () => {
    const h = await app();
    const held = await h.submit('createInternalTransfer', transfer('20000.00'));
    const outcome = await approve(h.deps(), held.journal.id, {
      operator: FINANCE2,
      requestId: 'r-1',
    });
    expect(outcome.kind).toBe('waiting');
    expect(outcome.kind === 'waiting' && outcome.entry.state).toBe('AWAITING_APPROVAL');
    expect((await h.events(held.journal.id)).at(-1)).toEqual({
      kind: 'approved',
      actor: 'finance2',
      actor_name: 'Second Finance',
      detail: null,
    });
    expect(h.requests).toHaveLength(0);
  });

  it('an approval of a request changed while it waited is refused and reported', async () => {
    const h = await app();
    const held = await h.submit('createInternalTransfer', transfer());
    await h.db.query(`update journal_entries set request_body = $2 where id = $1`, [
      held.journal.id,
      held.journal.request_body.replace('125.50', '925.50'),
    ]);
    expect(
      await problemOf(approve(h.deps(), held.journal.id, { operator: FINANCE2, requestId: 'r-t' })),
    ).toMatchObject({
      status: 409,
      detail:
        'Not sent: the stored request (operation, method, path or body) does not match what was submitted for approval.',
    });
    const { items } = await h.deps().securityEvents!.list({ kind: 'request-tampered' }, 10);
    expect(items.map((e) => [e.request_id, e.username])).toEqual([['r-t', 'finance']]);
    expect((await h.events(held.journal.id)).map((e) => e.kind)).toEqual(['submitted']);
    expect(h.requests).toHaveLength(0);
  });

  it('an id that is not a request for approval is not found', async () => {
    const h = await app();
    const plain = await h.deps().journal.create({
      operation: 'createOrder',
      operator: 'finance',
      operator_name: 'Test finance',
      ref_id: null,
      method: 'POST',
      request_path: '/v2/profiles/p/orders',
      request_body: '{}',
      request_id: 'r-plain',
    });
    for (const id of [plain.id, '00000000-0000-4000-8000-000000000000']) {
      expect(await problemOf(loadRequest(h.deps(), id))).toMatchObject({
        status: 404,
        detail: 'There is no request for approval with this id.',
      });
    }
  });

  it('loading a request expires it first when its time is up', async () => {
    const h = await app();
    const held = await h.submit('createInternalTransfer', transfer());
    h.advance(24 * HOUR);
    const { entry } = await loadRequest(h.deps(), held.journal.id);
    expect(entry.state).toBe('EXPIRED');
  });
});

/** The databases approval locking is tested on: PGlite always, PostgreSQL when configured. */
const url = process.env.TEST_DATABASE_URL;
const databases: [string, () => Promise<Db>][] = [
  ['PGlite', () => sharedDb()],
  ...(url
    ? [['PostgreSQL', () => openDb({ databaseUrl: url })] as [string, () => Promise<Db>]]
    : []),
];

describe.each(databases)('approval locking on %s', (name, open) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    if (name !== 'PGlite') await db.close();
  });

  it.each([1, 2])('two concurrent approvals send once (%i needed)', async (needed) => {
    const h = await app(db);
    const held = await h.submit(
      'createInternalTransfer',
      transfer(needed === 2 ? '50000.00' : '10.00'),
    );
    expect(held.approval).toMatchObject({ approvers_needed: needed });
    const results = await Promise.all([
      h.approve(held.journal.id, 'finance2'),
      h.approve(held.journal.id, 'admin'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(needed === 2 ? [200, 202] : [200, 409]);
    expect(h.requests).toHaveLength(1);
    const kinds = (await h.events(held.journal.id)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'sent')).toHaveLength(1);
    expect((await h.deps().journal.get(held.journal.id))?.state).toBe('SUCCEEDED');
  });

  it('the approval that loses the race is told the request no longer waits', async () => {
    const h = await app(db);
    const held = await h.submit('createInternalTransfer', transfer('10.00'));
    const ADMIN: Operator = { username: 'admin', display_name: 'Test admin', role: 'admin' };
    const settled = await Promise.allSettled([
      approve(h.deps(), held.journal.id, { operator: FINANCE2, requestId: 'r-a' }),
      approve(h.deps(), held.journal.id, { operator: ADMIN, requestId: 'r-b' }),
    ]);
    const lost = settled.filter((s) => s.status === 'rejected');
    expect(lost).toHaveLength(1);
    const error = (lost[0] as PromiseRejectedResult).reason as ProblemError;
    expect(error.init.status).toBe(409);
    expect(error.init.detail).toMatch(
      /^The request is (APPROVED|SENDING|SUCCEEDED); it no longer waits for approval\.$/,
    );
    expect(h.requests).toHaveLength(1);
  });

  it('one approver approving twice at once counts once', async () => {
    const h = await app(db);
    const held = await h.submit('createInternalTransfer', transfer('50000.00'));
    const settled = await Promise.allSettled([
      approve(h.deps(), held.journal.id, { operator: FINANCE2, requestId: 'r-a' }),
      approve(h.deps(), held.journal.id, { operator: FINANCE2, requestId: 'r-b' }),
    ]);
    const lost = settled.filter((s) => s.status === 'rejected');
    expect(lost).toHaveLength(1);
    expect(((lost[0] as PromiseRejectedResult).reason as ProblemError).init).toMatchObject({
      status: 409,
      detail: 'You have approved this request already.',
    });
    expect((await h.deps().approvals.approvals(held.journal.id)).map((a) => a.approver)).toEqual([
      'finance2',
    ]);
    expect(h.requests).toHaveLength(0);
  });
});
