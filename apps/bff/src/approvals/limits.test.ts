import {
  exampleInput,
  type ConsoleProblem,
  type JournalEntry,
  type JournalPage,
  type LimitList,
  type SendPreview,
} from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { echoSuccess, scriptedClient } from '../../test/harness';
import type { SendRequest, UpstreamOutcome } from '../upstream/client';
import { buildPolicy } from './policy';
import { type PolicyFile } from './policy-file';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 26, 9, 0, 0);

const transfer = (amount: string) => ({ ...exampleInput('createInternalTransfer'), amount });
const svc = (amount: string) => ({ ...exampleInput('createSvcTransfer'), asset: 'USD', amount });

/** Internal transfers go at once, svc transfers wait for one finance or admin approver. */
const operations: PolicyFile['operations'] = {
  createInternalTransfer: { required: false },
  createSvcTransfer: { required: true },
};
const limit = {
  role: 'finance',
  side: 'initiate',
  asset: 'USD',
  window: '24h',
  max: '1000',
} as const;

async function app(
  limits: PolicyFile['limits'],
  answer: (request: SendRequest) => UpstreamOutcome = echoSuccess,
) {
  const scripted = scriptedClient(answer);
  const h = await approvalApp({
    client: scripted.client,
    start: START,
    journalOnClock: true,
    policy: buildPolicy({ operations, limits }),
  });
  const send = async (
    body: object,
    operation = 'createInternalTransfer',
    who = h.cookies.finance,
  ) => {
    const res = await h.post(`/api/operations/${operation}`, who, body);
    return {
      status: res.status,
      body: (await res.json()) as ConsoleProblem & { journal: JournalEntry; approval?: unknown },
    };
  };
  const journal = async () =>
    ((await (await h.get('/api/journal', h.cookies.admin)).json()) as JournalPage).items;
  const limits$ = async (who = h.cookies.finance) =>
    ((await (await h.get('/api/limits', who)).json()) as LimitList).items;
  return { h, send, journal, limits: limits$, requests: scripted.requests };
}

