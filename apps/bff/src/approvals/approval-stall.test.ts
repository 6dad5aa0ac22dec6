import { exampleInput, type JournalPage, type WorkQueue } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { echoSuccess, scriptedClient, sharedDb } from '../../test/harness';
import { buildPolicy, defaultPolicy } from './policy';

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
      policy: defaultPolicy(),
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
      policy: defaultPolicy(),
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
