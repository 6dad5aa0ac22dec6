import { exampleInput, type WorkQueue } from '@console/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { approvalApp } from '../../test/approvals-test-kit';
import { createReconStore } from '../reconcile/recon-store';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';
import { echoSuccess, scriptedClient } from '../../test/harness';

type App = Awaited<ReturnType<typeof approvalApp>>;

const transfer = (amount: string) => ({ ...exampleInput('createInternalTransfer'), amount });
const HOUR = 3_600_000;

describe('GET /api/work-queue', () => {
  let h: App;
  beforeEach(async () => {
    h = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      policy: unsignedDefaultPolicy(),
    });
  });

  const queue = async (who: keyof App['cookies']) => {
    const res = await h.get('/api/work-queue', h.cookies[who]);
    expect(res.status).toBe(200);
    return (await res.json()) as WorkQueue;
  };
  const summary = (q: WorkQueue) =>
    q.my_requests.map((i) => [
      i.journal.request_body.match(/"amount":"([^"]+)"/)?.[1],
      i.journal.state,
    ]);

  it('shows a maker their requests with approval state, and what needs attention', async () => {
    const approved = await h.submit('createInternalTransfer', transfer('10.01'));
    const rejected = await h.submit('createInternalTransfer', transfer('10.02'));
    const waiting = await h.submit('createInternalTransfer', transfer('10.03'));
    expect((await h.approve(approved.journal.id, 'finance2')).status).toBe(200);
    const reject = await h.post(`/api/approvals/${rejected.journal.id}/reject`, h.cookies.admin, {
      reason: 'Wrong profile',
    });
    expect(reject.status).toBe(200);

    const mine = await queue('finance');
    expect(summary(mine)).toEqual([
      ['10.03', 'AWAITING_APPROVAL'],
      ['10.02', 'REJECTED'],
      ['10.01', 'SUCCEEDED'],
    ]);
    expect(mine.my_requests[0]!.approval).toMatchObject({
      approvers_needed: 1,
      eligible_roles: ['finance', 'admin'],
      approvals_given: 0,
    });
    expect(mine.my_requests[2]!.approval).toMatchObject({ approvals_given: 1 });
    expect(mine.needs_attention.map((i) => [i.journal.id, i.reason])).toEqual([
      [rejected.journal.id, 'rejected'],
    ]);

    // Another operator's queue: not their requests, but the same entries needing attention.
    const other = await queue('finance2');
    expect(other.my_requests).toEqual([]);
    expect(other.needs_attention.map((i) => i.journal.id)).toEqual([rejected.journal.id]);
    expect((await queue('viewer')).my_requests).toEqual([]);

    // Within the hour before it expires, the waiting request needs attention; then it expires,
    // and its maker still finds it among their requests.
    h.advance(23.5 * HOUR);
    expect(
      (await queue('finance')).needs_attention.map((i) => [i.journal.id, i.reason]),
    ).toContainEqual([waiting.journal.id, 'expiring']);
    h.advance(HOUR);
    const later = await queue('finance');
    expect(later.my_requests.find((i) => i.journal.id === waiting.journal.id)?.journal.state).toBe(
      'EXPIRED',
    );
  });

  it('counts open reconciliation differences by kind for those who may read them', async () => {
    const recon = createReconStore(h.db);
    const before = (await queue('finance')).reconciliation?.open_by_kind ?? {};
    const runId = randomUUID();
    const period = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
    await recon.startRun({ id: runId, ...period, startedBy: 'finance' });
    const difference = (kind: 'absent' | 'amount') => ({
      kind,
      key: `work-queue-${randomUUID()}`,
      source: null,
      journal_id: null,
      record_type: 'transfer' as const,
      record_id: null,
      ref_id: randomUUID(),
      journal_value: null,
      service_value: null,
      detail: 'A test difference.',
      subject_at: '2026-11-01T10:00:00.000Z',
      service_record: null,
    });
    await recon.recordFindings({
      runId,
      ...period,
      differences: [difference('absent'), difference('absent'), difference('amount')],
    });
    const after = (await queue('finance')).reconciliation?.open_by_kind ?? {};
    expect((after.absent ?? 0) - (before.absent ?? 0)).toBe(2);
    expect((after.amount ?? 0) - (before.amount ?? 0)).toBe(1);
    // Support and viewers cannot open reconciliation: nothing counted for them.
    expect((await queue('support')).reconciliation).toBeUndefined();
    expect((await queue('viewer')).reconciliation).toBeUndefined();
  });

  it('is refused without a session', async () => {
    expect((await h.get('/api/work-queue')).status).toBe(401);
  });
});
