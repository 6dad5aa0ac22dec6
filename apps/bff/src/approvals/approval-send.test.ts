import type { JournalEntry, Operator } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalApp, approvedTransfer, nextStart } from '../../test/approvals-test-kit';
import { echoSuccess, sharedDb } from '../../test/harness';
import { ProblemError } from '../errors';
import { requestSha256 } from '../journal/journal-store';
import { resendApproved, sendApproved } from './approval-send';
import { buildPolicy } from './policy';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

const HOUR = 3_600_000;
const ADMIN: Operator = { username: 'admin', display_name: 'Test admin', role: 'admin' };
const FINANCE: Operator = { username: 'finance', display_name: 'Test finance', role: 'finance' };

async function securityEvents(h: Awaited<ReturnType<typeof approvalApp>>) {
  return (await h.deps.securityEvents!.list({ kind: 'request-tampered' }, 100)).items;
}

describe('an approved entry resumed after a restart', () => {
  it('is not sent when its approval expired during the outage: EXPIRED, with reason and event', async () => {
    const t = await approvedTransfer();
    const expiresAt = t.request.expires_at;
    expect(expiresAt).toBe(new Date(t.start + 24 * HOUR).toISOString());
    const resumed = await nextStart(t.h.db, t.depsAt(t.start + 30 * HOUR));
    const reason = `Not sent: the approval was valid until ${expiresAt}.`;
    expect(resumed.map((e) => [e.id, e.state, e.error])).toEqual([[t.id, 'EXPIRED', reason]]);
    expect(t.scripted.requests).toHaveLength(0);
    expect((await t.events()).at(-1)).toEqual({ kind: 'expired', actor: null, detail: reason });
    expect((await t.stored()).state).toBe('EXPIRED');
  });

  it('is expired at the very millisecond its approval ends, and sent one millisecond before', async () => {
    const late = await approvedTransfer();
    const end = Date.parse(late.request.expires_at);
    const atEnd = await sendApproved(late.depsAt(end), late.entry, late.request, {
      operator: ADMIN,
      requestId: 'r-end',
    });
    expect(atEnd).toMatchObject({ kind: 'refused', entry: { state: 'EXPIRED' } });
    expect(late.scripted.requests).toHaveLength(0);

    const early = await approvedTransfer();
    const before = await sendApproved(
      early.depsAt(Date.parse(early.request.expires_at) - 1),
      early.entry,
      early.request,
      { operator: ADMIN, requestId: 'r-before' },
    );
    expect(before.kind).toBe('sent');
    expect(early.scripted.requests).toHaveLength(1);
  });

  it.each([
    ['body', "request_body = replace(request_body, '42.00', '4200.00')"],
    ['path', "request_path = request_path || '/other'"],
  ])(
    'is not sent when its %s changed while APPROVED: REJECTED, and a request-tampered event',
    async (_, change) => {
      const t = await approvedTransfer();
      await t.h.db.query(`update journal_entries set ${change} where id = $1`, [t.id]);
      const resumed = await nextStart(t.h.db, t.depsAt(t.start + HOUR));
      const reason =
        'Not sent: the stored request (operation, method, path or body) does not match what was submitted for approval.';
      expect(resumed.map((e) => [e.id, e.state, e.error])).toEqual([[t.id, 'REJECTED', reason]]);
      expect(t.scripted.requests).toHaveLength(0);
      expect((await t.events()).at(-1)).toEqual({ kind: 'rejected', actor: null, detail: reason });
      const tamperedEvents = await securityEvents(t.h);
      expect(tamperedEvents).toHaveLength(1);
      expect(tamperedEvents[0]).toMatchObject({
        kind: 'request-tampered',
        username: 'finance',
        detail: expect.stringContaining(`journal entry ${t.id} (createInternalTransfer `),
      });
    },
  );
});

