import {
  exampleInput,
  type ConsoleProblem,
  type JournalEntry,
  type JournalPage,
  type SendPreview,
} from '@console/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { approvalApp, nextStart } from '../../test/approvals-test-kit';
import { echoSuccess, scriptedClient } from '../../test/harness';
import type { SendRequest, UpstreamOutcome } from '../upstream/client';
import type { ApprovalDeps } from './approval-deps';
import { buildPolicy } from './policy';

type App = Awaited<ReturnType<typeof approvalApp>>;

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 26, 9, 0, 0);

/**
 * Svc transfers go only to the book, at any amount; internal transfers of USD only to the book
 * (and always wait for an approver), of any other asset anywhere; orchestrations only to the book.
 */
const policy = buildPolicy({
  operations: {
    createSvcTransfer: { required: false, destinations: { '*': 'book' } },
    createInternalTransfer: { required: true, destinations: { USD: 'book', '*': 'any' } },
    createOrchestration: { required: false, destinations: { '*': 'book' } },
  },
});

const svc = exampleInput('createSvcTransfer');
const counterparty = { kind: 'counterparty-profile', profile_id: svc.to_profile_id as string };
const internal = exampleInput('createInternalTransfer');
const ownProfile = { kind: 'own-profile', profile_id: internal.to_profile_id as string };

/** Answers what `script` says for a write and an empty list for every read. */
function service(script: (request: SendRequest) => UpstreamOutcome = echoSuccess) {
  return scriptedClient((request) =>
    request.method === 'GET'
      ? { kind: 'answered', status: 200, body: { transfers: [] }, attempts: 1, retried: false }
      : script(request),
  );
}

