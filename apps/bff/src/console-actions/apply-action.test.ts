import type { DestinationBook, JournalEntry } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { approvalApp, nextStart } from '../../test/approvals-test-kit';
import { echoSuccess, scriptedClient } from '../../test/harness';
import type { ApprovalDeps } from '../approvals/approval-deps';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';
import { applyApproved } from './apply-action';
import { addAllowedDestination } from './destination-actions';

const START = Date.UTC(2026, 10, 26, 9, 0, 0);
const wallet = { kind: 'crypto-address', network: 'BITCOIN', address: 'bc1qconsoleaction0000xyz' };

/** A proposal approved by finance2 and left APPROVED: its process stopped before applying it. */
async function leftApproved() {
  const scripted = scriptedClient(echoSuccess);
  const h = await approvalApp({
    client: scripted.client,
    start: START,
    policy: unsignedDefaultPolicy(),
  });
  const res = await h.post('/api/destinations', h.cookies.finance, {
    target: wallet,
    name: 'Cold wallet',
    reason: 'Reserves',
  });
  const { journal } = (await res.json()) as { journal: JournalEntry };
  const request = (await h.deps.approvals.request(journal.id))!;
  await h.deps.approvals.addApproval(h.db, journal.id, {
    approver: 'finance2',
    approver_name: 'Second Finance',
    body_sha256: request.body_sha256,
    request_sha256: request.request_sha256,
    approved_at: new Date(START).toISOString(),
  });
  const entry = (await h.deps.journal.move(journal.id, ['AWAITING_APPROVAL'], 'APPROVED', null))!;
  const deps = { ...h.deps, policy: unsignedDefaultPolicy(), now: () => START } as ApprovalDeps;
  const book = async () =>
    ((await (await h.get('/api/destinations', h.cookies.finance)).json()) as DestinationBook).items;
  return { h, entry, deps, book, requests: scripted.requests };
}

describe('console actions: applied by the console, never sent', () => {
  it('an approved proposal a stopped process left is applied by the next resolver, and nothing is sent', async () => {
    const t = await leftApproved();
    const [after] = await nextStart(t.h.db, t.deps);
    expect(after).toMatchObject({ id: t.entry.id, state: 'SUCCEEDED', attempts: 0 });
    expect((await t.book()).map((e) => e.state)).toEqual(['COOLING_OFF']);
    expect(t.requests).toEqual([]);
  });

  it('is applied once, whichever process gets there: the second finds it done', async () => {
    const t = await leftApproved();
    const console = { username: 'console', display_name: 'Console', role: 'admin' } as const;
    const first = await applyApproved(t.deps, addAllowedDestination, t.entry, console);
    const second = await applyApproved(t.deps, addAllowedDestination, t.entry, console);
    expect(first.kind).toBe('applied');
    expect(second.kind).toBe('refused');
    expect((await t.h.deps.journal.get(t.entry.id))?.state).toBe('SUCCEEDED');
    expect(await t.book()).toHaveLength(1);
  });

  it('a console action cannot be retried from the journal: there is nothing to send', async () => {
    const t = await leftApproved();
    await nextStart(t.h.db, t.deps);
    const res = await t.h.post(`/api/journal/${t.entry.id}/retry`, t.h.cookies.admin, {});
    expect(res.status).toBe(409);
    expect(t.requests).toEqual([]);
  });
});
