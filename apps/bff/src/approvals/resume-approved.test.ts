import { exampleInput } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import type { ApprovalDeps } from './approval-deps';
import type { ApprovalPolicy } from './policy';
import { echoSuccess, scriptedClient } from '../../test/harness';
import { approvalApp, nextStart } from '../../test/approvals-test-kit';
import { buildPolicy } from './policy';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';

/**
 * A process that died after the last approval committed (entry APPROVED) and before the send
 * claimed it: the next start sends it once, after the same checks as at approval time.
 */
async function crashedAfterApproval(policy: ApprovalPolicy, input: unknown, start = Date.now()) {
  const scripted = scriptedClient(echoSuccess);
  const h = await approvalApp({ client: scripted.client, policy, start });
  const held = await h.submit(
    input === undefined ? 'createInternalTransfer' : 'createOrder',
    input ?? {
      ...exampleInput('createInternalTransfer'),
      amount: '42.00',
    },
  );
  expect(held.status).toBe(202);
  // The last approval committed (its row and the move to APPROVED), then the process died.
  const request = (await h.deps.approvals.request(held.journal.id))!;
  await h.deps.approvals.addApproval(h.db, held.journal.id, {
    approver: 'finance2',
    approver_name: 'Second Finance',
    body_sha256: request.body_sha256,
    request_sha256: request.request_sha256,
    approved_at: new Date(start).toISOString(),
  });
  await h.deps.journal.move(held.journal.id, ['AWAITING_APPROVAL'], 'APPROVED', null);
  expect(scripted.requests).toHaveLength(0);
  const deps: ApprovalDeps = { ...h.deps, approvals: h.deps.approvals, policy, now: () => start };
  return { h, held, scripted, deps };
}

describe('entries left APPROVED by a crash', () => {
  it('are sent once at the next start, with the approved bytes', async () => {
    const { h, held, scripted, deps } = await crashedAfterApproval(
      unsignedDefaultPolicy(),
      undefined,
    );
    const resumed = await nextStart(h.db, deps);
    expect(resumed.map((e) => [e.id, e.state])).toEqual([[held.journal.id, 'SUCCEEDED']]);
    expect(scripted.requests).toHaveLength(1);
    expect(scripted.requests[0]!.body).toBe(held.journal.request_body);
    expect(await nextStart(h.db, deps)).toEqual([]);
    expect(scripted.requests).toHaveLength(1);
  });

  it('are refused, not sent, when a GTT expiry passed during the outage', async () => {
    const start = Date.now();
    const order = {
      ...exampleInput('createOrder'),
      type: 'LIMIT',
      quote_amount: undefined,
      base_amount: '0.01',
      price: '50000',
      time_in_force: 'GTT',
      expiration_date: String(start + 60_000),
    };
    const policy = buildPolicy({ operations: { createOrder: { required: true } } });
    const { h, held, scripted, deps } = await crashedAfterApproval(policy, order, start);
    const later: ApprovalDeps = { ...deps, now: () => start + 120_000 };
    const resumed = await nextStart(h.db, later);
    expect(resumed.map((e) => [e.id, e.state])).toEqual([[held.journal.id, 'REJECTED']]);
    expect(scripted.requests).toHaveLength(0);
  });
});