describe('destinations only from the book, on every send path', () => {
  let h: App;
  let requests: SendRequest[];
  const posts = () => requests.filter((r) => r.method !== 'GET');
  const journal = async (operation: string) =>
    (
      (await (
        await h.get(`/api/journal?operation=${operation}`, h.cookies.admin)
      ).json()) as JournalPage
    ).items;
  beforeEach(async () => {
    const scripted = service();
    requests = scripted.requests;
    h = await approvalApp({ client: scripted.client, start: START, policy });
  });
  const revoke = (id: string) =>
    h.post(`/api/destinations/${id}/revoke`, h.cookies.admin, { reason: 'Fraud alert' });

  const arrangements: [string, () => Promise<unknown>][] = [
    ['NOT_IN_BOOK', async () => undefined],
    [
      'PENDING_APPROVAL',
      async () =>
        h.post('/api/destinations', h.cookies.finance, {
          target: counterparty,
          name: 'Acme',
          reason: 'Supplier',
        }),
    ],
    ['COOLING_OFF', async () => h.addDestination(counterparty, { cooling: true, name: 'Acme' })],
    ['REVOKED', async () => revoke((await h.addDestination(counterparty, { name: 'Acme' })).id)],
  ];
  it.each(arrangements)(
    'a send to a destination %s is refused before anything is journaled or sent, naming it, its state and when it is usable',
    async (state, arrange) => {
      await arrange();
      const res = await h.post('/api/operations/createSvcTransfer', h.cookies.finance, svc);
      expect(res.status).toBe(422);
      const problem = (await res.json()) as ConsoleProblem;
      expect(problem.code).toBe('destination-not-allowed');
      expect(problem.destination).toMatchObject({ target: counterparty, state, allowed: false });
      expect(problem.detail).toContain(`counterparty profile ${counterparty.profile_id}`);
      if (state === 'COOLING_OFF') {
        const usable = new Date(START + 24 * HOUR).toISOString();
        expect(problem.destination?.usable_from).toBe(usable);
        expect(problem.detail).toContain(`usable from ${usable}`);
      }
      if (state === 'REVOKED') expect(problem.detail).toContain('Fraud alert');
      expect(await journal('createSvcTransfer')).toEqual([]);
      expect(requests).toEqual([]);
    },
  );

  it('a send to an ACTIVE entry goes out', async () => {
    await h.addDestination(counterparty);
    const res = await h.post('/api/operations/createSvcTransfer', h.cookies.finance, svc);
    expect(res.status).toBe(200);
    expect(posts()).toHaveLength(1);
  });

  it('asks the book only for the assets the policy names', async () => {
    const eth = await h.post('/api/operations/createInternalTransfer', h.cookies.finance, {
      ...internal,
      asset: 'ETH',
      amount: '1',
    });
    expect(eth.status).toBe(202);
    const usd = await h.post('/api/operations/createInternalTransfer', h.cookies.finance, internal);
    expect(usd.status).toBe(422);
    expect(((await usd.json()) as ConsoleProblem).destination?.target).toEqual(ownProfile);
  });

  it('reads an orchestration’s destination from its rail: a crypto address, a fiat account, a profile', async () => {
    const crypto = {
      kind: 'crypto-address',
      network: 'BITCOIN',
      address: 'bc1qrail000destination',
    };
    await h.addDestination(crypto);
    const orchestration = exampleInput('createOrchestration');
    const toAddress = {
      ...orchestration,
      destination: { crypto: { network: crypto.network, address: crypto.address } },
    };
    expect(
      (await h.post('/api/operations/createOrchestration', h.cookies.finance, toAddress)).status,
    ).toBe(200);
    const toAccount = { ...orchestration, destination: { fiat: { fiat_account_id: 'fa-9' } } };
    const refused = await h.post(
      '/api/operations/createOrchestration',
      h.cookies.finance,
      toAccount,
    );
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ConsoleProblem).destination?.target).toEqual({
      kind: 'fiat-account',
      fiat_account_id: 'fa-9',
    });
  });

  it('a held send whose destination is revoked while it waits is REJECTED at its approval, unsent', async () => {
    const { id } = await h.addDestination(ownProfile);
    const held = await h.submit('createInternalTransfer', internal);
    expect(held.status).toBe(202);
    await revoke(id);
    const res = await h.approve(held.journal.id, 'finance2');
    expect(res.status).toBe(422);
    const problem = (await res.json()) as ConsoleProblem;
    expect(problem.detail).toMatch(/^Not sent: .*was revoked at .* by Test admin: Fraud alert/);
    expect((await h.detail(held.journal.id)).journal.state).toBe('REJECTED');
    expect(posts()).toEqual([]);
  });

  it('the resolver checks again: an approved send left by a stopped process is REJECTED, unsent, when its destination was revoked', async () => {
    const { id } = await h.addDestination(ownProfile);
    const held = await h.submit('createInternalTransfer', internal);
    const request = (await h.deps.approvals.request(held.journal.id))!;
    await h.deps.approvals.addApproval(h.db, held.journal.id, {
      approver: 'finance2',
      approver_name: 'Second Finance',
      body_sha256: request.body_sha256,
      request_sha256: request.request_sha256,
      approved_at: new Date().toISOString(),
    });
    await h.deps.journal.move(held.journal.id, ['AWAITING_APPROVAL'], 'APPROVED', null);
    await revoke(id);
    const deps = { ...h.deps, policy, now: () => START + 25 * HOUR } as ApprovalDeps;
    const [after] = await nextStart(h.db, deps);
    expect(after).toMatchObject({ state: 'REJECTED' });
    expect(after!.error).toContain('was revoked');
    expect(posts()).toEqual([]);
  });

  it('the resolver never sends an unknown outcome again to a revoked destination: it reads back, and leaves it UNKNOWN saying why', async () => {
    let answered = false;
    const scripted = service((request) => {
      if (answered) return echoSuccess(request);
      answered = true;
      return { kind: 'no-answer', error: 'timeout after 15000 ms', attempts: 4 };
    });
    h = await approvalApp({ client: scripted.client, start: START, policy });
    const { id } = await h.addDestination(counterparty);
    const sent = await h.post('/api/operations/createSvcTransfer', h.cookies.finance, svc);
    expect(sent.status).toBe(504);
    const { journal: entry } = (await sent.json()) as { journal: JournalEntry };
    await h.post(`/api/destinations/${id}/revoke`, h.cookies.admin, { reason: 'Fraud alert' });
    const deps = { ...h.deps, policy, now: () => START + 25 * HOUR } as ApprovalDeps;
    const [after] = await nextStart(h.db, deps);
    expect(after).toMatchObject({ id: entry.id, state: 'UNKNOWN' });
    expect(after!.error).toMatch(/^read back: .*; not sent again: .*was revoked/);
    expect(scripted.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('an operator’s retry of a refused send is refused when its destination was revoked since', async () => {
    const scripted = service(() => ({
      kind: 'answered',
      status: 403,
      body: { type: 'https://svc.example/problems/insufficient-funds', status: 403 },
      attempts: 1,
      retried: false,
    }));
    h = await approvalApp({ client: scripted.client, start: START, policy });
    const { id } = await h.addDestination(counterparty);
    const sent = await h.post('/api/operations/createSvcTransfer', h.cookies.finance, svc);
    expect(sent.status).toBe(422);
    const { journal: entry } = (await sent.json()) as { journal: JournalEntry };
    await h.post(`/api/destinations/${id}/revoke`, h.cookies.admin, { reason: 'Fraud alert' });
    const retried = await h.post(`/api/journal/${entry.id}/retry`, h.cookies.finance, {});
    expect(retried.status).toBe(422);
    expect(((await retried.json()) as ConsoleProblem).code).toBe('destination-not-allowed');
    expect(scripted.requests).toHaveLength(1);
  });

  it('the preview says what the book says of the destination, and that the send would be refused', async () => {
    await h.addDestination(counterparty, { cooling: true, name: 'Acme' });
    const res = await h.post('/api/operations/createSvcTransfer/preview', h.cookies.finance, svc);
    const preview = (await res.json()) as SendPreview;
    expect(preview).toMatchObject({
      approval: null,
      refusal: { code: 'destination-not-allowed' },
      destination: {
        state: 'COOLING_OFF',
        name: 'Acme',
        required: true,
        allowed: false,
        usable_from: new Date(START + 24 * HOUR).toISOString(),
      },
    });
    expect(requests).toEqual([]);
  });
});
