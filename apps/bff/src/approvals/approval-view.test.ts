import { exampleInput, type JournalEntry, type Operator, type Role } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { echoSuccess, scriptedClient, sharedDb } from '../../test/harness';
import { createJournalStore, requestSha256 } from '../journal/journal-store';
import type { ApprovalRequestRow, ApprovalRow } from './approval-rows';
import { cannotDecide, decodedFields } from './approval-view';
import { buildPolicy } from './policy';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';

beforeAll(() => sharedDb());

const operator = (username: string, role: Role): Operator => ({
  username,
  display_name: `Operator ${username}`,
  role,
});

async function waitingTransfer(): Promise<{ entry: JournalEntry; request: ApprovalRequestRow }> {
  const journal = createJournalStore(await sharedDb());
  const entry = await journal.create(
    {
      operation: 'createInternalTransfer',
      operator: 'maker',
      operator_name: 'Operator maker',
      ref_id: null,
      method: 'POST',
      request_path: '/v2/transfer/internal',
      request_body: JSON.stringify(exampleInput('createInternalTransfer')),
      request_id: 'req-view',
    },
    'AWAITING_APPROVAL',
  );
  return {
    entry,
    request: {
      journal_id: entry.id,
      approvers_needed: 2,
      eligible_roles: ['finance', 'admin'],
      body_sha256: entry.body_sha256,
      request_sha256: requestSha256(entry),
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    },
  };
}

const given = (approver: string): ApprovalRow => ({
  approver,
  approver_name: `Operator ${approver}`,
  body_sha256: 'b',
  request_sha256: 'r',
  approved_at: new Date().toISOString(),
});

describe('who may approve or reject a waiting request (cannotDecide)', () => {
  it.each([
    [
      'an eligible operator who has not approved yet',
      operator('other', 'finance'),
      [],
      'AWAITING_APPROVAL',
      null,
    ],
    ['an admin', operator('boss', 'admin'), [given('other')], 'AWAITING_APPROVAL', null],
    [
      'the maker',
      operator('maker', 'finance'),
      [],
      'AWAITING_APPROVAL',
      { status: 403, reason: 'You made this request: another operator must approve it.' },
    ],
    [
      'a role the request does not name',
      operator('help', 'support'),
      [],
      'AWAITING_APPROVAL',
      { status: 403, reason: 'Only finance or admin operators may approve this request.' },
    ],
    [
      'a viewer',
      operator('look', 'viewer'),
      [],
      'AWAITING_APPROVAL',
      { status: 403, reason: 'Only finance or admin operators may approve this request.' },
    ],
    [
      'an operator who approved already',
      operator('other', 'finance'),
      [given('someone'), given('other')],
      'AWAITING_APPROVAL',
      { status: 409, reason: 'You have approved this request already.' },
    ],
    [
      'anyone, once the request no longer waits',
      operator('other', 'finance'),
      [],
      'APPROVED',
      { status: 409, reason: 'The request is APPROVED; it no longer waits for approval.' },
    ],
    [
      'even the maker, once the request expired',
      operator('maker', 'finance'),
      [],
      'EXPIRED',
      { status: 409, reason: 'The request is EXPIRED; it no longer waits for approval.' },
    ],
  ] as const)('%s', async (_, who, approvals, state, expected) => {
    const { entry, request } = await waitingTransfer();
    expect(cannotDecide({ ...entry, state }, request, [...approvals], who)).toEqual(expected);
  });
});

describe('the fields an approver sees (decodedFields)', () => {
  it('are the body with the path parameters as fields', async () => {
    const { entry } = await waitingTransfer();
    const fiat = {
      ...entry,
      operation: 'updateFiatAccount',
      request_path: '/v2/transfer/fiat-accounts/f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
      request_body: '{"metadata":{"ticket":"SUP-1"}}',
    };
    expect(decodedFields(fiat)).toEqual({
      id: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
      metadata: { ticket: 'SUP-1' },
    });
  });

  it('are the body alone for an operation the console does not know', async () => {
    const { entry } = await waitingTransfer();
    expect(
      decodedFields({ ...entry, operation: 'retiredOperation', request_body: '{"a":"1"}' }),
    ).toEqual({ a: '1' });
  });
});