describe('sending the last approval', () => {
  it('sends the stored bytes once, recording who sent it and when', async () => {
    const t = await approvedTransfer();
    const now = t.start + HOUR;
    const outcome = await sendApproved(t.depsAt(now), t.entry, t.request, {
      operator: ADMIN,
      requestId: 'r-send',
    });
    expect(outcome.kind).toBe('sent');
    expect(outcome.kind === 'sent' && outcome.result.entry.state).toBe('SUCCEEDED');
    expect(t.scripted.requests.map((r) => r.body)).toEqual([t.entry.request_body]);
    const events = await t.h.deps.approvals.events(t.id);
    expect(events.at(-1)).toMatchObject({
      kind: 'sent',
      actor: 'admin',
      actor_name: 'Test admin',
      detail: null,
      at: new Date(now).toISOString(),
    });
  });

  it('is refused, sending nothing, when another approval already claimed it', async () => {
    const t = await approvedTransfer();
    const context = { operator: ADMIN, requestId: 'r-twice' };
    expect((await sendApproved(t.depsAt(t.start), t.entry, t.request, context)).kind).toBe('sent');
    const again = await sendApproved(t.depsAt(t.start), t.entry, t.request, context);
    expect(again).toEqual({
      kind: 'refused',
      entry: t.entry,
      reason: 'Another approval is sending it.',
    });
    expect(t.scripted.requests).toHaveLength(1);
  });

  it('goes back to waiting, with why, when an approver was removed meanwhile', async () => {
    const t = await approvedTransfer();
    t.h.removeUser('finance2');
    const outcome = await sendApproved(t.depsAt(t.start), t.entry, t.request, {
      operator: ADMIN,
      requestId: 'r-removed',
    });
    const reason =
      'Counted again before sending: 0 of 1 approvals count (finance2 is no longer an operator). It waits for approval again.';
    expect(outcome).toMatchObject({ kind: 'reopened', reason });
    expect(outcome.kind !== 'sent' && outcome.entry.state).toBe('AWAITING_APPROVAL');
    expect((await t.events()).at(-1)).toEqual({ kind: 'reopened', actor: null, detail: reason });
    expect(t.scripted.requests).toHaveLength(0);
  });

  it('goes back to waiting when the policy now asks more approvals for this amount', async () => {
    const oneForAll = buildPolicy({
      operations: { createInternalTransfer: { required: true } },
    });
    const t = await approvedTransfer({ amount: '20000.00', policy: oneForAll });
    expect(t.request.approvers_needed).toBe(1);
    const outcome = await sendApproved(
      t.depsAt(t.start, unsignedDefaultPolicy()),
      t.entry,
      t.request,
      {
        operator: ADMIN,
        requestId: 'r-policy',
      },
    );
    expect(outcome).toMatchObject({
      kind: 'reopened',
      reason:
        'Counted again before sending: 1 of 2 approvals count (policy changed). It waits for approval again.',
    });
    expect(t.scripted.requests).toHaveLength(0);
  });

  it('is rejected, unsent, when the request is no longer valid at approval time', async () => {
    const t = await approvedTransfer();
    // A request whose stored operation the console no longer accepts in this shape.
    const broken: JournalEntry = {
      ...t.entry,
      request_body: '{"amount":"42.00","asset":"USD"}',
    };
    await t.h.db.query('update journal_entries set request_body = $2 where id = $1', [
      t.id,
      broken.request_body,
    ]);
    const request = { ...t.request, request_sha256: requestSha256(broken) };
    // As if approved in this shape: the approval binds the hash of the stored request.
    await t.h.db.query('update approvals set request_sha256 = $2 where journal_id = $1', [
      t.id,
      request.request_sha256,
    ]);
    const outcome = await sendApproved(t.depsAt(t.start), broken, request, {
      operator: ADMIN,
      requestId: 'r-invalid',
    });
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused') return;
    expect(outcome.entry.state).toBe('REJECTED');
    expect(outcome.reason).toMatch(
      /^Not sent: at approval time the request is no longer valid \(.*\w+: .+\)\.$/,
    );
    expect(outcome.entry.error).toBe(outcome.reason);
    expect((await t.events()).at(-1)).toEqual({
      kind: 'rejected',
      actor: null,
      detail: outcome.reason,
    });
    expect(t.scripted.requests).toHaveLength(0);
  });

  it('leaves an entry that is no longer APPROVED as it is, adding no event', async () => {
    const t = await approvedTransfer();
    await t.h.deps.journal.move(t.id, ['APPROVED'], 'CANCELLED', 'gone meanwhile');
    const before = await t.events();
    const outcome = await sendApproved(t.depsAt(t.start + 30 * HOUR), t.entry, t.request, {
      operator: ADMIN,
      requestId: 'r-gone',
    });
    expect(outcome).toMatchObject({ kind: 'refused', entry: t.entry });
    expect(await t.events()).toEqual(before);
    expect((await t.stored()).state).toBe('CANCELLED');
  });
});