describe('limits per operator on what they initiate', () => {
  it('exactly the limit leaves; one cent more is refused before anything is journaled, saying why', async () => {
    const t = await app([{ ...limit, over: 'refuse' }]);
    expect((await t.send(transfer('600'))).status).toBe(200);
    expect((await t.send(transfer('400'))).status).toBe(200);
    const over = await t.send(transfer('0.01'));
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('limit-exceeded');
    expect(over.body.detail).toBe(
      'Nothing was journaled: it would pass the limit of 1,000.00 USD in the last 24 hours (1,000.00 used, 0.00 left; this is 0.01).',
    );
    expect(over.body.limits).toMatchObject([
      { window: '24h', used: '1000', amount: '0.01', over: true },
    ]);
    expect(await t.journal()).toHaveLength(2);
    expect(t.requests).toHaveLength(2);
  });

  it('rolls over with the clock: what was sent 24 hours ago no longer counts, a moment earlier it does', async () => {
    const t = await app([{ ...limit, over: 'refuse' }]);
    expect((await t.send(transfer('1000'))).status).toBe(200);
    t.h.advance(24 * HOUR - 1);
    expect((await t.send(transfer('0.01'))).status).toBe(422);
    t.h.advance(1);
    expect((await t.send(transfer('1000'))).status).toBe(200);
    expect((await t.limits())[0]).toMatchObject({ used: '1000', left: '0' });
  });

  it('an escalating limit makes a send that would go at once wait for one approver from a role that may lift it', async () => {
    const t = await app([{ ...limit, over: 'escalate' }]);
    expect((await t.send(transfer('1000'))).status).toBe(200);
    const held = await t.send(transfer('0.01'));
    expect(held.status).toBe(202);
    expect(held.body.approval).toMatchObject({
      approvers_needed: 1,
      eligible_roles: ['admin'],
      escalation: {
        lift_roles: ['admin'],
        reason:
          'It passes the limit of 1,000.00 USD in the last 24 hours (1,000.00 used, 0.00 left; this is 0.01): one more approver, from admin.',
      },
    });
    expect((await t.h.approve(held.body.journal.id, 'finance2')).status).toBe(403);
    expect(t.requests).toHaveLength(1);
    expect((await t.h.approve(held.body.journal.id, 'admin')).status).toBe(200);
    expect(t.requests).toHaveLength(2);
  });

  it('a send that would wait for one approver waits for two, and not for long without the one who may lift it', async () => {
    const t = await app([{ ...limit, over: 'escalate' }]);
    const held = await t.send(svc('1000.01'), 'createSvcTransfer');
    expect(held.body.approval).toMatchObject({
      approvers_needed: 2,
      eligible_roles: ['finance', 'admin'],
    });
    // A finance approval counts, but the last one must be admin's: it keeps waiting.
    expect((await t.h.approve(held.body.journal.id, 'finance2')).status).toBe(202);
    const detail = await t.h.detail(held.body.journal.id);
    expect(detail.approval.escalation?.lift_roles).toEqual(['admin']);
    expect(detail.approval.prospect).toMatchObject({ still_needed: 1, stalled: null });
    expect(t.requests).toHaveLength(0);
    expect((await t.h.approve(held.body.journal.id, 'admin')).status).toBe(200);
    expect(t.requests).toHaveLength(1);
  });

  it('a waiting send counts while it waits, and no longer once rejected', async () => {
    const t = await app([{ ...limit, over: 'escalate' }]);
    const held = await t.send(transfer('1500'));
    expect(held.status).toBe(202);
    expect((await t.limits())[0]).toMatchObject({ used: '1500', left: '0' });
    await t.h.post(`/api/approvals/${held.body.journal.id}/reject`, t.h.cookies.admin, {
      reason: 'Too much today',
    });
    expect((await t.limits())[0]).toMatchObject({
      used: '0',
      left: '1000',
      text: '1,000.00 of 1,000.00 USD left in the last 24 hours',
    });
  });

  it('a refused send sent again from the journal counts again: refused when it no longer fits', async () => {
    let refuseFirst = true;
    const t = await app([{ ...limit, over: 'refuse' }], (request) => {
      if (!refuseFirst) return echoSuccess(request);
      refuseFirst = false;
      return { kind: 'answered', status: 403, body: { status: 403 }, attempts: 1, retried: false };
    });
    const refused = await t.send(transfer('600'));
    expect(refused.status).toBe(422);
    expect((await t.send(transfer('600'))).status).toBe(200);
    const retried = await t.h.post(
      `/api/journal/${refused.body.journal!.id}/retry`,
      t.h.cookies.finance,
      {},
    );
    expect(retried.status).toBe(422);
    expect(((await retried.json()) as ConsoleProblem).code).toBe('limit-exceeded');
    expect(t.requests).toHaveLength(2);
  });

  it('the preview says what is left in each window, and why the send escalates', async () => {
    const t = await app([
      { ...limit, over: 'escalate' },
      { ...limit, window: '7d', max: '5000', over: 'refuse' },
    ]);
    await t.send(transfer('600'));
    const res = await t.h.post(
      '/api/operations/createInternalTransfer/preview',
      t.h.cookies.finance,
      transfer('500'),
    );
    const preview = (await res.json()) as SendPreview;
    expect(preview.limits.map((l) => [l.text, l.over])).toEqual([
      ['400.00 of 1,000.00 USD left in the last 24 hours', true],
      ['4,400.00 of 5,000.00 USD left in the last 7 days', false],
    ]);
    expect(preview.refusal).toBeNull();
    expect(preview.approval?.escalation?.reason).toMatch(/^It passes the limit of 1,000.00 USD/);
    expect(await t.journal()).toHaveLength(1);
  });
});

describe('limits per operator on what they approve', () => {
  const approveLimit = {
    operator: 'finance2',
    side: 'approve',
    asset: 'USD',
    window: '24h',
    max: '1000',
  } as const;

  it('counts each approval against the approver’s own limit: the one that would pass it is refused (403, why); another may give it', async () => {
    const t = await app([approveLimit]);
    const first = await t.send(svc('600'), 'createSvcTransfer');
    const second = await t.send(svc('400.01'), 'createSvcTransfer');
    expect((await t.h.approve(first.body.journal.id, 'finance2')).status).toBe(200);
    const refused = await t.h.approve(second.body.journal.id, 'finance2');
    expect(refused.status).toBe(403);
    const problem = (await refused.json()) as ConsoleProblem;
    expect(problem.code).toBe('limit-exceeded');
    expect(problem.detail).toBe(
      'You may not approve it: with it you would pass the limit of 1,000.00 USD in the last 24 hours (600.00 used, 400.00 left; this is 400.01) on what you approve.',
    );
    expect((await t.h.detail(second.body.journal.id)).approval.approvals).toEqual([]);
    expect((await t.h.approve(second.body.journal.id, 'admin')).status).toBe(200);
    expect(t.requests).toHaveLength(2);
  });

  it('exactly the approval limit may be approved, and what they approved is shown to them', async () => {
    const t = await app([approveLimit]);
    const first = await t.send(svc('600'), 'createSvcTransfer');
    const second = await t.send(svc('400'), 'createSvcTransfer');
    expect((await t.h.approve(first.body.journal.id, 'finance2')).status).toBe(200);
    expect((await t.h.approve(second.body.journal.id, 'finance2')).status).toBe(200);
    expect(await t.limits(t.h.cookies.finance2)).toEqual([
      expect.objectContaining({ side: 'approve', used: '1000', left: '0', rule: 'operator' }),
    ]);
  });
});