describe('the detail of a request for approval', () => {
  async function held() {
    const scripted = scriptedClient(echoSuccess);
    const h = await approvalApp({ client: scripted.client, policy: unsignedDefaultPolicy() });
    const submitted = await h.submit(
      'updateFiatAccount',
      exampleInput('updateFiatAccount'),
      'support',
    );
    expect(submitted.status).toBe(202);
    return { h, id: submitted.journal.id, scripted };
  }

  it('tells the maker they may cancel but not decide, and why', async () => {
    const { h, id } = await held();
    const { approval } = await h.detail(id, 'support');
    expect(approval).toMatchObject({
      required: true,
      approvers_needed: 1,
      eligible_roles: ['support', 'admin'],
      approvals: [],
      can_decide: false,
      cannot_decide_reason: 'You made this request: another operator must approve it.',
      can_cancel: true,
    });
    expect(approval.events.map((e) => [e.kind, e.actor])).toEqual([['submitted', 'support']]);
  });

  it('tells an eligible approver they may decide, and not cancel', async () => {
    const { h, id } = await held();
    const { approval } = await h.detail(id, 'admin');
    expect(approval).toMatchObject({
      can_decide: true,
      cannot_decide_reason: null,
      can_cancel: false,
    });
  });

  it('tells finance it may not approve a fiat account change', async () => {
    const { h, id } = await held();
    const { approval } = await h.detail(id, 'finance');
    expect(approval).toMatchObject({
      can_decide: false,
      cannot_decide_reason: 'Only support or admin operators may approve this request.',
      can_cancel: false,
    });
  });

  it('no longer offers the maker a cancel once the request was decided', async () => {
    const { h, id } = await held();
    expect((await h.approve(id, 'admin')).status).toBe(200);
    const { approval } = await h.detail(id, 'support');
    expect(approval.can_cancel).toBe(false);
    expect(approval.cannot_decide_reason).toMatch(/^The request is SUCCEEDED;/);
    // Nothing is still needed of anyone.
    expect(approval.prospect).toBeNull();
  });

  it('lists each approval with whether it counts now; one given before hashes bound it shows none', async () => {
    const { h, id } = await held();
    const request = (await h.deps.approvals.request(id))!;
    await h.deps.approvals.addApproval(h.db, id, {
      approver: 'finance',
      approver_name: 'Test finance',
      body_sha256: request.body_sha256,
      request_sha256: request.request_sha256,
      approved_at: new Date().toISOString(),
    });
    await h.deps.approvals.addApproval(h.db, id, {
      approver: 'finance2',
      approver_name: 'Second Finance',
      body_sha256: request.body_sha256,
      request_sha256: null,
      approved_at: new Date().toISOString(),
    });
    const { approval } = await h.detail(id, 'admin');
    expect(approval.approvals.map((a) => [a.approver, a.request_sha256, a.counts])).toEqual([
      ['finance', request.request_sha256, false],
      ['finance2', '', false],
    ]);
  });

  it('masks personal data for a viewer, keeping the path parameters', async () => {
    const { h, id } = await held();
    const seen = await h.detail(id, 'viewer');
    expect(seen.fields).toMatchObject({
      id: exampleInput('updateFiatAccount').id,
      fiat_account_owner: { person_details: { first_name: 'A.', last_name: 'L.' } },
    });
    expect(seen.journal.request_body).not.toContain('Lovelace');
    const whole = await h.detail(id, 'admin');
    expect(whole.fields).toMatchObject({
      fiat_account_owner: { person_details: { last_name: 'Lovelace' } },
    });
    expect(whole.journal.request_body).toContain('Lovelace');
  });
});

describe('a request a limit escalated, as its approvers read it', () => {
  const reason =
    'It passes the limit of 1,000.00 USD in the last 24 hours (0.00 used, 1,000.00 left; this is 1,000.01): one more approver, from admin.';

  async function escalated() {
    const h = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      policy: buildPolicy({
        operations: { createSvcTransfer: { required: true } },
        limits: [
          {
            role: 'finance',
            side: 'initiate',
            asset: 'USD',
            window: '24h',
            max: '1000',
            over: 'escalate',
          },
        ],
      }),
    });
    const submitted = await h.submit('createSvcTransfer', {
      ...exampleInput('createSvcTransfer'),
      asset: 'USD',
      amount: '1000.01',
    });
    expect(submitted.status).toBe(202);
    return { h, id: submitted.journal.id };
  }

  it('the detail says why it waits for one more approver and from whom, and the rule that held it', async () => {
    const { h, id } = await escalated();
    const { approval } = await h.detail(id, 'admin');
    expect(approval).toMatchObject({
      approvers_needed: 2,
      escalation: { lift_roles: ['admin'], reason },
      deciding_rule: { words: 'Svc transfers need 1 approver from finance or admin' },
      prospect: { still_needed: 2, candidates: 2, stalled: null },
    });
  });

  it('the queue shows each request with the approvals given so far, whether they count, its events and who is still needed', async () => {
    const { h, id } = await escalated();
    expect((await h.approve(id, 'finance2')).status).toBe(202);
    const [item] = (await h.queue('admin')).items;
    expect(item?.journal.id).toBe(id);
    expect(item?.approval).toMatchObject({
      escalation: { lift_roles: ['admin'], reason },
      // The admin the limit asks for: the one who approved is no candidate.
      prospect: { still_needed: 1, candidates: 1, stalled: null },
      approvals: [{ approver: 'finance2', counts: true }],
    });
    expect(item?.approval.events.map((e) => [e.kind, e.actor])).toEqual([
      ['submitted', 'finance'],
      ['approved', 'finance2'],
    ]);
  });
  it('stalls, saying so, when enough may approve but nobody left may lift the limit', async () => {
    const { h, id } = await escalated();
    h.removeUser('admin');
    h.setRole('support', 'finance');
    const { approval } = await h.detail(id, 'finance2');
    expect(approval.prospect).toMatchObject({ still_needed: 2, candidates: 2 });
    expect(approval.prospect?.stalled).toMatch(
      /^Needs an approval from admin to lift the limit it passes, and /,
    );
  });
});