describe('re-sending an approved request', () => {
  const conflict = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).init.status).toBe(409);
    return (error as ProblemError).init.detail;
  };
  const unknownOutcome = () => {
    let calls = 0;
    return (request: Parameters<typeof echoSuccess>[0]) =>
      calls++ === 0
        ? ({ kind: 'no-answer', error: 'timeout', attempts: 1 } as never)
        : echoSuccess(request);
  };

  /** Sent once with no answer: UNKNOWN, with a `sent` event. */
  async function sentWithoutAnswer() {
    const t = await approvedTransfer({ answer: unknownOutcome() });
    const first = await sendApproved(t.depsAt(t.start), t.entry, t.request, {
      operator: ADMIN,
      requestId: 'r-first',
    });
    expect(first.kind === 'sent' && first.result.entry.state).toBe('UNKNOWN');
    return { ...t, entry: await t.stored() };
  }

  it('is not for an entry that never needed approval', async () => {
    const t = await approvedTransfer();
    const plain = await t.h.deps.journal.create({
      operation: 'createOrder',
      operator: 'finance',
      operator_name: 'Test finance',
      ref_id: null,
      method: 'POST',
      request_path: '/v2/profiles/p/orders',
      request_body: '{}',
      request_id: 'r-plain',
    });
    expect(
      await resendApproved(t.depsAt(t.start), plain, { operator: FINANCE, requestId: 'r' }),
    ).toBeUndefined();
  });

  it('sends again within the approval, as a `resent` line with who and when', async () => {
    const t = await sentWithoutAnswer();
    const now = t.start + 2 * HOUR;
    const result = await resendApproved(t.depsAt(now), t.entry, {
      operator: FINANCE,
      requestId: 'r-again',
    });
    expect(result?.entry.state).toBe('SUCCEEDED');
    expect(t.scripted.requests).toHaveLength(2);
    const last = (await t.h.deps.approvals.events(t.id)).at(-1);
    expect(last).toMatchObject({
      kind: 'resent',
      actor: 'finance',
      actor_name: 'Test finance',
      detail: null,
      at: new Date(now).toISOString(),
    });
  });

  /** The service's answer to a ref_id it already holds: `409 already-exists`, with its record. */
  const alreadyExists = (request: Parameters<typeof echoSuccess>[0], record: object) =>
    ({
      kind: 'answered',
      status: 409,
      body: {
        type: 'already-exists',
        title: 'Conflict',
        status: 409,
        meta: { existing: { id: 't-held', ...JSON.parse(request.body), ...record } },
      },
      attempts: 1,
      retried: false,
    }) as const;

  it('counts a re-send answered "already exists" with this very transfer as the success it is', async () => {
    // The first send reached the service and its answer was lost: the re-send, on its first
    // attempt, is told the ref_id is taken by the same intent. Calling that a failure would have
    // an operator clone it and move the money twice.
    let calls = 0;
    const t = await approvedTransfer({
      answer: (request) =>
        calls++ === 0
          ? ({ kind: 'no-answer', error: 'timeout', attempts: 1 } as never)
          : alreadyExists(request, {}),
    });
    await sendApproved(t.depsAt(t.start), t.entry, t.request, { operator: ADMIN, requestId: 'r1' });
    const again = await resendApproved(t.depsAt(t.start + HOUR), await t.stored(), {
      operator: FINANCE,
      requestId: 'r2',
    });
    expect(again?.entry.state).toBe('SUCCEEDED');
    expect(again?.data).toMatchObject({ id: 't-held' });
  });

  it('never counts a first send answered "already exists" as sent: that ref_id is someone else’s', async () => {
    const t = await approvedTransfer({ answer: (request) => alreadyExists(request, {}) });
    const sent = await sendApproved(t.depsAt(t.start), t.entry, t.request, {
      operator: ADMIN,
      requestId: 'r1',
    });
    expect(sent.kind === 'sent' && sent.result.entry.state).toBe('REJECTED');
  });

  it('sends again a request the service refused, within the approval', async () => {
    let calls = 0;
    const t = await approvedTransfer({
      answer: (request) =>
        calls++ === 0
          ? ({
              kind: 'answered',
              status: 400,
              body: { type: 'about:blank', title: 'Bad Request', status: 400 },
              attempts: 1,
              retried: false,
            } as never)
          : echoSuccess(request),
    });
    const first = await sendApproved(t.depsAt(t.start), t.entry, t.request, {
      operator: ADMIN,
      requestId: 'r1',
    });
    expect(first.kind === 'sent' && first.result.entry.state).toBe('REJECTED');
    const again = await resendApproved(t.depsAt(t.start + HOUR), await t.stored(), {
      operator: FINANCE,
      requestId: 'r2',
    });
    expect(again?.entry.state).toBe('SUCCEEDED');
    expect(t.scripted.requests.map((r) => r.requestId)).toEqual(['r1', 'r2']);
  });

  it('is refused once the approval’s validity has passed', async () => {
    const t = await sentWithoutAnswer();
    const detail = await conflict(
      resendApproved(t.depsAt(t.start + 25 * HOUR), t.entry, {
        operator: FINANCE,
        requestId: 'r',
      }),
    );
    expect(detail).toBe(
      `Not sent again: the approval was valid until ${t.request.expires_at}. Check the outcome with the service, or clone it as a new request to be approved.`,
    );
    expect(t.scripted.requests).toHaveLength(1);
  });

  it('is refused when its approvals no longer count, telling to clone it', async () => {
    const t = await sentWithoutAnswer();
    t.h.removeUser('finance2');
    const detail = await conflict(
      resendApproved(t.depsAt(t.start), t.entry, { operator: FINANCE, requestId: 'r' }),
    );
    expect(detail).toBe(
      'Counted again before sending: 0 of 1 approvals count (finance2 is no longer an operator). Clone it as a new request.',
    );
    expect((await t.stored()).state).toBe('UNKNOWN');
    expect(t.scripted.requests).toHaveLength(1);
  });

  it('is refused for a request that was never sent (rejected, cancelled or expired)', async () => {
    const t = await approvedTransfer();
    await sendApproved(t.depsAt(t.start + 30 * HOUR), t.entry, t.request, {
      operator: ADMIN,
      requestId: 'r-expired',
    });
    const detail = await conflict(
      resendApproved(t.depsAt(t.start), await t.stored(), { operator: FINANCE, requestId: 'r' }),
    );
    expect(detail).toBe(
      'This request needed approval and was never sent: clone it as a new request instead.',
    );
    expect(t.scripted.requests).toHaveLength(0);
  });

  it('is refused for an entry that is not UNKNOWN or REJECTED', async () => {
    const t = await approvedTransfer();
    await sendApproved(t.depsAt(t.start), t.entry, t.request, {
      operator: ADMIN,
      requestId: 'r-ok',
    });
    const detail = await conflict(
      resendApproved(t.depsAt(t.start), await t.stored(), { operator: FINANCE, requestId: 'r' }),
    );
    expect(detail).toBe('The entry is SUCCEEDED; only UNKNOWN or REJECTED entries can be retried.');
    expect(t.scripted.requests).toHaveLength(1);
  });
});
