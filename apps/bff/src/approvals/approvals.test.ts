import { exampleInput, type JournalEntry } from '@console/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_HEADERS, echoSuccess, scriptedClient } from '../../test/harness';
import { approvalApp } from '../../test/approvals-test-kit';
import { buildPolicy } from './policy';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';

type App = Awaited<ReturnType<typeof approvalApp>>;
type Requests = ReturnType<typeof scriptedClient>['requests'];

const transfer = (amount = '125.50') => ({ ...exampleInput('createInternalTransfer'), amount });

describe('maker-checker approvals (default policy)', () => {
  let h: App;
  let requests: Requests;
  beforeEach(async () => {
    const scripted = scriptedClient(echoSuccess);
    requests = scripted.requests;
    h = await approvalApp({ client: scripted.client, policy: unsignedDefaultPolicy() });
  });

  it('holds a transfer unsent, answers 202 with who can approve, and sends it on approval', async () => {
    const held = await h.submit('createInternalTransfer', transfer());
    expect(held.status).toBe(202);
    expect(held.journal.state).toBe('AWAITING_APPROVAL');
    expect(held.approval).toMatchObject({
      required: true,
      approvers_needed: 1,
      eligible_roles: ['finance', 'admin'],
      expires_at: expect.any(String),
    });
    expect(requests).toHaveLength(0);
    expect((await h.queue('finance')).count).toBe(0);
    expect((await h.queue('finance2')).items.map((i) => i.journal.id)).toEqual([held.journal.id]);
    expect((await h.queue('viewer')).count).toBe(0);

    const res = await h.approve(held.journal.id, 'finance2');
    expect(res.status).toBe(200);
    const sent = (await res.json()) as { journal: JournalEntry };
    expect(sent.journal.state).toBe('SUCCEEDED');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toBe(held.journal.request_body);
    const detail = await h.detail(held.journal.id);
    expect(detail.approval.events.map((e) => [e.kind, e.actor_name])).toEqual([
      ['submitted', 'Test finance'],
      ['approved', 'Second Finance'],
      ['sent', 'Second Finance'],
    ]);
    expect(detail.fields).toMatchObject({ amount: '125.50', asset: 'USD' });
    expect((await h.approve(held.journal.id, 'admin')).status).toBe(409);
    expect(requests).toHaveLength(1);
  });

  it('refuses self-approval, a viewer and a role the policy does not name, with 403', async () => {
    const held = await h.submit('createInternalTransfer', transfer());
    expect((await h.approve(held.journal.id, 'finance')).status).toBe(403);
    expect((await h.approve(held.journal.id, 'viewer')).status).toBe(403);
    expect((await h.approve(held.journal.id, 'support')).status).toBe(403);
    expect((await h.detail(held.journal.id, 'finance')).approval).toMatchObject({
      can_decide: false,
      can_cancel: true,
    });
    expect(requests).toHaveLength(0);
  });

  it('needs two distinct approvers above the threshold; one operator counts once', async () => {
    const held = await h.submit('createInternalTransfer', transfer('10000.01'));
    expect(held.approval).toMatchObject({ approvers_needed: 2 });
    expect((await h.approve(held.journal.id, 'finance2')).status).toBe(202);
    expect((await h.approve(held.journal.id, 'finance2')).status).toBe(409);
    expect(requests).toHaveLength(0);
    const res = await h.approve(held.journal.id, 'admin');
    expect(res.status).toBe(200);
    expect(requests).toHaveLength(1);
    const detail = await h.detail(held.journal.id);
    expect(detail.approval.approvals.map((a) => a.approver)).toEqual(['finance2', 'admin']);
  });

  it('an approval stops counting when its approver loses the role', async () => {
    const held = await h.submit('createInternalTransfer', transfer('20000'));
    expect((await h.approve(held.journal.id, 'finance2')).status).toBe(202);
    h.setRole('finance2', 'support');
    expect((await h.approve(held.journal.id, 'admin')).status).toBe(202);
    expect(requests).toHaveLength(0);
    const detail = await h.detail(held.journal.id);
    expect(detail.approval.approvals.map((a) => [a.approver, a.counts])).toEqual([
      ['finance2', false],
      ['admin', true],
    ]);
  });

  it.each([1, 2])('concurrent approvals send once (%i needed)', async (needed) => {
    const held = await h.submit('createInternalTransfer', transfer(needed === 2 ? '50000' : '10'));
    const results = await Promise.all([
      h.approve(held.journal.id, 'finance2'),
      h.approve(held.journal.id, 'admin'),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual(needed === 2 ? [200, 202] : [200, 409]);
    expect(requests).toHaveLength(1);
  });

  it('reject needs a reason, sends nothing, and the entry cannot be retried', async () => {
    const held = await h.submit('createInternalTransfer', transfer());
    const id = held.journal.id;
    expect((await h.post(`/api/approvals/${id}/reject`, h.cookies.finance2, {})).status).toBe(400);
    expect(
      (await h.post(`/api/approvals/${id}/reject`, h.cookies.finance, { reason: 'x' })).status,
    ).toBe(403);
    const res = await h.post(`/api/approvals/${id}/reject`, h.cookies.finance2, {
      reason: 'wrong profile',
    });
    expect(res.status).toBe(200);
    const detail = await h.detail(id);
    expect(detail.journal.state).toBe('REJECTED');
    expect(detail.journal.error).toContain('wrong profile');
    expect(detail.approval.events.at(-1)).toMatchObject({ kind: 'rejected', actor: 'finance2' });
    expect((await h.post(`/api/journal/${id}/retry`, h.cookies.finance, {})).status).toBe(409);
    expect((await h.approve(id, 'admin')).status).toBe(409);
    expect(requests).toHaveLength(0);
  });

  it('an approval may carry a comment, kept in the trail; an empty body or none is no comment', async () => {
    const held = await h.submit('createInternalTransfer', transfer('250000.00'));
    const id = held.journal.id;
    const approve = (who: 'finance2' | 'admin', body?: unknown) =>
      h.app.request(`/api/approvals/${id}/approve`, {
        method: 'POST',
        headers: { ...BROWSER_HEADERS, Cookie: h.cookies[who] },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    // Bounds as a rejection's reason has them, checked before anything is recorded.
    for (const comment of ['   ', 'x'.repeat(501), 42]) {
      const refused = await approve('finance2', { comment });
      expect(refused.status, JSON.stringify(comment)).toBe(400);
      expect(((await refused.json()) as { errors: unknown }).errors).toEqual([
        { path: 'comment', message: 'Write a comment of 1 to 500 characters' },
      ]);
    }
    expect((await h.detail(id)).approval.approvals).toEqual([]);

    expect((await approve('finance2', { comment: '  Checked the invoice  ' })).status).toBe(202);
    expect((await approve('admin')).status).toBe(200);
    const approved = (await h.detail(id)).approval.events.filter((e) => e.kind === 'approved');
    expect(approved.map((e) => [e.actor, e.detail])).toEqual([
      ['finance2', 'Checked the invoice'],
      ['admin', null],
    ]);
  });

  it('only the maker cancels; a cancelled request sends nothing', async () => {
    const held = await h.submit('createInternalTransfer', transfer());
    const id = held.journal.id;
    expect((await h.post(`/api/approvals/${id}/cancel`, h.cookies.finance2, {})).status).toBe(403);
    expect((await h.post(`/api/approvals/${id}/cancel`, h.cookies.finance, {})).status).toBe(200);
    expect((await h.detail(id)).journal.state).toBe('CANCELLED');
    expect((await h.approve(id, 'finance2')).status).toBe(409);
    expect(requests).toHaveLength(0);
  });

  it('expires after the waiting limit, on read, and sends nothing', async () => {
    const held = await h.submit('createInternalTransfer', transfer());
    h.advance(24 * 3_600_000 + 1);
    expect((await h.queue('finance2')).count).toBe(0);
    const detail = await h.detail(held.journal.id);
    expect(detail.journal.state).toBe('EXPIRED');
    expect(detail.approval.events.map((e) => e.kind)).toEqual(['submitted', 'expired']);
    expect((await h.approve(held.journal.id, 'finance2')).status).toBe(409);
    expect(requests).toHaveLength(0);
  });

  it('refuses to send bytes that no longer match the approved hash', async () => {
    const held = await h.submit('createInternalTransfer', transfer());
    await h.db.query(`update journal_entries set request_body = $2 where id = $1`, [
      held.journal.id,
      held.journal.request_body.replace('125.50', '925.50'),
    ]);
    expect((await h.approve(held.journal.id, 'finance2')).status).toBe(409);
    expect(requests).toHaveLength(0);
  });

  it('a clone is a new request that needs its own approvals; orders are sent at once', async () => {
    const first = await h.submit('createInternalTransfer', transfer());
    await h.approve(first.journal.id, 'finance2');
    const clone = await h.submit('createInternalTransfer', transfer());
    expect(clone.status).toBe(202);
    expect(clone.journal.id).not.toBe(first.journal.id);
    expect(clone.journal.ref_id).not.toBe(first.journal.ref_id);
    expect((await h.submit('createOrder', exampleInput('createOrder'))).status).toBe(200);
    expect(requests).toHaveLength(2);
  });

  it('holds fiat account updates for support or admin', async () => {
    const held = await h.submit('updateFiatAccount', exampleInput('updateFiatAccount'), 'support');
    expect(held.approval).toMatchObject({ eligible_roles: ['support', 'admin'] });
    expect((await h.approve(held.journal.id, 'finance2')).status).toBe(403);
    expect((await h.approve(held.journal.id, 'admin')).status).toBe(200);
    // One read of the account when the request was held (its snapshot), then the update.
    expect(requests.map((r) => `${r.method} ${r.scope}`)).toEqual([
      'GET transfer:read_fiat_account',
      'PUT transfer:write_fiat_account',
    ]);
  });
});

describe('clock rules at approval time', () => {
  it('rejects, without sending, an order whose GTT expiry passed while it waited', async () => {
    const scripted = scriptedClient(echoSuccess);
    const start = Date.now();
    const h = await approvalApp({
      client: scripted.client,
      start,
      policy: buildPolicy({ operations: { createOrder: { required: true } } }),
    });
    const held = await h.submit('createOrder', {
      ...exampleInput('createOrder'),
      type: 'LIMIT',
      quote_amount: undefined,
      base_amount: '0.01',
      price: '50000',
      time_in_force: 'GTT',
      expiration_date: String(start + 60_000),
    });
    expect(held.status).toBe(202);
    h.advance(120_000);
    const res = await h.approve(held.journal.id, 'finance2');
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: string; journal: JournalEntry };
    expect(body.journal.state).toBe('REJECTED');
    expect(body.detail).toMatch(/no longer valid.*expir/i);
    expect(scripted.requests).toHaveLength(0);
  });
});
