import { DEMO_IDS, type ApprovalDetail, type JournalEntry } from '@console/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unsignedDefaultPolicy } from '../unsigned-policy';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

/*
 * Issue 14: a held change of a fiat account keeps the account as the service held it when the
 * request was made, read by the BFF over HTTP from the real sandbox (never taken from the
 * browser), and the approver is told when the account changed at the service since.
 */
const secrets: RunSecrets = { values: new Set(), tokens: 0 };
let h: Awaited<ReturnType<typeof sandboxHarness>>;
let support: string;
let admin: string;
let viewer: string;
beforeAll(async () => {
  h = await sandboxHarness({ alg: 'EdDSA', secrets, policy: unsignedDefaultPolicy() });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.control('POST', '/reset');
  support = await h.signIn('support');
  admin = await h.signIn('admin');
  viewer = await h.signIn('viewer');
});

const acme = DEMO_IDS.fiatAccounts.acme;
const update = { id: acme, fiat_account_owner: { person_details: { last_name: 'Lovelace' } } };

async function detail(id: string, cookie: string): Promise<ApprovalDetail> {
  const res = await h.app.request(`/api/approvals/${id}`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as ApprovalDetail;
}
/** The account as the service holds it, read through the BFF's proxy as support. */
async function serviceAccount(): Promise<Record<string, unknown>> {
  const res = await h.app.request(`/api/svc/v2/transfer/fiat-accounts/${acme}`, {
    headers: { Cookie: support },
  });
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}
const entries = async () =>
  (await h.db.query<{ n: number }>('select count(*)::int as n from journal_entries'))[0]!.n;

describe('the snapshot of a fiat account kept with its approval request', () => {
  it('is the account as the service held it at hold time, read by the BFF, signed, before anything is sent', async () => {
    const before = await serviceAccount();
    const logged = (await h.log()).requests.length;
    const held = await h.post('/api/operations/updateFiatAccount', support, update);
    expect(held.status).toBe(202);
    const { journal } = (await held.json()) as { journal: JournalEntry };

    const [row] = await h.db.query<{ snapshot: string; snapshot_at: Date | string }>(
      'select snapshot, snapshot_at from approval_requests where journal_id = $1',
      [journal.id],
    );
    expect(JSON.parse(row!.snapshot)).toEqual(before);
    expect(row!.snapshot_at).not.toBeNull();
    // One read of the account, signed and verified; the update itself waits for approval.
    const requests = (await h.log()).requests.slice(logged);
    expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `GET /v2/transfer/fiat-accounts/${acme} 200`,
    ]);
    expect(requests[0]!.signature).toMatchObject({ verified: true, kid: h.kid });

    const seen = await detail(journal.id, admin);
    expect(seen.before?.record).toMatchObject({
      fiat_account_owner: { person_details: { first_name: 'Acme', last_name: 'Corporation' } },
    });
    expect(seen.since).toMatchObject({ changes: [] });
    expect(seen.fields).toEqual(update);
  });

  it('warns the approver with each member changed at the service since the request was made', async () => {
    const held = await h.post('/api/operations/updateFiatAccount', support, update);
    const { journal } = (await held.json()) as { journal: JournalEntry };
    // Someone changes the account at the service while the request waits.
    await h.control('PATCH', `/fiat-accounts/${acme}`, {
      fiat_account_owner: { person_details: { first_name: 'Changed' } },
      fiat_network_instructions: { wire: { account_number: '400000000001' } },
    });

    const seen = await detail(journal.id, admin);
    expect(seen.since?.changes).toEqual([
      { path: 'fiat_account_owner.person_details.first_name', before: 'Acme', after: 'Changed' },
      {
        path: 'fiat_network_instructions.wire.account_number',
        before: '400123456789',
        after: '400000000001',
      },
    ]);
    // The snapshot stays what the maker changed from.
    expect(seen.before?.record).toMatchObject({
      fiat_account_owner: { person_details: { first_name: 'Acme' } },
    });

    // A viewer sees that it changed, never the personal data itself.
    const masked = await detail(journal.id, viewer);
    expect(masked.since?.changes).toEqual([
      // A name shows its initial at most (issue 67).
      { path: 'fiat_account_owner.person_details.first_name', before: 'A.', after: 'C.' },
      {
        path: 'fiat_network_instructions.wire.account_number',
        before: '••••6789',
        after: '••••0001',
      },
    ]);
    expect(JSON.stringify(masked.before)).not.toMatch(/Corporation|400123456789|Acme/);

    // Once approved and sent, the request is no longer compared: the update itself changes it.
    expect((await h.post(`/api/approvals/${journal.id}/approve`, admin, {})).status).toBe(200);
    expect((await detail(journal.id, admin)).since).toBeUndefined();
  });

  it('is never taken from the browser: a snapshot in the request is refused, nothing journaled', async () => {
    const count = await entries();
    const res = await h.post('/api/operations/updateFiatAccount', support, {
      ...update,
      snapshot: { fiat_account_owner: { person_details: { last_name: 'Forged' } } },
    });
    expect(res.status).toBe(400);
    expect(await entries()).toBe(count);
  });

  it('refuses a change of an account the service does not have: 404, nothing journaled or sent', async () => {
    const count = await entries();
    const unknown = 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e799';
    const res = await h.post('/api/operations/deleteFiatAccount', support, { id: unknown });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { upstream?: { status: number } }).upstream?.status).toBe(404);
    expect(await entries()).toBe(count);
    expect((await h.log()).requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });
});
