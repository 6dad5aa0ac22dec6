import type {
  AllowedDestination,
  DestinationBook,
  DestinationRevoked,
  JournalEntry,
  SecurityEventPage,
} from '@console/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { echoSuccess, scriptedClient, sharedDb } from '../../test/harness';
import { buildPolicy } from '../approvals/policy';
import { createDestinationStore, type DestinationRow } from '../destinations/destination-store';

type App = Awaited<ReturnType<typeof approvalApp>>;

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 26, 9, 0, 0);
const wallet = {
  kind: 'crypto-address',
  network: 'ETHEREUM',
  address: '0xA11CE0000000000000000000000000000000BEEF',
};
const proposalOf = (target: object = wallet) => ({
  target,
  name: 'Payroll wallet',
  reason: 'Monthly payroll to the contractor pool',
});

describe('the book of allowed destinations: each state and transition', () => {
  let h: App;
  let requests: ReturnType<typeof scriptedClient>['requests'];
  beforeEach(async () => {
    const scripted = scriptedClient(echoSuccess);
    requests = scripted.requests;
    h = await approvalApp({
      client: scripted.client,
      start: START,
      policy: buildPolicy({ destination_book: { cooling_off_hours: { 'own-profile': 1 } } }),
    });
  });

  const book = async (who: keyof App['cookies'] = 'finance', query = '') =>
    ((await (await h.get(`/api/destinations${query}`, h.cookies[who])).json()) as DestinationBook)
      .items;
  const entry = async (id: string) =>
    (await (
      await h.get(`/api/destinations/${id}`, h.cookies.finance)
    ).json()) as AllowedDestination;
  const propose = async (body: object = proposalOf(), who: keyof App['cookies'] = 'finance') => {
    const res = await h.post('/api/destinations', h.cookies[who], body);
    return { status: res.status, body: (await res.json()) as { journal: JournalEntry } };
  };
  const idOf = (journal: JournalEntry) => (JSON.parse(journal.request_body) as { id: string }).id;
  const revoke = (id: string, who: keyof App['cookies'] = 'admin', reason = 'Contract ended') =>
    h.post(`/api/destinations/${id}/revoke`, h.cookies[who], { reason });

  it('a proposal is journaled awaiting another operator, and the book shows it PENDING_APPROVAL', async () => {
    const proposed = await propose();
    expect(proposed.status).toBe(202);
    expect(proposed.body.journal).toMatchObject({
      operation: 'addAllowedDestination',
      state: 'AWAITING_APPROVAL',
      method: 'POST',
      request_path: '/api/destinations',
    });
    const id = idOf(proposed.body.journal);
    expect(proposed.body.journal.ref_id).toBe(id);
    expect(await entry(id)).toMatchObject({
      id,
      state: 'PENDING_APPROVAL',
      usable_from: null,
      added_by: 'finance',
      proposal_id: proposed.body.journal.id,
      approved_by: [],
      target: wallet,
    });
    // The proposer cannot approve it; a support operator may not; nothing ever reaches the service.
    expect((await h.approve(proposed.body.journal.id, 'finance')).status).toBe(403);
    expect((await h.approve(proposed.body.journal.id, 'support')).status).toBe(403);
    expect(requests).toEqual([]);
  });

  it('the approval puts it in the book COOLING_OFF for its kind’s time, then it is ACTIVE from that moment', async () => {
    const proposed = await propose();
    h.advance(HOUR);
    const approved = await h.approve(proposed.body.journal.id, 'finance2');
    expect(approved.status).toBe(200);
    const applied = (await approved.json()) as { data: AllowedDestination; journal: JournalEntry };
    expect(applied.journal).toMatchObject({
      state: 'SUCCEEDED',
      attempts: 0,
      response_status: null,
    });
    expect(applied.data).toMatchObject({
      state: 'COOLING_OFF',
      approved_by: ['finance2'],
      approved_at: new Date(START + HOUR).toISOString(),
      usable_from: new Date(START + 25 * HOUR).toISOString(),
    });
    h.advance(24 * HOUR - 1);
    expect((await entry(applied.data.id)).state).toBe('COOLING_OFF');
    h.advance(1);
    expect((await entry(applied.data.id)).state).toBe('ACTIVE');
    expect(requests).toEqual([]);
  });

  it('cools off per kind: an own profile for the hour the policy gives it', async () => {
    const own = { kind: 'own-profile', profile_id: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e03' };
    const proposed = await propose(proposalOf(own));
    const applied = (await (await h.approve(proposed.body.journal.id, 'finance2')).json()) as {
      data: AllowedDestination;
    };
    expect(applied.data.usable_from).toBe(new Date(START + HOUR).toISOString());
  });

  it('an admin revokes an entry cooling off at once: journaled, a security event, REVOKED', async () => {
    const { id } = await h.addDestination(wallet, { cooling: true });
    const res = await revoke(id);
    expect(res.status).toBe(200);
    const revoked = (await res.json()) as DestinationRevoked;
    expect(revoked.destination).toMatchObject({
      id,
      state: 'REVOKED',
      revoked: { by: 'admin', by_name: 'Test admin', reason: 'Contract ended' },
    });
    expect(revoked.journal).toMatchObject({
      operation: 'revokeAllowedDestination',
      state: 'SUCCEEDED',
      operator: 'admin',
      request_path: `/api/destinations/${id}/revoke`,
    });
    const events = (await (
      await h.get('/api/security-events?kind=destination-revoked', h.cookies.admin)
    ).json()) as SecurityEventPage;
    expect(events.items).toHaveLength(1);
    expect(events.items[0]).toMatchObject({ username: 'admin', actor: 'admin' });
    expect(events.items[0]!.detail).toContain('Contract ended');
    // Once is enough: a second revocation journals nothing.
    const again = await revoke(id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toBe(
      `It was revoked already, at ${revoked.destination.revoked?.at}.`,
    );
    const journal = (await (
      await h.get('/api/journal?operation=revokeAllowedDestination', h.cookies.admin)
    ).json()) as { items: JournalEntry[] };
    expect(journal.items).toHaveLength(1);
  });

  it('an ACTIVE entry is revoked the same way', async () => {
    const { id } = await h.addDestination(wallet);
    expect((await entry(id)).state).toBe('ACTIVE');
    expect((await revoke(id)).status).toBe(200);
    expect((await entry(id)).state).toBe('REVOKED');
  });

  it('a proposal revoked before its approval is REVOKED, and its request ends rejected: nobody can approve it', async () => {
    const proposed = await propose();
    const id = idOf(proposed.body.journal);
    expect((await revoke(id)).status).toBe(200);
    expect(await entry(id)).toMatchObject({ state: 'REVOKED', usable_from: null });
    const detail = await h.detail(proposed.body.journal.id);
    expect(detail.journal.state).toBe('REJECTED');
    expect(detail.journal.error).toBe(
      'Revoked by Test admin before it was approved: Contract ended',
    );
    expect(detail.approval.events.at(-1)).toMatchObject({ kind: 'rejected', actor: 'admin' });
    expect((await h.approve(proposed.body.journal.id, 'finance2')).status).toBe(409);
  });

  it('only an admin revokes, and an unknown entry is not found', async () => {
    const { id } = await h.addDestination(wallet);
    expect((await revoke(id, 'finance')).status).toBe(403);
    expect((await revoke('7e57e57e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await h.post(`/api/destinations/${id}/revoke`, h.cookies.admin, {})).status).toBe(400);
    expect((await entry(id)).state).toBe('ACTIVE');
  });

  it('a rejected proposal never enters the book', async () => {
    const proposed = await propose();
    const res = await h.post(
      `/api/approvals/${proposed.body.journal.id}/reject`,
      h.cookies.finance2,
      {
        reason: 'Unknown address',
      },
    );
    expect(res.status).toBe(200);
    expect(await book()).toEqual([]);
  });

  it('refuses a second proposal of a destination in the book or awaiting approval (a retried form), journaling nothing', async () => {
    await propose();
    expect((await propose()).status).toBe(409);
    const journal = (await (await h.get('/api/journal', h.cookies.admin)).json()) as {
      items: JournalEntry[];
    };
    expect(journal.items).toHaveLength(1);
  });

  it('a revoked destination may be proposed again, as a new entry with its own approval', async () => {
    const first = await h.addDestination(wallet);
    await revoke(first.id);
    const second = await h.addDestination(wallet, { cooling: true });
    expect(second.id).not.toBe(first.id);
    expect((await book()).map((e) => [e.id, e.state])).toEqual([
      [second.id, 'COOLING_OFF'],
      [first.id, 'REVOKED'],
    ]);
  });

  it('applies what was approved, byte for byte: a proposal changed in the database is refused and reported', async () => {
    const proposed = await propose();
    await h.db.query(
      `update journal_entries set request_body = replace(request_body, 'BEEF', 'DEAD') where id = $1`,
      [proposed.body.journal.id],
    );
    expect((await h.approve(proposed.body.journal.id, 'finance2')).status).toBe(409);
    // Still a proposal (that nobody can approve), never an entry money could go to.
    expect((await book()).map((e) => e.state)).toEqual(['PENDING_APPROVAL']);
    const events = (await (
      await h.get('/api/security-events?kind=request-tampered', h.cookies.admin)
    ).json()) as SecurityEventPage;
    expect(events.items).toHaveLength(1);
  });

  it('lists usable entries first, then cooling off, awaiting approval, revoked; and filters by kind and state', async () => {
    const fiat = { kind: 'fiat-account', fiat_account_id: 'fa-1' };
    const profile = { kind: 'counterparty-profile', profile_id: 'p-cp-1' };
    const active = await h.addDestination(fiat, { name: 'Zeta bank' });
    const cooling = await h.addDestination(profile, { cooling: true });
    const pending = idOf((await propose()).body.journal);
    expect((await book()).map((e) => [e.id, e.state])).toEqual([
      [active.id, 'ACTIVE'],
      [cooling.id, 'COOLING_OFF'],
      [pending, 'PENDING_APPROVAL'],
    ]);
    expect((await book('viewer', '?kind=fiat-account')).map((e) => e.id)).toEqual([active.id]);
    expect((await book('finance', '?state=COOLING_OFF')).map((e) => e.id)).toEqual([cooling.id]);
    expect((await h.get('/api/destinations?state=LOST', h.cookies.finance)).status).toBe(400);
  });

  it('a viewer and support cannot propose; a proposal must say what, why and under which name', async () => {
    expect((await propose(proposalOf(), 'viewer')).status).toBe(403);
    expect((await propose(proposalOf(), 'support')).status).toBe(403);
    const bad = await propose({
      target: { kind: 'crypto-address', network: 'ETHEREUM' },
      name: '',
    });
    expect(bad.status).toBe(400);
    expect(await book()).toEqual([]);
  });
  it('an unknown id is not found even while another proposal awaits approval, which stays as it was', async () => {
    const proposed = await propose();
    const unknown = await revoke('7e57e57e-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { detail: string }).detail).toBe(
      'There is no entry of the book with this id.',
    );
    expect((await entry(idOf(proposed.body.journal))).state).toBe('PENDING_APPROVAL');
    expect((await h.detail(proposed.body.journal.id)).journal.state).toBe('AWAITING_APPROVAL');
  });

  it('a proposal approved and being added this very moment is not revoked: the admin is told to revoke it once in the book', async () => {
    const proposed = await propose();
    // Its last approval committed; the entry is written an instant later.
    await h.db.query(`update journal_entries set state = 'APPROVED' where id = $1`, [
      proposed.body.journal.id,
    ]);
    const res = await revoke(idOf(proposed.body.journal));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      'It is being added at this moment: revoke it once it is in the book.',
    );
    expect((await h.detail(proposed.body.journal.id)).journal.state).toBe('APPROVED');
  });

  it('a proposal approved after its destination entered the book by another made at the same moment ends rejected, naming that entry', async () => {
    const proposed = await propose();
    // Two proposals made in the same instant both pass the proposal's check; the other was
    // approved first (its journal entry stands in for the other proposal's).
    const other = await propose(proposalOf({ kind: 'fiat-account', fiat_account_id: 'fa-9' }));
    await createDestinationStore(h.db).insert(h.db, {
      id: '7e57e57e-0000-4000-8000-0000000000b2',
      target: wallet as DestinationRow['target'],
      name: 'Payroll wallet (first)',
      reason: 'Monthly payroll',
      added_by: 'finance2',
      added_by_name: 'Test finance 2',
      proposed_at: new Date(START).toISOString(),
      proposal_id: other.body.journal.id,
      approved_at: new Date(START).toISOString(),
      usable_from: new Date(START + 24 * HOUR).toISOString(),
      revoked: null,
    });
    const res = await h.approve(proposed.body.journal.id, 'finance2');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      'Not added: the crypto address 0xA11CE0000000000000000000000000000000BEEF on ETHEREUM is in the book already ("Payroll wallet (first)").',
    );
    expect(
      (await book()).filter((e) => e.target.kind === 'crypto-address').map((e) => e.name),
    ).toEqual(['Payroll wallet (first)']);
    expect((await h.detail(proposed.body.journal.id)).journal.state).toBe('REJECTED');
  });
  it('two approvals that read the book before either wrote: the second is refused, the book holds one entry', async () => {
    // Every read of the book comes too early: the unique index decides the race.
    const book = createDestinationStore(await sharedDb());
    const stale = {
      ...book,
      byTarget: async () => undefined,
      list: async () => [],
      pending: async () => [],
    };
    const racing = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      start: START,
      extra: { destinations: stale },
    });
    const proposeThere = async () =>
      (
        (await (
          await racing.post('/api/destinations', racing.cookies.finance, proposalOf())
        ).json()) as {
          journal: JournalEntry;
        }
      ).journal;
    const first = await proposeThere();
    const second = await proposeThere();
    expect((await racing.approve(first.id, 'finance2')).status).toBe(200);
    const res = await racing.approve(second.id, 'finance2');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      'Not added: the destination was added meanwhile.',
    );
    expect(await book.byTarget(wallet as DestinationRow['target'])).toMatchObject({
      proposal_id: first.id,
      revoked: null,
    });
    expect((await racing.detail(second.id)).journal.state).toBe('REJECTED');
  });
});
