import { exampleInput, type JournalEntry, type SecurityEventPage } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { scriptedClient, echoSuccess, sharedDb } from '../../test/harness';
import type { UpstreamOutcome } from '../upstream/client';
import type { ApprovalDeps } from './approval-deps';
import { approvalApp, nextStart } from '../../test/approvals-test-kit';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

const OTHER_FIAT_ACCOUNT = 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e702';

async function securityEvents(h: Awaited<ReturnType<typeof approvalApp>>) {
  const res = await h.get('/api/security-events?limit=500', h.cookies.admin);
  return ((await res.json()) as SecurityEventPage).items;
}

/** Leaves an entry APPROVED, as a process that died after the last approval would. */
async function approvedByFinance2(h: Awaited<ReturnType<typeof approvalApp>>, id: string) {
  const request = (await h.deps.approvals.request(id))!;
  await h.deps.approvals.addApproval(h.db, id, {
    approver: 'finance2',
    approver_name: 'Second Finance',
    body_sha256: request.body_sha256,
    request_sha256: request.request_sha256,
    approved_at: new Date().toISOString(),
  });
  await h.deps.journal.move(id, ['AWAITING_APPROVAL'], 'APPROVED', null);
}

function resumeDeps(h: Awaited<ReturnType<typeof approvalApp>>, now: number): ApprovalDeps {
  return {
    ...h.deps,
    approvals: h.deps.approvals,
    policy: h.deps.policy!,
    now: () => now,
  } as ApprovalDeps;
}

/** What reached the service besides reads (holding a fiat account change reads the account). */
const writes = (requests: { method: string }[]) => requests.filter((r) => r.method !== 'GET');

describe('the approval binds the whole request (12)', () => {
  it('a path changed after approval is not sent, and is a security event', async () => {
    const scripted = scriptedClient(echoSuccess);
    const h = await approvalApp({ client: scripted.client, policy: unsignedDefaultPolicy() });
    const held = await h.submit('updateFiatAccount', exampleInput('updateFiatAccount'), 'support');
    expect(held.status).toBe(202);
    await approvedByFinance2Admin(h, held.journal.id);
    await h.db.query('update journal_entries set request_path = $2 where id = $1', [
      held.journal.id,
      `/v2/transfer/fiat-accounts/${OTHER_FIAT_ACCOUNT}`,
    ]);
    const resumed = await nextStart(h.db, resumeDeps(h, Date.now()));
    expect(resumed.map((e) => e.state)).toEqual(['REJECTED']);
    expect(writes(scripted.requests)).toHaveLength(0);
    const events = await securityEvents(h);
    expect(events.map((e) => e.kind)).toContain('request-tampered');
  });

  it('a path changed while waiting is refused at approval, and is a security event', async () => {
    const scripted = scriptedClient(echoSuccess);
    const h = await approvalApp({ client: scripted.client, policy: unsignedDefaultPolicy() });
    const held = await h.submit('updateFiatAccount', exampleInput('updateFiatAccount'), 'support');
    await h.db.query('update journal_entries set request_path = $2 where id = $1', [
      held.journal.id,
      `/v2/transfer/fiat-accounts/${OTHER_FIAT_ACCOUNT}`,
    ]);
    const res = await h.approve(held.journal.id, 'admin');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(writes(scripted.requests)).toHaveLength(0);
    expect((await securityEvents(h)).map((e) => e.kind)).toContain('request-tampered');
  });

  it('the approver sees the path parameters', async () => {
    const h = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      policy: unsignedDefaultPolicy(),
    });
    const held = await h.submit('updateFiatAccount', exampleInput('updateFiatAccount'), 'support');
    const detail = await h.detail(held.journal.id, 'admin');
    expect(detail.fields).toMatchObject({ id: exampleInput('updateFiatAccount').id });
  });
});

async function approvedByFinance2Admin(h: Awaited<ReturnType<typeof approvalApp>>, id: string) {
  const request = (await h.deps.approvals.request(id))!;
  await h.deps.approvals.addApproval(h.db, id, {
    approver: 'admin',
    approver_name: 'Test admin',
    body_sha256: request.body_sha256,
    request_sha256: request.request_sha256,
    approved_at: new Date().toISOString(),
  });
  await h.deps.journal.move(id, ['AWAITING_APPROVAL'], 'APPROVED', null);
}

