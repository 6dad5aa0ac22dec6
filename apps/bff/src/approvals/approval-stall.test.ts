import { exampleInput, type JournalPage, type WorkQueue } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { echoSuccess, scriptedClient, sharedDb } from '../../test/harness';
import { buildPolicy } from './policy';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

const transfer = (amount: string) => ({ ...exampleInput('createInternalTransfer'), amount });

/** Approvals that cannot stall (issue 33, item 1). */
describe('a send no current operator could approve', () => {
  it('is refused before anything is journaled, saying which roles and how many are missing', async () => {
    // Two admins must approve; the test operators hold one admin.
    const policy = buildPolicy({
      operations: { createInternalTransfer: { required: true, approvers: 2, roles: ['admin'] } },
    });
    const h = await approvalApp({ client: scriptedClient(echoSuccess).client, policy });
    const res = await h.post(
      '/api/operations/createInternalTransfer',
      h.cookies.finance,
      transfer('10.00'),
    );
    expect(res.status).toBe(422);
    const problem = (await res.json()) as { code: string; detail: string };
    expect(problem.code).toBe('approval-impossible');
    expect(problem.detail).toBe(
      'Nothing was journaled: it could never be sent. Needs 2 more approvals from admin, and only 1 other operator holds one of those roles: add an approver or change the policy.',
    );
    const journal = (await (await h.get('/api/journal', h.cookies.admin)).json()) as JournalPage;
    expect(journal.items).toEqual([]);
  });

  it('is held when the operators suffice (the maker never counts)', async () => {
    const h = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      policy: unsignedDefaultPolicy(),
    });
    // Finance's 250 000 USD transfer needs two of finance or admin: finance2 and admin.
    const held = await h.submit('createInternalTransfer', transfer('250000.00'));
    expect(held.status).toBe(202);
  });
});

describe('a waiting request that can no longer be approved', () => {
  async function twoApproverTransfer() {
    const h = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      policy: unsignedDefaultPolicy(),
    });
    const held = await h.submit('createInternalTransfer', transfer('250000.00'));
    expect(held.status).toBe(202);
    return { h, id: held.journal.id };
  }
  const queue = async (
    h: Awaited<ReturnType<typeof approvalApp>>,
    who: 'finance' | 'admin' | 'support',
  ) => (await (await h.get('/api/work-queue', h.cookies[who])).json()) as WorkQueue;

  it('says what it still needs while it can be approved', async () => {
    const { h, id } = await twoApproverTransfer();
    const mine = (await queue(h, 'finance')).my_requests.find((i) => i.journal.id === id)!;
    expect(mine.approval?.prospect).toEqual({ still_needed: 2, candidates: 2, stalled: null });
    expect((await queue(h, 'finance')).needs_attention).toEqual([]);
  });

  it('needs the attention of its maker and of admins once an approver is demoted, saying why', async () => {
    const { h, id } = await twoApproverTransfer();
    expect((await h.approve(id, 'admin')).status).toBe(202);
    h.setRole('finance2', 'viewer');
    const stalled =
      'Needs 1 more approval from finance or admin, and no other operator holds one of those roles: add an approver or change the policy.';
    for (const who of ['finance', 'admin'] as const) {
      const attention = (await queue(h, who)).needs_attention;
      expect(attention.map((i) => [i.journal.id, i.reason, i.approval?.prospect?.stalled])).toEqual(
        [[id, 'stalled', stalled]],
      );
    }
    // Nobody else's duty: another operator's queue does not hold it.
    expect((await queue(h, 'support')).needs_attention).toEqual([]);
    expect((await h.detail(id, 'admin')).approval.prospect?.stalled).toBe(stalled);
  });
});

describe('POST /api/operations/{id}/preview: what sending would do, for the review', () => {
  const preview = async (
    h: Awaited<ReturnType<typeof approvalApp>>,
    operation: string,
    body: unknown,
  ) => {
    const res = await h.post(`/api/operations/${operation}/preview`, h.cookies.finance, body);
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('says a send waits, for how many of which roles, how long, and that they can be found', async () => {
    const scripted = scriptedClient(echoSuccess);
    const h = await approvalApp({ client: scripted.client, policy: unsignedDefaultPolicy() });
    expect(await preview(h, 'createInternalTransfer', transfer('250000.00'))).toEqual({
      status: 200,
      body: {
        approval: {
          approvers_needed: 2,
          eligible_roles: ['finance', 'admin'],
          max_wait_hours: 24,
          prospect: { still_needed: 2, candidates: 2, stalled: null },
          escalation: null,
        },
        refusal: null,
        // The rule that decides it, and why it matched, for the review.
        deciding_rule: expect.objectContaining({
          words:
            'Internal transfers of USD, EUR or USDP above 10,000 need 2 approvers from finance or admin',
          why: 'It matched because it is one of the operations the rule names; its asset is USD; its amount, 250,000 USD, is above 10,000.',
        }),
        // The default policy lets transfers go anywhere, and holds no limits.
        destination: expect.objectContaining({ required: false, allowed: true }),
        limits: [],
        // A policy given in code has no version in the database.
        policy_version: null,
      },
    });
    // Nothing was journaled or sent.
    const journal = (await (await h.get('/api/journal', h.cookies.admin)).json()) as JournalPage;
    expect(journal.items).toEqual([]);
    expect(scripted.requests).toEqual([]);
  });

  it('says a send goes out at once, and one that could never be approved why', async () => {
    const policy = buildPolicy({
      operations: { createInternalTransfer: { required: true, approvers: 2, roles: ['admin'] } },
    });
    const h = await approvalApp({ client: scriptedClient(echoSuccess).client, policy });
    expect(await preview(h, 'createOrder', exampleInput('createOrder'))).toEqual({
      status: 200,
      body: {
        approval: null,
        refusal: null,
        deciding_rule: expect.objectContaining({ words: 'Orders go out at once' }),
        destination: null,
        limits: [],
        policy_version: null,
      },
    });
    const stalled = await preview(h, 'createInternalTransfer', transfer('1.00'));
    expect(stalled.body).toMatchObject({
      approval: {
        prospect: {
          still_needed: 2,
          candidates: 1,
          stalled: expect.stringMatching(/^Needs 2 more approvals from admin/),
        },
      },
    });
  });

  it('refuses a request that is not valid, naming the field, as the send would', async () => {
    const h = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      policy: unsignedDefaultPolicy(),
    });
    const bad = await preview(h, 'createInternalTransfer', transfer('1e3'));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation-failed', errors: [{ path: 'amount' }] });
  });
});