describe('approvals are counted again at every send (13)', () => {
  it('at restart, an approver demoted meanwhile no longer counts: back to waiting, with why', async () => {
    const scripted = scriptedClient(echoSuccess);
    const h = await approvalApp({ client: scripted.client, policy: unsignedDefaultPolicy() });
    const held = await h.submit('createInternalTransfer', {
      ...exampleInput('createInternalTransfer'),
      amount: '42.00',
    });
    await approvedByFinance2(h, held.journal.id);
    h.setRole('finance2', 'viewer');
    const resumed = await nextStart(h.db, resumeDeps(h, Date.now()));
    expect(resumed.map((e) => e.state)).toEqual(['AWAITING_APPROVAL']);
    expect(scripted.requests).toHaveLength(0);
    const detail = await h.detail(held.journal.id);
    const last = detail.approval.events.at(-1)!;
    expect(last.kind).toBe('reopened');
    expect(last.detail).toMatch(/finance2/);
    // Another approver completes it, and then it is sent.
    expect((await h.approve(held.journal.id, 'admin')).status).toBe(200);
    expect(scripted.requests).toHaveLength(1);
  });

  it('at restart, an approver removed meanwhile no longer counts', async () => {
    const scripted = scriptedClient(echoSuccess);
    const h = await approvalApp({ client: scripted.client, policy: unsignedDefaultPolicy() });
    const held = await h.submit('createInternalTransfer', {
      ...exampleInput('createInternalTransfer'),
      amount: '42.00',
    });
    await approvedByFinance2(h, held.journal.id);
    h.removeUser('finance2');
    const resumed = await nextStart(h.db, resumeDeps(h, Date.now()));
    expect(resumed.map((e) => e.state)).toEqual(['AWAITING_APPROVAL']);
    expect(scripted.requests).toHaveLength(0);
  });

  it('at restart, an approval past its validity does not send: EXPIRED, with an event', async () => {
    const scripted = scriptedClient(echoSuccess);
    const start = Date.now();
    const h = await approvalApp({
      client: scripted.client,
      policy: unsignedDefaultPolicy(),
      start,
    });
    const held = await h.submit('createInternalTransfer', exampleInput('createInternalTransfer'));
    await approvedByFinance2(h, held.journal.id);
    const resumed = await nextStart(h.db, resumeDeps(h, start + 25 * 3_600_000));
    expect(resumed.map((e) => e.state)).toEqual(['EXPIRED']);
    expect(scripted.requests).toHaveLength(0);
    expect((await h.detail(held.journal.id)).approval.events.at(-1)!.kind).toBe('expired');
  });
});

describe('re-sending an approved request (14)', () => {
  it('is allowed within the approval’s validity, each time a line of its history', async () => {
    let answer: UpstreamOutcome = {
      kind: 'no-answer',
      error: 'timeout after 5000 ms',
      attempts: 4,
    };
    const scripted = scriptedClient((request) =>
      answer.kind === 'no-answer' ? answer : echoSuccess(request),
    );
    const h = await approvalApp({ client: scripted.client, policy: unsignedDefaultPolicy() });
    const held = await h.submit('createInternalTransfer', exampleInput('createInternalTransfer'));
    const res = await h.approve(held.journal.id, 'finance2');
    expect(res.status).toBe(504);
    const retry = () => h.post(`/api/journal/${held.journal.id}/retry`, h.cookies.finance, {});
    expect((await retry()).status).toBe(504);
    answer = echoSuccess({ body: '{}' } as never);
    const done = await retry();
    expect(done.status).toBe(200);
    expect(((await done.json()) as { journal: JournalEntry }).journal.state).toBe('SUCCEEDED');
    const events = (await h.detail(held.journal.id)).approval.events;
    expect(events.map((e) => [e.kind, e.actor])).toEqual([
      ['submitted', 'finance'],
      ['approved', 'finance2'],
      ['sent', 'finance2'],
      ['resent', 'finance'],
      ['resent', 'finance'],
    ]);
    expect(scripted.requests).toHaveLength(3);
  });

  it('is refused once the approval’s validity has passed', async () => {
    const scripted = scriptedClient(() => ({
      kind: 'no-answer',
      error: 'connection reset',
      attempts: 4,
    }));
    const start = Date.now();
    const h = await approvalApp({
      client: scripted.client,
      policy: unsignedDefaultPolicy(),
      start,
    });
    const held = await h.submit('createInternalTransfer', exampleInput('createInternalTransfer'));
    expect((await h.approve(held.journal.id, 'finance2')).status).toBe(502);
    h.advance(24 * 3_600_000 + 1);
    const res = await h.post(`/api/journal/${held.journal.id}/retry`, h.cookies.finance, {});
    expect(res.status).toBe(409);
    expect(scripted.requests).toHaveLength(1);
  });
});
